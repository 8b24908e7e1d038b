// Issue 5: axe finds no serious or critical violation on the real pages, served by the real server
// with the demo catalog (the stories check each screen in isolation; this checks them assembled,
// with real data, the header, the footer and the page's own head).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { shopperJourney } from './support/storefront';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now; fails naming every serious or critical rule broken. */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ` +
        violation.nodes.map((node) => node.target.join(' ')).join(', '),
    );
  expect(serious, `axe on ${where} (${page.url()})`).toEqual([]);
  // The scan really looked at the page: it passed rules on it.
  expect(results.passes.length, `axe ran rules on ${where}`).toBeGreaterThan(0);
}

test.describe('Accessibility of the assembled store (axe)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every page of a Pix purchase, home to tracking, has no serious or critical axe violation', async ({
    page,
  }) => {
    const visited: string[] = [];
    await shopperJourney(page, {
      tag: 'a11y',
      onPage: async (where) => {
        visited.push(where);
        await expectNoSeriousViolations(page, where);
      },
    });
    expect(visited).toEqual([
      'home',
      'brand page',
      'product page',
      'cart',
      'checkout',
      'confirmation',
      'tracking',
    ]);
  });

  for (const [path, heading] of [
    ['/busca?q=camiseta', /Resultados para/],
    ['/categoria/roupas', /Roupas/],
    ['/contato', /Contato|Fale conosco/],
    ['/trocas-e-devolucoes', /Trocas e devoluções/],
    ['/privacidade', /privacidade/i],
    ['/pedido', /Acompanhe seu pedido/],
    ['/uma-pagina-que-nao-existe', /Página não encontrada/],
    ['/dashboard/login', /Entrar|Acesso/],
    ['/senha/recuperar', /senha/i],
  ] as const) {
    test(`${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousViolations(page, path);
    });
  }
});
