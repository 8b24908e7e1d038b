// The storefront's facets from the maintained counts (catalog.facets.repository.ts) against the
// facets counted from the rows (productFacets, with and without the products' summaries), on a
// random catalog, after every kind of change the triggers must follow, and after the fold; and a
// category's or brands' listing read part by part (migration 0050) against the same listing read
// whole.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import type { Database } from '../../db';
import { applyStatementTimeout } from '../../lib/statement-timeout';
import {
  comparableFacets,
  FACETS_DOCUMENT,
  insertBrand,
  insertCategory,
  insertProduct,
} from './catalog.fixtures';
import { facetCountsPlugin } from './catalog.facets.plugin';
import {
  normalizeFilter,
  type Cursor,
  type ProductFilter,
  type ProductFilterInput,
} from './catalog.listing';
import { countProducts, listProducts, rows } from './catalog.repository';
import {
  countedFacets,
  countedProductFacets,
  countedProductTotal,
  productFacets,
} from './catalog.facets.repository';
import {
  compactFacetCounts,
  facetCountsBloat,
  foldFacetCounts,
} from './catalog.facets.fold.repository';
import {
  partlyCountedFacets,
  partlyCountedProductFacets,
} from './catalog.facets.partly.repository';

let ctx: TestContext;
let db: Database;

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SIZES = ['P', 'M', 'G', '38', '40', null];
const COLORS = ['Azul', 'Preto', 'Verde-oliva', 'Off-white', null];
const BRANDS = ['aurora', 'boreal', 'cacto'];

const FILTERS: ProductFilterInput[] = [
  {},
  { inStock: true },
  { categorySlug: 'roupas' },
  { categorySlug: 'camisetas' },
  { categorySlug: 'calcados', inStock: true },
  { categorySlug: 'sem-produtos' },
  { brandSlugs: ['aurora'] },
  { brandSlugs: ['boreal', 'cacto'], inStock: true },
  { brandSlugs: ['aurora', 'cacto'], categorySlug: 'roupas' },
  { brandSlugs: ['nao-existe'] },
  // A first refinement: one size or one colour (migration 0051).
  { sizes: ['M'] },
  { sizes: ['38'], inStock: true },
  { sizes: ['P'], categorySlug: 'roupas' },
  { sizes: ['GG'], brandSlugs: ['aurora', 'cacto'], inStock: true },
  { sizes: ['XG'], categorySlug: 'calcados' },
  { colors: ['Azul'] },
  { colors: ['Preto'], inStock: true, categorySlug: 'roupas' },
  { colors: ['Vinho'], brandSlugs: ['boreal'] },
  { colors: ['Rosa'], inStock: true },
  { colors: ['Nenhuma'] },
  // One size and one colour together: a variant of both (the 'size_color' rows).
  { sizes: ['M'], colors: ['Azul'] },
  { sizes: ['38'], colors: ['Preto'], inStock: true },
  { sizes: ['P'], colors: ['Verde-oliva'], categorySlug: 'roupas' },
  { sizes: ['G'], colors: ['Off-white'], brandSlugs: ['aurora', 'cacto'], inStock: true },
  { sizes: ['40'], colors: ['Azul'], categorySlug: 'calcados', inStock: true },
  { sizes: ['M'], colors: ['Nenhuma'] },
  // Two values or more of one facet, at most one of the other (the sets of migration 0054): a
  // product with both sizes counted once.
  { sizes: ['M', 'G'] },
  { sizes: ['P', 'M', '38', 'GG'], inStock: true },
  { sizes: ['38', '40'], categorySlug: 'calcados' },
  { sizes: ['M', 'XG'], brandSlugs: ['aurora', 'cacto'], inStock: true },
  { colors: ['Azul', 'Preto'] },
  { colors: ['Preto', 'Off-white', 'Verde-oliva'], inStock: true, categorySlug: 'roupas' },
  { colors: ['Vinho', 'Nenhuma'], brandSlugs: ['boreal'] },
  { sizes: ['M', 'G'], colors: ['Preto'] },
  { sizes: ['P', '38'], colors: ['Azul'], inStock: true },
  { sizes: ['40'], colors: ['Azul', 'Off-white'], categorySlug: 'calcados' },
  { sizes: ['G'], colors: ['Preto', 'Verde-oliva'], brandSlugs: ['aurora'], inStock: true },
  // A price range, any two numbers (migration 0055): points in it minus gaps in it.
  { minPriceCents: 2_000, maxPriceCents: 4_000 },
  { minPriceCents: 3_000, inStock: true },
  { maxPriceCents: 2_500, categorySlug: 'roupas' },
  { minPriceCents: 1_500, maxPriceCents: 5_000, brandSlugs: ['aurora', 'cacto'], inStock: true },
  { minPriceCents: 2_000, brandSlugs: ['aurora'], inStock: true },
  { minPriceCents: 3_300, maxPriceCents: 3_300 },
  { minPriceCents: 0, maxPriceCents: 1_000_000, categorySlug: 'calcados' },
  // A price range with one size, one colour or one of each (the pairs' points of migration 0056).
  { sizes: ['M'], minPriceCents: 2_000, maxPriceCents: 4_000 },
  { sizes: ['38'], maxPriceCents: 3_500, inStock: true },
  { colors: ['Azul'], minPriceCents: 2_500, categorySlug: 'roupas' },
  { colors: ['Preto'], minPriceCents: 1_000, maxPriceCents: 3_000, inStock: true },
  { sizes: ['M'], colors: ['Azul'], minPriceCents: 1_500, maxPriceCents: 4_500 },
  { sizes: ['P'], colors: ['Preto'], maxPriceCents: 4_000, brandSlugs: ['aurora', 'cacto'] },
  { sizes: ['G'], colors: ['Off-white'], minPriceCents: 2_000, inStock: true },
  { sizes: ['40'], colors: ['Nenhuma'], minPriceCents: 1_000 },
];

/**
 * The listing and its total read through the products' summaries of their variants (a size or a
 * colour alone) are those read from the variants.
 */
async function expectSameListing(filter: ProductFilter, label: string) {
  const fromVariants = { summaries: false };
  expect(await countProducts(db, filter), label).toBe(
    await countProducts(db, filter, fromVariants),
  );
  for (const sort of ['NEWEST', 'PRICE_ASC'] as const) {
    const ids = async (opts: { summaries?: boolean }) =>
      (await listProducts(db, filter, sort, 100, null, opts)).map((row) => row.id);
    expect(await ids({}), `${label} ${sort}`).toEqual(await ids(fromVariants));
  }
}

/** `n` delta rows of one size that sum to nothing, as a bulk load's +1 and -1 would. */
async function cancellingDeltas(value: string, n: number) {
  await db.execute(
    sql`INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, products)
        SELECT (SELECT id FROM brands ORDER BY slug LIMIT 1),
          (SELECT id FROM categories ORDER BY slug LIMIT 1), 'size', ${value},
          CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END
        FROM generate_series(1, ${n}::int) i`,
  );
}

/**
 * The counts, the products' summaries and the variants themselves give the same facets, totals
 * and listings for every filter.
 */
async function expectSameFacets(when: string) {
  for (const input of FILTERS) {
    const filter = normalizeFilter(input, { publicOnly: true, brandIdScope: null });
    const label = `${when}: ${JSON.stringify(input)}`;
    expect(countedFacets(filter)).toBe(true);
    const fromVariants = comparableFacets(await productFacets(db, filter, { summaries: false }));
    const fromRows = await productFacets(db, filter);
    expect(comparableFacets(fromRows), label).toEqual(fromVariants);
    expect(comparableFacets(await countedProductFacets(db, filter)), label).toEqual(fromVariants);
    // The row-counted statement counts the filter's products too (a search's totalCount).
    expect(fromRows.total, label).toBe(await countProducts(db, filter, { summaries: false }));
    expect(await countedProductTotal(db, filter), label).toBe(
      await countProducts(db, filter, { summaries: false }),
    );
    await expectSameListing(filter, label);
  }
  // Filters the counts leave to the rows: staff listings (unpublished too), searches, and
  // refinements, where some variant facets come from the summaries and the others from the rows.
  const pub = { publicOnly: true, brandIdScope: null };
  const uncounted = [
    normalizeFilter({}, { publicOnly: false, brandIdScope: null }),
    normalizeFilter({ search: 'produto', inStock: true }, pub),
    normalizeFilter({ sizes: ['M', 'G'], colors: ['Azul', 'Preto'] }, pub),
    normalizeFilter(
      { sizes: ['P', '38'], colors: ['Preto', 'Off-white'], inStock: true, categorySlug: 'roupas' },
      pub,
    ),
    normalizeFilter({ sizes: ['M', 'G'], maxPriceCents: 3_000 }, pub),
    normalizeFilter({ colors: ['Azul', 'Preto'], minPriceCents: 2_000, inStock: true }, pub),
    normalizeFilter({ sizes: ['M'], colors: ['Azul', 'Preto'], maxPriceCents: 4_000 }, pub),
    normalizeFilter({ sizes: ['M', 'G'], colors: ['Azul', 'Preto'], brandSlugs: ['aurora'] }, pub),
    normalizeFilter(
      { sizes: ['P', 'M', '40'], colors: ['Preto', 'Verde-oliva'], minPriceCents: 1_500 },
      pub,
    ),
    normalizeFilter(
      {
        sizes: ['M', 'G'],
        colors: ['Azul', 'Off-white'],
        minPriceCents: 2_000,
        maxPriceCents: 4_500,
        inStock: true,
        brandSlugs: ['aurora', 'cacto'],
        categorySlug: 'roupas',
      },
      pub,
    ),
    normalizeFilter({ sizes: ['38', '40'], maxPriceCents: 3_000, categorySlug: 'calcados' }, pub),
    normalizeFilter({ colors: ['Preto', 'Nenhuma'], minPriceCents: 1_000, inStock: true }, pub),
    normalizeFilter({ sizes: ['XG', 'GG'], colors: ['Rosa', 'Nenhuma'] }, pub),
  ];
  // The listed variants (0059) the refinements above read are the listed products' variants.
  const drift = await rows<{ rows: number; listed: number; differing: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM listed_variant_rows) AS rows,
          (SELECT count(*)::int FROM listed_variants) AS listed,
          (SELECT count(*)::int FROM ((SELECT * FROM listed_variant_rows
                                       EXCEPT SELECT * FROM listed_variants)
                                      UNION ALL (SELECT * FROM listed_variants
                                       EXCEPT SELECT * FROM listed_variant_rows)) x) AS differing`,
  );
  expect(drift[0]?.listed, when).toBe(drift[0]?.rows);
  expect(drift[0]?.rows, when).toBeGreaterThan(0);
  expect(drift[0]?.differing, when).toBe(0);
  for (const filter of uncounted) {
    const label = `${when}: ${JSON.stringify(filter)}`;
    expect(countedFacets(filter)).toBe(false);
    await expectSameListing(filter, label);
    const fromVariants = comparableFacets(await productFacets(db, filter, { summaries: false }));
    const rows = await productFacets(db, filter);
    expect(comparableFacets(rows), label).toEqual(fromVariants);
    const total = await countProducts(db, filter, { summaries: false });
    expect(rows.total, label).toBe(total);
    // The public catalog's refinements: the counts for the facets whose remaining choice they
    // keep, the matching variants for the rest.
    const partly = filter.published === true && filter.searchTokens.length === 0;
    expect(partlyCountedFacets(filter), label).toBe(partly);
    if (partly) {
      const facets = await partlyCountedProductFacets(db, filter);
      expect(comparableFacets(facets), label).toEqual(fromVariants);
      expect(facets.total, label).toBe(total);
    }
  }
}

/** Makes each change and compares the ways of counting after it. */
async function followChanges(changes: [string, ReturnType<typeof sql>][]) {
  for (const [when, change] of changes) {
    await db.execute(change);
    await expectSameFacets(when);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
  const brandIds = [];
  for (const slug of BRANDS) brandIds.push((await insertBrand(db, { slug, name: slug })).id);
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const leaves = [
    await insertCategory(db, { slug: 'camisetas', name: 'Camisetas', parentId: roupas.id }),
    await insertCategory(db, { slug: 'calcas', name: 'Calças', parentId: roupas.id }),
    roupas,
  ];
  const calcados = await insertCategory(db, { slug: 'calcados', name: 'Calçados' });
  leaves.push(await insertCategory(db, { slug: 'tenis', name: 'Tênis', parentId: calcados.id }));
  await insertCategory(db, { slug: 'sem-produtos', name: 'Sem produtos' });
  const next = random(48);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  for (let i = 0; i < 60; i += 1) {
    const variantCount = Math.floor(next() * 4); // some products have none
    await insertProduct(db, {
      slug: `produto-${i}`,
      name: `Produto ${i}`,
      brandId: pick(brandIds),
      categoryId: pick(leaves).id,
      published: next() > 0.15,
      variants: Array.from({ length: variantCount }, (_, v) => ({
        sku: `P${i}-${v}`,
        size: pick(SIZES),
        color: pick(COLORS),
        priceCents: 1_000 + Math.floor(next() * 50) * 100,
        stock: next() > 0.4 ? Math.floor(next() * 5) : 0,
      })),
    });
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('facet counts kept by the database', () => {
  it('answer as counting the rows does, on a random catalog', async () => {
    await expectSameFacets('as inserted');
  });

  it('give one variant facet alone, as they give it with the others', async () => {
    for (const input of FILTERS) {
      const filter = normalizeFilter(input, { publicOnly: true, brandIdScope: null });
      const all = await countedProductFacets(db, filter);
      const none = { brands: null, categories: null, sizes: null, colors: null, price: null };
      const rest = { ...none, inStock: null, total: null };
      const label = JSON.stringify(input);
      expect(await countedProductFacets(db, filter, 'size'), label).toEqual({
        ...rest,
        sizes: all.sizes,
      });
      expect(await countedProductFacets(db, filter, 'color'), label).toEqual({
        ...rest,
        colors: all.colors,
      });
      expect(await countedProductFacets(db, filter, 'price'), label).toEqual({
        ...rest,
        price: all.price,
      });
    }
  });

  // Split in two, each comparison of some 65 filters every way of counting them taking 2-4 s on
  // the embedded database: the changes in one test took 61 s on a loaded CI machine. The second
  // starts from the catalog the first left (any catalog must compare equal).
  it('follow every change of variants', async () => {
    await followChanges([
      [
        'a variant sells out',
        sql`UPDATE variants SET stock = 0 WHERE sku IN ('P3-0', 'P7-1', 'P11-0')`,
      ],
      ['stock comes back', sql`UPDATE variants SET stock = 4 WHERE sku IN ('P3-0', 'P20-0')`],
      ['a size changes', sql`UPDATE variants SET size = 'GG' WHERE sku IN ('P5-0', 'P9-1')`],
      ['a colour changes', sql`UPDATE variants SET color = 'Vinho' WHERE sku LIKE 'P1%-0'`],
      [
        'a price changes',
        sql`UPDATE variants SET price_cents = price_cents * 3 WHERE sku LIKE 'P2%'`,
      ],
      ['a variant goes', sql`DELETE FROM variants WHERE sku IN ('P4-0', 'P8-1')`],
      [
        'variants arrive',
        sql`INSERT INTO variants (product_id, sku, size, color, price_cents, stock)
            SELECT id, slug || '-novo', 'XG', 'Rosa', 999, 2 FROM products
            WHERE slug IN ('produto-1', 'produto-2', 'produto-30')`,
      ],
      [
        // A size and colour in three prices, the middle one sold out (the pairs' gaps).
        'a pair in more prices',
        sql`INSERT INTO variants (product_id, sku, size, color, price_cents, stock)
            SELECT v.product_id, v.sku || '-' || x.n, v.size, v.color, v.price_cents + x.n * 700,
              x.stock
            FROM (SELECT * FROM variants WHERE size IS NOT NULL AND color IS NOT NULL
                  ORDER BY sku LIMIT 6) v
            CROSS JOIN (VALUES (1, 0), (2, 3)) x(n, stock)`,
      ],
    ]);
  }, 120_000);

  it('follow every change of products, brands and categories, and the fold keeps them', async () => {
    await followChanges([
      ['unpublished', sql`UPDATE products SET published = false WHERE slug LIKE 'produto-1%'`],
      ['published', sql`UPDATE products SET published = true WHERE slug LIKE 'produto-%5'`],
      [
        'moved to another brand and category',
        sql`UPDATE products SET brand_id = (SELECT id FROM brands WHERE slug = 'cacto'),
              category_id = (SELECT id FROM categories WHERE slug = 'tenis')
            WHERE slug IN ('produto-6', 'produto-16', 'produto-26')`,
      ],
      ['a product goes', sql`DELETE FROM products WHERE slug IN ('produto-40', 'produto-41')`],
      ['a brand is switched off', sql`UPDATE brands SET active = false WHERE slug = 'boreal'`],
      [
        'a category moves to another parent',
        sql`UPDATE categories SET parent_id = (SELECT id FROM categories WHERE slug = 'calcados')
            WHERE slug = 'calcas'`,
      ],
      ['a brand comes back', sql`UPDATE brands SET active = true WHERE slug = 'boreal'`],
    ]);
    // The layout is read by ctid, so the fold must write where nothing else can go: a vacuum
    // (autovacuum, during the changes above) leaves free space on earlier pages, and PostgreSQL
    // puts inserted rows there first, splitting a kind at each such page (36 runs for 35 kinds
    // on CI). Compacted, the table has no free space but on its last page, and the fold's rows
    // (it deletes and rewrites every row) lie in the order it inserts them.
    await compactFacetCounts(db);
    const fold = await foldFacetCounts(db);
    expect(fold.after).toBeLessThan(fold.before);
    await expectSameFacets('after the fold');
    // The sums lie in the table in the order readers look them up, (kind, value): each kind's
    // rows one run of adjacent rows. In the aggregate's own order (brand first, or hash order)
    // the kinds were strewn over the table and a reader of one kind read most of its pages.
    const laidOut = await rows<{ rows: number; kinds: number; runs: number }>(
      db,
      sql`SELECT count(*)::int AS rows, count(DISTINCT x.kind)::int AS kinds,
            count(*) FILTER (WHERE x.previous IS DISTINCT FROM x.kind)::int AS runs
          FROM (SELECT kind, lag(kind) OVER (ORDER BY ctid) AS previous
                FROM catalog_facet_counts) x`,
    );
    expect(laidOut[0]?.rows).toBe(fold.after);
    expect(laidOut[0]?.kinds).toBeGreaterThan(20);
    expect(laidOut[0]?.runs).toBe(laidOut[0]?.kinds);
    // A second fold finds nothing to sum.
    expect(await foldFacetCounts(db)).toEqual({ before: fold.after, after: fold.after });
  }, 120_000);

  it('are what the storefront listing answers, and a filter they cannot answer is counted', async () => {
    const listing = async (filter: ProductFilterInput) => {
      const result = await graphql(
        ctx.app,
        `
          query ($filter: ProductFilter) {
            products(filter: $filter, first: 1) {
              facets {
                colors {
                  value
                  count
                }
              }
            }
          }
        `,
        { filter },
      );
      const data = result.body.data as { products: { facets: { colors: unknown[] } } };
      return data.products.facets.colors;
    };
    const counted = await countedProductFacets(
      db,
      normalizeFilter({}, { publicOnly: true, brandIdScope: null }),
    );
    expect(await listing({})).toEqual(counted.colors);
    const bySize = normalizeFilter({ sizes: ['M'] }, { publicOnly: true, brandIdScope: null });
    expect(countedFacets(bySize)).toBe(true);
    expect(await listing({ sizes: ['M'] })).toEqual(
      (await countedProductFacets(db, bySize)).colors ?? [],
    );
    const twoSizes = { sizes: ['M', 'G'] };
    const byTwo = normalizeFilter(twoSizes, { publicOnly: true, brandIdScope: null });
    expect(countedFacets(byTwo)).toBe(true);
    expect(await listing(twoSizes)).toEqual((await countedProductFacets(db, byTwo)).colors ?? []);
    expect(await listing(twoSizes)).toEqual((await productFacets(db, byTwo)).colors ?? []);
  });

  it("give the storefront listing of two sizes in two colours, or a price with two sizes, the rows' facets and total", async () => {
    const pub = { publicOnly: true, brandIdScope: null };
    for (const input of [
      { sizes: ['M', 'G'], colors: ['Azul', 'Preto'] },
      { sizes: ['P', '38'], minPriceCents: 2_000, categorySlug: 'roupas', inStock: true },
    ] satisfies ProductFilterInput[]) {
      const filter = normalizeFilter(input, pub);
      expect(partlyCountedFacets(filter)).toBe(true);
      const result = await graphql(ctx.app, FACETS_DOCUMENT, { filter: input });
      const { totalCount, facets } = (
        result.body.data as {
          products: {
            totalCount: number;
            facets: {
              brands: { value: string; count: number }[];
              categories: { value: string; count: number }[];
              sizes: { value: string; count: number }[];
              colors: { value: string; count: number }[];
              priceRange: { minCents: number; maxCents: number } | null;
              inStockCount: number;
            };
          };
        }
      ).products;
      const rows = await productFacets(db, filter, { summaries: false });
      const label = JSON.stringify(input);
      expect(totalCount, label).toBe(await countProducts(db, filter, { summaries: false }));
      expect(totalCount, label).toBeGreaterThan(0);
      const pairs = (items: { value: string; count: number }[] | null) =>
        (items ?? []).map(({ value, count }) => `${value}:${count}`).sort();
      expect(pairs(facets.brands), label).toEqual(pairs(rows.brands));
      expect(pairs(facets.categories), label).toEqual(pairs(rows.categories));
      expect(pairs(facets.sizes), label).toEqual(pairs(rows.sizes));
      expect(facets.colors, label).toEqual(rows.colors ?? []);
      expect(facets.priceRange, label).toEqual({
        minCents: rows.price?.min,
        maxCents: rows.price?.max,
      });
      expect(facets.inStockCount, label).toBe(rows.inStock);
    }
  });

  it('answer a listing refined by a size its category lacks, and one it has', async () => {
    const page = async (filter: ProductFilterInput) => {
      const result = await graphql(
        ctx.app,
        `
          query ($filter: ProductFilter) {
            products(filter: $filter, first: 50) {
              totalCount
              nodes {
                id
              }
            }
          }
        `,
        { filter },
      );
      const data = result.body.data as {
        products: { totalCount: number; nodes: { id: string }[] };
      };
      return { total: data.products.totalCount, ids: data.products.nodes.map((n) => n.id) };
    };
    const pub = { publicOnly: true, brandIdScope: null };
    for (const input of [
      { categorySlug: 'sem-produtos', sizes: ['M'] },
      { brandSlugs: ['nao-existe'], colors: ['Azul'] },
      { categorySlug: 'roupas', sizes: ['M'] },
      { colors: ['Preto'], inStock: true },
    ]) {
      const filter = normalizeFilter(input, pub);
      const expected = (await listProducts(db, filter, 'NEWEST', 50, null)).map((row) => row.id);
      expect(await page(input), JSON.stringify(input)).toEqual({
        total: await countProducts(db, filter, { summaries: false }),
        ids: expected,
      });
    }
    expect((await page({ categorySlug: 'roupas', sizes: ['M'] })).ids.length).toBeGreaterThan(0);
    expect(await page({ categorySlug: 'sem-produtos', sizes: ['M'] })).toEqual({
      total: 0,
      ids: [],
    });
  });

  it('count the sizes or colours of a refinement from bits, and from the variants past 63 values', async () => {
    const pub = { publicOnly: true, brandIdScope: null };
    // Sizes with nothing chosen (two colours from a price) and colours (a price with two sizes).
    const bySizes = normalizeFilter({ colors: ['Azul', 'Preto'], minPriceCents: 1_000 }, pub);
    const byColors = normalizeFilter({ sizes: ['M', 'G'], maxPriceCents: 9_000 }, pub);
    const compare = async (executor: typeof db, label: string) => {
      for (const filter of [bySizes, byColors]) {
        expect(partlyCountedFacets(filter)).toBe(true);
        const expected = await productFacets(executor, filter, { summaries: false });
        const facets = await partlyCountedProductFacets(executor, filter);
        expect(comparableFacets(facets), `${label}: ${JSON.stringify(filter)}`).toEqual(
          comparableFacets(expected),
        );
      }
      const facets = await partlyCountedProductFacets(executor, bySizes);
      return {
        sizes: (facets.sizes ?? []).map((item) => item.value),
        colors: ((await partlyCountedProductFacets(executor, byColors)).colors ?? []).map(
          (item) => item.value,
        ),
      };
    };
    await compare(db, 'as the catalog is');
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        const [scope] = await rows<{ brand_id: string; category_id: string }>(
          tx,
          sql`SELECT b.id AS brand_id, c.id AS category_id FROM brands b, categories c
              WHERE b.slug = 'aurora' AND c.slug = 'camisetas'`,
        );
        const many = (prefix: string) =>
          Array.from({ length: 70 }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
        // 70 sizes of one colour, 70 colours of one size: more values than a product's bits hold.
        for (const [slug, variants] of [
          ['tamanhos', many('T').map((size) => ({ size, color: 'Azul' }))],
          ['cores', many('C').map((color) => ({ size: 'M', color }))],
        ] as const) {
          await insertProduct(tx, {
            slug,
            name: slug,
            brandId: scope!.brand_id,
            categoryId: scope!.category_id,
            variants: variants.map((variant, i) => ({
              ...variant,
              sku: `${slug}-${i}`,
              priceCents: 2_000,
              stock: 1,
            })),
          });
        }
        const past = await compare(tx, 'past 63 values');
        expect(past.sizes).toEqual(expect.arrayContaining(['T01', 'T64', 'T70']));
        expect(past.colors).toEqual(expect.arrayContaining(['C01', 'C64', 'C70']));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await compare(db, 'rolled back');
  });

  // PGlite has no statement timeout to pass.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL?.trim()))(
    "are folded however many deltas a bulk load left, past a request's statement timeout",
    async () => {
      expect(ctx.kind).toBe('pg');
      const { after: folded } = await foldFacetCounts(db);
      // 400,000 deltas of one size that sum to nothing, as a bulk load's +1 and -1 would: the
      // fold takes well over the 200 ms a request would be given.
      await cancellingDeltas('fold-test', 400_000);
      const withdraw = applyStatementTimeout(db, 200);
      expect(withdraw).not.toBeNull();
      try {
        const shown = await rows<{ statement_timeout: string }>(db, sql`SHOW statement_timeout`);
        expect(shown[0]?.statement_timeout).toBe('200ms');
        // Every other row as the fold before left it; the deltas gone.
        expect(await foldFacetCounts(db)).toEqual({ before: folded + 400_000, after: folded });
      } finally {
        withdraw?.();
      }
      const left = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM catalog_facet_counts WHERE value = 'fold-test'`,
      );
      expect(left[0]?.n).toBe(0);
      // As after a bulk import (docs/database.md): the table back to the size of what it holds,
      // for the tests after this one.
      expect(await compactFacetCounts(db)).toBe('compacted');
    },
  );

  it('are folded by the server only once they have grown', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', db);
    app.register(fp(async () => undefined, { name: 'vitrine-db' }));
    app.register(facetCountsPlugin, { enabled: false });
    await app.ready();
    try {
      await foldFacetCounts(db);
      const quiet = await app.foldFacetCounts();
      expect(quiet.after).toBe(quiet.before); // under 500 rows: nothing rewritten
      for (let i = 0; i < 20; i += 1) {
        await db.execute(sql`UPDATE variants SET price_cents = price_cents + 100`);
      }
      const busy = await app.foldFacetCounts();
      expect(busy.before).toBeGreaterThan(quiet.after + 500);
      expect(busy.after).toBeLessThan(busy.before);
      await expectSameFacets('after twenty price changes and the server fold');
    } finally {
      await app.close();
    }
  });

  it('are compacted by the server once a bulk load left the table far larger than its rows', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', db);
    app.register(fp(async () => undefined, { name: 'vitrine-db' }));
    // 1 MB instead of 16: the fixture's catalog is small.
    const bloat = { minBytes: 1024 * 1024, ratio: 4, rowBytes: 128 };
    app.register(facetCountsPlugin, { enabled: false, bloat, compactRetryMs: 100 });
    await app.ready();
    const size = async () => (await facetCountsBloat(db, bloat)).bytes;
    try {
      await compactFacetCounts(db);
      await foldFacetCounts(db);
      const compact = await size();
      expect(compact).toBeLessThan(bloat.minBytes);
      // An ordinary fold looks and leaves the table as it is.
      expect((await app.foldFacetCounts()).compacted).toBe(false);
      // A bulk load's deltas (40,000 rows summing to nothing, as an import's +1 and -1 would).
      await cancellingDeltas('bulk-load', 40_000);
      let folded = await app.foldFacetCounts();
      expect(folded.before).toBeGreaterThan(folded.after + 40_000 - 1);
      // On PostgreSQL a transaction of another session (an autoanalyze of the loaded table, say)
      // can hold what the rewrite reclaims: the job then answers `held` and compacts at a later
      // fold, once that transaction has ended (what the test after the next shows on purpose).
      for (let tries = 0; folded.held === true && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        folded = await app.foldFacetCounts();
      }
      expect(folded.compacted).toBe(true);
      expect(await size()).toBeLessThanOrEqual(compact + 8192);
      expect(await facetCountsBloat(db, bloat)).toMatchObject({ bloated: false });
      await expectSameFacets('after a bulk load folded and compacted');
      // Nothing folded since: not looked at again.
      expect(await app.foldFacetCounts()).toMatchObject({ compacted: false });
    } finally {
      await app.close();
    }
  }, 60_000);

  // PGlite has one connection: no reader can hold the table while another asks for it.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL?.trim()))(
    'are not compacted while readers hold the table past the wait it is given',
    async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT count(*) FROM catalog_facet_counts`);
        // Another connection of the pool: it waits 100 ms for the table, then gives up.
        expect(await compactFacetCounts(db, { lockTimeoutMs: 100 })).toBe('busy');
      });
      expect(await compactFacetCounts(db, { lockTimeoutMs: 100 })).toBe('compacted');
    },
  );

  // PGlite has one connection: no other transaction can hold what a rewrite would reclaim.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL?.trim()))(
    'are not rewritten again for nothing while an open transaction holds the removed rows',
    async () => {
      const lines: string[] = [];
      const app = Fastify({
        logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
      });
      app.decorate('db', db);
      app.register(fp(async () => undefined, { name: 'vitrine-db' }));
      const bloat = { minBytes: 1024 * 1024, ratio: 4, rowBytes: 128 };
      app.register(facetCountsPlugin, { enabled: false, bloat });
      await app.ready();
      // CLUSTER writes the table to a new file: a new file node is a rewrite.
      const fileNode = async () =>
        (
          await rows<{ node: string }>(
            db,
            sql`SELECT pg_relation_filenode('catalog_facet_counts')::text AS node`,
          )
        )[0]?.node;
      const warnings = () =>
        lines
          .filter((line) => line.includes('rewritten but not smaller'))
          .map((line) => JSON.parse(line) as { holder?: { pid: number } });
      try {
        await compactFacetCounts(db);
        await foldFacetCounts(db);
        await db.transaction(async (tx) => {
          // Open on another connection of the pool, with a transaction ID, reading nothing here.
          const [own] = await rows<{ pid: number }>(
            tx,
            sql`SELECT pg_backend_pid() AS pid, pg_current_xact_id()::text AS xid`,
          );
          await cancellingDeltas('held-1', 40_000);
          const before = await fileNode();
          const first = await app.foldFacetCounts();
          expect(first.before).toBeGreaterThan(first.after + 40_000 - 1);
          expect(first).toMatchObject({ compacted: false, held: true });
          expect(await fileNode()).not.toBe(before); // rewritten, and as large as it was
          expect(await facetCountsBloat(db, bloat)).toMatchObject({ bloated: true });
          expect(warnings()).toHaveLength(1);
          expect(warnings()[0]?.holder?.pid).toBe(own?.pid);
          // Another bulk load folded while it is still open: not rewritten, not said again.
          await cancellingDeltas('held-2', 40_000);
          const held = await fileNode();
          const second = await app.foldFacetCounts();
          expect(second.before).toBeGreaterThan(second.after + 40_000 - 1);
          expect(second).toMatchObject({ compacted: false, held: true });
          expect(await fileNode()).toBe(held);
          expect(warnings()).toHaveLength(1);
        });
        // It ended: the next turn rewrites the table, compact this time.
        expect(await app.foldFacetCounts()).toMatchObject({ compacted: true });
        expect(await facetCountsBloat(db, bloat)).toMatchObject({ bloated: false });
        await expectSameFacets('after compactions held back and then done');
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it('a category or brand listing read part by part pages as the whole listing does', async () => {
    const sorts = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'NAME'] as const;
    const walk = async (filter: ProductFilter, sort: (typeof sorts)[number], parts: boolean) => {
      const ids: string[] = [];
      let after: Cursor | null = null;
      for (;;) {
        const page = await listProducts(db, filter, sort, 7, after, { parts });
        ids.push(...page.map((row) => row.id));
        const last = page.at(-1);
        if (page.length < 7 || !last) return ids;
        after = { sort, key: last.sortKey, id: last.id };
      }
    };
    for (const input of FILTERS) {
      const filter = normalizeFilter(input, { publicOnly: true, brandIdScope: null });
      for (const sort of sorts) {
        const whole = await walk(filter, sort, false);
        expect(await walk(filter, sort, true), `${JSON.stringify(input)} ${sort}`).toEqual(whole);
      }
    }
  });

  it('leave staff listings, searches, two sizes with two colours and two sizes with a price to the rows', () => {
    const pub = { publicOnly: true, brandIdScope: null };
    const staff = normalizeFilter({}, { publicOnly: false, brandIdScope: null });
    const search = normalizeFilter({ search: 'camiseta' }, pub);
    const sizeAndPrice = normalizeFilter({ sizes: ['M', 'G'], minPriceCents: 100 }, pub);
    const twoOfEach = normalizeFilter({ sizes: ['M', 'G'], colors: ['Azul', 'Preto'] }, pub);
    expect([staff, search, sizeAndPrice, twoOfEach].map(countedFacets)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const counted = [
      { minPriceCents: 100 },
      { maxPriceCents: 9_000, categorySlug: 'roupas', inStock: true },
      { sizes: ['M'], colors: ['Azul'] },
      { sizes: ['M', 'G'] },
      { colors: ['Azul', 'Preto', 'Verde-oliva'] },
      { sizes: ['M', 'G'], colors: ['Azul'] },
      { sizes: ['M'], colors: ['Azul', 'Preto'] },
      { sizes: ['M'], minPriceCents: 100 },
      { colors: ['Azul'], maxPriceCents: 9_000, inStock: true },
      { sizes: ['M'], colors: ['Azul'], minPriceCents: 100, maxPriceCents: 9_000 },
    ];
    for (const input of counted) {
      expect(countedFacets(normalizeFilter(input, pub)), JSON.stringify(input)).toBe(true);
    }
  });
});
