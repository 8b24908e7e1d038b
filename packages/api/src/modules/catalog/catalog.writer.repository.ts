// The catalog writer: the only statements that write products (their fields, flags, fiscal data,
// version; insert and delete) and a variant's catalog data (SKU, options, prices, stock by hand,
// package, GTIN), with the stock ledger entries of those writes. Every path goes through it: the editor's save (catalog.staff.ts), the grid's
// price edit, stock changes, bulk price and package changes (catalog.bulk*.ts), the product CSV
// import (imports.service.ts) and the API's older product/variant mutations
// (catalog.products.service.ts). Rules are checked by the callers; the database keeps the last
// word (unique SKU/GTIN, stock >= 0, the price checks of migrations).
//
// Each write takes a list and is one statement whatever its length (rows travel as one JSON
// document), so a single edit and a 500-row import batch run the same SQL. The sales side
// (checkout's decrement, an expired Pix's restock) keeps its own conditional statements in
// checkout.repository.ts: those are orders, not catalog edits.
import type { ProductFiscal } from '@vitrine/rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { rows } from './catalog.repository';
import type { VariantRow } from './catalog.tables';

/** What a variant is, as the writer stores it (the stock is the absolute count). */
export interface VariantValues {
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  gtin: string | null;
  lowStockThreshold: number | null;
}

export interface VariantInsert extends VariantValues {
  productId: string;
  /** null: after the product's last variant, in list order. */
  position: number | null;
}

export interface VariantUpdate extends VariantValues {
  id: string;
  /** null: where it is. */
  position: number | null;
}

export interface VariantPrice {
  id: string;
  priceCents: number;
  compareAtPriceCents: number | null;
}

/** A package's measures; null keeps each variant's own. */
export interface VariantPackage {
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** One line of the stock ledger. `kind`: see stock_movements.kind (catalog.tables.ts). */
export interface StockMovement {
  variantId: string;
  delta: number;
  stockAfter: number;
  reason: string;
  kind: 'RECEIVED' | 'MANUAL_SALE' | 'DAMAGED' | 'STOCK_COUNT' | 'IMPORT' | 'EDIT' | 'INITIAL';
  note?: string | null;
  staffId: string | null;
}

const VARIANT_RECORD = sql.raw(`sku text, size text, color text, "priceCents" int,
  "compareAtPriceCents" int, stock int, "weightGrams" int, "lengthCm" int, "widthCm" int,
  "heightCm" int, gtin text, "lowStockThreshold" int, position int`);

export const VARIANT_COLUMNS = sql`id, product_id AS "productId", sku, size, color,
  price_cents AS "priceCents", compare_at_price_cents AS "compareAtPriceCents", stock,
  weight_grams AS "weightGrams", length_cm AS "lengthCm", width_cm AS "widthCm",
  height_cm AS "heightCm", gtin, low_stock_threshold AS "lowStockThreshold", position,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const json = (list: readonly unknown[]) => sql`${JSON.stringify(list)}::jsonb`;
const idSet = (list: readonly string[]) =>
  sql`(SELECT (jsonb_array_elements_text(${json(list)}))::uuid)`;

// ---- products ----------------------------------------------------------------------------------

/** A product's own fields (the editor's, the import's). */
export interface ProductValues {
  slug: string;
  name: string;
  description: string;
  brandId: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
}

/** A product's fiscal data for the NF-e; `origin` null: 0 on insert, kept on update. */
export interface ProductFiscalValues {
  ncm: string | null;
  cest: string | null;
  origin: number | null;
  taxSituation: string | null;
}

const PRODUCT_RECORD = sql.raw(`slug text, name text, description text, "brandId" uuid,
  "categoryId" uuid, published boolean, featured boolean, "seoTitle" text, "seoDescription" text,
  ncm text, cest text, origin smallint, "taxSituation" text`);

/** Inserts the products (without fiscal data: none); answers their ids by slug. */
export async function insertProducts(
  tx: Executor,
  list: readonly (ProductValues & Partial<ProductFiscalValues>)[],
): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const created = await rows<{ id: string; slug: string }>(
    tx,
    sql`INSERT INTO products (slug, name, description, brand_id, category_id, published, featured,
          seo_title, seo_description, ncm, cest, origin, tax_situation)
        SELECT x.slug, x.name, x.description, x."brandId", x."categoryId", x.published,
          x.featured, x."seoTitle", x."seoDescription", x.ncm, x.cest, coalesce(x.origin, 0),
          x."taxSituation"
        FROM jsonb_to_recordset(${json(list)}) AS x(${PRODUCT_RECORD})
        RETURNING id, slug`,
  );
  return new Map(created.map((row) => [row.slug, row.id]));
}

/**
 * Replaces the products' fields; with `fiscal`, their fiscal data too. `bump`: each one version
 * up here (otherwise the caller bumps once for the product and its variants).
 */
export async function updateProducts(
  tx: Executor,
  list: readonly (ProductValues & Partial<ProductFiscalValues> & { id: string })[],
  opts: { fiscal: boolean; bump: boolean },
): Promise<void> {
  if (list.length === 0) return;
  const fiscal = opts.fiscal
    ? sql`, ncm = x.ncm, cest = x.cest, origin = coalesce(x.origin, p.origin),
        tax_situation = x."taxSituation"`
    : sql``;
  const bump = opts.bump ? sql`, version = p.version + 1, updated_at = now()` : sql``;
  await tx.execute(sql`
    UPDATE products p SET slug = x.slug, name = x.name, description = x.description,
      brand_id = x."brandId", category_id = x."categoryId", published = x.published,
      featured = x.featured, seo_title = x."seoTitle", seo_description = x."seoDescription"
      ${fiscal}${bump}
    FROM jsonb_to_recordset(${json(list)}) AS x(id uuid, ${PRODUCT_RECORD})
    WHERE p.id = x.id`);
}

/** A product's fiscal data as the editor saved it (version bumped by the save). */
export async function setProductFiscal(
  tx: Executor,
  productId: string,
  fiscal: ProductFiscal,
): Promise<void> {
  await tx.execute(sql`UPDATE products SET ncm = ${fiscal.ncm}, cest = ${fiscal.cest},
      origin = ${fiscal.origin}, tax_situation = ${fiscal.taxSituation}
    WHERE id = ${productId}::uuid`);
}

/** What a change sets on every product given (nothing: the version bump alone). */
export interface ProductColumns {
  published?: boolean;
  featured?: boolean;
  categoryId?: string;
  /** Absent or null keeps each product's own. */
  fiscal?: Partial<ProductFiscalValues>;
}

function assignments(set: ProductColumns): SQL[] {
  const list: SQL[] = [];
  if (set.published !== undefined) list.push(sql`published = ${set.published}`);
  if (set.featured !== undefined) list.push(sql`featured = ${set.featured}`);
  if (set.categoryId !== undefined) list.push(sql`category_id = ${set.categoryId}::uuid`);
  const fiscal = set.fiscal;
  if (fiscal) {
    const keep = <T>(given: T | null | undefined, column: string) =>
      given === undefined || given === null ? sql.raw(column) : sql`${given}`;
    list.push(
      sql`ncm = ${keep(fiscal.ncm, 'ncm')}`,
      sql`cest = ${keep(fiscal.cest, 'cest')}`,
      sql`origin = ${keep(fiscal.origin, 'origin')}`,
      sql`tax_situation = ${keep(fiscal.taxSituation, 'tax_situation')}`,
    );
  }
  return list;
}

/** `set` on the products, each one version up. */
export async function setProductColumns(
  tx: Executor,
  productIds: readonly string[],
  set: ProductColumns,
): Promise<void> {
  if (productIds.length === 0) return;
  const list = [...assignments(set), sql`version = version + 1`, sql`updated_at = now()`];
  await tx.execute(
    sql`UPDATE products SET ${sql.join(list, sql`, `)} WHERE id IN ${idSet(productIds)}`,
  );
}

/** Order lines keep their own copy; variants, photos and stock movements go with the product. */
export async function deleteProducts(tx: Executor, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`DELETE FROM products WHERE id IN ${idSet(productIds)}`);
}

// ---- variants ----------------------------------------------------------------------------------

/** Inserts the variants; answers them in list order. */
export async function insertVariants(
  tx: Executor,
  list: readonly VariantInsert[],
): Promise<VariantRow[]> {
  if (list.length === 0) return [];
  const ordered = list.map((variant, ord) => ({ ...variant, ord }));
  const inserted = await rows<VariantRow & { ord: number }>(
    tx,
    sql`WITH x AS (
        SELECT * FROM jsonb_to_recordset(${json(ordered)})
          AS x("productId" uuid, ord int, ${VARIANT_RECORD})
      ), placed AS (
        INSERT INTO variants (product_id, sku, size, color, price_cents, compare_at_price_cents,
          stock, weight_grams, length_cm, width_cm, height_cm, gtin, low_stock_threshold, position)
        SELECT x."productId", x.sku, x.size, x.color, x."priceCents", x."compareAtPriceCents",
          x.stock, x."weightGrams", x."lengthCm", x."widthCm", x."heightCm", x.gtin,
          x."lowStockThreshold",
          coalesce(x.position,
            coalesce((SELECT max(position) FROM variants WHERE product_id = x."productId"), -1)
              + (count(*) FILTER (WHERE x.position IS NULL)
                  OVER (PARTITION BY x."productId" ORDER BY x.ord))::int)
        FROM x ORDER BY x.ord
        RETURNING ${VARIANT_COLUMNS}
      )
      SELECT placed.*, x.ord FROM placed JOIN x ON x.sku = placed.sku ORDER BY x.ord`,
  );
  return inserted.map(({ ord: _ord, ...row }) => row);
}

/** Replaces the variants' catalog data (every field; the product stays). */
export async function updateVariants(tx: Executor, list: readonly VariantUpdate[]): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`
    UPDATE variants v SET sku = x.sku, size = x.size, color = x.color,
      price_cents = x."priceCents", compare_at_price_cents = x."compareAtPriceCents",
      stock = x.stock, weight_grams = x."weightGrams", length_cm = x."lengthCm",
      width_cm = x."widthCm", height_cm = x."heightCm", gtin = x.gtin,
      low_stock_threshold = x."lowStockThreshold", position = coalesce(x.position, v.position),
      updated_at = now()
    FROM jsonb_to_recordset(${json(list)}) AS x(id uuid, ${VARIANT_RECORD})
    WHERE v.id = x.id`);
}

/** The sale price and the "de" price of each variant. */
export async function setVariantPrices(tx: Executor, list: readonly VariantPrice[]): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`
    UPDATE variants v SET price_cents = x."priceCents",
      compare_at_price_cents = x."compareAtPriceCents", updated_at = now()
    FROM jsonb_to_recordset(${json(list)})
      AS x(id uuid, "priceCents" int, "compareAtPriceCents" int)
    WHERE v.id = x.id`);
}

/** One package for many variants: each measure given, or the variant's own. */
export async function setVariantPackages(
  tx: Executor,
  ids: readonly string[],
  pkg: VariantPackage,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`UPDATE variants SET
      weight_grams = coalesce(${pkg.weightGrams}::int, weight_grams),
      length_cm = coalesce(${pkg.lengthCm}::int, length_cm),
      width_cm = coalesce(${pkg.widthCm}::int, width_cm),
      height_cm = coalesce(${pkg.heightCm}::int, height_cm),
      updated_at = now()
    WHERE id IN ${idSet(ids)}`);
}

/**
 * Sets a variant's stock, or adds `delta` to it, never below zero (a conditional update, safe
 * with concurrent checkouts): the row after, or null when the change would leave it negative.
 */
export async function writeVariantStock(
  tx: Executor,
  id: string,
  change: { set: number } | { add: number },
): Promise<VariantRow | null> {
  const next = 'set' in change ? sql`${change.set}::int` : sql`stock + ${change.add}::int`;
  const [row] = await rows<VariantRow>(
    tx,
    sql`UPDATE variants SET stock = ${next}, updated_at = now()
        WHERE id = ${id}::uuid AND ${next} >= 0
        RETURNING ${VARIANT_COLUMNS}`,
  );
  return row ?? null;
}

export async function deleteVariants(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`DELETE FROM variants WHERE id IN ${idSet(ids)}`);
}

/** Appends lines to the stock ledger (the catalog's own; orders write theirs at checkout). */
export async function recordStockMovements(
  tx: Executor,
  list: readonly StockMovement[],
): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`
    INSERT INTO stock_movements (variant_id, delta, reason, kind, stock_after, note, staff_id)
    SELECT x."variantId", x.delta, x.reason, x.kind, x."stockAfter", x.note, x."staffId"
    FROM jsonb_to_recordset(${json(list)})
      AS x("variantId" uuid, delta int, reason text, kind text, "stockAfter" int, note text,
           "staffId" uuid)`);
}

/** A saved change of products or their variants: the editor's version check sees it. */
export async function bumpProductVersions(
  tx: Executor,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    UPDATE products SET version = version + 1, updated_at = now() WHERE id IN ${idSet(productIds)}`);
}

export async function variantsByIds(tx: Executor, ids: readonly string[]): Promise<VariantRow[]> {
  if (ids.length === 0) return [];
  return rows<VariantRow>(
    tx,
    sql`SELECT ${VARIANT_COLUMNS} FROM variants
        WHERE id IN ${idSet(ids)}`,
  );
}
