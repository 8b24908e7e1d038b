// The storefront's facets from the maintained counts (migration 0048, catalog_facet_counts): the
// pages shoppers land on (the whole catalog, brands, a category, "em estoque") are counted from a
// few thousand rows kept by the database with every product change, not from every product and
// variant of the filter. Any other filter (a search, a size, a colour, a price, staff listings)
// is counted from the rows (catalog.repository.ts productFacets). The two give the same answer:
// catalog.facets.test.ts compares them after every kind of change.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  brandCondition,
  CATEGORY_PATHS,
  categoryCondition,
  parseRawFacets,
  rows,
  type RawFacets,
} from './catalog.repository';
import type { ProductFilter } from './catalog.listing';

/** Serialises the folds of every instance (pg_advisory_xact_lock key). */
const FOLD_LOCK_KEY = 7_346_112_048;

/**
 * Whether the counts can answer this filter's facets: the public catalog, narrowed at most by
 * brands, a category and "em estoque".
 */
export function countedFacets(filter: ProductFilter): boolean {
  return (
    filter.published === true &&
    filter.activeBrandsOnly &&
    filter.brandIdScope === null &&
    filter.featured === null &&
    filter.searchTokens.length === 0 &&
    filter.sizes.length === 0 &&
    filter.colors.length === 0 &&
    filter.minPriceCents === null &&
    filter.maxPriceCents === null
  );
}

/** The lowest (`order` ASC) or highest (DESC) price of `kind` still held by a product. */
function priceBound(kind: string, where: SQL, order: SQL): SQL {
  return sql`(SELECT f.cents FROM catalog_facet_counts f
      JOIN brands b ON b.id = f.brand_id AND b.active
      WHERE f.kind = ${kind} AND ${where}
      GROUP BY f.cents HAVING sum(f.products) > 0
      ORDER BY f.cents ${order} LIMIT 1)`;
}

/**
 * The facets of a counted filter (countedFacets), as productFacets answers them: each facet
 * ignores its own selection and counts distinct products; a category counts its whole subtree.
 */
export async function countedProductFacets(
  db: Executor,
  filter: ProductFilter,
): Promise<RawFacets> {
  const brandOk = brandCondition(filter, sql`f.brand_id`) ?? sql`true`;
  const categoryOk = categoryCondition(filter, sql`f.category_id`) ?? sql`true`;
  const bothOk = sql`${brandOk} AND ${categoryOk}`;
  // Products counted: all the listed ones, or those with a variant in stock.
  const n = filter.inStock ? sql`f.in_stock` : sql`f.products`;
  const prices = filter.inStock
    ? { min: 'min_price_stock', max: 'max_price_stock' }
    : { min: 'min_price', max: 'max_price' };
  const result = await rows<Omit<RawFacets, 'inStock'> & { in_stock: number | null }>(
    db,
    sql`WITH RECURSIVE
      ${CATEGORY_PATHS},
      cells AS MATERIALIZED (
        SELECT f.brand_id, f.category_id, f.kind, f.value, sum(${n})::int AS n,
          sum(f.in_stock)::int AS in_stock, ${brandOk} AS brand_ok, ${categoryOk} AS category_ok
        FROM catalog_facet_counts f JOIN brands b ON b.id = f.brand_id AND b.active
        WHERE f.kind IN ('product', 'size', 'color')
        GROUP BY f.brand_id, f.category_id, f.kind, f.value
      )
      SELECT
        (SELECT json_agg(json_build_object('value', b.slug, 'label', b.name, 'count', x.n)
                         ORDER BY x.n DESC, b.name)
           FROM (SELECT brand_id, sum(n)::int AS n FROM cells
                 WHERE kind = 'product' AND category_ok
                 GROUP BY brand_id HAVING sum(n) > 0) x
           JOIN brands b ON b.id = x.brand_id) AS brands,
        (SELECT json_agg(json_build_object('value', c.slug, 'label', c.name, 'count', x.n,
                                           'parentValue', parent.slug)
                         ORDER BY cp.sort_path)
           FROM (SELECT a.ancestor_id, sum(leaf_count.n)::int AS n
                 FROM (SELECT category_id, sum(n) AS n FROM cells
                       WHERE kind = 'product' AND brand_ok
                       GROUP BY category_id HAVING sum(n) > 0) leaf_count
                 JOIN category_paths leaf ON leaf.id = leaf_count.category_id
                 CROSS JOIN LATERAL unnest(leaf.ids) AS a(ancestor_id)
                 GROUP BY a.ancestor_id) x
           JOIN categories c ON c.id = x.ancestor_id
           JOIN category_paths cp ON cp.id = c.id
           LEFT JOIN categories parent ON parent.id = c.parent_id) AS categories,
        (SELECT json_agg(json_build_object('value', x.value, 'count', x.n))
           FROM (SELECT value, sum(n)::int AS n FROM cells
                 WHERE kind = 'size' AND brand_ok AND category_ok
                 GROUP BY value HAVING sum(n) > 0) x) AS sizes,
        (SELECT json_agg(json_build_object('value', x.value, 'count', x.n) ORDER BY x.n DESC, x.value)
           FROM (SELECT value, sum(n)::int AS n FROM cells
                 WHERE kind = 'color' AND brand_ok AND category_ok
                 GROUP BY value HAVING sum(n) > 0) x) AS colors,
        json_build_object(
          'min', ${priceBound(prices.min, bothOk, sql`ASC`)},
          'max', ${priceBound(prices.max, bothOk, sql`DESC`)}) AS price,
        (SELECT coalesce(sum(in_stock), 0)::int FROM cells
           WHERE kind = 'product' AND brand_ok AND category_ok) AS in_stock`,
  );
  return parseRawFacets(result[0]);
}

/**
 * Replaces the counts' rows by their sums (one row per brand, category, kind, value and price;
 * none where they sum to nothing). Rows appended meanwhile by other transactions are not seen by
 * the DELETE and stay. Answers the rows before and after.
 */
export async function foldFacetCounts(db: Executor): Promise<{ before: number; after: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    const result = await rows<{ before: number; after: number }>(
      tx,
      sql`WITH gone AS (DELETE FROM catalog_facet_counts RETURNING *),
        kept AS (
          INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
          SELECT brand_id, category_id, kind, value, cents, sum(products), sum(in_stock)
          FROM gone GROUP BY brand_id, category_id, kind, value, cents
          HAVING sum(products) <> 0 OR sum(in_stock) <> 0
          RETURNING 1)
        SELECT (SELECT count(*) FROM gone)::int AS before, (SELECT count(*) FROM kept)::int AS after`,
    );
    return { before: Number(result[0]?.before ?? 0), after: Number(result[0]?.after ?? 0) };
  });
}
