// @vitest-environment node
// The server entry renders the storefront's pages with their data, in node (no DOM), the way
// packages/api serves them; the GraphQL answers come from the MSW mocks, executed against the
// committed SDL. The browser's half (hydration without a mismatch) is e2e/server-render.spec.ts.
import { catalogMock, handlerList, settingsMock } from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { server } from '@vitrine/ui/mocks/server';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  isDeviceRendered,
  isServerRendered,
  jsonForScript,
  lcpImageOf,
  renderPage,
  renderToHtml,
  SERVER_RENDERED_MEMO_LIMIT,
  serverRenderedMemoSize,
  type GraphqlOperation,
} from './entry-server';

const ORIGIN = 'http://loja.test';

// The storefront's demo catalog (the stories' world): brands, a category tree, photos.
const storefront = makeStorefrontCatalog();
const product = storefront.products[0]!;
const category = product.category;

beforeEach(() => {
  server.use(
    ...handlerList({
      catalog: catalogMock.answers(storefront),
      settings: settingsMock.answers(storefront.settings),
    }),
  );
});

async function execute(operation: GraphqlOperation) {
  const response = await fetch(`${ORIGIN}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(operation),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** A page the entry renders (never the null of a device's page without its cookies). */
async function rendered(options: Parameters<typeof renderPage>[0]) {
  const page = await renderPage(options);
  if (!page) throw new Error(`${options.url} was not rendered`);
  return page;
}

describe('isServerRendered', () => {
  it('names the public storefront pages, not the cart, checkout, orders or dashboard', () => {
    for (const path of [
      '/',
      '/produto/camiseta',
      '/categoria/roupas',
      '/marcas/aurora',
      '/busca',
      '/trocas-e-devolucoes',
      '/privacidade',
      '/contato',
    ])
      expect(isServerRendered(path), path).toBe(true);
    for (const path of [
      '/sacola',
      '/checkout',
      '/dashboard',
      '/dashboard/pedidos',
      '/dashboard/login',
    ])
      expect(isServerRendered(path), path).toBe(false);
  });

  it('answers again from its memo, the same, and keeps it bounded', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(isServerRendered('/produto/camiseta')).toBe(true);
      expect(isServerRendered('/checkout')).toBe(false);
    }
    for (let i = 0; i <= SERVER_RENDERED_MEMO_LIMIT + 10; i += 1) {
      expect(isServerRendered(`/produto/p-${i}`)).toBe(true);
    }
    expect(serverRenderedMemoSize()).toBeLessThanOrEqual(SERVER_RENDERED_MEMO_LIMIT);
    // A very long path is answered, not kept.
    const before = serverRenderedMemoSize();
    expect(isServerRendered(`/produto/${'x'.repeat(300)}`)).toBe(true);
    expect(serverRenderedMemoSize()).toBe(before);
  });
});

describe('renderPage', () => {
  it('renders a product page with its data, its styles, its cache and its main photo', async () => {
    const page = await rendered({
      url: `/produto/${product.slug}`,
      origin: ORIGIN,
      execute,
    });
    // The page's content is in the HTML, not a loading skeleton.
    expect(page.html).toContain('<h1');
    expect(page.html).toContain(product.name);
    expect(page.html).toMatch(/R\$\s?\d/);
    // MUI's styles for that markup, in tags the browser's Emotion cache adopts.
    expect(page.styles).toMatch(/<style data-emotion="css [^"]+" data-s="">/);
    const firstClass = /class="[^"]*\b(css-[a-z0-9]+)/.exec(page.html)?.[1];
    expect(firstClass).toBeDefined();
    expect(page.styles).toContain(`.${firstClass}`);
    // The cache the browser restores holds the product.
    const [, json] =
      /^<script type="application\/json" id="vitrine-state">(.*)<\/script>$/.exec(
        page.stateScript,
      ) ?? [];
    const state = JSON.parse(json ?? 'null') as { ROOT_QUERY?: Record<string, unknown> };
    expect(Object.keys(state.ROOT_QUERY ?? {}).some((key) => key.startsWith('product('))).toBe(
      true,
    );
    // The gallery's first photo is the one to preload.
    expect(page.lcpImage?.src).toMatch(/\S/);
    expect(page.html).toContain(`src="${page.lcpImage?.src}"`);
  });

  it('renders the home and a listing with their products (the listing loads in an effect)', async () => {
    const home = await rendered({ url: '/', origin: ORIGIN, execute });
    expect(home.html).toContain(storefront.settings.heroTitle);
    expect(home.html).toContain('<article');
    const listing = await rendered({
      url: `/categoria/${category.slug}`,
      origin: ORIGIN,
      execute,
    });
    expect(listing.html).toContain(product.name);
    expect(listing.html).toContain('<article');
  });

  it("preloads a listing's first product photo (its largest paint on a phone), not the home's", async () => {
    for (const url of [`/categoria/${category.slug}`, `/marcas/${product.brand.slug}`]) {
      const listing = await rendered({ url, origin: ORIGIN, execute });
      const first = /<article[^]*?<img [^>]*>/.exec(listing.html)?.[0];
      expect(first, url).toMatch(/fetchPriority="high"/);
      expect(listing.lcpImage?.src, url).toMatch(/\S/);
      expect(first, url).toContain(`src="${listing.lcpImage?.src}"`);
      expect(listing.lcpImage?.srcSet, url).toMatch(/\d+w/);
    }
    // The home's largest paint is its hero's text: no photo takes the network before the scripts.
    const home = await rendered({ url: '/', origin: ORIGIN, execute });
    expect(home.lcpImage).toBeNull();
  });

  it('renders an empty bag: the cart lives on the device', async () => {
    const page = await rendered({ url: '/', origin: ORIGIN, execute });
    expect(page.html).not.toMatch(/aria-label="Sacola com [1-9]/);
  });

  it("renders a device's bag from its cart cookie, for it alone, and leaves a device without one to the browser", async () => {
    expect(isDeviceRendered('/carrinho')).toBe(true);
    expect(isServerRendered('/carrinho')).toBe(false);
    expect(await renderPage({ url: '/carrinho', origin: ORIGIN, execute })).toBeNull();
    expect(
      await renderPage({ url: '/carrinho', origin: ORIGIN, execute, cookies: 'XSRF-TOKEN=a' }),
    ).toBeNull();
    // The API takes UUIDs only (as the app's cart keeps): the fixture's variant gets one.
    const variant = product.variants[0]!;
    const fixtureId = variant.id;
    variant.id = '8507711c-b6e4-4ebc-9db7-f4620e2c24be';
    try {
      const cookies = `XSRF-TOKEN=a; vitrine_cart=1||||${variant.id}:2`;
      const bag = await rendered({ url: '/carrinho', origin: ORIGIN, execute, cookies });
      expect(bag.personal).toBe(true);
      expect(bag.html).toContain(product.name);
      expect(bag.html).toMatch(/2 itens/);
      // The browser hydrates from the same cart, handed over beside Apollo's cache.
      expect(bag.stateScript).toContain(
        `<script type="application/json" id="vitrine-device">{"cart":{"lines":[{"variantId":"${variant.id}","quantity":2}]`,
      );
      // The first line's picture is the page's largest paint: preloaded.
      expect(bag.lcpImage?.src).toMatch(/\S/);
      // An empty cart the device mirrored is an empty bag, rendered.
      const empty = await rendered({
        url: '/carrinho',
        origin: ORIGIN,
        execute,
        cookies: 'vitrine_cart=1||||',
      });
      expect(empty.html).toContain('Sua sacola está vazia');
      // A shared page never reads the device: the home's bag stays empty whatever the cookies say.
      const home = await rendered({ url: '/', origin: ORIGIN, execute, cookies });
      expect(home.personal).toBe(false);
      expect(home.stateScript).not.toContain('vitrine-device');
    } finally {
      variant.id = fixtureId;
    }
  });

  it('renders the order a browser placed from its order cookie, and only that order', async () => {
    const cookies = 'vitrine_order=VT-10000|maria%40exemplo.com.br';
    const confirmation = await rendered({
      url: '/pedido/confirmado/VT-10000',
      origin: ORIGIN,
      execute,
      cookies,
    });
    expect(confirmation.personal).toBe(true);
    expect(confirmation.html.replace(/<!-- -->/g, '')).toContain('Maria, recebemos seu pedido!');
    const tracking = await rendered({
      url: '/pedido?numero=VT-10000',
      origin: ORIGIN,
      execute,
      cookies,
    });
    expect(tracking.html.replace(/<!-- -->/g, '')).toContain('Pedido VT-10000');
    expect(tracking.html).toContain('Aguardando pagamento');
    // Another order's confirmation is not rendered from this cookie; its tracking page is the form.
    expect(
      await renderPage({ url: '/pedido/confirmado/VT-9999', origin: ORIGIN, execute, cookies }),
    ).toBeNull();
    const other = await rendered({
      url: '/pedido?numero=VT-9999',
      origin: ORIGIN,
      execute,
      cookies,
    });
    expect(other.html).toContain('Informe o número do pedido');
    expect(other.html).not.toContain('Pedido VT-9999');
  });

  it('fails (the server then sends the client-rendered page) when the API cannot answer', async () => {
    await expect(
      renderPage({
        url: `/produto/${product.slug}`,
        origin: ORIGIN,
        execute: () => Promise.reject(new Error('database down')),
      }),
    ).rejects.toThrow(/database down/);
  });
});

describe('renderToHtml', () => {
  it('writes every Suspense boundary inline, with no script to reveal it (the CSP runs none)', async () => {
    // 24 boundaries of 3,000 bytes, a listing's cards each in one: past React's chunk size it
    // would send most of them apart, pending, with inline scripts to move them in place.
    const cards = Array.from({ length: 24 }, (_, i) => (
      <li key={i}>
        <Suspense fallback={null}>
          <p>{'x'.repeat(3000)}</p>
        </Suspense>
      </li>
    ));
    const html = await renderToHtml(<ul>{cards}</ul>);
    expect(html.match(/<!--\$-->/g)).toHaveLength(24);
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('<script');
    expect(html.match(/<p>x+<\/p>/g)).toHaveLength(24);
  });
});

describe('jsonForScript', () => {
  it('cannot close its script element or open a comment', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({
      name: '</script><script>alert(1)</script><!--',
      line: '\u2028',
    });
  });
});

describe('lcpImageOf', () => {
  it('finds the first high-priority image with its responsive sizes', () => {
    const html =
      '<img src="/a.webp" loading="lazy"/><img src="/b-640.webp" srcSet="/b-320.webp 320w, /b-640.webp 640w" sizes="100vw" fetchPriority="high"/>';
    expect(lcpImageOf(html)).toEqual({
      src: '/b-640.webp',
      srcSet: '/b-320.webp 320w, /b-640.webp 640w',
      sizes: '100vw',
    });
    expect(lcpImageOf('<img src="/a.webp"/>')).toBeNull();
  });
});
