// Catalog SQL: the product listing (search, filters, keyset pages), the counts behind the
// per-request loaders. The storefront's reads of every request (a product page's product, its
// brand, variants, images, the categories) are named statements: catalog.reads.repository.ts.
// Facets: catalog.facets.repository.ts; the dashboard's look-ups and brand and category writes:
// catalog.staff.repository.ts; products and variants: catalog.writer.repository.ts.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { brands, categories, stockMovements, type BrandRow } from './catalog.tables';
import { countedProducts, list } from './catalog.counts.repository';
import { refined, type Cursor, type ProductFilter, type ProductSortKey } from './catalog.listing';

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute<Record<string, unknown>>(query);
  return result.rows as T[];
}

export interface ProductListRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  brandId: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  createdAt: Date;
  updatedAt: Date;
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  inStock: boolean;
  version: number;
  seoTitle: string | null;
  seoDescription: string | null;
  sortKey: string | number;
}

export { list };

/** The search's full-text queries, computed once per statement (joined as `q`). */
function searchSource(filter: ProductFilter): SQL {
  return sql`CROSS JOIN (SELECT to_tsquery('portuguese', ${filter.searchMatch}) AS match_q,
    to_tsquery('portuguese', ${filter.searchRank}) AS any_q) q`;
}

export type VariantFacet = 'size' | 'color' | 'price';

/** Conditions on a variant's own columns (size, colour, price), minus the facet's own. */
export function variantOnlyConditions(filter: ProductFilter, omit: VariantFacet | null): SQL[] {
  const conditions: SQL[] = [];
  if (omit !== 'size' && filter.sizes.length > 0) {
    conditions.push(sql`v.size IN (${list(filter.sizes)})`);
  }
  if (omit !== 'color' && filter.colors.length > 0) {
    conditions.push(sql`v.color IN (${list(filter.colors)})`);
  }
  if (omit !== 'price' && filter.minPriceCents !== null) {
    conditions.push(sql`v.price_cents >= ${filter.minPriceCents}`);
  }
  if (omit !== 'price' && filter.maxPriceCents !== null) {
    conditions.push(sql`v.price_cents <= ${filter.maxPriceCents}`);
  }
  return conditions;
}

/** A product with at least one variant (its summary price is set by the database). */
export const SELLABLE = sql`p.min_price_cents IS NOT NULL`;

/** The product's brand is active (inactive brands and their products are off the storefront). */
export const ACTIVE_BRAND = sql`EXISTS (SELECT 1 FROM brands ab WHERE ab.id = p.brand_id AND ab.active)`;

/**
 * The product's own summary of its variants (migration 0048, kept by the same transaction as every
 * variant change) compared with the chosen sizes and colours: a size chosen (in stock) is in its
 * `facet_sizes` (`_in_stock`), a colour in its `facet_colors`. One comparison per kind chosen.
 */
function summaryArrays(filter: ProductFilter): SQL[] {
  const stock = filter.inStock ? '_in_stock' : '';
  const parts: SQL[] = [];
  if (filter.sizes.length > 0) {
    parts.push(sql`${sql.raw(`p.facet_sizes${stock}`)} && ARRAY[${list(filter.sizes)}]::text[]`);
  }
  if (filter.colors.length > 0) {
    parts.push(sql`${sql.raw(`p.facet_colors${stock}`)} && ARRAY[${list(filter.colors)}]::text[]`);
  }
  return parts;
}

/**
 * Sizes only or colours only (no price): "a variant of one of these sizes (in stock)" is the
 * product's summary, a column compared on the product's row. A listing refined by a size that few
 * products of a category have reads the category's products in order: a look at each one's
 * variants cost ~30 µs, this ~1 µs. Null when the filter asks more (a size and a colour together,
 * a price).
 */
function summaryCondition(filter: ProductFilter): SQL | null {
  if (filter.minPriceCents !== null || filter.maxPriceCents !== null) return null;
  const parts = summaryArrays(filter);
  return parts.length === 1 ? parts[0]! : null;
}

/**
 * What the summaries say of a filter they cannot answer alone (sizes and colours together, or
 * with a price): a variant of a chosen size and a chosen colour needs the product to have both, so
 * products without them are passed over on their own row (~1 µs) before their variants are looked
 * at (~30 µs). Null when no size or colour is chosen.
 */
function summaryCandidates(filter: ProductFilter): SQL | null {
  const parts = summaryArrays(filter);
  return parts.length > 0 ? sql.join(parts, sql` AND `) : null;
}

/**
 * The variant side of the filter: one variant meeting every condition together (size M *and*
 * blue *and* in stock), or the product's summary columns when only "in stock" or "sellable" is
 * asked, which needs no look at the variants table.
 */
export function variantFilter(
  filter: ProductFilter,
  /**
   * 'in' where it is a column of every product rather than a condition (the facets): PostgreSQL
   * then finds the matching variants once and hashes them, instead of a look-up per product.
   */
  form: 'exists' | 'in' | 'page' = 'exists',
  /** false: look at the variants even where the products' summaries answer (tests compare). */
  summaries = true,
): SQL | null {
  // Public products always need a variant to be sold; staff also see products without one. Said
  // even where a matching variant implies it: the storefront's sort indexes (migrations 0002,
  // 0033) cover only sellable products, and PostgreSQL uses them only when the query says so.
  const sellable = filter.published === true ? sql` AND ${SELLABLE}` : sql``;
  const summary = summaries ? summaryCondition(filter) : null;
  if (summary) return sql`${summary}${sellable}`;
  const conditions = variantOnlyConditions(filter, null);
  if (conditions.length > 0) {
    if (filter.inStock) conditions.push(sql`v.stock > 0`);
    const where = sql.join(conditions, sql` AND `);
    const candidates = summaries ? summaryCandidates(filter) : null;
    const first = candidates ? sql`${candidates} AND ` : sql``;
    if (form === 'in') {
      return sql`${first}p.id IN (SELECT v.product_id FROM variants v WHERE ${where})${sellable}`;
    }
    if (form === 'page' && candidates) {
      // A listing's page: the summaries' test and the variants' are one condition to the planner
      // (a CASE), and the variants are looked up product by product (OFFSET 0 keeps PostgreSQL
      // from hashing every variant of the sizes first). Side by side, it multiplied the two
      // selectivities though the first follows from the second: it expected 12 of a category's
      // 9,077 t-shirts where 1,311 are in G or 38 in white, and read and sorted the whole
      // category (29-55 ms) instead of walking its newest-first index until a page was found
      // (2-5 ms). A count reads every product anyway, and counts faster as a join (160 against
      // 260 ms for two sizes in two colours over 100,000 products): it keeps the other form.
      return sql`CASE WHEN ${candidates}
        THEN EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${where} OFFSET 0)
        ELSE false END${sellable}`;
    }
    return sql`${first}EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${where})${sellable}`;
  }
  if (filter.inStock) return sql`p.in_stock${sellable}`;
  if (filter.published === true) return SELLABLE;
  return null;
}

/**
 * `column` is the chosen category or one below it (as `categorySlug` has always meant); null
 * when no category is chosen.
 */
export function categoryCondition(filter: ProductFilter, column = sql`p.category_id`): SQL | null {
  if (filter.categorySlug === null) return null;
  return sql`${column} IN (
      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM categories WHERE slug = ${filter.categorySlug}
        UNION ALL
        SELECT c.id FROM categories c JOIN subtree ON c.parent_id = subtree.id
      )
      SELECT id FROM subtree)`;
}

/** `column` is one of the chosen brands; null when no brand is chosen. */
export function brandCondition(filter: ProductFilter, column = sql`p.brand_id`): SQL | null {
  if (filter.brandSlugs.length === 0) return null;
  return sql`${column} IN (SELECT id FROM brands WHERE slug IN (${list(filter.brandSlugs)}))`;
}

/**
 * Product-level conditions, without the brand and category selections, which the facets treat
 * separately.
 */
export function productConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.published !== null) conditions.push(sql`p.published = ${filter.published}`);
  if (filter.activeBrandsOnly) conditions.push(ACTIVE_BRAND);
  if (filter.brandIdScope !== null) {
    conditions.push(
      filter.brandIdScope.length > 0
        ? sql`p.brand_id IN (${list(filter.brandIdScope)})`
        : sql`false`,
    );
  }
  if (filter.featured !== null) conditions.push(sql`p.featured = ${filter.featured}`);
  // Every word (or one of its corrections) must match the full-text document: name, brand,
  // category, colours and description, by stem and without accents; stop words are ignored.
  if (filter.searchMatch !== null) conditions.push(sql`p.search_vector @@ q.match_q`);
  return conditions;
}

function whereAll(
  filter: ProductFilter,
  summaries = true,
  form: 'exists' | 'page' = 'exists',
): SQL {
  const conditions = productConditions(filter);
  const category = categoryCondition(filter);
  if (category) conditions.push(category);
  const brand = brandCondition(filter);
  if (brand) conditions.push(brand);
  const variants = variantFilter(filter, form, summaries);
  if (variants) conditions.push(variants);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
}

/** The FROM of a listing: the products, with the search's queries when it has one. */
export function from(filter: ProductFilter): SQL {
  return filter.searchMatch !== null ? sql`products p ${searchSource(filter)}` : sql`products p`;
}

const SORTS: Record<ProductSortKey, { key: SQL; order: SQL; after: (c: Cursor) => SQL }> = {
  RELEVANCE: {
    // The weighted full-text rank alone (name A, brand B, category and colours C, description D).
    // word_similarity against the name was added to it once: it cost 6 µs a match (100 of the
    // 150 ms of a 16,000-match search at 100,000 products) and gave the same first page.
    key: sql`ts_rank(p.search_vector, q.any_q)::float8`,
    order: sql`s.sort_key DESC, s.id DESC`,
    after: (c) => sql`(s.sort_key, s.id) < (${c.key}::float8, ${c.id}::uuid)`,
  },
  // In-stock products by their lowest price, then the sold-out ones (by price too): a shopper
  // sorting by price wants what she can buy. One number per product (the stock flag as 2^32 on
  // top of the price), read in order from an index (migration 0033) written with the same
  // expression; PRICE_DESC's key is the price subtracted, read ascending.
  PRICE_ASC: {
    key: sql`((CASE WHEN p.in_stock THEN 0 ELSE 4294967296 END + coalesce(p.min_price_cents, 0))::float8)`,
    order: sql`s.sort_key ASC, s.id ASC`,
    after: (c) => sql`(s.sort_key, s.id) > (${c.key}::float8, ${c.id}::uuid)`,
  },
  PRICE_DESC: {
    key: sql`((CASE WHEN p.in_stock THEN 0 ELSE 4294967296 END - coalesce(p.min_price_cents, 0))::float8)`,
    order: sql`s.sort_key ASC, s.id ASC`,
    after: (c) => sql`(s.sort_key, s.id) > (${c.key}::float8, ${c.id}::uuid)`,
  },
  // The key keeps the microseconds that a JavaScript Date would lose.
  NEWEST: {
    key: sql`to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    order: sql`s.created_at DESC, s.id DESC`,
    after: (c) => sql`(s.created_at, s.id) < (${c.key}::timestamptz, ${c.id}::uuid)`,
  },
  // Accent- and case-free, byte order: the same order for ORDER BY and the keyset comparison.
  NAME: {
    key: sql`p.name_folded COLLATE "C"`,
    order: sql`s.sort_key ASC, s.id ASC`,
    after: (c) => sql`(s.sort_key, s.id) > (${c.key}::text COLLATE "C", ${c.id}::uuid)`,
  },
};

export const PRODUCT_COLUMNS = sql`
  p.id, p.slug, p.name, p.description, p.brand_id AS "brandId", p.category_id AS "categoryId",
  p.published, p.featured, p.created_at, p.created_at AS "createdAt", p.updated_at AS "updatedAt",
  coalesce(p.min_price_cents, 0) AS "minPriceCents",
  coalesce(p.max_price_cents, 0) AS "maxPriceCents",
  p.compare_at_price_cents AS "compareAtPriceCents", p.in_stock AS "inStock",
  p.version, p.seo_title AS "seoTitle", p.seo_description AS "seoDescription"`;

export function toProductRow(row: Record<string, unknown>): ProductListRow {
  return {
    id: row.id as string,
    slug: row.slug as string,
    name: row.name as string,
    description: row.description as string,
    brandId: row.brandId as string,
    categoryId: row.categoryId as string,
    published: row.published as boolean,
    featured: row.featured as boolean,
    createdAt: new Date(row.createdAt as string | Date),
    updatedAt: new Date(row.updatedAt as string | Date),
    minPriceCents: Number(row.minPriceCents),
    maxPriceCents: Number(row.maxPriceCents),
    compareAtPriceCents: row.compareAtPriceCents === null ? null : Number(row.compareAtPriceCents),
    inStock: row.inStock as boolean,
    version: Number(row.version),
    seoTitle: (row.seoTitle as string | null) ?? null,
    seoDescription: (row.seoDescription as string | null) ?? null,
    sortKey: row.sort_key as string | number,
  };
}

/** A search's relevance (the products `p` against the search's queries `q`). */
export const RELEVANCE_KEY = SORTS.RELEVANCE.key;

/**
 * The page, as JSON rows of the products' columns and their sort key, of `ranked` (rows of `id`
 * and `sort_key`, the relevance) by relevance after `after`: the order, keyset and limit of
 * listProducts, with only the page's products read.
 */
export function relevancePage(ranked: SQL, limit: number, after: Cursor | null): SQL {
  const spec = SORTS.RELEVANCE;
  const keyset = after ? sql`WHERE ${spec.after(after)}` : sql``;
  return sql`(SELECT coalesce(json_agg(r ORDER BY r.sort_key DESC, r.id DESC), '[]'::json)
    FROM (
      SELECT ${PRODUCT_COLUMNS}, s.sort_key
      FROM (SELECT s.* FROM (${ranked}) s ${keyset} ORDER BY ${spec.order} LIMIT ${limit}) s
      JOIN products p ON p.id = s.id
    ) r)`;
}

export async function listProducts(
  db: Executor,
  filter: ProductFilter,
  sort: ProductSortKey,
  limit: number,
  after: Cursor | null,
  /**
   * parts false: read the listing whole even where it could go part by part; summaries false:
   * look at the variants even where the products' summaries answer (tests compare them).
   */
  opts: { parts?: boolean; summaries?: boolean } = {},
): Promise<ProductListRow[]> {
  const spec = SORTS[sort];
  const keyset = after ? sql`WHERE ${spec.after(after)}` : sql``;
  const parts = opts.parts === false ? null : listingParts(filter, sort);
  const page = (scope: ProductFilter, part: SQL) => sql`SELECT s.* FROM (
      SELECT ${PRODUCT_COLUMNS}, ${spec.key} AS sort_key
      FROM ${from(scope)}
      WHERE ${whereAll(scope, opts.summaries !== false, 'page')}${part}
    ) s ${keyset}
    ORDER BY ${spec.order}
    LIMIT ${limit}`;
  const result = await rows<Record<string, unknown>>(
    db,
    parts
      ? // Each category of the subtree (each brand) read in order from its own index
        // (migration 0050), `limit` rows at most from each, merged.
        sql`SELECT s.* FROM (${parts.ids}) part(id)
          CROSS JOIN LATERAL (${page(parts.scope, parts.condition)}) s
          ORDER BY ${spec.order}
          LIMIT ${limit}`
      : page(filter, sql``),
  );
  return result.map(toProductRow);
}

/**
 * A public listing of a category (its subtree) or of chosen brands, sorted by anything but
 * relevance, is read one category (one brand) at a time: the ids of the parts, the condition
 * naming the part (`part.id`), and the filter left for each part. Null: read it whole.
 */
function listingParts(
  filter: ProductFilter,
  sort: ProductSortKey,
): { ids: SQL; condition: SQL; scope: ProductFilter } | null {
  if (filter.published !== true || sort === 'RELEVANCE') return null;
  if (filter.categorySlug !== null) {
    return {
      ids: sql`WITH RECURSIVE subtree(id) AS (
          SELECT id FROM categories WHERE slug = ${filter.categorySlug}
          UNION ALL
          SELECT c.id FROM categories c JOIN subtree ON c.parent_id = subtree.id
        )
        SELECT id FROM subtree WHERE ${partHolds(filter, sql`f.category_id = subtree.id`)}`,
      condition: sql` AND p.category_id = part.id`,
      scope: { ...filter, categorySlug: null },
    };
  }
  if (filter.brandSlugs.length > 0) {
    return {
      ids: sql`SELECT id FROM brands b
        WHERE b.slug IN (${list(filter.brandSlugs)}) AND ${partHolds(filter, sql`f.brand_id = b.id`)}`,
      condition: sql` AND p.brand_id = part.id`,
      scope: { ...filter, brandSlugs: [] },
    };
  }
  return null;
}

/**
 * Whether a part (`part`: a condition on the counts' rows `f` naming one category or brand) may
 * hold a product of a listing: the facet counts say whether any of its products has a variant of
 * the chosen sizes and colours or in the price range (in stock). A part without one is not read:
 * read in order, it would be read whole to find nothing. The counts answer a superset of any
 * public filter (a search, two sizes with two colours: the products of the sizes or the price).
 */
function partHolds(filter: ProductFilter, part: SQL): SQL {
  return refined(filter) ? sql`${countedProducts(filter, part)} > 0` : sql`true`;
}

/**
 * Published, in-stock products by units sold in paid orders since `since` (paid, shipped or
 * delivered; canceled and refunded ones do not count), most sold first.
 */
export async function bestSellingProducts(
  db: Executor,
  since: Date,
  limit: number,
): Promise<ProductListRow[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}, sold.units AS sort_key
    FROM products p
    JOIN (
      SELECT ol.product_id, sum(ol.quantity)::int AS units
      FROM order_lines ol
      JOIN orders o ON o.id = ol.order_id
      WHERE o.status IN ('PAID', 'SHIPPED', 'DELIVERED') AND o.paid_at >= ${since.toISOString()}
      GROUP BY ol.product_id
    ) sold ON sold.product_id = p.id
    WHERE p.published AND ${SELLABLE} AND p.in_stock AND ${ACTIVE_BRAND}
    ORDER BY sold.units DESC, p.name ASC, p.id ASC
    LIMIT ${limit}`,
  );
  return result.map(toProductRow);
}

export async function countProducts(
  db: Executor,
  filter: ProductFilter,
  /** false: look at the variants even where the products' summaries answer (tests compare). */
  opts: { summaries?: boolean } = {},
): Promise<number> {
  const result = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${from(filter)} WHERE ${whereAll(filter, opts.summaries !== false)}`,
  );
  return Number(result[0]?.n ?? 0);
}

/** A product by id, published or not (the dashboard's; the storefront's: findPublishedProduct). */
export async function findProduct(db: Executor, id: string): Promise<ProductListRow | null> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}, null AS sort_key FROM products p WHERE p.id = ${id}::uuid`,
  );
  return result[0] ? toProductRow(result[0]) : null;
}

// ---- batch reads (the loaders' own: catalog.reads.repository.ts) ----------------------------

/** Which of these brand or category ids exist (other modules check references through this). */
export async function existingCatalogIds(
  db: Executor,
  kind: 'brand' | 'category',
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const table = kind === 'brand' ? brands : categories;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return found.map((row) => row.id);
}

/** Every brand by name; activeOnly: the storefront's (inactive brands are hidden). */
export function allBrands(db: Executor, opts: { activeOnly: boolean }): Promise<BrandRow[]> {
  const query = db.select().from(brands);
  return (opts.activeOnly ? query.where(eq(brands.active, true)) : query).orderBy(asc(brands.name));
}

export async function findBrand(
  db: Executor,
  where: { id: string } | { slug: string },
): Promise<BrandRow | null> {
  const condition = 'id' in where ? eq(brands.id, where.id) : eq(brands.slug, where.slug);
  const result = await db.select().from(brands).where(condition).limit(1);
  return result[0] ?? null;
}

/** Published, sellable products per brand (the storefront's count). */
export async function publishedCountsByBrand(
  db: Executor,
  brandIds: readonly string[],
): Promise<Map<string, number>> {
  const result = await rows<{ brand_id: string; n: number }>(
    db,
    sql`SELECT p.brand_id, count(*)::int AS n FROM products p
        WHERE p.published AND p.brand_id IN (${list(brandIds)}) AND ${SELLABLE} AND ${ACTIVE_BRAND}
        GROUP BY p.brand_id`,
  );
  return new Map(result.map((row) => [row.brand_id, Number(row.n)]));
}

/** Published, sellable products per category, not including descendants. */
export async function publishedCountsByCategory(db: Executor): Promise<Map<string, number>> {
  const result = await rows<{ category_id: string; n: number }>(
    db,
    sql`SELECT p.category_id, count(*)::int AS n FROM products p
        WHERE p.published AND ${SELLABLE} AND ${ACTIVE_BRAND}
        GROUP BY p.category_id`,
  );
  return new Map(result.map((row) => [row.category_id, Number(row.n)]));
}

/** Which of these variants appear in an order line (order_lines.variant_id). */
export async function variantIdsWithOrders(
  db: Executor,
  variantIds: readonly string[],
): Promise<string[]> {
  const result = await rows<{ variant_id: string }>(
    db,
    sql`SELECT DISTINCT variant_id FROM order_lines WHERE variant_id IN (${sql.join(
      variantIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return result.map((row) => row.variant_id);
}

/** Staff names by id (stock movements show who made them). */
export function staffNamesByIds(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  return rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM staff WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

export function stockMovementsOf(db: Executor, variantId: string, limit: number) {
  return db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.variantId, variantId)))
    .orderBy(sql`${stockMovements.createdAt} DESC, ${stockMovements.id} DESC`)
    .limit(limit);
}

/** Published product slugs in a stable pseudo-random order (benchmarks, smoke tests). */
export async function sampleProductSlugs(db: Executor, limit: number): Promise<string[]> {
  const result = await rows<{ slug: string }>(
    db,
    sql`SELECT slug FROM products WHERE published ORDER BY md5(slug) LIMIT ${limit}`,
  );
  return result.map((row) => row.slug);
}
