// The maintained facet counts (catalog_facet_counts, migrations 0048, 0051, 0054-0056) read as
// cells: per brand and category, the rows a counted filter sums for its products, its sizes and
// its colours (brand_id, category_id, kind, value, products, in_stock). The facets statement
// (catalog.facets.repository.ts) sums them per facet; a category-by-category listing
// (catalog.repository.ts) asks whether a part holds any product of the filter.
import { sql, type SQL } from 'drizzle-orm';
import {
  countedRefinement,
  countedSetRefinement,
  priced,
  type ProductFilter,
  type Refinement,
  type SetRefinement,
} from './catalog.listing';

/** The values as a list of parameters (`IN (${list(values)})`). */
export function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The separator of a 'size_color' row's value (size, chr(31), colour), and of a set's values. */
const PAIR = sql`chr(31)`;

/** The separator of the parts of a set's row (migration 0054): key, values, values in stock. */
const PARTS = sql`chr(30)`;

/** `cents` is within the filter's price range (inclusive; either bound may be open). */
function inPriceRange(filter: ProductFilter, cents: SQL): SQL {
  const bounds: SQL[] = [];
  if (filter.minPriceCents !== null) bounds.push(sql`${cents} >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== null) bounds.push(sql`${cents} <= ${filter.maxPriceCents}`);
  return bounds.length > 0 ? sql.join(bounds, sql` AND `) : sql`true`;
}

/**
 * The cells (countedCells' shape) of a price range (migration 0055), with at most one size and one
 * colour (0056): a product has a price in the range when its prices there outnumber its pairs of
 * consecutive prices there (by one), so each point within the range counts 1 and each gap within
 * it -1. The products are read from the points of the product (per brand and category), of its
 * size, of its colour or of the pair; each facet from those of its values, without its own choice:
 * the sizes from the sizes' points (of the colour chosen: the pairs'), the colours likewise; in
 * stock from the '_stock' rows.
 */
function priceCells(filter: ProductFilter): Cells {
  const size = filter.sizes[0] ?? null;
  const color = filter.colors[0] ?? null;
  const part = (n: number) => sql`split_part(f.value, ${PAIR}, ${sql.raw(String(n))})`;
  /**
   * The rows of `prefix`'s points and gaps where `key` holds, counted as `facet`'s `value`. With
   * `exact`, the points' whole value (the products of a size, a colour or a pair): they are read
   * along the counts' (kind, value) index, not every point in the range (a pair's products from
   * ~100 rows instead of ~17,000 at 100,000 products); the gaps, few, still by `key`.
   */
  const cells = (
    facet: 'product' | 'size' | 'color',
    prefix: '' | 'size_' | 'color_' | 'pair_',
    key: SQL,
    value: SQL,
    exact: string | null = null,
  ) => {
    // A gap's value ends with the next price up: after the size, the colour, or both.
    const upper = sql`(CASE WHEN strpos(f.kind, '_gap') > 0
        THEN ${part(prefix === 'pair_' ? 3 : 2)}::int END)`;
    const share = (point: string, gap: string) => sql`CASE
        WHEN f.kind = ${point} THEN f.products
        WHEN f.kind = ${gap} AND ${inPriceRange(filter, upper)} THEN -f.products
        ELSE 0 END`;
    const kinds = [`${prefix}price_point`, `${prefix}price_gap`] as const;
    const stockKinds = [`${kinds[0]}_stock`, `${kinds[1]}_stock`] as const;
    // The products' cells give the total (in stock or not) and the in-stock count; a size's or a
    // colour's only what the filter counts (those in stock with "em estoque"), half the rows.
    const products = facet === 'product' || !filter.inStock;
    const inStock = facet === 'product' || filter.inStock;
    const read = [...(products ? kinds : []), ...(inStock ? stockKinds : [])];
    const rowsOf = (kindsRead: string[], where: SQL) =>
      cellsOf(
        facet,
        value,
        products ? share(...kinds) : sql`0`,
        inStock ? share(...stockKinds) : sql`0`,
        sql`f.kind IN (${list(kindsRead)}) AND ${inPriceRange(filter, sql`f.cents`)} AND ${where}`,
      );
    if (exact === null) return rowsOf(read, key);
    const isGap = (kind: string) => kind.includes('_gap');
    return sql`${rowsOf(
      read.filter((kind) => !isGap(kind)),
      sql`f.value = ${exact}`,
    )} UNION ALL ${rowsOf(read.filter(isGap), key)}`;
  };
  const is = (n: number, chosen: string) => sql`${part(n)} = ${chosen}`;
  const none = sql`''::text`;
  const products =
    size !== null && color !== null
      ? cells(
          'product',
          'pair_',
          sql`${is(1, size)} AND ${is(2, color)}`,
          none,
          `${size}\u001f${color}`,
        )
      : size !== null
        ? cells('product', 'size_', is(1, size), none, size)
        : color !== null
          ? cells('product', 'color_', is(1, color), none, color)
          : cells('product', '', sql`true`, none);
  const sizes =
    color !== null
      ? cells('size', 'pair_', is(2, color), part(1))
      : cells('size', 'size_', sql`true`, part(1));
  const colors =
    size !== null
      ? cells('color', 'pair_', is(1, size), part(2))
      : cells('color', 'color_', sql`true`, part(1));
  return { product: products, size: sizes, color: colors };
}

/** The chosen values as a text[]. */
export function valueArray(values: readonly string[]): SQL {
  return sql`ARRAY[${list(values)}]::text[]`;
}

/** A counted filter's cells of each kind: its products, its sizes facet, its colours facet. */
export type CellKind = 'product' | 'size' | 'color';
type Cells = Record<CellKind, SQL>;
export const CELL_KINDS: readonly CellKind[] = ['product', 'size', 'color'];

/** The rows' (`f`) counted shape: brand_id, category_id, kind, value, products, in_stock. */
function cellsOf(kind: string, value: SQL, products: SQL, inStock: SQL, where: SQL): SQL {
  return sql`SELECT f.brand_id, f.category_id, ${kind}::text AS kind, ${value} AS value,
      ${products} AS products, ${inStock} AS in_stock
    FROM catalog_facet_counts f WHERE ${where}`;
}

/** A size row's cells: the sizes facet, of variants of `color` when one is chosen. */
function sizeCells(color: string | null): SQL {
  if (color === null)
    return cellsOf('size', sql`f.value`, sql`f.products`, sql`f.in_stock`, sql`f.kind = 'size'`);
  return cellsOf(
    'size',
    sql`left(f.value, length(f.value) - length(${color}) - 1)`,
    sql`f.products`,
    sql`f.in_stock`,
    sql`f.kind = 'size_color' AND right(f.value, length(${color}) + 1) = ${PAIR} || ${color}`,
  );
}

/** The colours facet's cells, of variants of `size` when one is chosen. */
function colorCells(size: string | null): SQL {
  if (size === null)
    return cellsOf('color', sql`f.value`, sql`f.products`, sql`f.in_stock`, sql`f.kind = 'color'`);
  return cellsOf(
    'color',
    sql`substr(f.value, length(${size}) + 2)`,
    sql`f.products`,
    sql`f.in_stock`,
    sql`f.kind = 'size_color' AND left(f.value, length(${size}) + 1) = ${size} || ${PAIR}`,
  );
}

/**
 * The counts' rows as cells (brand_id, category_id, kind, value, products, in_stock) of the three
 * kinds a counted filter reads: 'product' (its products: one row per listed product, or, refined
 * by a size (a colour, both), its 'size' ('color', 'size_color') row: a product counted once per
 * size it has), 'size' and 'color' (the values of the facets, each without its own selection:
 * refined by a size, the colours are those of a variant of that size, read from the pairs).
 */
function countedCells(refinement: Refinement | null): Cells {
  const products = refinement
    ? cellsOf(
        'product',
        sql`''::text`,
        sql`f.products`,
        sql`f.in_stock`,
        sql`f.kind = ${refinement.kind} AND f.value = ${refinement.value}`,
      )
    : cellsOf('product', sql`''::text`, sql`f.products`, sql`f.in_stock`, sql`f.kind = 'product'`);
  return {
    product: products,
    size: sizeCells(refinement?.color ?? null),
    color: colorCells(refinement?.size ?? null),
  };
}

/**
 * The cells (countedCells' shape) of a refinement by several values of one facet (migration
 * 0054): a set's row counts its products (1) where its set meets the chosen values, and in stock
 * where its set in stock does. With sizes M and G: the products from the 'size_set' rows (in
 * Preto: the 'color_sizes' rows of Preto), the sizes facet as without them (in Preto: the pairs
 * of Preto), the colours facet from the 'color_sizes' rows (a colour with a variant in M or G).
 */
function setCells(set: SetRefinement): Cells {
  const chosen = valueArray(set.values);
  const part = (n: number) => sql`split_part(f.value, ${PARTS}, ${sql.raw(String(n))})`;
  const meets = (n: number) =>
    sql`CASE WHEN string_to_array(${part(n)}, ${PAIR}) && ${chosen} THEN f.products ELSE 0 END`;
  const otherFacet = set.facet === 'size' ? 'color' : 'size';
  // Per value of the other facet, the values of its variants: 'color_sizes' for sizes chosen.
  const crossKind = `${otherFacet}_${set.facet}s`;
  const products =
    set.other === null
      ? cellsOf('product', sql`''::text`, meets(1), meets(2), sql`f.kind = ${`${set.facet}_set`}`)
      : cellsOf(
          'product',
          sql`''::text`,
          meets(2),
          meets(3),
          sql`f.kind = ${crossKind} AND ${part(1)} = ${set.other}`,
        );
  const own = set.facet === 'size' ? sizeCells(set.other) : colorCells(set.other);
  const other = cellsOf(otherFacet, part(1), meets(2), meets(3), sql`f.kind = ${crossKind}`);
  return { product: products, [set.facet]: own, [otherFacet]: other } as Cells;
}

/**
 * The cells of a counted filter (countedFacets) of `kinds` (all three unless told):
 * countedCells, setCells or priceCells.
 */
export function filterCells(filter: ProductFilter, kinds: readonly CellKind[] = CELL_KINDS): SQL {
  const set = priced(filter) ? null : countedSetRefinement(filter);
  const cells = priced(filter)
    ? priceCells(filter)
    : set
      ? setCells(set)
      : countedCells(countedRefinement(filter));
  return sql.join(
    kinds.map((kind) => cells[kind]),
    sql` UNION ALL `,
  );
}

/**
 * The products of a filter the counts hold where `where` (a condition on the cells `f`) holds, in
 * stock with "em estoque": exact for a counted filter (countedFacets), a superset for any other
 * public one (its sizes' or its price's products).
 */
export function countedProducts(filter: ProductFilter, where: SQL): SQL {
  const n = filter.inStock ? sql`f.in_stock` : sql`f.products`;
  return sql`(SELECT coalesce(sum(${n}), 0)::int
      FROM (${filterCells(filter, ['product'])}) f JOIN brands b ON b.id = f.brand_id AND b.active
      WHERE f.kind = 'product' AND ${where})`;
}
