// Issue 28, item 1: search on a phone, at 320 and 375 px, on the real server and demo catalog.
// The header had a field 60 px wide at 375 px ("O que v", "nizeta") and 17 px at 320 px, its
// suggestions as narrow and over the hero. Now, below 600 px, the header has a search button beside
// the bag that opens a full-width search sheet (suggestions, recent searches); the switch is CSS,
// so the page the server sends is already right, and a tap before hydration opens /busca.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from './support/storefront';

const WIDTHS = [320, 375] as const;

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  expect(rect, 'the element is laid out').not.toBeNull();
  return rect!;
}

/** The header: no field shown, the search button and the bag side by side inside the screen. */
async function expectPhoneHeader(page: Page, width: number) {
  const header = page.getByRole('banner');
  for (const input of await header.locator('input').all()) await expect(input).toBeHidden();
  const button = header.getByRole('button', { name: 'Buscar produtos' });
  const bag = header.getByRole('button', { name: /^Sacola/ });
  await expect(button).toBeVisible();
  await expect(bag).toBeVisible();
  const [search, cart] = [await box(button), await box(bag)];
  expect(search.width).toBeGreaterThanOrEqual(44);
  expect(search.x + search.width, 'the search button ends before the bag').toBeLessThanOrEqual(
    cart.x + 0.5,
  );
  expect(cart.x + cart.width, 'the bag inside the screen').toBeLessThanOrEqual(width + 0.5);
  await expectNoHorizontalScroll(page, `home at ${width} px`);
  return button;
}

/** Waits for React to take over the button (hydration): a tap then opens the sheet. */
async function waitForHydration(button: Locator) {
  await expect
    .poll(() =>
      button.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))),
    )
    .toBe(true);
}

/** Every option of the list is on top where it is drawn: nothing (the hero, a header) covers it. */
async function expectOptionsUncovered(list: Locator) {
  const covered = await list.evaluate((node) =>
    [...node.querySelectorAll('[role="option"]')]
      .filter((option) => {
        const rect = option.getBoundingClientRect();
        if (rect.bottom > window.innerHeight) return false; // below the fold, scrolled to later
        const hit = document.elementFromPoint(
          rect.left + rect.width / 2,
          rect.top + rect.height / 2,
        );
        return !option.contains(hit);
      })
      .map((option) => option.textContent),
  );
  expect(covered).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`Search on a phone (${width} px)`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test('the search sheet: a full-width field, wide suggestions, the search remembered, keyboard and focus', async ({
      page,
    }) => {
      await page.goto('/');
      const button = await expectPhoneHeader(page, width);
      await waitForHydration(button);

      await button.tap();
      const sheet = page.getByRole('dialog', { name: 'Buscar na loja' });
      await expect(sheet).toBeVisible();
      const field = sheet.getByRole('combobox', { name: 'Buscar produtos' });
      await expect(field).toBeFocused();
      await expect(sheet.getByText('Digite o nome de um produto')).toBeVisible();
      expect((await box(sheet)).width, 'the sheet covers the screen').toBeGreaterThanOrEqual(
        width - 0.5,
      );

      // A misspelt word, typed: all of it stays in view, the suggestions as wide as the screen.
      await field.pressSequentially('camizeta');
      const suggestions = sheet.getByRole('listbox', { name: 'Sugestões' });
      await expect(suggestions.getByRole('option', { name: /^Camiseta/ }).first()).toBeVisible();
      const frame = await box(field.locator('xpath=ancestor::label[1]'));
      expect(frame.width, 'the field takes the width').toBeGreaterThanOrEqual(width * 0.9);
      expect(
        await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth),
        '"camizeta" fits in the field',
      ).toBe(true);
      const list = await box(suggestions);
      expect(list.width).toBeGreaterThanOrEqual(width * 0.95);
      expect(list.y, 'the list under the field').toBeGreaterThanOrEqual(frame.y + frame.height);
      await expectOptionsUncovered(suggestions);
      await expectNoHorizontalScroll(page, `search sheet at ${width} px`);

      // Enter searches the typed words: the results page, the sheet gone.
      await field.press('Enter');
      await expect(page).toHaveURL(/\/busca\?q=camizeta$/);
      await expect(sheet).toBeHidden();
      const results = page.getByRole('main').getByRole('heading', { level: 2 });
      await expect(results.first()).toHaveText(/^Camiseta/);
      await expectNoHorizontalScroll(page, `results at ${width} px`);

      // Reopened on the results page: the searched words, cleared: the recent searches.
      await page.getByRole('banner').getByRole('button', { name: 'Buscar produtos' }).tap();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('camizeta');
      await sheet.getByRole('button', { name: 'Apagar o texto' }).tap();
      await expect(field).toHaveValue('');
      await expect(field).toBeFocused();
      await expect(
        sheet.getByRole('listbox', { name: 'Buscas recentes' }).getByRole('option'),
      ).toHaveText(['camizeta']);

      // A suggestion tapped opens the product.
      await field.pressSequentially('tenis');
      const sneaker = sheet
        .getByRole('listbox', { name: 'Sugestões' })
        .getByRole('option', { name: /^Tênis/ })
        .first();
      await expect(sneaker).toBeVisible();
      const name = (await sneaker.innerText()).split('\n')[0]!.trim();
      await sneaker.tap();
      await expect(page).toHaveURL(/\/produto\/tenis-/);
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

      // The keyboard: a recent search chosen with the arrows; Escape gives the focus back.
      const opener = page.getByRole('banner').getByRole('button', { name: 'Buscar produtos' });
      await opener.tap();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/busca\?q=camizeta$/);
      await expect(sheet).toBeHidden();
      await opener.tap();
      await expect(field).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test.describe('as the server sends it (JavaScript off)', () => {
      test.use({ javaScriptEnabled: false });

      test('the header has the search button, not a narrow field, and it opens the search page', async ({
        page,
      }) => {
        await page.goto('/');
        const button = await expectPhoneHeader(page, width);
        await button.tap();
        await expect(page).toHaveURL(/\/busca\??$/);
        const field = page.getByRole('main').getByRole('searchbox', { name: 'Buscar produtos' });
        await expect(field).toBeVisible();
        expect((await box(field)).width).toBeGreaterThanOrEqual(width * 0.6);
        await field.fill('camizeta');
        await field.press('Enter');
        await expect(page).toHaveURL(/\/busca\?q=camizeta$/);
        const results = page.getByRole('main').getByRole('heading', { level: 2 });
        await expect(results.first()).toHaveText(/^Camiseta/);
        await expectPhoneHeader(page, width);
      });
    });
  });
}
