// The products CSV export (one row per variant, the layout the product import reads): the request
// (the products grid's StaffProductFilter, as staffProducts reads it; a BRAND_MANAGER within their
// brands), its single-use ticket, and the CSV in the Brazilian form (BOM, ';', CRLF, decimal
// comma, formula guard), read in keyset batches as the client takes it.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError } from '../../graphql/errors';
import {
  staffProductWhere,
  type StaffProductFilterInput,
} from '../catalog/catalog.staff.where.repository';
import { brandScopeOf } from '../catalog/catalog.service.common';
import { categoryPaths } from '../imports/imports.preview';
import { allBrands, allCategories } from '../imports/imports.repository';
import { PRODUCT_CSV_COLUMNS } from '../imports/products.csv';
import { findStaffById } from '../staff/staff.repository';
import { CSV_BOM, csvLine, decimalComma } from './exports.csv';
import {
  insertProductExportTicket,
  productExportBatch,
  setProductRowsExported,
  takeProductExportTicket,
} from './exports.products.repository';
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
  await insertProductExportTicket(db, {
    hash: ticketHash(ticket),
    staffId: principal.id,
    request,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EXPORT_TICKET_TTL_SECONDS * 1000),
  });
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
  const row = await takeProductExportTicket(db, hash, now);
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
  await setProductRowsExported(db, hash, rows);
}

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
      const batch = await productExportBatch(db, where, after, size);
      if (batch.length === 0) break;
      let chunk = '';
      for (const row of batch) {
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
      const lastId = batch.at(-1)!.id;
      const products = new Set(batch.map((row) => row.id)).size;
      if (products < size) break;
      after = lastId;
    }
    await options.onDone?.(rows);
  }
  return Readable.from(lines(), { objectMode: false });
}
