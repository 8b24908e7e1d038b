// The demo seed: what an empty store starts with, and the cost of the storefront's main query.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import { countStatements } from './catalog.fixtures';
import { drawDemoImages, planDemoProducts, seedDemoData, type SeedSummary } from './seed';

let ctx: TestContext;
let summary: SeedSummary;
const messages: string[] = [];
const log = { info: (message: string) => void messages.push(message) };

beforeAll(async () => {
  ctx = await createTestContext();
  // Images are drawn by their own test below; here only the rows matter.
  summary = await seedDemoData(ctx.db, log, { images: false });
});

afterAll(async () => {
  await ctx?.close();
});

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await ctx.db.execute<Record<string, unknown>>(query);
  return result.rows[0] as T;
}

describe('demo seed', () => {
  it('creates at least 6 brands, 10 categories and 90 products', () => {
    expect(summary.seeded).toBe(true);
    expect(summary.brands).toBeGreaterThanOrEqual(6);
    expect(summary.categories).toBeGreaterThanOrEqual(10);
    expect(summary.products).toBeGreaterThanOrEqual(90);
    expect(messages.at(-1)).toMatch(/Dados de demonstração criados/);
  });

  it('gives every brand a logo, a colour, a description and SEO texts', async () => {
    const row = await one<{ incomplete: number }>(sql`
      SELECT count(*)::int AS incomplete FROM brands
      WHERE logo_url IS NULL OR description = '' OR seo_title IS NULL OR seo_description IS NULL
         OR color !~ '^#[0-9a-f]{6}$'`);
    expect(row.incomplete).toBe(0);
  });

  it('builds a category tree with subcategories under every top category', async () => {
    const row = await one<{ tops: number; childless: number }>(sql`
      SELECT count(*)::int AS tops,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = t.id))::int AS childless
      FROM categories t WHERE t.parent_id IS NULL`);
    expect(row.tops).toBeGreaterThanOrEqual(3);
    expect(row.childless).toBe(0);
  });

  it('gives every product variants, three images, a description and shipping data', async () => {
    const row = await one<Record<string, number>>(sql`
      SELECT
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id))::int AS no_variants,
        count(*) FILTER (WHERE (SELECT count(*) FROM images i WHERE i.product_id = p.id) < 3)::int AS few_images,
        count(*) FILTER (WHERE length(p.description) < 60)::int AS short_descriptions,
        (SELECT count(*) FROM variants WHERE weight_grams IS NULL OR length_cm IS NULL
           OR width_cm IS NULL OR height_cm IS NULL)::int AS no_shipping_data
      FROM products p`);
    expect(row).toEqual({
      no_variants: 0,
      few_images: 0,
      short_descriptions: 0,
      no_shipping_data: 0,
    });
  });

  it('offers clothing sizes PP–GG, shoe sizes 34–44 and colours', async () => {
    const result = await ctx.db.execute<{ size: string }>(
      sql`SELECT DISTINCT size FROM variants WHERE size IS NOT NULL`,
    );
    const sizes = new Set(result.rows.map((row) => row.size));
    for (const size of ['PP', 'P', 'M', 'G', 'GG', '34', '38', '44']) expect(sizes).toContain(size);
    const colors = await one<{ n: number }>(
      sql`SELECT count(DISTINCT color)::int AS n FROM variants`,
    );
    expect(colors.n).toBeGreaterThan(10);
  });

  it('prices from R$ 19,90 to R$ 1.999,00 with some on sale, sold out and unpublished', async () => {
    const row = await one<
      Record<'min' | 'max' | 'total' | 'on_sale' | 'sold_out' | 'unpublished', number>
    >(sql`
      SELECT (SELECT min(price_cents) FROM variants)::int AS min,
             (SELECT max(price_cents) FROM variants)::int AS max,
             count(*)::int AS total,
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id
                                            AND v.compare_at_price_cents IS NOT NULL))::int AS on_sale,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id
                                                AND v.stock > 0))::int AS sold_out,
             count(*) FILTER (WHERE NOT p.published)::int AS unpublished
      FROM products p`);
    expect(row.min).toBe(1990);
    expect(row.max).toBe(199900);
    expect(row.on_sale / row.total).toBeCloseTo(0.2, 1);
    expect(row.sold_out / row.total).toBeCloseTo(0.1, 1);
    expect(row.unpublished).toBeGreaterThanOrEqual(Math.floor(row.total * 0.04));
    expect(row.unpublished).toBeLessThanOrEqual(Math.ceil(row.total * 0.06));
  });

  it('features a handful of published, in-stock products, one per brand', async () => {
    const rows = await ctx.db.execute<{ brand: string; n: number; ok: number }>(sql`
      SELECT b.slug AS brand, count(*)::int AS n,
             count(*) FILTER (WHERE p.published AND p.in_stock)::int AS ok
      FROM products p JOIN brands b ON b.id = p.brand_id
      WHERE p.featured GROUP BY b.slug`);
    expect(rows.rows.length).toBe(summary.brands);
    for (const row of rows.rows) expect([row.brand, row.n, row.ok]).toEqual([row.brand, 1, 1]);
    const { body } = await graphql(
      ctx.app,
      '{ products(filter: {featured: true}, first: 8) { totalCount } }',
    );
    expect(body.data).toEqual({ products: { totalCount: summary.brands } });
  });

  it('leaves the facet counts folded in a table the size of what it holds', async () => {
    // Every page of the table holds some of the folded rows: none is left to the load's deltas
    // (a table as large as the load made it is planned as larger than it is).
    const row = await one<{ rows: number; pages_used: number; pages: number }>(sql`
      SELECT count(*)::int AS rows,
             count(DISTINCT (ctid::text::point)[0])::int AS pages_used,
             (pg_relation_size('catalog_facet_counts') / current_setting('block_size')::int)::int
               AS pages
      FROM catalog_facet_counts`);
    expect(row.rows).toBeGreaterThan(100);
    expect(row.pages_used).toBe(row.pages);
  });

  it('leaves a catalog that already has data alone', async () => {
    const again = await seedDemoData(ctx.db, log, { images: false });
    expect(again.seeded).toBe(false);
    const row = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
    expect(row.n).toBe(summary.products);
  });

  it('plans the same products every time (seeded randomness)', () => {
    const now = Date.UTC(2026, 0, 1);
    const strip = (plans: ReturnType<typeof planDemoProducts>) =>
      plans.map((plan) => [
        plan.slug,
        plan.published,
        plan.variants.map((v) => [v.sku, v.priceCents, v.stock]),
      ]);
    expect(strip(planDemoProducts(now))).toEqual(strip(planDemoProducts(now)));
  });

  it('draws the product images locally as WebP at 320 and 640 px', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-seed-'));
    try {
      const plans = planDemoProducts().slice(0, 2);
      expect(await drawDemoImages(dir, plans)).toBe(6);
      const files = (await readdir(dir)).sort();
      expect(files).toHaveLength(12);
      const meta = await sharp(path.join(dir, `seed-${plans[0]!.slug}-0-640.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 800]);
      // Already on disk: a restart draws nothing.
      expect(await drawDemoImages(dir, plans)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('demo catalog search', () => {
  async function found(search: string) {
    const { body } = await graphql(
      ctx.app,
      `
        query ($s: String!) {
          products(filter: { search: $s }, first: 100) {
            nodes {
              name
              category {
                slug
              }
            }
          }
        }
      `,
      { s: search },
    );
    expect(body.errors).toBeUndefined();
    return (body.data as { products: { nodes: { name: string; category: { slug: string } }[] } })
      .products.nodes;
  }
  const names = async (search: string) => (await found(search)).map((node) => node.name);

  it('finds the sneakers for "tenis", the tees for "camisetas" and through "camizeta"', async () => {
    const tenis = await names('tenis');
    expect(tenis.length).toBeGreaterThan(3);
    expect(tenis.every((name) => name.startsWith('Tênis'))).toBe(true);
    // The category's name is searchable too: the tank top (Regata) is a "camiseta" as well.
    for (const query of ['camisetas', 'camizeta']) {
      const products = await found(query);
      expect(products.length, query).toBeGreaterThan(3);
      const categories = new Set(products.map((product) => product.category.slug));
      expect([...categories], query).toEqual(['camisetas']);
    }
  });

  it("finds a brand's products by the brand's name, even misspelt", async () => {
    const found = await names('mandacaru');
    expect(found.length).toBeGreaterThan(3);
    expect((await names('mandacarú')).sort()).toEqual([...found].sort());
    expect((await names('mandacaro')).sort()).toEqual([...found].sort());
  });
});

describe('storefront listing cost', () => {
  const QUERY = /* GraphQL */ `
    query ($first: Int) {
      products(first: $first) {
        totalCount
        facets {
          brands {
            value
            count
          }
          sizes {
            value
            count
          }
          priceRange {
            minCents
            maxCents
          }
        }
        nodes {
          name
          brand {
            name
            color
            productCount
          }
          category {
            name
            path {
              slug
            }
          }
          images {
            url
            srcSet
          }
          variants {
            sku
            options {
              name
              value
            }
            available
          }
        }
      }
    }
  `;

  async function statementsFor(first: number): Promise<number> {
    const counter = countStatements(ctx.db);
    try {
      const { body } = await graphql(ctx.app, QUERY, { first });
      expect(body.errors).toBeUndefined();
      const nodes = (body.data as { products: { nodes: { images: unknown[] }[] } }).products.nodes;
      expect(nodes).toHaveLength(first);
      expect(nodes.every((node) => node.images.length === 3)).toBe(true);
    } finally {
      counter.stop();
    }
    return counter.count;
  }

  it('answers products(first: 18) with brand, images and variants in a bounded number of SQL statements', async () => {
    const page = await statementsFor(18);
    // The counter sees the statements (a page of products needs at least one per table read):
    // a broken counter reading 0 would pass the bound below.
    expect(page).toBeGreaterThanOrEqual(3);
    // page, total, facets, brands, brand counts, categories, images, variants
    expect(page).toBeLessThanOrEqual(8);
    // The same for 5 and 12 products: nothing runs per product. (18 is as far as this query
    // goes with margin: variants' options on every product, and facets, which cost 2,000
    // (limits.ts FIELD_COSTS), put first: 20 over the limit.)
    expect(await statementsFor(5)).toBe(page);
    expect(await statementsFor(12)).toBe(page);
  });
});
