// The dashboard catalog's SQL (catalog.staff.ts, catalog.save.ts, catalog.fiscal.ts): the products
// grid's page and count, slugs taken, the editor's locked product and variants, SKU/GTIN clashes,
// photos' texts, the rows a price edit or a stock change locks, the products' fiscal columns, the
// staff's look-ups, and the brands' and categories' writes. Products and variants are written by
// the catalog writer (catalog.writer.repository.ts).
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { isUuid } from '../../lib/ids';
import { PRODUCT_COLUMNS, rows, toProductRow, type ProductListRow } from './catalog.repository';
import type { ProductValues } from './catalog.writer.repository';
import {
  brands,
  categories,
  images,
  products,
  variants,
  type BrandRow,
  type CategoryRow,
  type ProductRow,
  type VariantRow,
} from './catalog.tables';

export type StaffProductSort =
  | 'UPDATED_DESC'
  | 'UPDATED_ASC'
  | 'NAME_ASC'
  | 'NAME_DESC'
  | 'PRICE_ASC'
  | 'PRICE_DESC'
  | 'STOCK_ASC'
  | 'STOCK_DESC'
  | 'CREATED_DESC';

const TOTAL_STOCK = sql`(SELECT coalesce(sum(v.stock), 0) FROM variants v WHERE v.product_id = p.id)`;

const STAFF_SORTS: Record<StaffProductSort, SQL> = {
  UPDATED_DESC: sql`p.updated_at DESC, p.id DESC`,
  UPDATED_ASC: sql`p.updated_at ASC, p.id ASC`,
  NAME_ASC: sql`p.name_folded COLLATE "C" ASC, p.id ASC`,
  NAME_DESC: sql`p.name_folded COLLATE "C" DESC, p.id DESC`,
  PRICE_ASC: sql`p.min_price_cents ASC NULLS LAST, p.id ASC`,
  PRICE_DESC: sql`p.min_price_cents DESC NULLS LAST, p.id DESC`,
  STOCK_ASC: sql`${TOTAL_STOCK} ASC, p.id ASC`,
  STOCK_DESC: sql`${TOTAL_STOCK} DESC, p.id DESC`,
  CREATED_DESC: sql`p.created_at DESC, p.id DESC`,
};

export function isStaffProductSort(sort: string): sort is StaffProductSort {
  return Object.hasOwn(STAFF_SORTS, sort);
}

export async function staffProductsPage(
  db: Executor,
  where: SQL,
  sort: StaffProductSort,
  page: { first: number; offset: number },
): Promise<ProductListRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}, null AS sort_key FROM products p
        WHERE ${where} ORDER BY ${STAFF_SORTS[sort]} LIMIT ${page.first} OFFSET ${page.offset}`,
  );
  return found.map(toProductRow);
}

export async function countStaffProducts(db: Executor, where: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** `base` and the slugs made from it ('base-2', ...), but `exceptId`'s. */
export async function takenSlugs(
  db: Executor,
  base: string,
  exceptId: string | null,
): Promise<Set<string>> {
  const except = exceptId && isUuid(exceptId) ? sql` AND id <> ${exceptId}::uuid` : sql``;
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const found = await rows<{ slug: string }>(
    db,
    sql`SELECT slug FROM products WHERE (slug = ${base} OR slug LIKE ${pattern})${except}`,
  );
  return new Set(found.map((row) => row.slug));
}

export interface LockedProduct extends ProductValues {
  id: string;
  version: number;
}

/** Row lock: two saves of one version are serialised, and the second sees the new version. */
export async function lockProduct(tx: Executor, id: string): Promise<LockedProduct | null> {
  const [row] = await rows<LockedProduct>(
    tx,
    sql`SELECT id, version, brand_id AS "brandId", slug, name, description,
          category_id AS "categoryId", published, featured, seo_title AS "seoTitle",
          seo_description AS "seoDescription"
        FROM products WHERE id = ${id}::uuid FOR UPDATE`,
  );
  return row ? { ...row, version: Number(row.version) } : null;
}

/** The product's variants in order, locked for the save. */
export function lockProductVariants(
  tx: Executor,
  productId: string,
): Promise<Record<string, unknown>[]> {
  return rows<Record<string, unknown>>(
    tx,
    sql`SELECT id, sku, size, color, price_cents AS "priceCents",
        compare_at_price_cents AS "compareAtPriceCents", stock,
        weight_grams AS "weightGrams", length_cm AS "lengthCm", width_cm AS "widthCm",
        height_cm AS "heightCm", gtin, low_stock_threshold AS "lowStockThreshold"
      FROM variants WHERE product_id = ${productId}::uuid ORDER BY position FOR UPDATE`,
  );
}

/** Variants anywhere in the store with one of these SKUs (any case) or GTINs. */
export function skuOrGtinHolders(
  tx: Executor,
  skus: readonly string[],
  gtins: readonly string[],
): Promise<{ id: string; sku: string; gtin: string | null; product: string }[]> {
  const lowered = skus.map((s) => s.toLowerCase());
  return rows(
    tx,
    sql`SELECT v.id, v.sku, v.gtin, p.name AS product FROM variants v
      JOIN products p ON p.id = v.product_id
      WHERE lower(v.sku) IN (SELECT jsonb_array_elements_text(${JSON.stringify(lowered)}::jsonb))
        OR v.gtin IN (SELECT jsonb_array_elements_text(${JSON.stringify(gtins)}::jsonb))`,
  );
}

/** 'id:alt' of the product's photos in order (what the history compares). */
export async function photoKeys(tx: Executor, productId: string): Promise<string[]> {
  const found = await rows<{ id: string; alt: string }>(
    tx,
    sql`SELECT id, alt FROM images WHERE product_id = ${productId}::uuid
        ORDER BY position, created_at`,
  );
  return found.map((row) => `${row.id}:${row.alt}`);
}

export async function setPhotoTexts(
  tx: Executor,
  photos: readonly { id: string; alt: string }[],
): Promise<void> {
  if (photos.length === 0) return;
  await tx.execute(sql`UPDATE images i SET alt = x.alt
    FROM jsonb_to_recordset(${JSON.stringify(photos)}::jsonb) AS x(id uuid, alt text)
    WHERE i.id = x.id`);
}

/** A variant's prices and product name, locked for a price edit. */
export async function lockVariantPrices(
  tx: Executor,
  id: string,
): Promise<{ price: number; compare: number | null; name: string } | null> {
  const [row] = await rows<{ price: number; compare: number | null; name: string }>(
    tx,
    sql`SELECT v.price_cents AS price, v.compare_at_price_cents AS compare, p.name
        FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.id = ${id}::uuid FOR UPDATE OF v`,
  );
  return row
    ? {
        ...row,
        price: Number(row.price),
        compare: row.compare === null ? null : Number(row.compare),
      }
    : null;
}

/** A variant's stock and product name, locked: changes and checkouts apply one after another. */
export async function lockVariantStockOf(
  tx: Executor,
  id: string,
): Promise<{ stock: number; name: string } | null> {
  const [row] = await rows<{ stock: number; name: string }>(
    tx,
    sql`SELECT v.stock, p.name FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.id = ${id}::uuid FOR UPDATE OF v`,
  );
  return row ? { ...row, stock: Number(row.stock) } : null;
}

export interface FiscalRow {
  id: string;
  ncm: string | null;
  cest: string | null;
  origin: number;
  tax_situation: string | null;
}

/** The products' fiscal columns (catalog.fiscal.ts). */
export function fiscalRowsByIds(db: Executor, ids: readonly string[]): Promise<FiscalRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<FiscalRow>(
    db,
    sql`SELECT id, ncm, cest, origin, tax_situation FROM products
        WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
  );
}

// ---- staff look-ups --------------------------------------------------------------------------

export async function findCategory(db: Executor, id: string): Promise<CategoryRow | null> {
  const result = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return result[0] ?? null;
}

/** The product's own row (unpublished ones too), as staff writes check it. */
export async function findProductRow(db: Executor, id: string): Promise<ProductRow | null> {
  const result = await db.select().from(products).where(eq(products.id, id));
  return result[0] ?? null;
}

/** A variant with its product's brand, which decides who may change it. */
export async function findVariantWithBrand(
  db: Executor,
  id: string,
): Promise<{ variant: VariantRow; brandId: string } | null> {
  const result = await db
    .select({ variant: variants, brandId: products.brandId })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, id));
  return result[0] ?? null;
}

export async function countProductsOfBrand(db: Executor, brandId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.brandId, brandId));
  return row?.n ?? 0;
}

export async function countProductsInCategory(db: Executor, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.categoryId, categoryId));
  return row?.n ?? 0;
}

/** Categories directly under `parentId` (null: the top level). */
export async function countCategoriesUnder(db: Executor, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId));
  return row?.n ?? 0;
}

export async function countVariantsOfProduct(db: Executor, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(variants)
    .where(eq(variants.productId, productId));
  return row?.n ?? 0;
}

/** A product's variants in their display order. */
export function variantsOfProduct(db: Executor, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position));
}

/** The images among `ids` that exist, with the product each belongs to (if any). */
export function imageOwners(
  db: Executor,
  ids: string[],
): Promise<{ id: string; productId: string | null }[]> {
  return db
    .select({ id: images.id, productId: images.productId })
    .from(images)
    .where(inArray(images.id, ids));
}

/** A variant's stock, its row locked until the transaction ends. */
export async function lockVariantStock(
  tx: Executor,
  id: string,
): Promise<{ stock: number } | undefined> {
  const [row] = await tx
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, id))
    .for('update');
  return row;
}

export async function variantStock(db: Executor, id: string): Promise<number | null> {
  const [row] = await db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, id));
  return row?.stock ?? null;
}

// ---- staff writes ----------------------------------------------------------------------------

export type NewBrand = typeof brands.$inferInsert;
export type NewCategory = typeof categories.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type ProductChanges = Partial<NewProduct>;

export async function insertBrand(db: Executor, values: NewBrand): Promise<BrandRow> {
  const [row] = await db.insert(brands).values(values).returning();
  return row!;
}

export async function updateBrandById(
  db: Executor,
  id: string,
  values: Partial<NewBrand>,
): Promise<BrandRow> {
  const [row] = await db
    .update(brands)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(brands.id, id))
    .returning();
  return row!;
}

export async function deleteBrandById(db: Executor, id: string): Promise<void> {
  await db.delete(brands).where(eq(brands.id, id));
}

export async function insertCategory(db: Executor, values: NewCategory): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row!;
}

export async function updateCategoryById(
  db: Executor,
  id: string,
  values: Partial<NewCategory>,
): Promise<CategoryRow> {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
    .returning();
  return row!;
}

export async function deleteCategoryById(db: Executor, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Makes `ids` the product's images in this order; images left out are detached, not deleted. */
export async function setProductImages(
  db: Executor,
  productId: string,
  ids: string[],
): Promise<void> {
  const kept =
    ids.length > 0
      ? sql`${images.id} NOT IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`true`;
  await db
    .update(images)
    .set({ productId: null })
    .where(and(eq(images.productId, productId), kept));
  for (const [position, id] of ids.entries()) {
    // An image without alternative text is described by its product's name.
    await db
      .update(images)
      .set({
        productId,
        position,
        alt: sql`coalesce(nullif(${images.alt}, ''), (SELECT name FROM products WHERE id = ${productId}))`,
      })
      .where(eq(images.id, id));
  }
}
