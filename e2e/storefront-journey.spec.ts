// Issue 5's proof: the shopper's journeys on the real server and database (demo catalog, demo Pix
// key), in Portuguese, at desktop and phone width.
import { expect, test, type Page } from '@playwright/test';
import { storefrontSearch } from './support/session';
import {
  brandProducts,
  chooseShippingAndPix,
  chooseVariant,
  expectNoHorizontalScroll,
  expectValidBrCode,
  fillCheckout,
  fillIdentification,
  pickVariant,
  placeOrderThroughApi,
  shopper,
  shopperJourney,
  variantStock,
} from './support/storefront';

test.describe('Storefront journey', () => {
  // A whole purchase (home to tracking, a dozen pages and the server's checkout) on a 2-core
  // machine: the 60 s default is one page per 5 s, too tight when CI shares the cores.
  test.describe.configure({ timeout: 120_000 });
  test('a shopper goes from the home page to a brand, buys a size and colour with Pix, sees a valid BR Code and tracks the order "Aguardando pagamento"', async ({
    page,
  }) => {
    const { pick } = await shopperJourney(page, { tag: 'desktop' });
    // The order took the units from stock.
    expect(await variantStock(pick.product.slug, pick.variant.id)).toBe(pick.variant.stock - 1);
  });

  test('the footer names the company behind the store (Decreto 7.962/2013): razão social, CNPJ, address and contact, on the home and other pages', async ({
    page,
  }) => {
    for (const path of ['/', '/trocas-e-devolucoes']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      // The demo seed's company (checkout.seed.ts DEMO_LEGAL_IDENTITY), from storeSettings.
      await expect(footer).toContainText('Vitrine Moda LTDA · CNPJ 12.345.678/0001-95');
      await expect(footer).toContainText('Rua Exemplo, 100, sala 12');
      await expect(footer).toContainText('atendimento@vitrine.exemplo.com.br');
    }
  });

  test('the header search tolerates typos and missing accents: "camizeta" lists the T-shirts, "tenis" suggests the sneakers', async ({
    page,
  }) => {
    await page.goto('/');
    const search = storefrontSearch(page);

    // Suggestions as you type, without the accent.
    await search.fill('tenis');
    const suggestion = page.getByRole('option', { name: /^Tênis/ }).first();
    await expect(suggestion).toBeVisible();
    const suggested = (await suggestion.innerText()).split('\n')[0]!.trim();
    await suggestion.click();
    await expect(page).toHaveURL(/\/produto\/tenis-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(suggested);

    // A misspelt word, submitted: the results page finds the T-shirts.
    await search.fill('camizeta');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\/busca\?q=camizeta$/);
    const results = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(results.first()).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/\d+ produtos? encontrados?/);
    const names = await results.allInnerTexts();
    const shirts = names.filter((name) => name.startsWith('Camiseta'));
    expect(shirts.length, `"camizeta" found: ${names.join(', ')}`).toBeGreaterThan(0);
    expect(names[0], 'the closest match comes first').toMatch(/^Camiseta/);
    await page.getByRole('main').getByRole('link', { name: shirts[0], exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shirts[0]!);
  });

  test('when the CEP look-up answers, street, district, city and UF are filled in and the shopper adds the number', async ({
    page,
  }) => {
    const pick = pickVariant(await brandProducts(null), { minStock: 3 });
    expect(pick, 'the demo catalog has a variant in stock').not.toBeNull();
    await page.goto(`/produto/${pick!.product.slug}`);
    await chooseVariant(page, pick!.variant);
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    await page.getByRole('button', { name: 'Fechar a sacola' }).click();

    await page.goto('/checkout');
    const form = await fillIdentification(page, shopper('cep'));
    // The stand-in is down for 01310-100 (503): the look-up failed, the CEP is not blamed.
    await form.getByLabel('CEP').fill('01310100');
    await expect(
      form.getByText('Não conseguimos buscar o endereço agora. Preencha abaixo.'),
    ).toBeVisible();
    await expect(form.getByText(/Não encontramos este CEP/)).toHaveCount(0);
    // 00000-000 does not exist ({"erro": "true"}): that one is a CEP we did not find.
    await form.getByLabel('CEP').fill('00000000');
    await expect(
      form.getByText('Não encontramos este CEP: preencha o endereço abaixo.'),
    ).toBeVisible();
    // 20040-002 is the one CEP the stand-in (ViaCEP's shape) knows: Avenida Rio Branco, Rio.
    await form.getByLabel('CEP').fill('20040002');
    await expect(form.getByLabel('Rua / avenida')).toHaveValue('Avenida Rio Branco');
    await expect(form.getByLabel('Bairro')).toHaveValue('Centro');
    await expect(form.getByLabel('Cidade')).toHaveValue('Rio de Janeiro');
    await expect(form.getByLabel('Estado (UF)')).toHaveValue('RJ');
    await expect(form.getByText('Não encontramos este CEP')).toHaveCount(0);
    await form.getByLabel(/^Número/).fill('10');
    await chooseShippingAndPix(page, 'PAC');
    const review = page.getByRole('region', { name: /Revisão do pedido/ });
    await expect(review).toContainText('Avenida Rio Branco, 10');
    await expect(review).toContainText('Rio de Janeiro');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ana, recebemos seu pedido!');
  });

  test('a product that sells out between the bag and "Finalizar pedido" is named with a way out, and the shopper finishes the order with the rest', async ({
    page,
  }) => {
    const catalog = await brandProducts(null);
    // The last units of one variant (the page says 'Últimas N unidades' from 5 down) ...
    const scarce = pickVariant(catalog, { minStock: 2, maxStock: 5 });
    expect(scarce, 'the demo catalog has a variant with 2 to 5 units').not.toBeNull();
    // ... and another product that stays available.
    const other = pickVariant(catalog, { minStock: 5, avoid: [scarce!.product.slug] });
    expect(other).not.toBeNull();
    const lastUnits = await variantStock(scarce!.product.slug, scarce!.variant.id);

    await page.goto(`/produto/${scarce!.product.slug}`);
    await chooseVariant(page, scarce!.variant);
    await expect(page.getByText(`Últimas ${lastUnits} unidades`)).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: 'Quantidade' });
    await quantity.fill(String(lastUnits));
    await quantity.press('Enter');
    await expect(quantity).toHaveValue(String(lastUnits));
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    await page.getByRole('button', { name: 'Fechar a sacola' }).click();

    await page.goto(`/produto/${other!.product.slug}`);
    await chooseVariant(page, other!.variant);
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    const drawer = page.getByRole('dialog', { name: /Minha sacola/ });
    await expect(drawer).toContainText(`(${lastUnits + 1} itens)`);
    await drawer.getByRole('button', { name: 'Fechar a sacola' }).click();
    await expect(
      page.getByRole('button', { name: `Sacola: ${lastUnits + 1} itens` }),
    ).toBeVisible();

    await page.goto('/checkout');
    await expect(
      page.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem'),
    ).toHaveCount(2);
    await fillCheckout(page, shopper('soldout'));
    await chooseShippingAndPix(page, 'PAC');

    // Meanwhile someone else buys every unit left.
    await placeOrderThroughApi([{ variantId: scarce!.variant.id, quantity: lastUnits }]);
    expect(await variantStock(scarce!.product.slug, scarce!.variant.id)).toBe(0);

    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Um item da sua sacola acabou de mudar' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`${scarce!.product.name} (`);
    await expect(alert).toContainText('esgotou');
    await expect(page.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
    await expect(page, 'nothing was placed').toHaveURL(/\/checkout$/);

    // The way out: remove the line, back in the bag, then finish with the rest.
    await alert.getByRole('button', { name: 'Remover da sacola' }).click();
    await expect(page).toHaveURL(/\/carrinho$/);
    const lines = page.getByRole('list', { name: 'Itens da sacola' });
    await expect(lines.getByRole('listitem')).toHaveCount(1);
    await expect(lines).toContainText(other!.product.name);
    await expect(lines).not.toContainText(scarce!.product.name);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    const form = page.getByRole('form', { name: 'Finalizar compra' });
    // What was typed survived the trip to the bag.
    await expect(form.getByLabel('Nome completo')).toHaveValue('Ana Beatriz Souza');
    await expect(form.getByLabel('Rua / avenida')).toHaveValue('Avenida Paulista');
    await chooseShippingAndPix(page, 'PAC');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();

    await expect(page).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
    const code = await page
      .getByRole('region', { name: 'Pagamento por Pix' })
      .getByLabel('Pix copia e cola')
      .inputValue();
    expectValidBrCode(code);
    await expect(page.getByRole('main')).toContainText(other!.product.name);
    await expect(page.getByRole('main')).not.toContainText(scarce!.product.name);
  });

  test('when fewer units are left than the bag holds, the shopper is told how many remain and can reduce the line and finish', async ({
    page,
  }) => {
    const scarce = pickVariant(await brandProducts(null), { minStock: 3, maxStock: 5 });
    expect(scarce, 'the demo catalog has a variant with 3 to 5 units').not.toBeNull();
    const { product, variant } = scarce!;
    const units = await variantStock(product.slug, variant.id);

    await page.goto(`/produto/${product.slug}`);
    await chooseVariant(page, variant);
    const quantity = page.getByRole('spinbutton', { name: 'Quantidade' });
    await quantity.fill(String(units));
    await quantity.press('Enter');
    await expect(quantity).toHaveValue(String(units));
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    await expect(page.getByRole('dialog', { name: /Minha sacola/ })).toContainText(
      `(${units} itens)`,
    );

    await page.goto('/checkout');
    await fillCheckout(page, shopper('reduce'));
    await chooseShippingAndPix(page, 'PAC');
    // Someone else buys all but one.
    await placeOrderThroughApi([{ variantId: variant.id, quantity: units - 1 }]);

    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Um item da sua sacola acabou de mudar' });
    await expect(alert).toContainText(product.name);
    await expect(alert).toContainText(`você pediu ${units}, mas só resta 1 unidade`);
    await alert.getByRole('button', { name: 'Ajustar para 1 unidade' }).click();

    await expect(page).toHaveURL(/\/carrinho$/);
    await expect(page.getByRole('spinbutton', { name: /Quantidade/ })).toHaveValue('1');
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await chooseShippingAndPix(page, 'PAC');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();

    await expect(page).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
    await expect(page.getByRole('main')).toContainText(product.name);
    expect(await variantStock(product.slug, variant.id), 'the last unit was sold').toBe(0);
  });
});

test.describe('Storefront journey on a phone (375 px)', () => {
  // A whole purchase (home to tracking, a dozen pages and the server's checkout) on a 2-core
  // machine: the 60 s default is one page per 5 s, too tight when CI shares the cores.
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  /** The purchase, checking every page for a horizontal scrollbar; the pages it went through. */
  async function journeyWithoutHorizontalScroll(page: Page, tag: string): Promise<string[]> {
    const visited: string[] = [];
    await shopperJourney(page, {
      tag,
      onPage: async (where) => {
        visited.push(where);
        await expectNoHorizontalScroll(page, where);
      },
    });
    return visited;
  }

  test('the same journey at 375 px wide, with no horizontal scrollbar on any page', async ({
    page,
  }) => {
    const visited = await journeyWithoutHorizontalScroll(page, 'phone');
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

  test("the same journey without the store's font (it never arrived), still without a horizontal scrollbar", async ({
    page,
  }) => {
    // A server-rendered page uses the font only if it arrived by the first paint
    // (font-display: optional); otherwise the phone's own font, wider than Inter, draws the
    // visit's first pages.
    await page.route(/\.woff2?$/, (route) => route.abort());
    const visited = await journeyWithoutHorizontalScroll(page, 'phone-fallback-font');
    expect(visited).toContain('tracking');
  });
});
