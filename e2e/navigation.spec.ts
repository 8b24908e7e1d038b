// Issue 12, item 4: a page opened from the address bar starts at its top; only reload, back and
// forward go back to where the shopper was.
import { expect, test, type Page } from '@playwright/test';

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  return page.evaluate(() => window.scrollY);
}

test.describe('Scroll position on navigation', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a page typed in the address bar opens at the top; back and reload restore the position', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Novidades' })).toBeVisible();
    const homeY = await scrollToBottom(page);
    const productHref = await page.locator('a[href^="/produto/"]').first().getAttribute('href');
    expect(productHref).toMatch(/^\/produto\//);

    // Opened from the address bar (a new page load in the same tab): at the top.
    await page.goto(productHref!);
    await expect(page.getByRole('button', { name: 'Adicionar à sacola' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const productY = await scrollToBottom(page);

    // Typed again: the home starts at the top too, not where the product page was left.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Novidades' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Back: the product page where it was left.
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Adicionar à sacola' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(productY - 50);

    // Reload: the same place again.
    const beforeReload = await page.evaluate(() => window.scrollY);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Adicionar à sacola' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(beforeReload - 50);
    expect(homeY).toBeGreaterThan(500);
  });
});
