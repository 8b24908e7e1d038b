// The storefront's reads of every request: a product page's product, brand, variants, images and
// categories, a listing's brands and images. Each is a named statement (db/statements.ts) that
// PostgreSQL parses and plans once per connection, with none of the query builder's work per call
// (~50 µs each): in the Black Friday mix these few statements were half of PostgreSQL's parsing
// and planning. Rows are the objects a drizzle select of the table returns
// (catalog.reads.test.ts compares them).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { namedStatement, rowFromJson, runStatement, sqlText } from '../../db/statements';
import {
  ACTIVE_BRAND,
  PRODUCT_COLUMNS,
  SELLABLE,
  toProductRow,
  type ProductListRow,
} from './catalog.repository';
import {
  brands,
  categories,
  images,
  variants,
  type BrandRow,
  type CategoryRow,
  type ImageRow,
  type VariantRow,
} from './catalog.tables';

const PUBLISHED_PRODUCT = namedStatement(
  'catalog_published_product',
  sqlText(sql`SELECT ${PRODUCT_COLUMNS}, null AS sort_key FROM products p
    WHERE p.slug = ${sql.raw('$1')} AND p.published AND ${SELLABLE} AND ${ACTIVE_BRAND}`),
);

const BRANDS_BY_IDS = namedStatement(
  'catalog_brands_by_ids',
  'SELECT row_to_json(b) AS r FROM brands b WHERE b.id = ANY($1::uuid[])',
);

const ALL_CATEGORIES = namedStatement(
  'catalog_all_categories',
  'SELECT row_to_json(c) AS r FROM categories c ORDER BY c.position, c.name',
);

const VARIANTS_BY_PRODUCT_IDS = namedStatement(
  'catalog_variants_by_product_ids',
  `SELECT row_to_json(v) AS r FROM variants v WHERE v.product_id = ANY($1::uuid[])
    ORDER BY v.position, v.price_cents, v.sku`,
);

const IMAGES_BY_PRODUCT_IDS = namedStatement(
  'catalog_images_by_product_ids',
  `SELECT row_to_json(i) AS r FROM images i WHERE i.product_id = ANY($1::uuid[])
    ORDER BY i.position, i.created_at`,
);

/** The product a storefront page shows: published, with a price, of an active brand. */
export async function findPublishedProduct(
  db: Executor,
  slug: string,
): Promise<ProductListRow | null> {
  const [row] = await runStatement<Record<string, unknown>>(db, PUBLISHED_PRODUCT, [slug]);
  return row ? toProductRow(row) : null;
}

export async function brandsByIds(db: Executor, ids: readonly string[]): Promise<BrandRow[]> {
  const found = await runStatement<{ r: Record<string, unknown> }>(db, BRANDS_BY_IDS, [[...ids]]);
  return found.map((row) => rowFromJson(brands, row.r));
}

/** Every category, by position and name (the tree is built from it). */
export async function allCategories(db: Executor): Promise<CategoryRow[]> {
  const found = await runStatement<{ r: Record<string, unknown> }>(db, ALL_CATEGORIES, []);
  return found.map((row) => rowFromJson(categories, row.r));
}

export async function variantsByProductIds(
  db: Executor,
  productIds: readonly string[],
): Promise<VariantRow[]> {
  const found = await runStatement<{ r: Record<string, unknown> }>(db, VARIANTS_BY_PRODUCT_IDS, [
    [...productIds],
  ]);
  return found.map((row) => rowFromJson(variants, row.r));
}

export async function imagesByProductIds(
  db: Executor,
  productIds: readonly string[],
): Promise<ImageRow[]> {
  const found = await runStatement<{ r: Record<string, unknown> }>(db, IMAGES_BY_PRODUCT_IDS, [
    [...productIds],
  ]);
  return found.map((row) => rowFromJson(images, row.r));
}
