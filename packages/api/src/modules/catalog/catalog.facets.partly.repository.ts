// The facets of the public catalog's refinements that the maintained counts answer only in part:
// two sizes with two colours, a price with two sizes or two colours (catalog.facets.repository.ts
// has the other two ways to count, and the header that says which filter takes which).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  brandsFacet,
  categoriesFacet,
  CATEGORY_PATHS,
  COLOR_ORDER,
  countedFacets,
  countedProductFacets,
  countedScope,
  facetVariantConditions,
  parseRawFacets,
  valuesFacet,
  type RawFacets,
  type RawFacetsRow,
} from './catalog.facets.repository';
import {
  brandCondition,
  categoryCondition,
  productConditions,
  rows,
  SELLABLE,
  type VariantFacet,
} from './catalog.repository';
import { priced, type ProductFilter } from './catalog.listing';

/**
 * Whether the counts answer this filter's facets in part (partlyCountedProductFacets): the public
 * catalog refined beyond what they keep, two sizes with two colours or a price with two sizes or
 * two colours.
 */
export function partlyCountedFacets(filter: ProductFilter): boolean {
  return countedScope(filter) && !countedFacets(filter);
}

/** The filter without its own choice of one variant facet (what that facet counts under). */
function without(filter: ProductFilter, facet: VariantFacet): ProductFilter {
  if (facet === 'size') return { ...filter, sizes: [] };
  if (facet === 'color') return { ...filter, colors: [] };
  return { ...filter, minPriceCents: null, maxPriceCents: null };
}

/**
 * The products (`p`) where `productsWhere` holds, each with `aggregates` of its variants (`v`)
 * where `variantsWhere` holds, as `vp`: the variants grouped by product before the join, so the
 * groups are the join's hash, not every product of the scope.
 */
function perProduct(aggregates: SQL, variantsWhere: SQL, productsWhere: SQL): SQL {
  return sql`(SELECT v.product_id, ${aggregates} FROM variants v WHERE ${variantsWhere}
              GROUP BY v.product_id) vp
        JOIN products p ON p.id = vp.product_id
        WHERE ${productsWhere}`;
}

/**
 * The facets of a filter the counts answer in part (partlyCountedFacets), as productFacets
 * answers them, with its total. Each variant facet leaves its own choice out, and what is left
 * is often counted: two sizes with two colours, without the sizes, are two colours (the sets of
 * 0054), so the sizes facet is the counts' and so is the colours one. The rest (brands,
 * categories, in stock, the total, and a facet whose remaining choice the counts lack) is read
 * from the variants that match, found along their (size, colour, price) or colour index, not
 * from every product of the scope: at 100,000 products, 2 sizes in 2 colours matched 18,000
 * variants of 9,250 products, where the pass over the scope's 95,000 products and their
 * variants, once per facet, took 500-670 ms (docs/benchmarks.md). Each pass groups the variants
 * by product before joining the products: the groups are the join's hash, not the scope's 95,000
 * products (the sizes of two colours in a price range, 240-300 -> 78-90 ms).
 */
export async function partlyCountedProductFacets(
  db: Executor,
  filter: ProductFilter,
): Promise<RawFacets> {
  const counted = (facet: VariantFacet) => {
    const rest = without(filter, facet);
    return countedFacets(rest) ? countedProductFacets(db, rest, facet) : null;
  };
  const sizes = counted('size');
  const colors = counted('color');
  const price = priced(filter) ? counted('price') : null;
  const brand = brandCondition(filter);
  const category = categoryCondition(filter);
  const base = [...productConditions(filter), SELLABLE];
  const scope = sql.join([...base, brand ?? sql`true`, category ?? sql`true`], sql` AND `);
  /** The variants meeting the filter but `omit`'s choice, in stock when it asks. */
  const variants = (omit: VariantFacet | null) => {
    const conditions = facetVariantConditions(filter, omit);
    return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  };
  const brandOk = brand ? sql`m.brand_ok` : sql`true`;
  const categoryOk = category ? sql`m.category_ok` : sql`true`;
  const bothOk = sql`${brandOk} AND ${categoryOk}`;
  /**
   * Whether a facet with nothing of its own chosen (the sizes under a price with two colours) is
   * counted under the whole filter: from the matched products' values of it, not a second pass
   * over the variants (116 of 290 ms for two colours from R$ 120, in stock, at 100,000 products).
   */
  const fromMatched = (facet: 'size' | 'color') =>
    (facet === 'size' ? filter.sizes : filter.colors).length === 0;
  /** A variant facet under the rest of the filter, counted from the matching variants. */
  const values = (facet: 'size' | 'color') => {
    const column = facet === 'size' ? sql`v.size` : sql`v.color`;
    const order = facet === 'color' ? COLOR_ORDER : null;
    if (fromMatched(facet)) {
      return valuesFacet(
        sql`SELECT x.value, count(*)::int AS n
            FROM (SELECT unnest(m.${sql.raw(facet)}_values) AS value FROM matched m
                  WHERE ${bothOk}) x
            GROUP BY x.value`,
        order,
      );
    }
    return valuesFacet(
      sql`SELECT x.value, count(*)::int AS n
          FROM (SELECT unnest(vp.facet_values) AS value
                FROM ${perProduct(
                  sql`array_agg(DISTINCT ${column}) AS facet_values`,
                  sql`${column} IS NOT NULL AND ${variants(facet)}`,
                  scope,
                )}) x
          GROUP BY x.value`,
      order,
    );
  };
  // (Such a facet is never counted: without its own empty choice the filter is the whole one.)
  const matchedValues = (['size', 'color'] as const).filter(fromMatched).map(
    (facet) =>
      sql`, array_agg(DISTINCT v.${sql.raw(facet)}) FILTER (WHERE v.${sql.raw(facet)} IS NOT NULL)
          AS ${sql.raw(facet)}_values`,
  );
  const priceColumn = priced(filter)
    ? price
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('min', min(vp.min_price), 'max', max(vp.max_price))
             FROM ${perProduct(
               sql`min(v.price_cents) AS min_price, max(v.price_cents) AS max_price`,
               variants('price'),
               scope,
             )})`
    : sql`(SELECT json_build_object('min', min(m.min_price), 'max', max(m.max_price))
           FROM matched m WHERE ${bothOk})`;
  const statement = rows<RawFacetsRow>(
    db,
    sql`WITH RECURSIVE
      ${CATEGORY_PATHS},
      matched AS MATERIALIZED (
        SELECT p.id, p.brand_id, p.category_id, ${brand ?? sql`true`} AS brand_ok,
          ${category ?? sql`true`} AS category_ok, vp.*
        FROM ${perProduct(
          sql`min(v.price_cents) AS min_price, max(v.price_cents) AS max_price,
            bool_or(v.stock > 0) AS in_stock${sql.join(matchedValues)}`,
          variants(null),
          sql.join(base, sql` AND `),
        )}
      )
      SELECT
        ${brandsFacet(sql`SELECT m.brand_id, count(*)::int AS n FROM matched m
                 WHERE ${categoryOk} GROUP BY m.brand_id`)} AS brands,
        ${categoriesFacet(sql`SELECT m.category_id, count(*) AS n FROM matched m
                 WHERE ${brandOk} GROUP BY m.category_id`)} AS categories,
        ${sizes ? sql`NULL::json` : values('size')} AS sizes,
        ${colors ? sql`NULL::json` : values('color')} AS colors,
        ${priceColumn} AS price,
        (SELECT count(*)::int FROM matched m WHERE ${bothOk} AND m.in_stock) AS in_stock,
        (SELECT count(*)::int FROM matched m WHERE ${bothOk}) AS total`,
  );
  const [row, fromSizes, fromColors, fromPrice] = await Promise.all([
    statement,
    sizes,
    colors,
    price,
  ]);
  const own = parseRawFacets(row[0]);
  return {
    ...own,
    sizes: fromSizes ? fromSizes.sizes : own.sizes,
    colors: fromColors ? fromColors.colors : own.colors,
    price: fromPrice ? fromPrice.price : own.price,
  };
}
