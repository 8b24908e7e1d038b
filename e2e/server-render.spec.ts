// Issue 17, item 1: the storefront's public pages arrive from the server with their content, their
// styles and their data; the browser hydrates them without a mismatch and without asking the API
// again; the bag and the checkout are rendered from the device's cookies once it has them; the
// dashboard stays rendered by the browser.
import { expect, test, type Page } from '@playwright/test';

import { graphqlAs, staffAccessToken, staffProductBySlug } from './support/catalog';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import {
  brandProducts,
  chooseShippingAndPix,
  chooseVariant,
  fillCheckout,
  graphql,
  pickVariant,
  shopper,
} from './support/storefront';

const STATE = '<script type="application/json" id="vitrine-state">';

/** Console errors that name a hydration problem (React's #418/#423/#425 or our own report). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /hydrat|#41[89]|#42[0-5]/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The GraphQL requests the page sends (their operation names). */
function watchGraphql(page: Page): string[] {
  const operations: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/graphql')) return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    operations.push(
      body?.operationName ?? new URL(request.url()).searchParams.get('operationName') ?? '?',
    );
  });
  return operations;
}

test.describe('Server-rendered storefront', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the public pages arrive with their content, styles and data; the cart and dashboard do not', async ({
    request,
  }) => {
    // A product with a photo (the main photo's preload is checked below): other journeys add
    // products without one (a CSV import brings none).
    const { products } = await graphql<{
      products: {
        nodes: { slug: string; name: string; brand: { slug: string }; images: unknown[] }[];
      };
    }>(`
      query E2eWithPhoto {
        products(filter: { inStock: true }, first: 100) {
          nodes {
            slug
            name
            brand {
              slug
            }
            images(first: 1) {
              url
            }
          }
        }
      }
    `);
    const product = products.nodes.find((node) => node.images.length > 0);
    expect(product, 'a product in stock with a photo').toBeDefined();
    const rendered = [
      '/',
      `/produto/${product!.slug}`,
      `/marcas/${product!.brand.slug}`,
      '/busca?q=a',
      '/trocas-e-devolucoes',
    ];
    for (const path of rendered) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      // (Booleans: a failure names the page and the check, not 100 KB of HTML.)
      expect(html.includes(STATE), `${path}: the cache's state`).toBe(true);
      expect(/<div id="root">(?!<\/div>)/.test(html), `${path}: markup in #root`).toBe(true);
      expect(html.includes('<style data-emotion="css '), `${path}: MUI's styles`).toBe(true);
      // The fonts' rules are inline (font-display: optional): no style sheet to wait for (its link
      // stays, disabled, for the first navigation to enable: routing/fontSheets.ts).
      expect(
        /<link rel="stylesheet"(?![^>]*\sdisabled)[^>]*>/.test(html),
        `${path}: a style sheet to wait for`,
      ).toBe(false);
      expect(
        /<link rel="stylesheet"[^>]*\sdisabled>/.test(html),
        `${path}: the disabled link`,
      ).toBe(true);
      expect(html.includes('font-display:optional'), `${path}: inline fonts`).toBe(true);
    }
    const page = await (await request.get(`/produto/${product!.slug}`)).text();
    const root = page.slice(page.indexOf('<div id="root">'), page.indexOf(STATE));
    expect(root.includes(product!.name), 'the product name in the markup').toBe(true);
    expect(/R\$/.test(root), 'a price in the markup').toBe(true);
    // The main photo is asked for from the head, before the scripts.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toMatch(
      /<head><link rel="preload" as="image" href="\/media\/[^"]+" imagesrcset="[^"]+"/,
    );
    expect(head).toContain('fetchpriority="high"');

    for (const path of ['/sacola', '/checkout', '/dashboard', '/dashboard/login']) {
      const html = await (await request.get(path)).text();
      expect(html.includes('<div id="root"></div>'), `${path}: an empty #root`).toBe(true);
      expect(html.includes(STATE), `${path}: a state`).toBe(false);
    }
  });

  test('with JavaScript off, a shopper still reads the product page and the listing', async ({
    browser,
  }) => {
    const [product] = await brandProducts(null);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/produto/${product!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar à sacola' })).toBeVisible();
    await page.goto(`/marcas/${product!.brand.slug}`);
    await expect(page.getByRole('link', { name: new RegExp(product!.name) }).first()).toBeVisible();
    await context.close();
  });

  test('the product page hydrates without a mismatch or a GraphQL request, then works', async ({
    page,
  }) => {
    const picked = pickVariant(await brandProducts(null), { minStock: 2 });
    if (!picked) throw new Error('no product with two units in stock');
    const problems = watchHydration(page);
    const operations = watchGraphql(page);
    await page.goto(`/produto/${picked.product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: picked.product.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Everything the page shows came in its HTML: the restored cache answers every query.
    expect(operations).toEqual([]);
    // Hydrated: the choices and the button answer.
    await chooseVariant(page, picked.variant);
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    // The bag opens with the item (its drawer, over the page, hides the header's button).
    await expect(page.getByRole('dialog', { name: /Minha sacola\s*\(1 item\)/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a returning shopper: the home hydrates, then shows the bag kept on the device (phone)', async ({
    browser,
  }) => {
    const picked = pickVariant(await brandProducts(null), { minStock: 3 });
    if (!picked) throw new Error('no product with three units in stock');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((variantId) => {
      if (!window.localStorage.getItem('vitrine.cart'))
        window.localStorage.setItem(
          'vitrine.cart',
          JSON.stringify({ lines: [{ variantId, quantity: 2 }], couponCode: null }),
        );
    }, picked.variant.id);
    const page = await context.newPage();
    const problems = watchHydration(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The server rendered an empty bag; the device's bag shows once the page is hydrated.
    await expect(page.getByRole('button', { name: /^Sacola: 2 itens/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the bag, checkout, confirmation and tracking arrive rendered from the device's cookies and hydrate without a mismatch (phone)", async ({
    browser,
  }) => {
    const picked = pickVariant(await brandProducts(null), { minStock: 3 });
    if (!picked) throw new Error('no product with three units in stock');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchHydration(page);
    // The shopper adds a size on the product page: the cart goes to its cookie too.
    await page.goto(`/produto/${picked.product.slug}`);
    await chooseVariant(page, picked.variant);
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    await expect(page.getByRole('dialog', { name: /Minha sacola/ })).toBeVisible();
    const cookie = (await context.cookies()).find((item) => item.name === 'vitrine_cart');
    expect(cookie?.value).toContain(`${picked.variant.id}:1`);

    for (const path of ['/carrinho', '/checkout']) {
      // The HTML itself holds the bag (a response, before any script runs).
      const response = await page.request.get(path);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(STATE));
      expect(root.includes(picked.product.name), `${path}: the line in the markup`).toBe(true);
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
      expect(html.includes('<script type="application/json" id="vitrine-device">'), path).toBe(
        true,
      );
      const operations = watchGraphql(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hydrated from the page: the bag's price came with it.
      expect(
        operations.filter((name) => name === 'StorefrontCartPreview'),
        path,
      ).toEqual([]);
    }
    await expect(page.getByRole('form', { name: 'Finalizar compra' })).toBeVisible();
    expect(problems).toEqual([]);

    // A Pix order: its confirmation and tracking come rendered with it (the order cookie).
    await fillCheckout(page, shopper('ssr'));
    await chooseShippingAndPix(page, 'PAC');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
    const number = decodeURIComponent(page.url().split('/').pop()!);
    for (const [path, shown] of [
      [`/pedido/confirmado/${number}`, 'recebemos seu pedido!'],
      [`/pedido?numero=${number}`, 'Aguardando pagamento'],
    ] as const) {
      const html = await (await page.request.get(path)).text();
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(STATE));
      expect(
        root.replace(/<!-- -->/g, '').includes(shown),
        `${path}: the order in the markup`,
      ).toBe(true);
      const operations = watchGraphql(page);
      await page.goto(path);
      await expect(page.getByText(shown).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The order came with the page (checked in the markup above). The page may still refresh
      // its status once after hydrating, when the hydration outlasted the page's answers on a
      // slow machine (CI saw it once); never more than once, never polling.
      expect(
        operations.filter((name) => name === 'StorefrontOrderStatus').length,
        path,
      ).toBeLessThanOrEqual(1);
    }
    expect(problems).toEqual([]);

    // Another browser (no cookies) gets the bag rendered by the browser, as before.
    const bare = await (await browser.newContext()).request.get('/carrinho');
    expect((await bare.text()).includes('<div id="root"></div>')).toBe(true);
    await context.close();
  });

  test('a rendered page is kept for the next shopper and dropped as soon as staff change its price', async ({
    request,
  }) => {
    const [product] = await brandProducts(null);
    const token = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    const staff = await staffProductBySlug(token, product!.slug);
    const variant = staff!.variants[0]!;
    const path = `/produto/${product!.slug}`;
    const cacheOf = async () => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      return { kept: response.headers()['x-vitrine-page-cache'], html: await response.text() };
    };
    // Rendered (and kept) once, then sent as it was to the next shopper.
    await expect.poll(async () => (await cacheOf()).kept, { timeout: 10_000 }).toBe('hit');

    const setPrice = (priceCents: number) =>
      graphqlAs(
        token,
        `mutation E2ePagePrice($id: ID!, $priceCents: Int!) {
          variantPriceSet(id: $id, priceCents: $priceCents) { id priceCents }
        }`,
        { id: variant.id, priceCents },
      );
    const changed = variant.priceCents + 700;
    expect((await setPrice(changed)).errors).toBeUndefined();
    try {
      // The change reaches the page within a second: rendered again, with the new price in it.
      await expect
        .poll(
          async () => {
            const { kept, html } = await cacheOf();
            return kept !== 'hit' && html.includes(`"priceCents":${changed}`);
          },
          { timeout: 2_000, intervals: [100] },
        )
        .toBe(true);
    } finally {
      await setPrice(variant.priceCents);
    }
  });
});
