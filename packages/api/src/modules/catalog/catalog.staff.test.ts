// The dashboard's products grid (staffProducts: filters, sorts, pages, scope), the new staff
// fields, slug checks, staff brands, inactive brands hidden from the storefront, and the
// dashboard's low-stock list with per-variant thresholds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { insertFixtureOrder } from '../orders/orders.fixtures';
import { countStatements, insertBrand, insertCategory, insertProduct } from './catalog.fixtures';

let ctx: TestContext;
const token = { admin: '', manager: '', support: '' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal Calçados' });
  const nimbus = await insertBrand(db, { slug: 'nimbus', name: 'Nimbus Botas' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const camisetas = await insertCategory(db, {
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
  });
  const calcados = await insertCategory(db, { slug: 'calcados', name: 'Calçados' });
  const camiseta = await insertProduct(db, {
    slug: 'camiseta-basica-algodao',
    name: 'Camiseta Básica Algodão',
    brandId: aurora.id,
    categoryId: camisetas.id,
    createdMinute: 1,
    variants: [
      { sku: 'AUR-CB-M', size: 'M', priceCents: 5990, stock: 10 },
      { sku: 'AUR-CB-G', size: 'G', priceCents: 6990, stock: 3 },
    ],
  });
  const polo = await insertProduct(db, {
    slug: 'camisa-polo-acao',
    name: 'Camisa Polo Ação',
    brandId: aurora.id,
    categoryId: roupas.id,
    published: false,
    featured: true,
    createdMinute: 2,
    variants: [{ sku: 'AUR-POLO', priceCents: 12990, stock: 20 }],
  });
  const tenis = await insertProduct(db, {
    slug: 'tenis-corrida',
    name: 'Tênis Corrida',
    brandId: boreal.id,
    categoryId: calcados.id,
    createdMinute: 3,
    variants: [{ sku: 'BOR-TEN', priceCents: 29990, stock: 0 }],
  });
  const bota = await insertProduct(db, {
    slug: 'bota-nimbus',
    name: 'Bota Nimbus',
    brandId: nimbus.id,
    categoryId: calcados.id,
    createdMinute: 4,
    variants: [{ sku: 'NIM-BOTA', priceCents: 39990, stock: 8 }],
  });
  // A GTIN on one variant; the boot has its own threshold (8 units <= 10: low); the polo's 0.
  await db.execute(sql`UPDATE variants SET gtin = '7891234567895' WHERE sku = 'AUR-CB-M'`);
  await db.execute(sql`UPDATE variants SET low_stock_threshold = 10 WHERE sku = 'NIM-BOTA'`);
  await db.execute(sql`UPDATE variants SET low_stock_threshold = 0 WHERE sku = 'AUR-POLO'`);
  Object.assign(ids, {
    aurora: aurora.id,
    boreal: boreal.id,
    nimbus: nimbus.id,
    roupas: roupas.id,
    camisetas: camisetas.id,
    calcados: calcados.id,
    camiseta: camiseta.id,
    polo: polo.id,
    tenis: tenis.id,
    bota: bota.id,
  });
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [aurora.id] });
  token.admin = staff.admin.token;
  token.manager = staff.manager.token;
  token.support = staff.support.token;
});

afterAll(async () => {
  await ctx?.close();
});

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  as?: keyof typeof token,
): Promise<Body> {
  const { body } = await graphql(ctx.app, query, variables, as ? token[as] : undefined);
  return body as Body;
}

const STAFF_PRODUCTS = `query($filter: StaffProductFilter, $sort: StaffProductSort, $first: Int, $offset: Int) {
  staffProducts(filter: $filter, sort: $sort, first: $first, offset: $offset) {
    totalCount nodes { slug }
  } }`;

async function slugs(
  variables: Record<string, unknown>,
  as: keyof typeof token = 'admin',
): Promise<{ slugs: string[]; total: number }> {
  const body = await gql(STAFF_PRODUCTS, variables, as);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const page = body.data!.staffProducts as { totalCount: number; nodes: { slug: string }[] };
  return { slugs: page.nodes.map((node) => node.slug), total: page.totalCount };
}

describe('staffProducts', () => {
  it('lists every product, unpublished ones included, last changed first', async () => {
    expect(await slugs({})).toEqual({
      slugs: ['bota-nimbus', 'tenis-corrida', 'camisa-polo-acao', 'camiseta-basica-algodao'],
      total: 4,
    });
  });

  it('searches names and slugs without accents, part of a SKU as typed, and whole GTINs', async () => {
    expect((await slugs({ filter: { search: 'ACAO' } })).slugs).toEqual(['camisa-polo-acao']);
    expect((await slugs({ filter: { search: 'básica algodão' } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { search: 'tenis-corr' } })).slugs).toEqual(['tenis-corrida']);
    // Every word, in any order, in the name or the slug.
    expect((await slugs({ filter: { search: 'algodão camiseta' } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { search: 'camis' } })).slugs).toEqual([
      'camisa-polo-acao',
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { search: 'camiseta polo' } })).slugs).toEqual([]);
    expect((await slugs({ filter: { search: 'aur-cb-g' } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    // Part of a SKU matches as staff type it, case ignored: the start ('AUR-C' of AUR-CB-M,
    // 'MAR-00025' of MAR-00025-M-PRT) or any part; the GTIN matches with spaces.
    expect((await slugs({ filter: { search: 'CB-G' } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { search: 'aur-c' } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { search: 'AUR-' } })).slugs).toEqual([
      'camisa-polo-acao',
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { search: 'AUR-CB-X' } })).slugs).toEqual([]);
    expect((await slugs({ filter: { search: '789 1234 567895' } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    // LIKE wildcards are literal.
    expect((await slugs({ filter: { search: '%' } })).slugs).toEqual([]);
  });

  it('filters by brands, category subtree, published, featured and lowest price', async () => {
    expect((await slugs({ filter: { brandIds: [ids.boreal, ids.nimbus] } })).slugs).toEqual([
      'bota-nimbus',
      'tenis-corrida',
    ]);
    expect((await slugs({ filter: { categoryId: ids.roupas } })).slugs).toEqual([
      'camisa-polo-acao',
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { categoryId: ids.camisetas } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { published: false } })).slugs).toEqual(['camisa-polo-acao']);
    expect((await slugs({ filter: { featured: true } })).slugs).toEqual(['camisa-polo-acao']);
    expect((await slugs({ filter: { featured: false } })).total).toBe(3);
    expect((await slugs({ filter: { minPriceCents: 6000, maxPriceCents: 29990 } })).slugs).toEqual([
      'tenis-corrida',
      'camisa-polo-acao',
    ]);
    expect((await slugs({ filter: { maxPriceCents: 5990 } })).slugs).toEqual([
      'camiseta-basica-algodao',
    ]);
  });

  it('filters by stock level with each variant threshold (default 5)', async () => {
    expect((await slugs({ filter: { stockLevel: 'OUT' } })).slugs).toEqual(['tenis-corrida']);
    expect((await slugs({ filter: { stockLevel: 'LOW' } })).slugs).toEqual([
      'bota-nimbus',
      'camiseta-basica-algodao',
    ]);
    expect((await slugs({ filter: { stockLevel: 'AVAILABLE' } })).slugs).toEqual([
      'camisa-polo-acao',
    ]);
  });

  it('sorts by every key', async () => {
    const order = async (sort: string) => (await slugs({ sort })).slugs;
    expect(await order('UPDATED_ASC')).toEqual([
      'camiseta-basica-algodao',
      'camisa-polo-acao',
      'tenis-corrida',
      'bota-nimbus',
    ]);
    expect(await order('CREATED_DESC')).toEqual([
      'bota-nimbus',
      'tenis-corrida',
      'camisa-polo-acao',
      'camiseta-basica-algodao',
    ]);
    expect(await order('NAME_ASC')).toEqual([
      'bota-nimbus',
      'camisa-polo-acao',
      'camiseta-basica-algodao',
      'tenis-corrida',
    ]);
    expect(await order('NAME_DESC')).toEqual([
      'tenis-corrida',
      'camiseta-basica-algodao',
      'camisa-polo-acao',
      'bota-nimbus',
    ]);
    expect(await order('PRICE_ASC')).toEqual([
      'camiseta-basica-algodao',
      'camisa-polo-acao',
      'tenis-corrida',
      'bota-nimbus',
    ]);
    expect(await order('PRICE_DESC')).toEqual([
      'bota-nimbus',
      'tenis-corrida',
      'camisa-polo-acao',
      'camiseta-basica-algodao',
    ]);
    // Units: tênis 0, bota 8, camiseta 13, polo 20.
    expect(await order('STOCK_ASC')).toEqual([
      'tenis-corrida',
      'bota-nimbus',
      'camiseta-basica-algodao',
      'camisa-polo-acao',
    ]);
    expect(await order('STOCK_DESC')).toEqual([
      'camisa-polo-acao',
      'camiseta-basica-algodao',
      'bota-nimbus',
      'tenis-corrida',
    ]);
  });

  it('pages with first and offset, counting the whole selection', async () => {
    expect(await slugs({ sort: 'NAME_ASC', first: 2, offset: 1 })).toEqual({
      slugs: ['camisa-polo-acao', 'camiseta-basica-algodao'],
      total: 4,
    });
    expect(await slugs({ first: 0 })).toEqual({ slugs: [], total: 4 });
  });

  it('refuses pages and filters out of bounds at the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first: 101 }, 'first'],
      [{ first: -1 }, 'first'],
      [{ offset: 10_001 }, 'offset'],
      [{ filter: { minPriceCents: 500, maxPriceCents: 100 } }, 'filter.minPriceCents'],
      [{ filter: { brandIds: ['nao-e-uuid'] } }, 'filter.brandIds'],
      [{ filter: { categoryId: 'x' } }, 'filter.categoryId'],
      [{ filter: { search: 'a'.repeat(101) } }, 'filter.search'],
    ];
    for (const [variables, field] of cases) {
      const body = await gql(STAFF_PRODUCTS, variables, 'admin');
      expect(body.errors?.[0]?.extensions, JSON.stringify(variables)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    expect((await slugs({ offset: 10_000 })).slugs).toEqual([]);
  });

  it("keeps a BRAND_MANAGER within their brands; SUPPORT reads everything; guests can't", async () => {
    expect(await slugs({}, 'manager')).toEqual({
      slugs: ['camisa-polo-acao', 'camiseta-basica-algodao'],
      total: 2,
    });
    expect(await slugs({ filter: { brandIds: [ids.boreal] } }, 'manager')).toEqual({
      slugs: [],
      total: 0,
    });
    expect((await slugs({}, 'support')).total).toBe(4);
    const guest = await gql(STAFF_PRODUCTS, {});
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Nor read one of another brand, nor its stock ledger.
    const other = await gql(
      `query($id: ID!) { adminProduct(id: $id) { slug } }`,
      { id: ids.tenis },
      'manager',
    );
    expect(other.errors).toBeUndefined();
    expect(other.data?.adminProduct).toBeNull();
    const ledger = await gql(
      `query($id: ID!) { stockMovements(variantId: $id) { delta } }`,
      { id: await variantId('BOR-TEN') },
      'manager',
    );
    expect(ledger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('resolves the staff fields of a page in a few statements', async () => {
    await insertFixtureOrder(ctx.db, {
      lines: [
        {
          variant: {
            id: await variantId('AUR-CB-M'),
            productId: ids.camiseta!,
            brandId: ids.aurora!,
            sku: 'AUR-CB-M',
            priceCents: 5990,
            productName: 'Camiseta Básica Algodão',
            brandName: 'Aurora Têxtil',
          },
          quantity: 1,
        },
      ],
    });
    const counter = countStatements(ctx.db);
    const body = await gql(
      `{ staffProducts(sort: NAME_ASC) { nodes {
          slug version totalStock stockLevel seoTitle seoDescription brand { slug active }
          variants { sku gtin lowStockThreshold hasOrders }
        } } }`,
      {},
      'admin',
    );
    counter.stop();
    expect(body.errors).toBeUndefined();
    const nodes = (body.data!.staffProducts as { nodes: Record<string, unknown>[] }).nodes;
    expect(nodes.map((n) => [n.slug, n.totalStock, n.stockLevel, n.version])).toEqual([
      ['bota-nimbus', 8, 'LOW', 1],
      ['camisa-polo-acao', 20, 'AVAILABLE', 1],
      ['camiseta-basica-algodao', 13, 'LOW', 1],
      ['tenis-corrida', 0, 'OUT', 1],
    ]);
    expect(nodes[2]!.variants).toEqual([
      { sku: 'AUR-CB-M', gtin: '7891234567895', lowStockThreshold: null, hasOrders: true },
      { sku: 'AUR-CB-G', gtin: null, lowStockThreshold: null, hasOrders: false },
    ]);
    expect(nodes[0]!.variants).toEqual([
      { sku: 'NIM-BOTA', gtin: null, lowStockThreshold: 10, hasOrders: false },
    ]);
    // Session, page, count-free: brands, variants, orders... one statement each, whatever the size.
    expect(counter.count).toBeLessThanOrEqual(8);
  });
});

async function variantId(sku: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM variants WHERE sku = ${sku}`,
  );
  return result.rows[0]!.id;
}

describe('staffCategories', () => {
  const LIST = `{ staffCategories { id slug parentId position } }`;

  it('lists every category flat, each parent before its children, for staff only', async () => {
    const { data } = await gql(LIST, {}, 'support');
    const list = (data?.staffCategories ?? []) as {
      id: string;
      slug: string;
      parentId: string | null;
    }[];
    expect(list.map((category) => category.slug).sort()).toEqual(
      ['calcados', 'camisetas', 'roupas'].sort(),
    );
    const seen = new Set<string>();
    for (const category of list) {
      if (category.parentId) expect(seen.has(category.parentId)).toBe(true);
      seen.add(category.id);
    }
    // The child comes right after its parent (depth first).
    const slugs = list.map((category) => category.slug);
    expect(slugs.indexOf('camisetas')).toBe(slugs.indexOf('roupas') + 1);
    const guest = await gql(LIST, {});
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('productSlugCheck', () => {
  const CHECK = `query($slug: String!, $except: ID) {
    productSlugCheck(slug: $slug, exceptProductId: $except) { slug available suggestion } }`;

  it('normalises the slug and suggests the next free one', async () => {
    const taken = await gql(CHECK, { slug: 'Tênis Corrida' }, 'admin');
    expect(taken.data?.productSlugCheck).toEqual({
      slug: 'tenis-corrida',
      available: false,
      suggestion: 'tenis-corrida-2',
    });
    await insertProduct(ctx.db, {
      slug: 'tenis-corrida-2',
      name: 'Tênis Corrida 2',
      brandId: ids.boreal!,
      categoryId: ids.calcados!,
      published: false,
      variants: [],
    });
    const next = await gql(CHECK, { slug: 'tenis-corrida' }, 'admin');
    expect(next.data?.productSlugCheck).toMatchObject({ suggestion: 'tenis-corrida-3' });
    const own = await gql(CHECK, { slug: 'tenis-corrida', except: ids.tenis }, 'support');
    expect(own.data?.productSlugCheck).toEqual({
      slug: 'tenis-corrida',
      available: true,
      suggestion: null,
    });
    const free = await gql(CHECK, { slug: 'Sandália Nova!' }, 'manager');
    expect(free.data?.productSlugCheck).toEqual({
      slug: 'sandalia-nova',
      available: true,
      suggestion: null,
    });
    await ctx.db.execute(sql`DELETE FROM products WHERE slug = 'tenis-corrida-2'`);
  });

  it('refuses a slug with nothing usable, and guests', async () => {
    const empty = await gql(CHECK, { slug: '!!!' }, 'admin');
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'slug' });
    const guest = await gql(CHECK, { slug: 'x' });
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('inactive brands', () => {
  const BRAND_UPDATE = `mutation($id: ID!, $input: BrandInput!) {
    brandUpdate(id: $id, input: $input) { slug active } }`;

  it('hides the brand and its products from every public read; staff still see them', async () => {
    // A paid sale of the boot makes it a best seller while its brand is active.
    const paidAt = new Date(ctx.clock.now() - 86_400_000);
    await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      createdAt: paidAt,
      paidAt,
      lines: [
        {
          variant: {
            id: await variantId('NIM-BOTA'),
            productId: ids.bota!,
            brandId: ids.nimbus!,
            sku: 'NIM-BOTA',
            priceCents: 39990,
            productName: 'Bota Nimbus',
            brandName: 'Nimbus Botas',
          },
          quantity: 1,
        },
      ],
    });
    const bestSellers = async () =>
      ((await gql(`{ bestSellers { slug } }`)).data?.bestSellers as { slug: string }[]).map(
        (p) => p.slug,
      );
    expect(await bestSellers()).toContain('bota-nimbus');
    const off = await gql(
      BRAND_UPDATE,
      { id: ids.nimbus, input: { name: 'Nimbus Botas', color: '#334455', active: false } },
      'admin',
    );
    expect(off.data?.brandUpdate).toEqual({ slug: 'nimbus', active: false });

    const publicRead = await gql(`{
      products(first: 20) { nodes { slug } totalCount facets { brands { value } } }
      product(slug: "bota-nimbus") { slug }
      brands { slug }
      brand(slug: "nimbus") { slug }
      calcados: category(slug: "calcados") { productCount }
    }`);
    expect(publicRead.errors).toBeUndefined();
    const data = publicRead.data as {
      products: {
        nodes: { slug: string }[];
        totalCount: number;
        facets: { brands: { value: string }[] };
      };
      product: unknown;
      brands: { slug: string }[];
      brand: unknown;
      calcados: { productCount: number };
    };
    expect(data.products.nodes.map((n) => n.slug)).not.toContain('bota-nimbus');
    expect(data.products.totalCount).toBe(2);
    expect(data.products.facets.brands.map((b) => b.value)).not.toContain('nimbus');
    expect(data.product).toBeNull();
    expect(data.brands.map((b) => b.slug)).toEqual(['aurora', 'boreal']);
    expect(data.brand).toBeNull();
    expect(data.calcados.productCount).toBe(1);
    expect(await bestSellers()).not.toContain('bota-nimbus');

    // The cart refuses its variants as unavailable, as it does an unpublished product's.
    const boot = await variantId('NIM-BOTA');
    const cart = await gql(
      `query($items: [CartItemInput!]!) { cartPreview(items: $items) { unavailableVariantIds itemCount } }`,
      { items: [{ variantId: boot, quantity: 1 }] },
    );
    expect(cart.data?.cartPreview).toEqual({ unavailableVariantIds: [boot], itemCount: 0 });

    // The sitemap leaves them out.
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('nimbus');
    expect(sitemap.body).toContain('tenis-corrida');

    const staff = await gql(`{ staffBrands { slug active } }`, {}, 'support');
    expect(staff.data?.staffBrands).toEqual([
      { slug: 'aurora', active: true },
      { slug: 'boreal', active: true },
      { slug: 'nimbus', active: false },
    ]);
    const mine = await gql(`{ staffBrands { slug } }`, {}, 'manager');
    expect(mine.data?.staffBrands).toEqual([{ slug: 'aurora' }]);
    expect((await slugs({ filter: { brandIds: [ids.nimbus] } })).slugs).toEqual(['bota-nimbus']);

    // Reactivated: back on the storefront; the history has both changes.
    await gql(
      BRAND_UPDATE,
      { id: ids.nimbus, input: { name: 'Nimbus Botas', color: '#334455', active: true } },
      'admin',
    );
    const back = await gql(`{ product(slug: "bota-nimbus") { slug } }`);
    expect(back.data?.product).toEqual({ slug: 'bota-nimbus' });
    expect(await bestSellers()).toContain('bota-nimbus');
    const history = await ctx.db.execute<{ action: string; summary: string }>(
      sql`SELECT action, summary FROM catalog_history WHERE ${ids.nimbus}::uuid = ANY(brand_ids)
          ORDER BY created_at, id`,
    );
    expect(history.rows.map((row) => row.action)).toEqual(['brand.update', 'brand.update']);
    expect(history.rows[0]!.summary).toContain('desativada');
    expect(history.rows[1]!.summary).toContain('reativada');
  });

  it('brandCreate takes active (true by default)', async () => {
    const created = await gql(
      `mutation($input: BrandInput!) { brandCreate(input: $input) { slug active } }`,
      { input: { name: 'Oculta', color: '#000000', active: false } },
      'admin',
    );
    expect(created.data?.brandCreate).toEqual({ slug: 'oculta', active: false });
    const brands = await gql(`{ brands { slug } }`);
    expect((brands.data?.brands as { slug: string }[]).map((b) => b.slug)).not.toContain('oculta');
  });
});

describe('dashboardStats low stock', () => {
  const STATS = `query($threshold: Int) {
    dashboardStats(range: { from: "2026-01-10", to: "2026-01-12" }, lowStockThreshold: $threshold) {
      lowStockVariants { sku stock } } }`;

  it("uses a variant's own threshold over the query's", async () => {
    const body = await gql(STATS, {}, 'admin');
    const skus = (
      body.data?.dashboardStats as { lowStockVariants: { sku: string }[] }
    ).lowStockVariants.map((v) => v.sku);
    // Default 5: tênis (0), camiseta G (3); the boot's own 10 takes in its 8 units.
    expect(skus.sort()).toEqual(['AUR-CB-G', 'BOR-TEN', 'NIM-BOTA']);
    const wide = await gql(STATS, { threshold: 50 }, 'admin');
    const wideSkus = (
      wide.data?.dashboardStats as { lowStockVariants: { sku: string }[] }
    ).lowStockVariants.map((v) => v.sku);
    // The polo's own threshold 0 keeps its 20 units out even at 50.
    expect(wideSkus).not.toContain('AUR-POLO');
    expect(wideSkus).toContain('AUR-CB-M');
  });
});
