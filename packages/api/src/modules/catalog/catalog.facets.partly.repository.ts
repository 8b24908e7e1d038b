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
import { brandCondition, categoryCondition, rows, type VariantFacet } from './catalog.repository';
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
 * The facets of a filter the counts answer in part (partlyCountedFacets), as productFacets
 * answers them, with its total. Each variant facet leaves its own choice out, and what is left
 * is often counted: two sizes with two colours, without the sizes, are two colours (the sets of
 * 0054), so the sizes facet is the counts' and so is the colours one. The rest (brands,
 * categories, in stock, the total, and a facet whose remaining choice the counts lack) is read
 * from the variants that match, not from every product of the scope: at 100,000 products, 2
 * sizes in 2 colours matched 18,000 variants of 9,250 products, where the pass over the scope's
 * 95,000 products and their variants, once per facet, took 500-670 ms. They are the listed
 * variants (migration 0059), each with its product's brand and category beside it: one
 * index-only scan finds them, with no join to the products nor a look-up of their brands, where
 * the wide variants' rows were read and joined (docs/benchmarks.md). They are grouped by product,
 * and the products by brand, category, stock (and bits): each facet reads those few hundred
 * groups, where it read the 24,000 products of two colours from a price again.
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
  const brand = brandCondition(filter, sql`v.brand_id`);
  const category = categoryCondition(filter, sql`v.category_id`);
  /**
   * The listed variants meeting the filter but `omit`'s choice, in stock when it asks, of the
   * chosen brands and categories unless `scoped` is false (the brands and categories facets).
   */
  const variants = (omit: VariantFacet | null, scoped = true) => {
    const conditions = facetVariantConditions(filter, omit, filter.inStock, sql`v.in_stock`);
    if (scoped) conditions.push(...[brand, category].filter((c): c is SQL => c !== null));
    return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  };
  const brandOk = brand ? sql`m.brand_ok` : sql`true`;
  const categoryOk = category ? sql`m.category_ok` : sql`true`;
  const bothOk = sql`${brandOk} AND ${categoryOk}`;
  /**
   * A variant facet under the rest of the filter, counted from the matching variants: grouped
   * twice, (product, value) then value, both hashed (count(DISTINCT product_id) sorted every
   * matching variant first). A facet with nothing of its own chosen is counted from the matched
   * products' bits instead (below), and this way only when its values outnumber the bits.
   */
  const values = (facet: 'size' | 'color') => {
    const column = facet === 'size' ? sql`v.size` : sql`v.color`;
    return valuesFacet(
      sql`SELECT x.value, count(*)::int AS n
          FROM (SELECT DISTINCT v.product_id, ${column} AS value FROM listed_variants v
                WHERE ${column} IS NOT NULL AND ${variants(facet)}) x
          GROUP BY x.value`,
      facet === 'color' ? COLOR_ORDER : null,
    );
  };
  // The variant facet the counts do not give with nothing of its own chosen (the sizes of two
  // colours from a price, the colours of a price with two sizes), if any: counted under the whole
  // filter, so from the bits each matched product keeps of its values (valueBits). Its own pass
  // over the same variants cost as much as the matched pass: two colours from R$ 120 in stock,
  // 50,000 variants at 100,000 products, 31 ms of the statement's 88 (docs/benchmarks.md).
  const bitsFacet: 'size' | 'color' | null =
    !sizes && filter.sizes.length === 0
      ? 'size'
      : !colors && filter.colors.length === 0
        ? 'color'
        : null;
  const bits = bitsFacet ? valueBits(bitsFacet) : null;
  const facetOf = (facet: 'size' | 'color') =>
    bitsFacet === facet
      ? sql`CASE WHEN (SELECT n FROM bit_values) <= ${BIT_VALUES} THEN ${valuesFacet(
          sql`SELECT l.value, sum(p.n)::int AS n
              FROM (SELECT m.bits, sum(m.n) AS n FROM matched m
                    WHERE ${bothOk} AND m.bits IS NOT NULL GROUP BY m.bits) p
              CROSS JOIN bit_values b
              CROSS JOIN LATERAL unnest(b.bit_values) WITH ORDINALITY AS l(value, position)
              WHERE p.bits & (1::bigint << (l.position::int - 1)) <> 0
              GROUP BY l.value`,
          facet === 'color' ? COLOR_ORDER : null,
        )} ELSE ${values(facet)} END`
      : values(facet);
  const priceColumn = priced(filter)
    ? price
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('min', min(v.price_cents), 'max', max(v.price_cents))
             FROM listed_variants v WHERE ${variants('price')})`
    : sql`(SELECT json_build_object('min', min(m.min_price), 'max', max(m.max_price))
           FROM matched m WHERE ${bothOk})`;
  // Their prices only when the price facet is theirs (no price chosen).
  const prices = priced(filter)
    ? { product: sql``, group: sql`` }
    : {
        product: sql`min(v.price_cents) AS min_price, max(v.price_cents) AS max_price, `,
        group: sql`min(p.min_price) AS min_price, max(p.max_price) AS max_price, `,
      };
  const productBits = bits ? sql`${bits.aggregate} AS bits, ` : sql``;
  const groupBits = bits ? sql`, p.bits` : sql``;
  const productBrand = brandCondition(filter, sql`p.brand_id`);
  const productCategory = categoryCondition(filter, sql`p.category_id`);
  const statement = rows<RawFacetsRow>(
    db,
    sql`WITH RECURSIVE
      ${CATEGORY_PATHS},${bits ? sql`${bits.values},` : sql``}
      matched AS MATERIALIZED (
        SELECT p.brand_id, p.category_id, p.in_stock${groupBits}, ${prices.group}count(*) AS n,
          ${productBrand ?? sql`true`} AS brand_ok, ${productCategory ?? sql`true`} AS category_ok
        FROM (SELECT v.product_id, v.brand_id, v.category_id, ${prices.product}${productBits}
                bool_or(v.in_stock) AS in_stock
              FROM listed_variants v
              WHERE ${variants(null, false)}
              GROUP BY v.product_id, v.brand_id, v.category_id) p
        GROUP BY p.brand_id, p.category_id, p.in_stock${groupBits}
      )
      SELECT
        ${brandsFacet(sql`SELECT m.brand_id, sum(m.n)::int AS n FROM matched m
                 WHERE ${categoryOk} GROUP BY m.brand_id`)} AS brands,
        ${categoriesFacet(sql`SELECT m.category_id, sum(m.n) AS n FROM matched m
                 WHERE ${brandOk} GROUP BY m.category_id`)} AS categories,
        ${sizes ? sql`NULL::json` : facetOf('size')} AS sizes,
        ${colors ? sql`NULL::json` : facetOf('color')} AS colors,
        ${priceColumn} AS price,
        (SELECT coalesce(sum(m.n), 0)::int FROM matched m WHERE ${bothOk} AND m.in_stock) AS in_stock,
        (SELECT coalesce(sum(m.n), 0)::int FROM matched m WHERE ${bothOk}) AS total`,
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

/** How many of a facet's values a product's bits can hold (a bigint's bits but the sign's). */
const BIT_VALUES = 63;

/**
 * A variant facet's values as bits of the matched products (partlyCountedProductFacets): the
 * listed variants' distinct values (`bit_values`: the first BIT_VALUES of them, and how many
 * there are), read by skipping along the index that leads with the column, one step per value;
 * and the aggregate that ORs each matching variant's bit into its product's group. A value past
 * the first BIT_VALUES has no bit; the facet is then counted by its own pass instead.
 */
function valueBits(facet: 'size' | 'color'): { values: SQL; aggregate: SQL } {
  const column = facet === 'size' ? sql.raw('size') : sql.raw('color');
  return {
    values: sql`
      distinct_values(value) AS (
        SELECT min(v.${column}) FROM listed_variants v
        UNION ALL
        SELECT (SELECT min(v.${column}) FROM listed_variants v WHERE v.${column} > d.value)
        FROM distinct_values d WHERE d.value IS NOT NULL
      ),
      bit_values AS MATERIALIZED (
        SELECT (coalesce(array_agg(d.value), '{}'))[1:${sql.raw(String(BIT_VALUES))}] AS bit_values,
          count(*) AS n
        FROM distinct_values d WHERE d.value IS NOT NULL
      )`,
    aggregate: sql`bit_or(1::bigint << (array_position((SELECT b.bit_values FROM bit_values b),
      v.${column}) - 1))`,
  };
}
