// The storefront's pages for bench/web-vitals.ts: which ones (BENCH_VITALS_PAGES), found on the
// store under test through the app's own GraphQL documents (trusted documents: what an anonymous
// browser may send), and the state the bag, checkout, confirmation and tracking pages need,
// reached through the storefront's UI as a shopper would: a size added to the bag on a product
// page, then the checkout form typed and a Pix order placed. The state the browser then holds
// (localStorage's bag, the cookies, sessionStorage's placed order) is handed to each cold visit's
// fresh browser context, so those visits start with an empty HTTP cache and no open connection,
// as the other pages' do.
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright';
import { uiDocument } from './ui-document';

/** Every page the bench knows, in the order it measures them. */
export const PAGE_KEYS = [
  'home',
  'brand',
  'category',
  'search',
  'product',
  'bag',
  'checkout',
  'confirmation',
  'tracking',
  'contact',
  'exchanges',
  'privacy',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** BENCH_VITALS_PAGES (comma-separated keys), default every page. */
export function chosenPages(value = process.env.BENCH_VITALS_PAGES): PageKey[] {
  if (!value?.trim()) return [...PAGE_KEYS];
  const asked = value.split(',').map((name) => name.trim());
  const unknown = asked.filter((name) => !(PAGE_KEYS as readonly string[]).includes(name));
  if (unknown.length) {
    throw new Error(`BENCH_VITALS_PAGES: unknown ${unknown.join(', ')} (${PAGE_KEYS.join(', ')})`);
  }
  return PAGE_KEYS.filter((key) => asked.includes(key));
}

/** What a cold visit of a page starts from. */
export interface BrowserState {
  storageState?: BrowserContextOptions['storageState'];
  /** sessionStorage of the store's origin, put back before the page's own scripts run. */
  sessionStorage?: Record<string, string>;
}

export interface VitalsPage {
  key: PageKey;
  /** Path and query of the page. */
  path: string;
  state: BrowserState;
}

interface Catalog {
  brandSlug: string;
  categorySlug: string;
  product: { slug: string; variant: { id: string; size: string | null; color: string | null } };
}

async function graphql<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`GraphQL at ${baseUrl}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

interface Counted {
  slug: string;
  productCount: number;
}

/** The brand and category with the most products, the newest product in stock and its variant. */
async function findCatalog(baseUrl: string): Promise<Catalog> {
  const home = await graphql<{
    brands: Counted[];
    categories: Counted[];
    newest: { nodes: { slug: string }[] };
  }>(baseUrl, await uiDocument('Home/HomeScreen.graphql.ts', 'HOME_QUERY'), {});
  const largest = (items: Counted[]) =>
    [...items].sort((a, b) => b.productCount - a.productCount)[0]?.slug;
  const brandSlug = largest(home.brands);
  const categorySlug = largest(home.categories);
  if (!brandSlug || !categorySlug) throw new Error(`no brand or category at ${baseUrl}`);

  const productQuery = await uiDocument(
    'ProductPage/ProductPageScreen.graphql.ts',
    'PRODUCT_PAGE_QUERY',
  );
  for (const { slug } of home.newest.nodes) {
    const { product } = await graphql<{
      product: {
        variants: {
          id: string;
          size: string | null;
          color: string | null;
          stock: number;
          available: boolean;
        }[];
      } | null;
    }>(baseUrl, productQuery, { slug });
    const variant = product?.variants.find((item) => item.available && item.stock >= 3);
    if (variant) return { brandSlug, categorySlug, product: { slug, variant } };
  }
  throw new Error(`no product with 3 units of a variant at ${baseUrl}`);
}

/** A CPF whose check digits are right (mod 11), from 9 base digits. */
function cpfFrom(seed: number): string {
  const digits = String(seed % 1_000_000_000)
    .padStart(9, '1')
    .split('')
    .map(Number);
  const check = (numbers: number[]) => {
    const sum = numbers.reduce((total, digit, at) => total + digit * (numbers.length + 1 - at), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

/** Waits until `locator`'s first match is visible, failing with `what`. */
async function visible(page: Page, selector: Locator, what: string) {
  await selector
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 })
    .catch((error: unknown) => {
      throw new Error(`${what} (${page.url()}): ${String(error)}`);
    });
}

/** On the product page: the variant's colour and size, then 'Adicionar à sacola'. */
async function addToBag(page: Page, baseUrl: string, product: Catalog['product']) {
  await page.goto(`${baseUrl}/produto/${product.slug}`);
  const { variant } = product;
  const colors = page.getByRole('group', { name: /^Cor/ });
  if (variant.color && (await colors.count()) > 0) {
    await colors.getByRole('radio', { name: variant.color, exact: true }).check();
  }
  if (variant.size) {
    await page
      .getByRole('group', { name: /^Tamanho/ })
      .getByRole('radio', { name: variant.size, exact: true })
      .check();
  }
  await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
  await visible(page, page.getByRole('dialog', { name: /Minha sacola/ }), 'the bag drawer');
}

/** The checkout typed as a shopper would (CEP look-up or not), first delivery option, Pix. */
async function placePixOrder(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/checkout`);
  const form = page.getByRole('form', { name: 'Finalizar compra' });
  await visible(page, form.getByLabel('Nome completo'), 'the checkout form');
  const seed = Date.now() % 1_000_000_000;
  await form.getByLabel('Nome completo').fill('Ana Beatriz Souza');
  await form.getByLabel('E-mail').fill(`ana.bench.${seed}@example.com`);
  await form.getByLabel('CPF').fill(cpfFrom(seed));
  await form.getByLabel('Celular').fill('11987654321');
  await form.getByLabel('CEP').fill('01310100');
  // The look-up answers or fails (the bench's own server has none): the address is typed over.
  await page.waitForTimeout(1_000);
  await form.getByLabel('Rua / avenida').fill('Avenida Paulista');
  await form.getByLabel(/^Número/).fill('1578');
  await form.getByLabel('Bairro').fill('Bela Vista');
  await form.getByLabel('Cidade').fill('São Paulo');
  await form.getByLabel('Estado (UF)').selectOption('SP');
  const shipping = page.getByRole('radiogroup', { name: 'Forma de entrega' });
  await visible(page, shipping.getByRole('radio'), 'a delivery option');
  await shipping.getByRole('radio').first().check();
  await page
    .getByRole('radiogroup', { name: 'Forma de pagamento' })
    .getByRole('radio', { name: /^Pix/ })
    .check();
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.waitForURL(/\/pedido\/confirmado\/[^/]+$/, { timeout: 30_000 });
  await visible(page, page.getByRole('region', { name: 'Pagamento por Pix' }), 'the Pix QR code');
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

async function captureState(page: Page): Promise<BrowserState> {
  return {
    storageState: await page.context().storageState(),
    sessionStorage: await page.evaluate(() => {
      const values: Record<string, string> = {};
      for (let at = 0; at < sessionStorage.length; at += 1) {
        const key = sessionStorage.key(at)!;
        values[key] = sessionStorage.getItem(key)!;
      }
      return values;
    }),
  };
}

/**
 * The pages asked for on the store at `baseUrl`; the bag and order pages' state is made in a
 * browser context of its own (no throttling), through the UI.
 */
export async function resolvePages(
  browser: Browser,
  baseUrl: string,
  keys: readonly PageKey[],
  log: (message: string) => void,
): Promise<VitalsPage[]> {
  const catalog = await findCatalog(baseUrl);
  const search = process.env.BENCH_SEARCH_QUERY ?? 'camiseta';
  const product = process.env.BENCH_PRODUCT_PATH ?? `/produto/${catalog.product.slug}`;
  const paths: Partial<Record<PageKey, string>> = {
    home: '/',
    brand: `/marcas/${catalog.brandSlug}`,
    category: `/categoria/${catalog.categorySlug}`,
    search: `/busca?${new URLSearchParams({ q: search }).toString()}`,
    product,
    contact: '/contato',
    exchanges: '/trocas-e-devolucoes',
    privacy: '/privacidade',
    bag: '/carrinho',
    checkout: '/checkout',
  };
  const states: Partial<Record<PageKey, BrowserState>> = {};
  const needsBag = keys.some((key) =>
    ['bag', 'checkout', 'confirmation', 'tracking'].includes(key),
  );
  if (needsBag) {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await addToBag(page, baseUrl, catalog.product);
      states.bag = states.checkout = await captureState(page);
      log(`bag: ${catalog.product.slug} (variant ${catalog.product.variant.id}) added in the UI`);
      if (keys.includes('confirmation') || keys.includes('tracking')) {
        const number = await placePixOrder(page, baseUrl);
        log(`order ${number} placed with Pix through the checkout`);
        paths.confirmation = `/pedido/confirmado/${encodeURIComponent(number)}`;
        paths.tracking = `/pedido?${new URLSearchParams({ numero: number }).toString()}`;
        states.confirmation = states.tracking = await captureState(page);
      }
    } finally {
      await context.close();
    }
  }
  return keys.map((key) => ({ key, path: paths[key]!, state: states[key] ?? {} }));
}

/**
 * The init script that puts `state.sessionStorage` back (before any of the page's scripts), once
 * per tab: what the page then writes stays.
 */
export function sessionStorageScript(state: BrowserState): string | null {
  if (!state.sessionStorage || Object.keys(state.sessionStorage).length === 0) return null;
  return `(() => {
  if (sessionStorage.getItem('__bench_restored')) return;
  const values = ${JSON.stringify(state.sessionStorage)};
  for (const key of Object.keys(values)) sessionStorage.setItem(key, values[key]);
  sessionStorage.setItem('__bench_restored', '1');
})();`;
}
