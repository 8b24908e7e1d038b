// Helpers for the catalog's journeys: the API with any staff member's token (a brand manager's
// refusals), the staff catalog read back as an admin, the bulk price rule and Brazilian money as
// the screens show them (the same rules as @vitrine/rules, written out here), and the products
// CSV in the export's layout.
import { PNG } from 'pngjs';
import { BASE_URL } from './env';

/** A staff member's access token, through the same sign-in the dashboard uses. */
export async function staffAccessToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, remember: false }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

export interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

/** The whole answer (data and errors) of a document sent with `token`. */
export async function graphqlAs<T>(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlAnswer<T>> {
  const response = await fetch(`${BASE_URL}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer<T>;
}

export interface StaffVariant {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
}

export interface StaffProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  published: boolean;
  featured: boolean;
  version: number;
  brand: { id: string; slug: string; name: string };
  category: { id: string };
  images: { id: string; alt: string }[];
  variants: StaffVariant[];
}

export const STAFF_PRODUCT_FIELDS = `id slug name description published featured version
  brand { id slug name } category { id } images { id alt }
  variants { id sku size color priceCents compareAtPriceCents stock }`;

const STAFF_PRODUCTS = `query E2eStaffProducts($filter: StaffProductFilter, $offset: Int) {
  staffProducts(filter: $filter, first: 100, offset: $offset, sort: NAME_ASC) {
    totalCount
    nodes { ${STAFF_PRODUCT_FIELDS} }
  }
}`;

/** Every product of the filter, as `token`'s staff member sees them (100 a page). */
export async function staffProducts(
  token: string,
  filter: Record<string, unknown>,
): Promise<{ totalCount: number; nodes: StaffProduct[] }> {
  const nodes: StaffProduct[] = [];
  let totalCount = 0;
  do {
    const answer = await graphqlAs<{
      staffProducts: { totalCount: number; nodes: StaffProduct[] };
    }>(token, STAFF_PRODUCTS, { filter, offset: nodes.length });
    if (!answer.data) throw new Error(`staffProducts: ${JSON.stringify(answer.errors)}`);
    totalCount = answer.data.staffProducts.totalCount;
    nodes.push(...answer.data.staffProducts.nodes);
    if (answer.data.staffProducts.nodes.length === 0) break;
  } while (nodes.length < totalCount);
  return { totalCount, nodes };
}

const STAFF_PRODUCT_BY_SLUG = `query E2eStaffProduct($search: String) {
  staffProducts(filter: { search: $search }, first: 100) { nodes { ${STAFF_PRODUCT_FIELDS} } }
}`;

/** A product by its slug, as `token`'s staff member sees it; null when they see none. */
export async function staffProductBySlug(
  token: string,
  slug: string,
): Promise<StaffProduct | null> {
  const answer = await graphqlAs<{ staffProducts: { nodes: StaffProduct[] } }>(
    token,
    STAFF_PRODUCT_BY_SLUG,
    { search: slug },
  );
  if (!answer.data) throw new Error(`staffProducts: ${JSON.stringify(answer.errors)}`);
  return answer.data.staffProducts.nodes.find((product) => product.slug === slug) ?? null;
}

/** Whether a variant with this SKU exists anywhere in the catalog (a whole SKU matches exactly). */
export async function skuExists(token: string, sku: string): Promise<boolean> {
  const answer = await graphqlAs<{ staffProducts: { nodes: StaffProduct[] } }>(
    token,
    STAFF_PRODUCT_BY_SLUG,
    { search: sku },
  );
  if (!answer.data) throw new Error(`staffProducts: ${JSON.stringify(answer.errors)}`);
  return answer.data.staffProducts.nodes.some((product) =>
    product.variants.some((variant) => variant.sku === sku),
  );
}

// ---------------------------------------------------------------------------------------------
// Money, as @vitrine/rules computes and shows it (packages/rules/src/catalog.ts, pricing.ts).

/** roundDownTo90: the nearest ,90 at or under the price, never below R$ 0,90. */
export function roundDownTo90(cents: number): number {
  return Math.max(90, Math.floor((cents - 90) / 100) * 100 + 90);
}

/** roundTo90 NEAREST (the dialog's default): the nearer ,90, halfway up; never below R$ 0,90. */
export function nearest90(cents: number): number {
  const down = roundDownTo90(cents);
  const up = Math.max(90, Math.ceil((cents - 90) / 100) * 100 + 90);
  return cents - down < up - cents ? down : up;
}

/** applyPriceChange for a percent: rounded to the centavo (half up), then the nearest ,90 when asked. */
export function priceAfterPercent(cents: number, percent: number, roundTo90: boolean): number {
  const next = Math.round(cents * (1 + percent / 100));
  return roundTo90 && next > 0 ? nearest90(next) : next;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 12990 -> 'R$ 129,90' (a plain space after R$, as formatBRL). */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}

// ---------------------------------------------------------------------------------------------
// The products CSV (packages/api/src/modules/imports/products.csv.ts): one row per variant.

export const PRODUCT_CSV_COLUMNS = [
  'Identificador URL',
  'Nome',
  'Marca',
  'Categoria',
  'Descrição',
  'Publicado',
  'Destaque',
  'Título SEO',
  'Descrição SEO',
  'SKU',
  'Tamanho',
  'Cor',
  'Preço',
  'Preço "de"',
  'Estoque',
  'Peso (g)',
  'Comprimento (cm)',
  'Largura (cm)',
  'Altura (cm)',
  'GTIN/EAN',
  'Estoque mínimo',
] as const;

export type ProductCsvRow = Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>;

/** A CSV in the export's form: ';', CRLF, a BOM, cells quoted when they need it. */
export function productCsv(rows: readonly ProductCsvRow[]): string {
  const cell = (value: string) =>
    /[;,"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const lines = [PRODUCT_CSV_COLUMNS.map(cell).join(';')];
  for (const row of rows) {
    lines.push(PRODUCT_CSV_COLUMNS.map((column) => cell(row[column] ?? '')).join(';'));
  }
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Photos for the editor: small PNGs drawn here (a diagonal band on a plain colour).

/** A width x height PNG in `rgb` with a lighter diagonal band, so each photo differs. */
export function photoPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (width * y + x) * 4;
      const band = Math.abs(x - y) < width / 8;
      png.data[offset] = band ? Math.min(255, rgb[0] + 80) : rgb[0];
      png.data[offset + 1] = band ? Math.min(255, rgb[1] + 80) : rgb[1];
      png.data[offset + 2] = band ? Math.min(255, rgb[2] + 80) : rgb[2];
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
