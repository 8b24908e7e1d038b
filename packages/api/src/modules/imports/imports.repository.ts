// Database access of the product imports (migration 0018) and the catalog reads the preview and
// the apply compare against (brands, categories, products by slug, variants by SKU and GTIN).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { nextTurn } from '../../lib/slices';
import type {
  ProductFiscalValues,
  ProductValues,
  VariantValues,
} from '../catalog/catalog.writer.repository';

export type ImportStatus = 'PREVIEWING' | 'READY' | 'APPLYING' | 'APPLIED' | 'FAILED' | 'DISCARDED';
export type RowOutcome = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'REFUSED';

export interface ProductImportRecord {
  id: string;
  createdAt: Date;
  staffId: string | null;
  staffName: string | null;
  staffRole: string;
  staffBrandIds: string[];
  fileName: string;
  status: ImportStatus;
  totalRows: number;
  createCount: number;
  updateCount: number;
  unchangedCount: number;
  refusedCount: number;
  appliedRows: number;
  appliedThroughLine: number;
  error: string | null;
}

export type RawImport = {
  id: string;
  created_at: string | Date;
  staff_id: string | null;
  staff_name: string | null;
  staff_role: string;
  staff_brand_ids: string[] | string | null;
  file_name: string;
  status: ImportStatus;
  total_rows: number;
  create_count: number;
  update_count: number;
  unchanged_count: number;
  refused_count: number;
  applied_rows: number;
  applied_through_line: number;
  error: string | null;
};

/** node-postgres parses uuid[]; PGlite may answer the '{a,b}' text form. */
function uuidArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',');
}

export function toRecord(row: RawImport): ProductImportRecord {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    staffId: row.staff_id,
    staffName: row.staff_name,
    staffRole: row.staff_role,
    staffBrandIds: uuidArray(row.staff_brand_ids),
    fileName: row.file_name,
    status: row.status,
    totalRows: Number(row.total_rows),
    createCount: Number(row.create_count),
    updateCount: Number(row.update_count),
    unchangedCount: Number(row.unchanged_count),
    refusedCount: Number(row.refused_count),
    appliedRows: Number(row.applied_rows),
    appliedThroughLine: Number(row.applied_through_line),
    error: row.error,
  };
}

export const IMPORT_COLUMNS =
  sql.raw(`id, created_at, staff_id, staff_name, staff_role, staff_brand_ids,
  file_name, status, total_rows, create_count, update_count, unchanged_count, refused_count,
  applied_rows, applied_through_line, error`);

export function uuidArrayLiteral(ids: readonly string[]) {
  return `{${ids.join(',')}}`;
}

export async function insertImport(
  db: Executor,
  values: {
    staffId: string;
    staffName: string;
    staffRole: string;
    staffBrandIds: readonly string[];
    fileName: string;
    status: ImportStatus;
    error?: string | null;
    now: Date;
  },
): Promise<ProductImportRecord> {
  const result = await db.execute<RawImport>(sql`
    INSERT INTO product_imports (staff_id, staff_name, staff_role, staff_brand_ids, file_name,
                                 status, error, created_at, updated_at)
    VALUES (${values.staffId}, ${values.staffName}, ${values.staffRole},
            ${uuidArrayLiteral(values.staffBrandIds)}::uuid[], ${values.fileName}, ${values.status},
            ${values.error ?? null}, ${values.now.toISOString()}::timestamptz, now())
    RETURNING ${IMPORT_COLUMNS}`);
  return toRecord(result.rows[0]!);
}

export interface ImportRowValues {
  line: number;
  sku: string | null;
  productSlug: string | null;
  outcome: RowOutcome;
  message: string | null;
  /** UPDATE (and a new variant of an existing product): each field it changes. */
  changes: { field: string; before: string; after: string }[] | null;
  data: unknown;
}

const ROW_CHUNK = 500;

export async function insertImportRows(
  db: Executor,
  importId: string,
  rows: readonly ImportRowValues[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROW_CHUNK) {
    // The event loop's turn between chunks (embedded PGlite answers without giving it back).
    if (start > 0) await nextTurn();
    const chunk = rows.slice(start, start + ROW_CHUNK);
    await db.execute(sql`
      INSERT INTO product_import_rows (import_id, line, sku, product_slug, outcome, message,
                                       changes, data)
      SELECT ${importId}::uuid, (r->>'line')::int, r->>'sku', r->>'productSlug', r->>'outcome',
             r->>'message', CASE WHEN jsonb_typeof(r->'changes') = 'array' THEN r->'changes' END,
             r->'data'
      FROM jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) AS r`);
  }
}

export async function setImportCounts(
  db: Executor,
  id: string,
  counts: {
    status: ImportStatus;
    totalRows: number;
    createCount: number;
    updateCount: number;
    unchangedCount: number;
    refusedCount: number;
    error?: string | null;
  },
): Promise<ProductImportRecord> {
  const result = await db.execute<RawImport>(sql`
    UPDATE product_imports SET status = ${counts.status}, total_rows = ${counts.totalRows},
      create_count = ${counts.createCount}, update_count = ${counts.updateCount},
      unchanged_count = ${counts.unchangedCount}, refused_count = ${counts.refusedCount},
      error = ${counts.error ?? null}, updated_at = now()
    WHERE id = ${id}::uuid
    RETURNING ${IMPORT_COLUMNS}`);
  return toRecord(result.rows[0]!);
}

export async function findImport(db: Executor, id: string): Promise<ProductImportRecord | null> {
  const result = await db.execute<RawImport>(
    sql`SELECT ${IMPORT_COLUMNS} FROM product_imports WHERE id = ${id}::uuid`,
  );
  return result.rows[0] ? toRecord(result.rows[0]) : null;
}

export async function listImports(
  db: Executor,
  staffId: string | null,
  first: number,
): Promise<ProductImportRecord[]> {
  const result = await db.execute<RawImport>(sql`
    SELECT ${IMPORT_COLUMNS} FROM product_imports
    ${staffId ? sql`WHERE staff_id = ${staffId}::uuid` : sql``}
    ORDER BY created_at DESC, id DESC LIMIT ${first}`);
  return result.rows.map(toRecord);
}

/** Moves an import from one status to another; null when it was not in `from`. */
export async function transitionImport(
  db: Executor,
  id: string,
  from: ImportStatus,
  to: ImportStatus,
): Promise<ProductImportRecord | null> {
  const result = await db.execute<RawImport>(sql`
    UPDATE product_imports SET status = ${to}, updated_at = now(),
      lease_owner = NULL, lease_until = NULL
    WHERE id = ${id}::uuid AND status = ${from}
    RETURNING ${IMPORT_COLUMNS}`);
  return result.rows[0] ? toRecord(result.rows[0]) : null;
}

export interface ImportRowRecord {
  line: number;
  sku: string | null;
  productSlug: string | null;
  outcome: RowOutcome;
  message: string | null;
  changes: { field: string; before: string; after: string }[];
}

export async function importRows(
  db: Executor,
  importId: string,
  outcome: RowOutcome | null,
  first: number,
  offset: number,
): Promise<ImportRowRecord[]> {
  const result = await db.execute<{
    line: number;
    sku: string | null;
    product_slug: string | null;
    outcome: RowOutcome;
    message: string | null;
    changes: { field: string; before: string; after: string }[] | string | null;
  }>(sql`
    SELECT line, sku, product_slug, outcome, message, changes FROM product_import_rows
    WHERE import_id = ${importId}::uuid ${outcome ? sql`AND outcome = ${outcome}` : sql``}
    ORDER BY line LIMIT ${first} OFFSET ${offset}`);
  return result.rows.map((row) => ({
    line: Number(row.line),
    sku: row.sku,
    productSlug: row.product_slug,
    outcome: row.outcome,
    message: row.message,
    changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) ?? [],
  }));
}

// ---- The apply's bookkeeping ----

/**
 * Takes (or renews) the lease of one APPLYING import for `owner`: one that has no lease, whose
 * lease ran out (its process died) or that `owner` already holds. Also answers when the
 * earliest lease held by another process ends (to look again then).
 */
export async function claimApplyingImport(
  db: Executor,
  owner: string,
  leaseSeconds: number,
): Promise<{ claimed: ProductImportRecord | null; nextLeaseEnd: Date | null }> {
  const result = await db.execute<RawImport>(sql`
    UPDATE product_imports SET lease_owner = ${owner},
      lease_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE id = (
      SELECT id FROM product_imports
      WHERE status = 'APPLYING'
        AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${owner})
      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING ${IMPORT_COLUMNS}`);
  if (result.rows[0]) return { claimed: toRecord(result.rows[0]), nextLeaseEnd: null };
  const other = await db.execute<{ lease_until: string | Date | null }>(sql`
    SELECT min(lease_until) AS lease_until FROM product_imports
    WHERE status = 'APPLYING' AND lease_owner IS DISTINCT FROM ${owner}`);
  const end = other.rows[0]?.lease_until;
  return { claimed: null, nextLeaseEnd: end ? new Date(end) : null };
}

/**
 * In the batch's transaction, first: locks the import and checks that `owner` still holds it
 * and that nobody has moved its progress past `throughLine` (then the batch is not ours).
 */
export async function lockImportProgress(
  tx: Executor,
  id: string,
  owner: string,
  throughLine: number,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await tx.execute(sql`
    UPDATE product_imports
    SET lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE id = ${id}::uuid AND status = 'APPLYING' AND lease_owner = ${owner}
      AND applied_through_line = ${throughLine}
    RETURNING id`);
  return result.rows.length === 1;
}

export async function advanceImportProgress(
  tx: Executor,
  id: string,
  progress: { rows: number; throughLine: number; refusedFrom: Record<'CREATE' | 'UPDATE', number> },
): Promise<void> {
  const refused = progress.refusedFrom.CREATE + progress.refusedFrom.UPDATE;
  await tx.execute(sql`
    UPDATE product_imports SET applied_rows = applied_rows + ${progress.rows},
      applied_through_line = ${progress.throughLine},
      create_count = create_count - ${progress.refusedFrom.CREATE},
      update_count = update_count - ${progress.refusedFrom.UPDATE},
      refused_count = refused_count + ${refused}
    WHERE id = ${id}::uuid`);
}

export interface PendingRow {
  line: number;
  outcome: 'CREATE' | 'UPDATE';
  data: unknown;
}

/**
 * The next rows to write after `afterLine`, in line order. Read along the primary key (import,
 * line), the outcomes left out by a filter: with `outcome IN (...)` the planner, on a table just
 * filled and not yet analysed, took the outcome index and sorted every row left for each batch
 * (13 ms a batch at 50,000 rows left, against 0.06 ms).
 */
export async function pendingRows(
  db: Executor,
  importId: string,
  afterLine: number,
  limit: number,
): Promise<PendingRow[]> {
  const result = await db.execute<{ line: number; outcome: 'CREATE' | 'UPDATE'; data: unknown }>(
    sql`SELECT line, outcome, data FROM product_import_rows
        WHERE import_id = ${importId}::uuid AND line > ${afterLine}
          AND outcome <> 'UNCHANGED' AND outcome <> 'REFUSED'
        ORDER BY line LIMIT ${limit}`,
  );
  return result.rows.map((row) => ({
    line: Number(row.line),
    outcome: row.outcome,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data,
  }));
}

export async function refuseRowAtApply(
  tx: Executor,
  importId: string,
  line: number,
  message: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE product_import_rows SET outcome = 'REFUSED', message = ${message}
    WHERE import_id = ${importId}::uuid AND line = ${line}`);
}

/** APPLYING -> APPLIED by `owner`; false when someone else finished it. */
export async function finishImport(tx: Executor, id: string, owner: string): Promise<boolean> {
  const result = await tx.execute(sql`
    UPDATE product_imports SET status = 'APPLIED', applied_at = now(), updated_at = now(),
      lease_owner = NULL, lease_until = NULL
    WHERE id = ${id}::uuid AND status = 'APPLYING' AND lease_owner = ${owner}
    RETURNING id`);
  return result.rows.length === 1;
}

/** The products (and their brands) the applied rows of an import wrote. */
export async function productsOfImport(
  db: Executor,
  importId: string,
): Promise<{ productIds: string[]; brandIds: string[] }> {
  const result = await db.execute<{ id: string; brand_id: string }>(sql`
    SELECT DISTINCT p.id, p.brand_id FROM product_import_rows r
    JOIN variants v ON v.sku = r.sku JOIN products p ON p.id = v.product_id
    WHERE r.import_id = ${importId}::uuid AND r.outcome IN ('CREATE', 'UPDATE')`);
  return {
    productIds: result.rows.map((row) => row.id),
    brandIds: [...new Set(result.rows.map((row) => row.brand_id))],
  };
}

// ---- Catalog reads ----

export interface BrandRef {
  id: string;
  slug: string;
  name: string;
}
export interface CategoryRef {
  id: string;
  parentId: string | null;
  slug: string;
  name: string;
}

export async function allBrands(db: Executor): Promise<BrandRef[]> {
  const result = await db.execute<{ id: string; slug: string; name: string }>(
    sql`SELECT id, slug, name FROM brands`,
  );
  return result.rows;
}

export async function allCategories(db: Executor): Promise<CategoryRef[]> {
  const result = await db.execute<{
    id: string;
    parent_id: string | null;
    slug: string;
    name: string;
  }>(sql`SELECT id, parent_id, slug, name FROM categories`);
  return result.rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    slug: row.slug,
    name: row.name,
  }));
}

/** A product as the catalog writer stores it, with its fiscal data (catalog.fiscal.ts). */
export interface CatalogProduct extends ProductValues, ProductFiscalValues {
  id: string;
  origin: number;
}

/** A variant as the catalog writer stores it, with its product. */
export interface CatalogVariant extends VariantValues {
  id: string;
  productId: string;
  productSlug: string;
  productBrandId: string;
}

type RawProduct = {
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
};

const toProduct = (row: RawProduct): CatalogProduct => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  brandId: row.brand_id,
  categoryId: row.category_id,
  published: row.published,
  featured: row.featured,
  seoTitle: row.seo_title,
  seoDescription: row.seo_description,
  ncm: row.ncm,
  cest: row.cest,
  origin: Number(row.origin),
  taxSituation: row.tax_situation,
});

type RawVariant = {
  id: string;
  product_id: string;
  product_slug: string;
  product_brand_id: string;
  sku: string;
  size: string | null;
  color: string | null;
  price_cents: number;
  compare_at_price_cents: number | null;
  stock: number;
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  gtin: string | null;
  low_stock_threshold: number | null;
};

const toVariant = (row: RawVariant): CatalogVariant => ({
  id: row.id,
  productId: row.product_id,
  productSlug: row.product_slug,
  productBrandId: row.product_brand_id,
  sku: row.sku,
  size: row.size,
  color: row.color,
  priceCents: row.price_cents,
  compareAtPriceCents: row.compare_at_price_cents,
  stock: row.stock,
  weightGrams: row.weight_grams,
  lengthCm: row.length_cm,
  widthCm: row.width_cm,
  heightCm: row.height_cm,
  gtin: row.gtin,
  lowStockThreshold: row.low_stock_threshold,
});

const PRODUCT_COLUMNS = sql.raw(`p.id, p.slug, p.name, p.description, p.brand_id, p.category_id,
  p.published, p.featured, p.seo_title, p.seo_description, p.ncm, p.cest, p.origin,
  p.tax_situation`);
const VARIANT_COLUMNS = sql.raw(`v.id, v.product_id, p.slug AS product_slug,
  p.brand_id AS product_brand_id, v.sku, v.size, v.color, v.price_cents, v.compare_at_price_cents,
  v.stock, v.weight_grams, v.length_cm, v.width_cm, v.height_cm, v.gtin, v.low_stock_threshold`);

const textList = (values: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export async function productsBySlugs(
  db: Executor,
  slugs: readonly string[],
): Promise<CatalogProduct[]> {
  if (slugs.length === 0) return [];
  const result = await db.execute<RawProduct>(
    sql`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.slug IN ${textList(slugs)}`,
  );
  return result.rows.map(toProduct);
}

export async function variantsBySkus(
  db: Executor,
  skus: readonly string[],
): Promise<CatalogVariant[]> {
  if (skus.length === 0) return [];
  const result = await db.execute<RawVariant>(sql`
    SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id
    WHERE v.sku IN ${textList(skus)}`);
  return result.rows.map(toVariant);
}

export async function variantsOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<CatalogVariant[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute<RawVariant>(sql`
    SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id
    WHERE v.product_id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::uuid)`);
  return result.rows.map(toVariant);
}

export async function variantsByGtins(
  db: Executor,
  gtins: readonly string[],
): Promise<{ sku: string; gtin: string }[]> {
  if (gtins.length === 0) return [];
  const result = await db.execute<{ sku: string; gtin: string }>(
    sql`SELECT sku, gtin FROM variants WHERE gtin IN ${textList(gtins)}`,
  );
  return result.rows;
}

// ---- The apply's locks (the writes: catalog.writer.repository.ts) ----

export async function lockProductBySlug(
  tx: Executor,
  slug: string,
): Promise<CatalogProduct | null> {
  const result = await tx.execute<RawProduct>(
    sql`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.slug = ${slug} FOR UPDATE`,
  );
  return result.rows[0] ? toProduct(result.rows[0]) : null;
}

export async function lockVariantBySku(tx: Executor, sku: string): Promise<CatalogVariant | null> {
  const result = await tx.execute<RawVariant>(sql`
    SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id
    WHERE v.sku = ${sku} FOR UPDATE OF v`);
  return result.rows[0] ? toVariant(result.rows[0]) : null;
}

export type ProductFields = Omit<CatalogProduct, 'id'>;

export type VariantFields = VariantValues;

// ---- The apply's batch writes: a batch's rows in a few statements ----

export async function lockProductsBySlugs(
  tx: Executor,
  slugs: readonly string[],
): Promise<CatalogProduct[]> {
  if (slugs.length === 0) return [];
  const result = await tx.execute<RawProduct>(
    sql`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.slug IN ${textList(slugs)}
        ORDER BY p.id FOR UPDATE`,
  );
  return result.rows.map(toProduct);
}

export async function lockVariantsBySkus(
  tx: Executor,
  skus: readonly string[],
): Promise<CatalogVariant[]> {
  if (skus.length === 0) return [];
  const result = await tx.execute<RawVariant>(sql`
    SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id
    WHERE v.sku IN ${textList(skus)} ORDER BY v.id FOR UPDATE OF v`);
  return result.rows.map(toVariant);
}
