// The products CSV export (one row per variant, the layout the product import reads): the request
// (the products grid's StaffProductFilter, as staffProducts reads it; a BRAND_MANAGER within their
// brands), its single-use ticket, and the CSV in the Brazilian form (BOM, ';', CRLF, decimal
// comma, formula guard), read in keyset batches as the client takes it.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError } from '../../graphql/errors';
import { staffProductWhere, type StaffProductFilterInput } from '../catalog/catalog.staff.where';
import { brandScopeOf } from '../catalog/catalog.service.common';
import { categoryPaths } from '../imports/imports.preview';
import { allBrands, allCategories } from '../imports/imports.repository';
import { PRODUCT_CSV_COLUMNS } from '../imports/products.csv';
import { findStaffById } from '../staff/staff.repository';
import { CSV_BOM, csvLine, decimalComma } from './exports.csv';
import { ExportInputError, EXPORT_BATCH_SIZE, EXPORT_TICKET_TTL_SECONDS } from './exports.service';

export const PRODUCTS_EXPORT_FILE_PATH = '/admin/exports/products.csv';

export interface ProductExportRequest {
  filter: StaffProductFilterInput;
}

function optional<T>(
  raw: Record<string, unknown>,
  key: string,
  check: (value: unknown) => value is T,
  what: string,
): T | null {
  const value = raw[key];
  if (value === null || value === undefined) return null;
  if (!check(value)) throw new ExportInputError(`${what} inválido.`, `filter.${key}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);
const isStockLevel = (value: unknown): value is 'OUT' | 'LOW' | 'AVAILABLE' =>
  value === 'OUT' || value === 'LOW' || value === 'AVAILABLE';

/** The body of POST /admin/exports/products: {filter?} as staffProducts' filter, checked. */
export function parseProductExportRequest(body: unknown): ProductExportRequest {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ExportInputError('Envie o filtro em JSON.', 'filter');
  }
  const raw = (input.filter ?? {}) as Record<string, unknown>;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ExportInputError('Filtro inválido.', 'filter');
  }
  const filter: StaffProductFilterInput = {
    search: optional(raw, 'search', isString, 'Busca'),
    brandIds: optional(raw, 'brandIds', isStringList, 'Marcas'),
    categoryId: optional(raw, 'categoryId', isString, 'Categoria'),
    published: optional(raw, 'published', isBoolean, 'Publicado'),
    featured: optional(raw, 'featured', isBoolean, 'Destaque'),
    stockLevel: optional(raw, 'stockLevel', isStockLevel, 'Nível de estoque'),
    minPriceCents: optional(raw, 'minPriceCents', isInteger, 'Preço mínimo'),
    maxPriceCents: optional(raw, 'maxPriceCents', isInteger, 'Preço máximo'),
  };
  try {
    // The grid's own checks (lengths, ids, price range).
    staffProductWhere(filter, null);
  } catch (error) {
    if (error instanceof AppGraphQLError && error.code === 'BAD_USER_INPUT') {
      const field = (error.extensions as { field?: unknown } | undefined)?.field;
      throw new ExportInputError(error.message, typeof field === 'string' ? field : 'filter');
    }
    throw error;
  }
  return { filter };
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function createProductExportTicket(
  db: Executor,
  principal: StaffPrincipal,
  request: ProductExportRequest,
  now: Date,
): Promise<{ url: string; expiresInSeconds: number }> {
  const ticket = randomBytes(32).toString('base64url');
  await db.execute(sql`
    INSERT INTO product_export_tickets (token_hash, staff_id, request, created_at, expires_at)
    VALUES (${ticketHash(ticket)}, ${principal.id}::uuid, ${JSON.stringify(request)}::jsonb,
            ${now.toISOString()}::timestamptz,
            ${new Date(now.getTime() + EXPORT_TICKET_TTL_SECONDS * 1000).toISOString()}::timestamptz)`);
  return {
    url: `${PRODUCTS_EXPORT_FILE_PATH}?ticket=${encodeURIComponent(ticket)}`,
    expiresInSeconds: EXPORT_TICKET_TTL_SECONDS,
  };
}

/** Takes the ticket once: who asked (as they are now) and what; null when unusable. */
export async function redeemProductExportTicket(
  db: Database,
  ticket: string,
  now: Date,
): Promise<{
  principal: StaffPrincipal;
  request: ProductExportRequest;
  ticketHash: string;
} | null> {
  if (!/^[\w-]{20,100}$/.test(ticket)) return null;
  const hash = ticketHash(ticket);
  const result = await db.execute<{ staff_id: string; request: unknown }>(sql`
    UPDATE product_export_tickets SET used_at = ${now.toISOString()}::timestamptz
    WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
    RETURNING staff_id, request`);
  const row = result.rows[0];
  if (!row) return null;
  const staff = await findStaffById(db, row.staff_id);
  if (!staff || !staff.active) return null;
  const stored =
    typeof row.request === 'string' ? (JSON.parse(row.request) as unknown) : row.request;
  return {
    principal: {
      id: staff.id,
      role: staff.role,
      brandIds: staff.brandIds,
      name: staff.name,
      email: staff.email,
    },
    request: parseProductExportRequest(stored),
    ticketHash: hash,
  };
}

export async function recordProductRowsExported(
  db: Executor,
  hash: string,
  rows: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE product_export_tickets SET rows_exported = ${rows} WHERE token_hash = ${hash}`,
  );
}

type ExportRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  brand_id: string;
  category_id: string;
  published: boolean;
  featured: boolean;
  seo_title: string | null;
  seo_description: string | null;
  ncm: string | null;
  cest: string | null;
  origin: number;
  tax_situation: string | null;
  sku: string | null;
  size: string | null;
  color: string | null;
  price_cents: number | null;
  compare_at_price_cents: number | null;
  stock: number | null;
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  gtin: string | null;
  low_stock_threshold: number | null;
};

const yes = (value: boolean) => (value ? 'sim' : 'não');

/**
 * The products CSV of `request` for `principal` as a byte stream, `batchSize` products a query
 * (keyset on the product id), each product's variants in their display order.
 */
export function productsCsvStream(
  db: Database,
  principal: StaffPrincipal,
  request: ProductExportRequest,
  options: { batchSize?: number; onDone?: (rows: number) => Promise<void> } = {},
): Readable {
  const where = staffProductWhere(request.filter, brandScopeOf(principal));
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  async function* lines(): AsyncGenerator<string> {
    const [brands, categories] = await Promise.all([allBrands(db), allCategories(db)]);
    const brandSlug = new Map(brands.map((brand) => [brand.id, brand.slug]));
    const paths = categoryPaths(categories);
    yield CSV_BOM + csvLine(PRODUCT_CSV_COLUMNS);
    let after: string | null = null;
    let rows = 0;
    for (;;) {
      const batch: { rows: ExportRow[] } = await db.execute<ExportRow>(sql`
        WITH page AS (
          SELECT p.* FROM products p
          WHERE ${where} ${after ? sql`AND p.id > ${after}::uuid` : sql``}
          ORDER BY p.id LIMIT ${size})
        SELECT p.id, p.slug, p.name, p.description, p.brand_id, p.category_id, p.published,
               p.featured, p.seo_title, p.seo_description, p.ncm, p.cest, p.origin,
               p.tax_situation, v.sku, v.size, v.color, v.price_cents,
               v.compare_at_price_cents, v.stock, v.weight_grams, v.length_cm, v.width_cm,
               v.height_cm, v.gtin, v.low_stock_threshold
        FROM page p LEFT JOIN variants v ON v.product_id = p.id
        ORDER BY p.id, v.position, v.id`);
      if (batch.rows.length === 0) break;
      let chunk = '';
      for (const row of batch.rows) {
        // A product without variants has no row to write (the import needs a SKU).
        if (row.sku === null) continue;
        chunk += csvLine([
          row.slug,
          row.name,
          brandSlug.get(row.brand_id) ?? '',
          paths.get(row.category_id) ?? '',
          row.description,
          yes(row.published),
          yes(row.featured),
          row.seo_title,
          row.seo_description,
          row.sku,
          row.size,
          row.color,
          decimalComma(row.price_cents!),
          row.compare_at_price_cents === null ? '' : decimalComma(row.compare_at_price_cents),
          row.stock,
          row.weight_grams,
          row.length_cm,
          row.width_cm,
          row.height_cm,
          row.gtin,
          row.low_stock_threshold,
          row.ncm,
          row.cest,
          row.origin,
          row.tax_situation,
        ]);
        rows += 1;
      }
      if (chunk) yield chunk;
      const lastId = batch.rows.at(-1)!.id;
      const products = new Set(batch.rows.map((row) => row.id)).size;
      if (products < size) break;
      after = lastId;
    }
    await options.onDone?.(rows);
  }
  return Readable.from(lines(), { objectMode: false });
}
