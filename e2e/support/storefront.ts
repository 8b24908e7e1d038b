// Helpers for the shopper's journeys: the public GraphQL API (to find what to buy and to place a
// competing order), Brazilian test data with real check digits, the Pix BR Code read back
// independently of the server, and the journey itself, shared by the desktop and phone tests.
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env';

// ---------------------------------------------------------------------------------------------
// The API, for what the journeys need to know or do beside the browser (what to buy, a competing
// order). The server runs in production, where an anonymous client may send only the app's own
// documents (trusted documents), so these free-form ones go with the e2e admin's access token, as
// any staff tool's would. Plain fetch on purpose: no cookie jar, so the XSRF double-submit cookie
// never comes back without its header.

/** Access tokens live a few minutes: a new one is taken well before that. */
const TOKEN_KEPT_MS = 60_000;
/** Per store server (the main one, and pix-bank.spec.ts's store with a PSP). */
const staffTokens = new Map<string, { value: Promise<string>; takenAt: number }>();

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false }),
  });
  if (!response.ok) throw new Error(`e2e admin sign-in failed: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

function accessToken(baseUrl: string): Promise<string> {
  const kept = staffTokens.get(baseUrl);
  if (kept && Date.now() - kept.takenAt <= TOKEN_KEPT_MS) return kept.value;
  const value = signIn(baseUrl);
  staffTokens.set(baseUrl, { value, takenAt: Date.now() });
  value.catch(() => staffTokens.delete(baseUrl));
  return value;
}

/** A GraphQL request to the store server at `baseUrl`, as the e2e admin. */
export async function graphqlAt<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await fetch(`${baseUrl}/graphql/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await accessToken(baseUrl)}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) {
    throw new Error(`GraphQL error: ${JSON.stringify(body.errors ?? body)}`);
  }
  return body.data;
}

export function graphql<T>(query: string, variables: Record<string, unknown> = {}) {
  return graphqlAt<T>(BASE_URL, query, variables);
}

export interface CatalogVariant {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
  available: boolean;
}

export interface CatalogProduct {
  slug: string;
  name: string;
  brand: { slug: string; name: string };
  variants: CatalogVariant[];
}

export interface Pick {
  product: CatalogProduct;
  variant: CatalogVariant;
}

const BRAND_PRODUCTS = `query BrandProducts($brandSlugs: [String!]) {
  products(filter: { brandSlugs: $brandSlugs, inStock: true }, first: 100) {
    nodes {
      slug name
      brand { slug name }
      variants { id sku size color stock available }
    }
  }
}`;

export async function brandProducts(
  brandSlug: string | null,
  baseUrl = BASE_URL,
): Promise<CatalogProduct[]> {
  const data = await graphqlAt<{ products: { nodes: CatalogProduct[] } }>(baseUrl, BRAND_PRODUCTS, {
    brandSlugs: brandSlug ? [brandSlug] : null,
  });
  return data.products.nodes;
}

const distinct = (values: (string | null)[]) => new Set(values.filter((value) => value !== null));

/**
 * A variant that needs a real choice on the product page (several sizes), with its stock within
 * [minStock, maxStock], of a product not in `avoid`.
 */
export function pickVariant(
  products: CatalogProduct[],
  {
    minStock,
    maxStock = Infinity,
    avoid = [],
  }: {
    minStock: number;
    maxStock?: number;
    avoid?: string[];
  },
): Pick | null {
  const candidates = products
    .filter((product) => !avoid.includes(product.slug))
    .filter((product) => distinct(product.variants.map((variant) => variant.size)).size > 1)
    // Products with two colours first: the shopper then picks both a colour and a size.
    .sort(
      (a, b) =>
        distinct(b.variants.map((variant) => variant.color)).size -
        distinct(a.variants.map((variant) => variant.color)).size,
    );
  for (const product of candidates) {
    const variant = product.variants.find(
      (item) => item.available && item.stock >= minStock && item.stock <= maxStock,
    );
    if (variant) return { product, variant };
  }
  return null;
}

const PRODUCT_STOCK = `query Stock($slug: String!) {
  product(slug: $slug) { variants { id stock } }
}`;

export async function variantStock(productSlug: string, variantId: string): Promise<number> {
  const data = await graphql<{ product: { variants: { id: string; stock: number }[] } }>(
    PRODUCT_STOCK,
    { slug: productSlug },
  );
  const variant = data.product.variants.find((item) => item.id === variantId);
  if (!variant) throw new Error(`variant ${variantId} not found in ${productSlug}`);
  return variant.stock;
}

const SHIPPING_QUOTE = `query Quote($postalCode: String!, $items: [CartItemInput!]!) {
  shippingQuote(postalCode: $postalCode, items: $items) { methodId name }
}`;

const PLACE_ORDER = `mutation Place($input: PlaceOrderInput!) {
  placeOrder(input: $input) { number status totalCents }
}`;

/** Another shopper's order, placed through the public API (Pix, the first shipping option). */
export async function placeOrderThroughApi(
  items: { variantId: string; quantity: number }[],
  email = 'outra.cliente@example.com',
): Promise<{ number: string; status: string }> {
  const postalCode = '20040020';
  const quote = await graphql<{ shippingQuote: { methodId: string }[] }>(SHIPPING_QUOTE, {
    postalCode,
    items,
  });
  const shippingMethodId = quote.shippingQuote[0]?.methodId;
  if (!shippingMethodId) throw new Error('no shipping option for the competing order');
  const data = await graphql<{ placeOrder: { number: string; status: string } }>(PLACE_ORDER, {
    input: {
      items,
      customer: {
        name: 'Outra Cliente',
        email,
        cpf: generateCpf(987_654_321),
        phone: '21987654321',
      },
      address: {
        postalCode,
        street: 'Avenida Rio Branco',
        number: '1',
        complement: null,
        district: 'Centro',
        city: 'Rio de Janeiro',
        uf: 'RJ',
      },
      shippingMethodId,
      paymentMethod: 'PIX',
      couponCode: null,
      idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  return data.placeOrder;
}

// ---------------------------------------------------------------------------------------------
// Brazilian test data.

/** A CPF whose two check digits are right (Receita Federal's mod-11 rule), from 9 base digits. */
export function generateCpf(seed: number): string {
  const base = String(Math.abs(Math.trunc(seed)) % 1_000_000_000).padStart(9, '0');
  // 000.000.000-00 and the like pass the digit rule but no validator accepts them.
  const digits = (/^(\d)\1{8}$/.test(base) ? '123456789' : base).split('').map(Number);
  const checkDigit = (numbers: number[]) => {
    const weightStart = numbers.length + 1;
    const sum = numbers.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(checkDigit(digits));
  digits.push(checkDigit(digits));
  return digits.join('');
}

// ---------------------------------------------------------------------------------------------
// The Pix BR Code, read without the server's code.

export interface TlvField {
  id: string;
  value: string;
}

/** Splits an EMV payload into ID (2 digits) + length (2 digits) + value fields; throws if malformed. */
export function parseTlv(payload: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < payload.length) {
    const header = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) throw new Error(`bad TLV header "${header}" at ${at}`);
    const length = Number(header.slice(2));
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${header.slice(0, 2)} is truncated`);
    fields.push({ id: header.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

export function tlvValue(fields: TlvField[], id: string): string | undefined {
  return fields.find((field) => field.id === id)?.value;
}

/** CRC16-CCITT-FALSE by lookup table (poly 0x1021, init 0xFFFF, no reflection, no final XOR). */
const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let value = byte << 8;
  for (let bit = 0; bit < 8; bit += 1) {
    value = value & 0x8000 ? (value << 1) ^ 0x1021 : value << 1;
  }
  return value & 0xffff;
});

export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ byte) & 0xff]!;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** 'R$ 1.234,56' (with Intl's no-break space) -> 123456. */
export function centsFromBrl(text: string): number {
  const match = /R\$\s*([\d.]+),(\d{2})/u.exec(text.replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`not an amount in reais: "${text}"`);
  return Number(match[1]!.replace(/\./g, '')) * 100 + Number(match[2]);
}

/**
 * Checks a static Pix BR Code: the fields parse end to end, the CRC is right, and returns the
 * fields for the caller's own checks.
 */
export function expectValidBrCode(code: string): TlvField[] {
  expect(code, 'a BR Code is printable ASCII on one line').toMatch(/^[\x20-\x7e]+$/);
  const fields = parseTlv(code);
  expect(fields[0], 'the payload starts with 00 = 01').toEqual({ id: '00', value: '01' });
  const last = fields.at(-1);
  expect(last?.id, 'the payload ends with the CRC field 63').toBe('63');
  expect(last?.value, 'the CRC is 4 uppercase hex digits').toMatch(/^[0-9A-F]{4}$/);
  const payload = code.slice(0, code.length - 4);
  expect(payload.endsWith('6304')).toBe(true);
  expect(last?.value, 'CRC16-CCITT-FALSE over the payload up to 6304').toBe(
    crc16CcittFalse(payload),
  );
  const account = parseTlv(tlvValue(fields, '26') ?? '');
  expect(tlvValue(account, '00')?.toLowerCase()).toBe('br.gov.bcb.pix');
  expect(tlvValue(account, '01'), 'a Pix key').toBeTruthy();
  expect(tlvValue(fields, '52')).toBe('0000');
  expect(tlvValue(fields, '53'), 'BRL').toBe('986');
  expect(tlvValue(fields, '58')).toBe('BR');
  expect(tlvValue(fields, '59'), 'merchant name').toBeTruthy();
  expect(tlvValue(fields, '60'), 'merchant city').toBeTruthy();
  return fields;
}

/** Field 54 ('123.45') in centavos. */
export function brCodeAmountCents(fields: TlvField[]): number {
  const amount = tlvValue(fields, '54');
  expect(amount, 'field 54 holds the amount as 0.00').toMatch(/^\d+\.\d{2}$/);
  return Math.round(Number(amount) * 100);
}

export function brCodeTxid(fields: TlvField[]): string | undefined {
  return tlvValue(parseTlv(tlvValue(fields, '62') ?? ''), '05');
}

// ---------------------------------------------------------------------------------------------
// Pages.

/** The page is no wider than the viewport: no horizontal scrollbar. */
export async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Layout settles after data and images arrive; poll until it does.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${where}: document.documentElement.scrollWidth <= ${width}`,
    })
    .toBeLessThanOrEqual(width);
}

export interface Shopper {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  postalCode: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
}

export function shopper(tag: string): Shopper {
  const seed = Date.now() % 1_000_000_000;
  return {
    name: 'Ana Beatriz Souza',
    email: `ana.${tag}.${seed}@example.com`,
    cpf: generateCpf(seed),
    phone: '11987654321',
    postalCode: '01310100',
    street: 'Avenida Paulista',
    number: '1578',
    complement: 'Apto 42',
    district: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
  };
}

/** On the product page: picks the variant's colour (when there is a choice) and size. */
export async function chooseVariant(page: Page, variant: CatalogVariant): Promise<void> {
  const colorGroup = page.getByRole('group', { name: /^Cor/ });
  if (variant.color && (await colorGroup.count()) > 0) {
    await colorGroup.getByRole('radio', { name: variant.color, exact: true }).check();
  }
  if (variant.size) {
    const sizeGroup = page.getByRole('group', { name: /^Tamanho/ });
    await sizeGroup.getByRole('radio', { name: variant.size, exact: true }).check();
    await expect(sizeGroup).toContainText(`Tamanho: ${variant.size}`);
  }
  // The page names the chosen variant by its SKU.
  await expect(page.getByText(`Cód. ${variant.sku}`)).toBeVisible();
}

/** The checkout's identification: name, e-mail, CPF (masked as typed) and phone. */
export async function fillIdentification(page: Page, who: Shopper): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Finalizar compra' });
  await form.getByLabel('Nome completo').fill(who.name);
  await form.getByLabel('E-mail').fill(who.email);
  await form.getByLabel('CPF').fill(who.cpf);
  await expect(form.getByLabel('CPF'), 'the CPF is masked as it is typed').toHaveValue(
    `${who.cpf.slice(0, 3)}.${who.cpf.slice(3, 6)}.${who.cpf.slice(6, 9)}-${who.cpf.slice(9)}`,
  );
  await form.getByLabel('Celular').fill(who.phone);
  return form;
}

/** Types the checkout form as a shopper would, the CEP look-up being down for this CEP. */
export async function fillCheckout(page: Page, who: Shopper): Promise<void> {
  const form = await fillIdentification(page, who);
  await form.getByLabel('CEP').fill(who.postalCode);
  await expect(form.getByLabel('CEP')).toHaveValue(
    `${who.postalCode.slice(0, 5)}-${who.postalCode.slice(5)}`,
  );
  // The look-up service is down for this CEP (cep-stand-in.mjs): the form lets the shopper type,
  // saying the look-up failed, never that the CEP is wrong.
  await expect(
    form.getByText('Não conseguimos buscar o endereço agora. Preencha abaixo.'),
  ).toBeVisible();
  await expect(form.getByText(/Não encontramos este CEP/)).toHaveCount(0);
  await form.getByLabel('Rua / avenida').fill(who.street);
  await form.getByLabel(/^Número/).fill(who.number);
  await form.getByLabel('Complemento (opcional)').fill(who.complement);
  await form.getByLabel('Bairro').fill(who.district);
  await form.getByLabel('Cidade').fill(who.city);
  await form.getByLabel('Estado (UF)').selectOption(who.uf);
}

/** Chooses the named delivery and Pix; returns the Pix total the review shows. */
export async function chooseShippingAndPix(page: Page, shippingName: string): Promise<void> {
  const shipping = page.getByRole('radiogroup', { name: 'Forma de entrega' });
  await shipping.getByRole('radio', { name: new RegExp(`^${shippingName}\\b`) }).check();
  await expect(shipping).not.toHaveAttribute('aria-busy', 'true');
  await page
    .getByRole('radiogroup', { name: 'Forma de pagamento' })
    .getByRole('radio', { name: /^Pix/ })
    .check();
}

export interface JourneyOptions {
  /** Called on every page of the journey once it has its content (e.g. a layout check). */
  onPage?: (where: string) => Promise<void>;
  tag: string;
}

export interface JourneyResult {
  orderNumber: string;
  brCode: string;
  pick: Pick;
  who: Shopper;
}

/**
 * Home -> a brand -> a product -> a variant -> the bag -> checkout with Pix -> confirmation (a
 * valid BR Code) -> tracking showing the order waiting for its payment.
 */
export async function shopperJourney(
  page: Page,
  { onPage = async () => undefined, tag }: JourneyOptions,
): Promise<JourneyResult> {
  // Home: the brands come from the API; pick one whose catalog offers a real variant choice.
  await page.goto('/');
  const brands = page.getByRole('region', { name: 'Nossas marcas' });
  await expect(brands.getByRole('link').first()).toBeVisible();
  const brandSlugs = await brands
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.split('/').pop()!),
    );
  let pick: Pick | null = null;
  for (const slug of brandSlugs) {
    pick = pickVariant(await brandProducts(slug), { minStock: 3 });
    if (pick) break;
  }
  if (!pick) throw new Error('no brand on the home page has a product with sizes in stock');
  const { product, variant } = pick;
  await onPage('home');

  // The brand page.
  await brands.getByRole('link', { name: new RegExp(product.brand.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/marcas/${product.brand.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.brand.name })).toBeVisible();
  const productLink = page.getByRole('main').getByRole('link', { name: product.name, exact: true });
  await expect(productLink).toBeVisible();
  await onPage('brand page');

  // The product page: choose the colour and size, add to the bag.
  await productLink.click();
  await expect(page).toHaveURL(new RegExp(`/produto/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await chooseVariant(page, variant);
  await onPage('product page');
  await page.getByRole('button', { name: 'Adicionar à sacola' }).click();

  // The drawer opens with the line; the full bag page.
  const drawer = page.getByRole('dialog', { name: /Minha sacola/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(product.name)).toBeVisible();
  await drawer.getByRole('link', { name: 'Ver sacola completa' }).click();
  await expect(page).toHaveURL(/\/carrinho$/);
  const lines = page.getByRole('list', { name: 'Itens da sacola' });
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await expect(lines).toContainText(product.name);
  await expect(page.getByRole('button', { name: 'Sacola: 1 item' })).toBeVisible();
  await onPage('cart');

  // Checkout with Pix.
  await page.getByRole('link', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const who = shopper(tag);
  await fillCheckout(page, who);
  await chooseShippingAndPix(page, 'PAC');
  await expect(page.getByRole('list', { name: 'Itens do pedido' })).toContainText(product.name);
  await onPage('checkout');
  const finish = page.getByRole('button', { name: 'Finalizar pedido' });
  await expect(finish).toBeEnabled();
  await finish.click();

  // The confirmation: order number, a BR Code that checks out, the amount.
  await expect(page).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ana, recebemos seu pedido!');
  await expect(page.getByText(new RegExp(`^Pedido ${orderNumber} · feito em`))).toBeVisible();
  const pix = page.getByRole('region', { name: 'Pagamento por Pix' });
  await expect(pix.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible();
  const brCode = await pix.getByLabel('Pix copia e cola').inputValue();
  const fields = expectValidBrCode(brCode);
  const shownAmount = centsFromBrl(await pix.locator('p').first().innerText());
  expect(brCodeAmountCents(fields), 'field 54 is the Pix amount shown').toBe(shownAmount);
  expect(brCodeTxid(fields), 'the txid (62/05) is the order number without punctuation').toBe(
    orderNumber.replace(/[^A-Za-z0-9]/g, ''),
  );
  await expect(
    page.getByRole('button', { name: 'Sacola vazia' }),
    'the bag was emptied',
  ).toBeVisible();
  await onPage('confirmation');

  // Tracking: the number comes filled in, the shopper types the e-mail.
  await page.getByRole('link', { name: 'Acompanhar pedido' }).click();
  await expect(page).toHaveURL(/\/pedido\?numero=/);
  const tracking = page.getByRole('form', { name: 'Acompanhar pedido' });
  await expect(tracking.getByLabel('Número do pedido')).toHaveValue(orderNumber);
  await tracking.getByLabel('E-mail').fill(who.email);
  await tracking.getByRole('button', { name: 'Acompanhar pedido' }).click();
  const result = page.getByRole('region', { name: `Pedido ${orderNumber}` });
  await expect(result).toBeVisible();
  await expect(result.locator('.MuiChip-label').first()).toHaveText('Aguardando pagamento');
  await expect(result).toContainText(product.name);
  await onPage('tracking');

  return { orderNumber, brCode, pick, who };
}
