// The storefront's facets: for the filter a listing shows, how many products each brand,
// category, size and colour has, the price range and how many are in stock. Each facet ignores its
// own selection (choosing a brand still shows the other brands' counts) and counts distinct
// products; a category counts its whole subtree.
//
// Three ways to count, with the same answers (catalog.facets.test.ts compares them after every
// kind of change):
// - from the maintained counts (migrations 0048, 0051, 0054-0056, catalog_facet_counts), for the
//   pages shoppers land on (the whole catalog, brands, a category, "em estoque") and their
//   refinements: sizes and colours with at most one facet of several values, or a price range with
//   at most one size and one colour. Tens of thousands of rows, however large the catalog.
// - in part from the counts, for the public catalog's other refinements (two sizes with two
//   colours, a price with two sizes or colours): each variant facet leaves its own choice out, and
//   what is left is often counted; the rest from the variants that match, found along their
//   indexes (catalog.facets.partly.repository.ts).
// - from the rows, for any other filter (a search, featured, staff listings): one pass over the
//   filter's products, and over their variants only when the filter names a size, a colour or a
//   price (otherwise the product's own summary of its variants answers).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  brandCondition,
  categoryCondition,
  from,
  list,
  productConditions,
  RELEVANCE_KEY,
  relevancePage,
  rows,
  toProductRow,
  variantFilter,
  variantOnlyConditions,
  type ProductListRow,
  type VariantFacet,
} from './catalog.repository';
import { priced, type Cursor, type ProductFilter } from './catalog.listing';
import {
  CELL_KINDS,
  countedProducts,
  filterCells,
  type CellKind,
} from './catalog.counts.repository';

export interface RawFacets {
  brands: { value: string; label: string; count: number }[] | null;
  /** In tree order (a category, then its children); parentValue is the parent's slug. */
  categories: { value: string; label: string; count: number; parentValue: string | null }[] | null;
  sizes: { value: string; count: number }[] | null;
  colors: { value: string; count: number }[] | null;
  price: { min: number | null; max: number | null } | null;
  /** Products of the filter (its stock choice aside) with a matching variant in stock. */
  inStock: number | null;
  /**
   * The filter's products, its totalCount, counted in the same pass (productFacets only: a search
   * reads its matches once for both); null where the statement does not count it.
   */
  total: number | null;
}

export type RawFacetsRow = Omit<RawFacets, 'inStock' | 'total'> & {
  in_stock: number | null;
  total?: number | null;
};

/**
 * Common table expressions (of a WITH RECURSIVE) naming every category with its ancestors, itself
 * included (`category_paths.ids`), and its place in the tree (`sort_path`).
 */
export const CATEGORY_PATHS = sql`ranked AS (
        SELECT id, parent_id,
          row_number() OVER (PARTITION BY parent_id ORDER BY position, name, id)::int AS rank
        FROM categories
      ),
      category_paths(id, ids, sort_path) AS (
        SELECT id, ARRAY[id], ARRAY[rank] FROM ranked WHERE parent_id IS NULL
        UNION ALL
        SELECT r.id, cp.ids || r.id, cp.sort_path || r.rank
        FROM ranked r JOIN category_paths cp ON r.parent_id = cp.id
      )`;

/** The brands facet from `counts` (brand_id, n): the largest first. */
export function brandsFacet(counts: SQL): SQL {
  return sql`(SELECT json_agg(json_build_object('value', b.slug, 'label', b.name, 'count', x.n)
                         ORDER BY x.n DESC, b.name)
           FROM (${counts}) x JOIN brands b ON b.id = x.brand_id)`;
}

/**
 * The categories facet from `leafCounts` (category_id, n): each category with the products of its
 * subtree (a product is in one category, so the sums count distinct products), in tree order.
 */
export function categoriesFacet(leafCounts: SQL): SQL {
  return sql`(SELECT json_agg(json_build_object('value', c.slug, 'label', c.name, 'count', x.n,
                                           'parentValue', parent.slug)
                         ORDER BY cp.sort_path)
           FROM (SELECT a.ancestor_id, sum(leaf_count.n)::int AS n
                 FROM (${leafCounts}) leaf_count
                 JOIN category_paths leaf ON leaf.id = leaf_count.category_id
                 CROSS JOIN LATERAL unnest(leaf.ids) AS a(ancestor_id)
                 GROUP BY a.ancestor_id) x
           JOIN categories c ON c.id = x.ancestor_id
           JOIN category_paths cp ON cp.id = c.id
           LEFT JOIN categories parent ON parent.id = c.parent_id)`;
}

/** A size or colour facet from `counts` (value, n); `order` orders the JSON array. */
export function valuesFacet(counts: SQL, order: SQL | null): SQL {
  const orderBy = order ? sql` ORDER BY ${order}` : sql``;
  return sql`(SELECT json_agg(json_build_object('value', x.value, 'count', x.n)${orderBy})
           FROM (${counts}) x)`;
}

export const COLOR_ORDER = sql`x.n DESC, x.value`;

/**
 * Facet counts for the current filter, counted from the rows in one statement (any filter; the
 * service uses countedProductFacets where it can).
 */
export async function productFacets(
  db: Executor,
  filter: ProductFilter,
  /** false: count the variants even where the products' summaries answer (tests compare them). */
  opts: { summaries?: boolean } = {},
): Promise<RawFacets> {
  return parseRawFacets((await rows<RawFacetsRow>(db, facetsStatement(filter, opts, null)))[0]);
}

/**
 * A search's page by relevance, its facets and its total in one statement: its matches are read
 * once (a broad search reads ~10,000 of the products' pages), ranked in the same pass that counts
 * them, and only the page's rows are read again. The page is what listProducts gives for the
 * same filter, limit and cursor.
 */
export async function searchPageWithFacets(
  db: Executor,
  filter: ProductFilter,
  limit: number,
  after: Cursor | null,
): Promise<RawFacets & { page: ProductListRow[] }> {
  const row = (
    await rows<RawFacetsRow & { page: unknown }>(db, facetsStatement(filter, {}, { limit, after }))
  )[0];
  const page = parseJson<Record<string, unknown>[] | null>(row?.page ?? null);
  return { ...parseRawFacets(row), page: (page ?? []).map(toProductRow) };
}

function facetsStatement(
  filter: ProductFilter,
  opts: { summaries?: boolean },
  page: { limit: number; after: Cursor | null } | null,
): SQL {
  const base = productConditions(filter);
  const brand = brandCondition(filter);
  const category = categoryCondition(filter);
  const baseWhere = base.length > 0 ? sql.join(base, sql` AND `) : sql`true`;
  const brandOk = brand ? sql`base.brand_ok` : sql`true`;
  const categoryOk = category ? sql`base.category_ok` : sql`true`;
  const bothOk = sql`${brandOk} AND ${categoryOk}`;
  // A variant facet whose filter, its own selection left out, names no size, colour or price is
  // answered by the product's summary of its variants (migration 0048): no pass over the
  // variants. Choosing one size, the sizes facet needs none; the colours still do.
  const bySummary = (omit: VariantFacet | null) =>
    opts.summaries !== false && variantOnlyConditions(filter, omit).length === 0;
  const stock = filter.inStock ? sql`_in_stock` : sql``;
  const summarised = (['size', 'color', 'price', null] as const).some(bySummary);
  const summary = summarised
    ? sql`, p.facet_sizes${stock} AS sizes, p.facet_colors${stock} AS colors,
          p.min_price${stock}_cents AS min_price, p.max_price${stock}_cents AS max_price,
          p.in_stock`
    : sql``;
  // A search's matches are grouped by brand, category and summary before they are counted
  // (groupedMatches); other filters count the products themselves.
  const grouped = filter.searchMatch !== null;
  const counted: Counted = grouped
    ? { from: sql`grouped base`, count: sql`sum(base.n)`, weight: sql`base.n` }
    : { from: sql`base`, count: sql`count(*)`, weight: sql`1` };
  const fromRows = variantFacetsFromRows(filter, bothOk);
  const fromSummary = summarisedVariantFacets(bothOk, counted);
  const facet = (omit: VariantFacet | null, name: keyof typeof fromRows) =>
    sql`${bySummary(omit) ? fromSummary[name] : fromRows[name]} AS ${sql.raw(name)}`;
  const ranked = page ? sql`, ${RELEVANCE_KEY} AS sort_key` : sql``;
  const pageColumn = page
    ? sql`,
        ${relevancePage(
          sql`SELECT base.id, base.sort_key FROM base WHERE base.variants_ok AND ${bothOk}`,
          page.limit,
          page.after,
        )} AS page`
    : sql``;
  return sql`WITH RECURSIVE
      ${CATEGORY_PATHS},
      base AS MATERIALIZED (
        SELECT p.id, p.brand_id, p.category_id, ${brand ?? sql`true`} AS brand_ok,
          ${category ?? sql`true`} AS category_ok,
          ${variantFilter(filter, 'in', opts.summaries !== false) ?? sql`true`} AS variants_ok${summary}${ranked}
        FROM ${from(filter)}
        WHERE ${baseWhere}
      )${
        grouped
          ? sql`,
      grouped AS MATERIALIZED (${groupedMatches(summarised)})`
          : sql``
      }
      SELECT
        ${brandsFacet(sql`SELECT base.brand_id, ${counted.count}::int AS n FROM ${counted.from}
                 WHERE base.variants_ok AND ${categoryOk} GROUP BY base.brand_id`)} AS brands,
        ${categoriesFacet(sql`SELECT base.category_id, ${counted.count} AS n FROM ${counted.from}
                 WHERE base.variants_ok AND ${brandOk} GROUP BY base.category_id`)} AS categories,
        ${facet('size', 'sizes')}, ${facet('color', 'colors')}, ${facet('price', 'price')},
        ${facet(null, 'in_stock')},
        (SELECT coalesce(${counted.count}, 0)::int FROM ${counted.from}
         WHERE base.variants_ok AND ${bothOk}) AS total${pageColumn}`;
}

interface VariantFacets {
  sizes: SQL;
  colors: SQL;
  price: SQL;
  in_stock: SQL;
}

/**
 * Where the facets read the products from: `base` (one row per product), or its groups
 * (`grouped`, aliased base: groupedMatches), each `n` products, which the counts sum.
 */
interface Counted {
  from: SQL;
  /** The products of the rows read: count(*) or sum(base.n). */
  count: SQL;
  /** Each row's products, for the values unnested from it. */
  weight: SQL;
}

/**
 * A search's matches grouped by what the facets read of them: brand, category, whether their
 * variants pass the filter, and with `summaries` their sizes, colours and stock (their prices
 * reduced to the group's bounds). A search for "bolsa" at 100,000 products matches 15,952
 * products in 451 such groups: the facets read those instead of the matches seven times, and
 * sizes and colours are unnested once per group, not per product (docs/benchmarks.md).
 * PostgreSQL estimates the groups at about as many as the matches and hashes them only while that
 * estimate fits its hash tables' memory, which migration 0061 raised for this (a search matching
 * 54,578 products was sorted on disk, 325 ms, and takes 213 hashed). Other filters are not
 * grouped: the staff's whole catalog (100,000 products in 1,641 groups) was 1.5x slower grouped.
 */
function groupedMatches(summaries: boolean): SQL {
  const summary = summaries ? sql`, base.sizes, base.colors, base.in_stock` : sql``;
  const prices = summaries
    ? sql`min(base.min_price) AS min_price, max(base.max_price) AS max_price, `
    : sql``;
  return sql`SELECT base.brand_id, base.category_id, base.brand_ok, base.category_ok,
      base.variants_ok${summary}, ${prices}count(*) AS n
    FROM base
    GROUP BY base.brand_id, base.category_id, base.brand_ok, base.category_ok,
      base.variants_ok${summary}`;
}

/** Sizes, colours, price and in stock from the products' summaries (the base's columns). */
function summarisedVariantFacets(bothOk: SQL, counted: Counted): VariantFacets {
  const { weight } = counted;
  return {
    // unnest in the select list (a ProjectSet) rather than a LATERAL join: the same rows without a
    // function scan per product, 10 ms instead of 30 for a search's 16,000 products.
    sizes: valuesFacet(
      sql`SELECT s.value, sum(s.n)::int AS n
          FROM (SELECT unnest(base.sizes) AS value, ${weight} AS n
                FROM ${counted.from} WHERE ${bothOk}) s
          GROUP BY s.value`,
      null,
    ),
    colors: valuesFacet(
      sql`SELECT c.value, sum(c.n)::int AS n
          FROM (SELECT unnest(base.colors) AS value, ${weight} AS n
                FROM ${counted.from} WHERE ${bothOk}) c
          GROUP BY c.value`,
      COLOR_ORDER,
    ),
    price: sql`(SELECT json_build_object('min', min(base.min_price), 'max', max(base.max_price))
           FROM ${counted.from} WHERE ${bothOk})`,
    in_stock: sql`(SELECT coalesce(${counted.count}, 0)::int FROM ${counted.from}
           WHERE ${bothOk} AND base.in_stock)`,
  };
}

/**
 * The variants a facet counts: variantOnlyConditions but `omit`'s, and in stock when the filter
 * asks it or `inStock` does (`inStockCondition`: `variants`' stock, or `listed_variants`' flag).
 */
export function facetVariantConditions(
  filter: ProductFilter,
  omit: VariantFacet | null,
  inStock = filter.inStock,
  inStockCondition = sql`v.stock > 0`,
): SQL[] {
  const conditions = variantOnlyConditions(filter, omit);
  if (inStock) conditions.push(inStockCondition);
  return conditions;
}

/** Sizes, colours, price and in stock from the variants, each facet without its own condition. */
function variantFacetsFromRows(filter: ProductFilter, bothOk: SQL): VariantFacets {
  const andVariants = (omit: VariantFacet | null, inStock = filter.inStock) => {
    const conds = facetVariantConditions(filter, omit, inStock);
    return conds.length > 0 ? sql` AND ${sql.join(conds, sql` AND `)}` : sql``;
  };
  return {
    sizes: valuesFacet(
      sql`SELECT v.size AS value, count(DISTINCT v.product_id)::int AS n
          FROM base JOIN variants v ON v.product_id = base.id
          WHERE ${bothOk} AND v.size IS NOT NULL${andVariants('size')}
          GROUP BY v.size`,
      null,
    ),
    colors: valuesFacet(
      sql`SELECT v.color AS value, count(DISTINCT v.product_id)::int AS n
          FROM base JOIN variants v ON v.product_id = base.id
          WHERE ${bothOk} AND v.color IS NOT NULL${andVariants('color')}
          GROUP BY v.color`,
      COLOR_ORDER,
    ),
    price: sql`(SELECT json_build_object('min', min(v.price_cents), 'max', max(v.price_cents))
           FROM base JOIN variants v ON v.product_id = base.id
           WHERE ${bothOk}${andVariants('price')})`,
    in_stock: sql`(SELECT count(DISTINCT base.id)::int
           FROM base JOIN variants v ON v.product_id = base.id
           WHERE ${bothOk}${andVariants(null, true)})`,
  };
}

/** A json column: PGlite and pg both parse them, but be tolerant of a driver that returns text. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The facets statement's one row (json columns) as RawFacets. */
export function parseRawFacets(raw: RawFacetsRow | undefined): RawFacets {
  return {
    brands: parseJson(raw?.brands ?? null),
    categories: parseJson(raw?.categories ?? null),
    sizes: parseJson(raw?.sizes ?? null),
    colors: parseJson(raw?.colors ?? null),
    price: parseJson(raw?.price ?? null),
    inStock: raw?.in_stock === null || raw?.in_stock === undefined ? null : Number(raw.in_stock),
    total: raw?.total === null || raw?.total === undefined ? null : Number(raw.total),
  };
}

/**
 * Whether the counts can answer this filter's facets: the public catalog, narrowed at most by
 * brands, a category, "em estoque", and either sizes and colours of which at most one facet has
 * more than one value chosen (one size, one colour, one of each, two sizes in one colour, ...), or
 * a price range with at most one size and one colour.
 */
export function countedFacets(filter: ProductFilter): boolean {
  const several = filter.sizes.length > 1 || filter.colors.length > 1;
  return (
    countedScope(filter) &&
    (filter.sizes.length <= 1 || filter.colors.length <= 1) &&
    !(priced(filter) && several)
  );
}

/** The storefront's public catalog, narrowed at most by brands, a category and its variants. */
export function countedScope(filter: ProductFilter): boolean {
  return (
    filter.published === true &&
    filter.activeBrandsOnly &&
    filter.brandIdScope === null &&
    filter.featured === null &&
    filter.searchTokens.length === 0
  );
}

/**
 * The lowest (`order` ASC) or highest (DESC) price of `kind` still held by a product; refined, of
 * the rows of those values only (a size's or a colour's price rows, or a size and colour pair's
 * price points).
 */
function priceBound(kind: string, values: readonly string[] | null, where: SQL, order: SQL): SQL {
  const rows = values
    ? sql`f.kind = ${kind} AND f.value IN (${list(values)})`
    : sql`f.kind = ${kind}`;
  return sql`(SELECT f.cents FROM catalog_facet_counts f
      JOIN brands b ON b.id = f.brand_id AND b.active
      WHERE ${rows} AND ${where}
      GROUP BY f.cents HAVING sum(f.products) > 0
      ORDER BY f.cents ${order} LIMIT 1)`;
}

/** The 'size_color' values (size, chr(31), colour) of every size and colour of the filter. */
function pairValues(filter: ProductFilter): string[] {
  return filter.sizes.flatMap((size) => filter.colors.map((color) => `${size}\u001f${color}`));
}

/**
 * The facets of a counted filter (countedFacets), as productFacets answers them: each facet
 * ignores its own selection and counts distinct products; a category counts its whole subtree.
 */
export async function countedProductFacets(
  db: Executor,
  filter: ProductFilter,
  /**
   * The one variant facet wanted (the others are null): the facets counted in part take one of
   * a relaxed filter's facets, and summing the cells of the others cost them ~10 ms each.
   */
  only: VariantFacet | null = null,
): Promise<RawFacets> {
  const brandOk = brandCondition(filter, sql`f.brand_id`) ?? sql`true`;
  const categoryOk = categoryCondition(filter, sql`f.category_id`) ?? sql`true`;
  const bothOk = sql`${brandOk} AND ${categoryOk}`;
  // Products counted: all the listed ones, or those with a variant in stock.
  const n = filter.inStock ? sql`f.in_stock` : sql`f.products`;
  const prices = filter.inStock
    ? { min: 'min_price_stock', max: 'max_price_stock' }
    : { min: 'min_price', max: 'max_price' };
  // The price facet leaves the price out, not the sizes and colours: both chosen, the variants of
  // the pairs; one of them, that size's or those colours' price rows.
  const pairs = filter.sizes.length > 0 && filter.colors.length > 0;
  const values =
    filter.sizes.length > 0
      ? { facet: 'size' as const, values: filter.sizes }
      : filter.colors.length > 0
        ? { facet: 'color' as const, values: filter.colors }
        : null;
  // A pair's bounds are its price points (migration 0056): a point is a price some product has
  // for a variant of that size and colour. They were read from the variants along
  // variants_size_color_price_idx until one of the scope turned up: 86 ms for M or G in black
  // over the t-shirts at 100,000 products, walking 5,000 variants of other categories.
  const pairPoints = filter.inStock ? 'pair_price_point_stock' : 'pair_price_point';
  const bound = (kind: string, order: 'ASC' | 'DESC') =>
    pairs
      ? priceBound(pairPoints, pairValues(filter), bothOk, sql.raw(order))
      : priceBound(
          values ? `${values.facet}_${kind}` : kind,
          values?.values ?? null,
          bothOk,
          sql.raw(order),
        );
  const price = sql`json_build_object(
          'min', ${bound(prices.min, 'ASC')},
          'max', ${bound(prices.max, 'DESC')})`;
  if (only === 'price') {
    return parseRawFacets((await rows<RawFacetsRow>(db, sql`SELECT ${price} AS price`))[0]);
  }
  const kinds = only === null ? CELL_KINDS : [only];
  const ifRead = (kind: CellKind, facet: SQL) => (kinds.includes(kind) ? facet : sql`NULL::json`);
  const result = await rows<RawFacetsRow>(
    db,
    sql`WITH RECURSIVE
      ${CATEGORY_PATHS},
      cells AS MATERIALIZED (
        SELECT f.brand_id, f.category_id, f.kind, f.value, sum(${n})::int AS n,
          sum(f.in_stock)::int AS in_stock, ${brandOk} AS brand_ok, ${categoryOk} AS category_ok
        FROM (${filterCells(filter, kinds)}) f JOIN brands b ON b.id = f.brand_id AND b.active
        GROUP BY f.brand_id, f.category_id, f.kind, f.value
      )
      SELECT
        ${ifRead(
          'product',
          brandsFacet(sql`SELECT brand_id, sum(n)::int AS n FROM cells
                 WHERE kind = 'product' AND category_ok GROUP BY brand_id HAVING sum(n) > 0`),
        )} AS brands,
        ${ifRead(
          'product',
          categoriesFacet(sql`SELECT category_id, sum(n) AS n FROM cells
                 WHERE kind = 'product' AND brand_ok GROUP BY category_id HAVING sum(n) > 0`),
        )} AS categories,
        ${ifRead(
          'size',
          valuesFacet(
            sql`SELECT value, sum(n)::int AS n FROM cells
              WHERE kind = 'size' AND brand_ok AND category_ok GROUP BY value HAVING sum(n) > 0`,
            null,
          ),
        )} AS sizes,
        ${ifRead(
          'color',
          valuesFacet(
            sql`SELECT value, sum(n)::int AS n FROM cells
              WHERE kind = 'color' AND brand_ok AND category_ok GROUP BY value HAVING sum(n) > 0`,
            COLOR_ORDER,
          ),
        )} AS colors,
        ${only === null ? price : sql`NULL::json`} AS price,
        ${
          only === null
            ? sql`(SELECT coalesce(sum(in_stock), 0)::int FROM cells
           WHERE kind = 'product' AND brand_ok AND category_ok)`
            : sql`NULL::int`
        } AS in_stock`,
  );
  return parseRawFacets(result[0]);
}

/** The number of products a counted filter (countedFacets) lists, as countProducts counts them. */
export async function countedProductTotal(db: Executor, filter: ProductFilter): Promise<number> {
  const brandOk = brandCondition(filter, sql`f.brand_id`) ?? sql`true`;
  const categoryOk = categoryCondition(filter, sql`f.category_id`) ?? sql`true`;
  const result = await rows<{ n: number }>(
    db,
    sql`SELECT ${countedProducts(filter, sql`${brandOk} AND ${categoryOk}`)} AS n`,
  );
  return Number(result[0]?.n ?? 0);
}
