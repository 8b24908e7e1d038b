// Issue 12, item 4: a page opened from the address bar starts at its top; only reload, back and
// forward go back to where the shopper was.
import { expect, test, type Page } from '@playwright/test';

import { brandProducts, chooseVariant, pickVariant } from './support/storefront';

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

test.describe('Buying on a phone (390 × 844)', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // Issue 12, item 6: the buy button sat at y≈1,081 on an 844 px screen, "Finalizar compra" too.
  test('"Adicionar à sacola" and "Finalizar compra" are on screen when their pages open', async ({
    page,
  }) => {
    const picked = pickVariant(await brandProducts(null), { minStock: 2 });
    expect(picked).not.toBeNull();
    const { product, variant } = picked!;
    await page.goto(`/produto/${product.slug}`);
    const add = page.getByRole('button', { name: 'Adicionar à sacola' });
    await expect(add).toBeVisible();
    await expect(add).toBeInViewport({ ratio: 1 });

    await chooseVariant(page, variant);
    await add.click();
    await page.goto('/carrinho');
    const checkout = page.getByRole('link', { name: 'Finalizar compra' });
    await expect(checkout).toBeVisible();
    await expect(checkout).toBeInViewport({ ratio: 1 });
    // It stays there while the shopper reads the bag.
    await page.mouse.wheel(0, 400);
    await expect(checkout).toBeInViewport({ ratio: 1 });
  });
});
