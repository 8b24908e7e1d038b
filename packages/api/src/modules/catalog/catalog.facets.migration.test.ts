// Migration 0051 counts the first refinement (one size or one colour) of a catalog that already
// has products: the products' summaries are taken again, and the statement trigger adds the new
// kinds' rows. After it, the counts answer a refined listing as the variants do. Migration 0054
// adds the sets of the products already there (two sizes or more, two colours or more), 0055 their
// prices (a price range), including those of variants with neither a size nor a colour.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { migrate } from '../../db/migrate';
import { describe, expect, it } from 'vitest';
import { migrationDatabases } from '../../../test/migrations';
import { comparableFacets, insertBrand, insertCategory, insertProduct } from './catalog.fixtures';
import { normalizeFilter, type ProductFilterInput } from './catalog.listing';
import {
  countedFacets,
  countedProductFacets,
  countedProductTotal,
  productFacets,
} from './catalog.facets.repository';
import {
  partlyCountedFacets,
  partlyCountedProductFacets,
} from './catalog.facets.partly.repository';
import { countProducts } from './catalog.repository';

const databaseBefore = migrationDatabases();

/** The counts answer each filter (public listings) as the variants do: its facets and total. */
async function expectCountedAsRows(db: Database, inputs: ProductFilterInput[]) {
  for (const input of inputs) {
    const filter = normalizeFilter(input, { publicOnly: true, brandIdScope: null });
    expect(countedFacets(filter)).toBe(true);
    const label = JSON.stringify(input);
    expect(comparableFacets(await countedProductFacets(db, filter)), label).toEqual(
      comparableFacets(await productFacets(db, filter, { summaries: false })),
    );
    expect(await countedProductTotal(db, filter), label).toBe(
      await countProducts(db, filter, { summaries: false }),
    );
  }
}

/** Two brands, two categories and four products of two variants each; the brands and categories. */
async function insertCatalog(db: Database) {
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const tenis = await insertCategory(db, { slug: 'tenis', name: 'Tênis' });
  const products: [string, string, string, [string | null, string | null, number, number][]][] = [
    [
      'camiseta',
      aurora.id,
      roupas.id,
      [
        ['M', 'Azul', 5_000, 3],
        ['G', 'Azul', 5_500, 0],
      ],
    ],
    [
      'regata',
      aurora.id,
      roupas.id,
      [
        ['M', 'Preto', 4_000, 0],
        ['P', 'Preto', 4_200, 1],
      ],
    ],
    [
      'calca',
      boreal.id,
      roupas.id,
      [
        ['M', 'Azul', 9_000, 2],
        [null, 'Verde', 9_900, 1],
      ],
    ],
    [
      'tenis',
      boreal.id,
      tenis.id,
      [
        ['40', 'Preto', 30_000, 4],
        ['41', 'Branco', 31_000, 0],
      ],
    ],
  ];
  for (const [slug, brandId, categoryId, variants] of products) {
    await insertNamed(db, slug, brandId, categoryId, variants);
  }
  return { aurora, boreal, roupas, tenis };
}

/** A product named by its slug, its variants as [size, colour, price, stock]. */
async function insertNamed(
  db: Database,
  slug: string,
  brandId: string,
  categoryId: string,
  variants: [string | null, string | null, number, number][],
) {
  await insertProduct(db, {
    slug,
    name: slug,
    brandId,
    categoryId,
    variants: variants.map(([size, color, priceCents, stock], i) => ({
      sku: `${slug}-${i}`,
      size,
      color,
      priceCents,
      stock,
    })),
  });
}

describe('migration 0051', () => {
  it('counts the refinements of the products already there', async () => {
    const { db, apply } = await databaseBefore('0051');

    await insertCatalog(db);
    const before = await db.execute(
      sql`SELECT count(*)::int AS n FROM catalog_facet_counts WHERE kind = 'size_color'`,
    );
    expect(before.rows).toEqual([{ n: 0 }]);

    await apply();

    const pub = { publicOnly: true, brandIdScope: null };
    const refined: ProductFilterInput[] = [
      { sizes: ['M'] },
      { sizes: ['M'], inStock: true },
      { sizes: ['M'], brandSlugs: ['boreal'] },
      { colors: ['Preto'] },
      { colors: ['Azul'], categorySlug: 'roupas', inStock: true },
      { colors: ['Branco'], inStock: true },
      {},
    ];
    await expectCountedAsRows(db, refined);
    // Refined by M, the colours are those of a variant in M; in stock, only Azul's in stock.
    const byM = await countedProductFacets(db, normalizeFilter({ sizes: ['M'] }, pub));
    expect(byM.colors).toEqual([
      { value: 'Azul', count: 2 },
      { value: 'Preto', count: 1 },
    ]);
    expect(byM.price).toEqual({ min: 4_000, max: 9_000 });
  });
});

describe('migration 0054', () => {
  it('counts the sets of sizes and colours of the products already there', async () => {
    const { db, apply } = await databaseBefore('0054');
    await insertCatalog(db);
    const pub = { publicOnly: true, brandIdScope: null };
    const twoSizes = normalizeFilter({ sizes: ['M', '40'] }, pub);

    await apply();

    const sets = await db.execute(
      sql`SELECT kind, sum(products)::int AS n FROM catalog_facet_counts
          WHERE kind IN ('size_set', 'color_set', 'color_sizes', 'size_colors')
          GROUP BY kind ORDER BY kind`,
    );
    // Four products with sizes and colours. Colours with a sized variant: camiseta's Azul,
    // regata's Preto, calca's Azul (its Verde has no size), the tênis's Preto and Branco (5 rows);
    // sizes with a coloured variant: camiseta's M and G, regata's M and P, calca's M, the tênis's
    // 40 and 41 (7 rows).
    expect(sets.rows).toEqual([
      { kind: 'color_set', n: 4 },
      { kind: 'color_sizes', n: 5 },
      { kind: 'size_colors', n: 7 },
      { kind: 'size_set', n: 4 },
    ]);
    const refined: ProductFilterInput[] = [
      { sizes: ['M', '40'] },
      { sizes: ['M', 'G', 'P'], inStock: true },
      { sizes: ['M', '41'], colors: ['Azul'] },
      { colors: ['Preto', 'Verde'], categorySlug: 'roupas' },
      { colors: ['Azul', 'Branco'], sizes: ['M'], inStock: true },
    ];
    // Today's reader takes a size and colour's price bounds from 0056's pair points: the later
    // migrations are applied too (they add their own kinds and leave these sets as they are).
    await migrate(db);
    await expectCountedAsRows(db, refined);
    // M or 40: camiseta, regata, calca (M) and the tênis (40), each counted once.
    expect(await countedProductTotal(db, twoSizes)).toBe(4);
  });
});

describe('migration 0055', () => {
  it('counts the prices of the products already there, variants without size or colour too', async () => {
    const { db, apply } = await databaseBefore('0055');
    const { aurora } = await insertCatalog(db);
    const casa = await insertCategory(db, { slug: 'casa', name: 'Casa' });
    // A vase in two heights: its variants have neither a size nor a colour, and two prices.
    await insertProduct(db, {
      slug: 'vaso',
      name: 'vaso',
      brandId: aurora.id,
      categoryId: casa.id,
      variants: [
        { sku: 'vaso-p', size: null, color: null, priceCents: 7_000, stock: 1 },
        { sku: 'vaso-g', size: null, color: null, priceCents: 12_000, stock: 0 },
      ],
    });

    await apply();

    const points = await db.execute(
      sql`SELECT kind, sum(products)::int AS n FROM catalog_facet_counts
          WHERE kind IN ('price_point', 'price_gap', 'price_point_stock', 'price_gap_stock')
          GROUP BY kind ORDER BY kind`,
    );
    // Five products of two prices each (a gap each). In stock: both of the calça's prices (a gap),
    // one of each other product's.
    expect(points.rows).toEqual([
      { kind: 'price_gap', n: 5 },
      { kind: 'price_gap_stock', n: 1 },
      { kind: 'price_point', n: 10 },
      { kind: 'price_point_stock', n: 6 },
    ]);
    const pub = { publicOnly: true, brandIdScope: null };
    const ranges: ProductFilterInput[] = [
      { minPriceCents: 5_000, maxPriceCents: 10_000 },
      { minPriceCents: 10_000, inStock: true },
      { maxPriceCents: 5_000, categorySlug: 'roupas' },
      { minPriceCents: 8_000, maxPriceCents: 11_000 },
      { minPriceCents: 10_000, maxPriceCents: 11_900 },
      { minPriceCents: 12_000, brandSlugs: ['aurora'] },
    ];
    await expectCountedAsRows(db, ranges);
    // Between R$ 100 and R$ 119 nothing: the vase's prices (R$ 70 and R$ 120) are on either side.
    const between = normalizeFilter({ minPriceCents: 10_000, maxPriceCents: 11_900 }, pub);
    expect(await countedProductTotal(db, between)).toBe(0);
    // From R$ 120: the vase (R$ 120) and the tênis (R$ 300 and R$ 310), each once.
    const from = normalizeFilter({ minPriceCents: 12_000 }, pub);
    expect(await countedProductTotal(db, from)).toBe(2);
  });
});

describe('migration 0056', () => {
  it('counts the prices of each size and colour of the products already there', async () => {
    const { db, apply } = await databaseBefore('0056');
    const { aurora, roupas } = await insertCatalog(db);
    // A sweatshirt whose M in blue comes in two prices (a gap), only the dearer in stock; a cap of
    // one price (its pairs' points taken beside its 'size_color' rows).
    const more: [string, [string, string, number, number][]][] = [
      [
        'moletom',
        [
          ['M', 'Azul', 6_000, 0],
          ['M', 'Azul', 8_000, 2],
        ],
      ],
      [
        'bone',
        [
          ['M', 'Preto', 3_000, 1],
          ['G', 'Preto', 3_000, 0],
        ],
      ],
    ];
    for (const [slug, variants] of more) {
      await insertNamed(db, slug, aurora.id, roupas.id, variants);
    }

    await apply();

    const points = await db.execute(
      sql`SELECT kind, sum(products)::int AS n FROM catalog_facet_counts
          WHERE kind LIKE 'pair_price%' GROUP BY kind ORDER BY kind`,
    );
    // Pairs of a size and a colour: camiseta 2, regata 2, calça 1 (its green has no size), tênis
    // 2, moletom 1 in two prices, boné 2: 11 points, the moletom's gap; in stock one pair each.
    expect(points.rows).toEqual([
      { kind: 'pair_price_gap', n: 1 },
      { kind: 'pair_price_point', n: 11 },
      { kind: 'pair_price_point_stock', n: 6 },
    ]);
    const pub = { publicOnly: true, brandIdScope: null };
    const ranges: ProductFilterInput[] = [
      { sizes: ['M'], minPriceCents: 5_000, maxPriceCents: 7_000 },
      { sizes: ['M'], colors: ['Azul'], minPriceCents: 6_500, maxPriceCents: 7_500 },
      { sizes: ['M'], colors: ['Azul'], minPriceCents: 7_000, inStock: true },
      { colors: ['Preto'], maxPriceCents: 4_100, inStock: true },
      { colors: ['Azul'], minPriceCents: 5_500, categorySlug: 'roupas' },
      { sizes: ['40'], minPriceCents: 10_000, brandSlugs: ['boreal'] },
    ];
    await expectCountedAsRows(db, ranges);
    // In M from R$ 50 to R$ 70: the camiseta (R$ 50) and the moletom (R$ 60), both blue in M.
    const inM = await countedProductFacets(
      db,
      normalizeFilter({ sizes: ['M'], minPriceCents: 5_000, maxPriceCents: 7_000 }, pub),
    );
    expect(inM.colors).toEqual([{ value: 'Azul', count: 2 }]);
    // M in blue between R$ 65 and R$ 75: none, the moletom's prices (R$ 60, R$ 80) on either side.
    const between = normalizeFilter(
      { sizes: ['M'], colors: ['Azul'], minPriceCents: 6_500, maxPriceCents: 7_500 },
      pub,
    );
    expect(await countedProductTotal(db, between)).toBe(0);
  });
});

describe('migration 0059', () => {
  it('lists the variants of the listed products already there, which the refinements counted in part read', async () => {
    const { db, apply } = await databaseBefore('0059');
    const { aurora, roupas } = await insertCatalog(db);
    // Neither a draft nor a product of a brand switched off is listed.
    await insertProduct(db, {
      slug: 'rascunho',
      name: 'rascunho',
      brandId: aurora.id,
      categoryId: roupas.id,
      published: false,
      variants: [{ sku: 'rascunho-0', size: 'M', color: 'Azul', priceCents: 3_000, stock: 5 }],
    });
    const cacto = await insertBrand(db, { slug: 'cacto', name: 'Cacto' });
    await insertNamed(db, 'bone', cacto.id, roupas.id, [['U', 'Preto', 2_000, 1]]);
    await db.execute(sql`UPDATE brands SET active = false WHERE id = ${cacto.id}`);

    await apply();

    const listed = await db.execute(
      sql`SELECT v.sku, l.size, l.color, l.price_cents, l.in_stock, b.slug AS brand, c.slug AS category
          FROM listed_variants l
          JOIN variants v ON v.id = l.variant_id
          JOIN brands b ON b.id = l.brand_id
          JOIN categories c ON c.id = l.category_id
          ORDER BY v.sku`,
    );
    const row = (
      sku: string,
      size: string | null,
      color: string,
      cents: number,
      stock: boolean,
      brand: string,
      category: string,
    ) => ({ sku, size, color, price_cents: cents, in_stock: stock, brand, category });
    expect(listed.rows).toEqual([
      row('calca-0', 'M', 'Azul', 9_000, true, 'boreal', 'roupas'),
      row('calca-1', null, 'Verde', 9_900, true, 'boreal', 'roupas'),
      row('camiseta-0', 'M', 'Azul', 5_000, true, 'aurora', 'roupas'),
      row('camiseta-1', 'G', 'Azul', 5_500, false, 'aurora', 'roupas'),
      row('regata-0', 'M', 'Preto', 4_000, false, 'aurora', 'roupas'),
      row('regata-1', 'P', 'Preto', 4_200, true, 'aurora', 'roupas'),
      row('tenis-0', '40', 'Preto', 30_000, true, 'boreal', 'tenis'),
      row('tenis-1', '41', 'Branco', 31_000, false, 'boreal', 'tenis'),
    ]);
    const pub = { publicOnly: true, brandIdScope: null };
    for (const input of [
      { sizes: ['M', 'G'], colors: ['Azul', 'Preto'] },
      { sizes: ['M', '40'], minPriceCents: 4_500, inStock: true },
      { colors: ['Azul', 'Preto'], maxPriceCents: 9_000, categorySlug: 'roupas' },
    ] satisfies ProductFilterInput[]) {
      const filter = normalizeFilter(input, pub);
      expect(partlyCountedFacets(filter)).toBe(true);
      const facets = await partlyCountedProductFacets(db, filter);
      expect(comparableFacets(facets), JSON.stringify(input)).toEqual(
        comparableFacets(await productFacets(db, filter, { summaries: false })),
      );
      expect(facets.total).toBe(await countProducts(db, filter, { summaries: false }));
    }
    // M or G in blue or black: camiseta, regata and calca (M, Azul).
    const twoByTwo = normalizeFilter({ sizes: ['M', 'G'], colors: ['Azul', 'Preto'] }, pub);
    expect((await partlyCountedProductFacets(db, twoByTwo)).total).toBe(3);
  });
});
