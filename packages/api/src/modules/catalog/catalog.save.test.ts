// The product editor's save (productSave: create or replace, checked version, every field
// error), in-grid price edits (variantPriceSet) and stock changes with reasons (stockChange):
// roles, scope, the ledger and the catalog history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { insertFixtureOrder } from '../orders/orders.fixtures';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';
import { images } from './catalog.tables';
import { VERSION_CONFLICT_MESSAGE } from './catalog.save';

let ctx: TestContext;
const token = { admin: '', manager: '', support: '' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal Calçados' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const tenis = await insertProduct(db, {
    slug: 'tenis-boreal',
    name: 'Tênis Boreal',
    brandId: boreal.id,
    categoryId: roupas.id,
    variants: [{ sku: 'BOR-TEN', priceCents: 29990, stock: 4 }],
  });
  await db.execute(sql`UPDATE variants SET gtin = '7891234567895' WHERE sku = 'BOR-TEN'`);
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [aurora.id] });
  token.admin = staff.admin.token;
  token.manager = staff.manager.token;
  token.support = staff.support.token;
  Object.assign(ids, {
    aurora: aurora.id,
    boreal: boreal.id,
    roupas: roupas.id,
    tenis: tenis.id,
    tenisVariant: await variantIdOf('BOR-TEN'),
    adminName: staff.admin.name,
  });
});

afterAll(async () => {
  await ctx?.close();
});

type GqlError = {
  message: string;
  extensions?: { code?: string; field?: string; currentVersion?: number };
};
type Body = { data?: Record<string, unknown> | null; errors?: GqlError[] };

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  as: keyof typeof token = 'admin',
): Promise<Body> {
  const { body } = await graphql(ctx.app, query, variables, token[as]);
  return body as Body;
}

async function variantIdOf(sku: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM variants WHERE sku = ${sku}`,
  );
  return result.rows[0]!.id;
}

/** An uploaded image not attached to any product yet (as POST /media/ leaves it). */
async function uploadedImage(): Promise<string> {
  const [row] = await ctx.db
    .insert(images)
    .values({ width: 640, height: 800, sources: [{ width: 640, path: 'x-640.webp' }] })
    .returning({ id: images.id });
  return row!.id;
}

async function snapshot() {
  const result = await ctx.db.execute<Record<string, unknown>>(
    sql`SELECT
      (SELECT json_agg(json_build_object('slug', slug, 'name', name, 'version', version) ORDER BY slug) FROM products) AS products,
      (SELECT json_agg(json_build_object('sku', sku, 'stock', stock, 'price', price_cents) ORDER BY sku) FROM variants) AS variants,
      (SELECT count(*)::int FROM stock_movements) AS movements,
      (SELECT count(*)::int FROM catalog_history) AS history,
      (SELECT count(*)::int FROM images WHERE product_id IS NOT NULL) AS attached`,
  );
  return JSON.stringify(result.rows[0]);
}

const SAVE = `mutation($id: ID, $expectedVersion: Int, $input: ProductSaveInput!) {
  productSave(id: $id, expectedVersion: $expectedVersion, input: $input) {
    id slug name version seoTitle seoDescription published featured description
    brand { slug } category { slug }
    images { alt }
    variants { id sku size color priceCents compareAtPriceCents stock gtin lowStockThreshold weightGrams }
  } }`;

type Saved = {
  id: string;
  slug: string;
  name: string;
  version: number;
  images: { alt: string }[];
  variants: {
    id: string;
    sku: string;
    size: string | null;
    stock: number;
    gtin: string | null;
    lowStockThreshold: number | null;
  }[];
};

function input(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Camiseta Editor',
    description: 'Algodão **orgânico**.',
    brandId: ids.aurora,
    categoryId: ids.roupas,
    published: true,
    featured: false,
    images: [],
    variants: [{ sku: 'ED-M', size: 'M', priceCents: 5990, stock: 10 }],
    ...overrides,
  };
}

async function saved(body: Body): Promise<Saved> {
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!.productSave as Saved;
}

async function fieldError(variables: Record<string, unknown>, as: keyof typeof token = 'admin') {
  const body = await gql(SAVE, variables, as);
  expect(body.errors, JSON.stringify(body.data)).toBeDefined();
  return body.errors![0]!;
}

describe('productSave', () => {
  let product: Saved;

  it('creates a product with its photos and variants, the ledger and the history', async () => {
    const image = await uploadedImage();
    product = await saved(
      await gql(SAVE, {
        input: input({
          slug: '',
          seoTitle: 'Camiseta orgânica',
          images: [{ id: image, alt: '  ' }],
          variants: [
            { sku: 'ED-M', size: 'M', priceCents: 5990, stock: 10, gtin: '400-6381 333931' },
            { sku: 'ED-G', size: 'G', priceCents: 6990, lowStockThreshold: 2, weightGrams: 300 },
          ],
        }),
      }),
    );
    expect(product).toMatchObject({
      slug: 'camiseta-editor',
      name: 'Camiseta Editor',
      version: 1,
      seoTitle: 'Camiseta orgânica',
      seoDescription: null,
      brand: { slug: 'aurora' },
      images: [{ alt: 'Camiseta Editor' }],
    });
    expect(product.variants.map((v) => [v.sku, v.stock, v.gtin, v.lowStockThreshold])).toEqual([
      ['ED-M', 10, '4006381333931', null],
      ['ED-G', 0, null, 2],
    ]);
    const ledger = await ctx.db.execute<Record<string, unknown>>(
      sql`SELECT kind, delta, stock_after FROM stock_movements sm JOIN variants v ON v.id = sm.variant_id
          WHERE v.product_id = ${product.id}::uuid`,
    );
    expect(ledger.rows).toEqual([{ kind: 'INITIAL', delta: 10, stock_after: 10 }]);
    const history = await historyOf(product.id);
    expect(history).toEqual([
      expect.objectContaining({ action: 'product.create', staff_name: ids.adminName }),
    ]);
  });

  it('replaces the product: fields, photos, variants kept, added and removed, stock as EDIT', async () => {
    const [a, g] = product.variants;
    const body = await gql(SAVE, {
      id: product.id,
      expectedVersion: 1,
      input: input({
        name: 'Camiseta Editor Nova',
        slug: 'camiseta-editor',
        seoDescription: 'Uma camiseta.',
        variants: [
          { id: a!.id, sku: 'ED-M', size: 'M', priceCents: 5490, stock: 7, gtin: '4006381333931' },
          { sku: 'ED-P', size: 'P', priceCents: 5490 },
        ],
      }),
    });
    const next = await saved(body);
    expect(next).toMatchObject({
      id: product.id,
      version: 2,
      name: 'Camiseta Editor Nova',
      images: [],
    });
    expect(next.variants.map((v) => [v.sku, v.stock])).toEqual([
      ['ED-M', 7],
      ['ED-P', 0],
    ]);
    expect(await variantExists(g!.id)).toBe(false);
    const ledger = await ctx.db.execute<Record<string, unknown>>(
      sql`SELECT kind, delta, stock_after, reason FROM stock_movements WHERE variant_id = ${a!.id}::uuid
          ORDER BY created_at, id`,
    );
    expect(ledger.rows.at(-1)).toEqual({
      kind: 'EDIT',
      delta: -3,
      stock_after: 7,
      reason: 'Correção na edição do produto',
    });
    const [last] = (await historyOf(product.id)).slice(-1);
    expect(last).toMatchObject({ action: 'product.save' });
    expect(last!.summary).toContain('nome');
    expect(last!.summary).toContain('fotos');
    expect(last!.summary).toContain('1 variante(s) removida(s)');
    expect(last!.before).toMatchObject({ name: 'Camiseta Editor', removedSkus: ['ED-G'] });
    expect(last!.after).toMatchObject({ name: 'Camiseta Editor Nova' });
    // The price trigger still maintains the product's summary columns.
    const [summary] = (
      await ctx.db.execute<{ min: number; max: number }>(
        sql`SELECT min_price_cents AS min, max_price_cents AS max FROM products WHERE id = ${product.id}::uuid`,
      )
    ).rows;
    expect(summary).toEqual({ min: 5490, max: 5490 });
    product = next;
  });

  it('refuses a stale version with VERSION_CONFLICT and writes nothing', async () => {
    const before = await snapshot();
    const error = await fieldError({
      id: product.id,
      expectedVersion: 1,
      input: input({
        name: 'Versão velha',
        variants: [{ id: product.variants[0]!.id, sku: 'ED-M', priceCents: 100 }],
      }),
    });
    expect(error.message).toBe(VERSION_CONFLICT_MESSAGE);
    expect(error.message).toBe(
      'Outra pessoa alterou este produto enquanto você editava. Veja a versão atual antes de salvar de novo.',
    );
    expect(error.extensions).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect(await snapshot()).toBe(before);
    const missing = await fieldError({ id: product.id, input: input() });
    expect(missing.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'expectedVersion' });
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const save = (name: string) =>
      gql(SAVE, {
        id: product.id,
        expectedVersion: 2,
        input: input({
          name,
          slug: 'camiseta-editor',
          variants: product.variants.map((v) => ({
            id: v.id,
            sku: v.sku,
            priceCents: 5490,
            size: v.size,
          })),
        }),
      });
    const results = await Promise.all([save('Primeira'), save('Segunda')]);
    const winners = results.filter((r) => !r.errors);
    const losers = results.filter((r) => r.errors);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.errors![0]!.extensions).toMatchObject({
      code: 'VERSION_CONFLICT',
      currentVersion: 3,
    });
    const winner = winners[0]!.data!.productSave as Saved;
    const [row] = (
      await ctx.db.execute<{ name: string; version: number }>(
        sql`SELECT name, version FROM products WHERE id = ${product.id}::uuid`,
      )
    ).rows;
    expect(row).toEqual({ name: winner.name, version: 3 });
    product = winner;
  });

  it('names the field of every invalid input and writes nothing', async () => {
    const other = await uploadedImage();
    await ctx.db.execute(
      sql`UPDATE images SET product_id = ${ids.tenis}::uuid WHERE id = ${other}::uuid`,
    );
    const free = await uploadedImage();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const v = (overrides: Record<string, unknown>) => ({
      sku: 'NV-1',
      priceCents: 1000,
      ...overrides,
    });
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ name: '  ' }, 'input.name'],
      [{ name: 'x'.repeat(201) }, 'input.name'],
      [{ description: 'x'.repeat(10_001) }, 'input.description'],
      [{ slug: 'tenis-boreal' }, 'input.slug', /tenis-boreal-2/],
      [{ slug: '!!!' }, 'input.slug'],
      [{ brandId: unknown }, 'input.brandId'],
      [{ brandId: 'x' }, 'input.brandId'],
      [{ categoryId: unknown }, 'input.categoryId'],
      [{ seoTitle: 'x'.repeat(71) }, 'input.seoTitle'],
      [{ seoDescription: 'x'.repeat(161) }, 'input.seoDescription'],
      [{ images: Array.from({ length: 21 }, () => ({ id: free })) }, 'input.images'],
      [{ images: [{ id: unknown }] }, 'input.images.0.id'],
      [{ images: [{ id: free }, { id: other }] }, 'input.images.1.id'],
      [{ images: [{ id: free }, { id: free }] }, 'input.images.1.id'],
      [{ images: [{ id: free, alt: 'x'.repeat(201) }] }, 'input.images.0.alt'],
      [{ variants: [] }, 'input.variants'],
      [
        { variants: Array.from({ length: 101 }, (_, i) => v({ sku: `NV-${i}`, size: `${i}` })) },
        'input.variants',
      ],
      [{ variants: [v({}), v({ sku: 'bad sku', size: 'G' })] }, 'input.variants.1.sku'],
      [{ variants: [v({ sku: 'BOR-TEN' })] }, 'input.variants.0.sku', /Tênis Boreal/],
      [{ variants: [v({ sku: 'bor-ten' })] }, 'input.variants.0.sku'],
      [{ variants: [v({ size: 'M' }), v({ sku: 'NV-2', size: 'm' })] }, 'input.variants.1'],
      [{ variants: [v({}), v({ sku: 'nv-1', size: 'G' })] }, 'input.variants.1.sku'],
      [{ variants: [v({ priceCents: 0 })] }, 'input.variants.0.priceCents'],
      [{ variants: [v({ compareAtPriceCents: 1000 })] }, 'input.variants.0.compareAtPriceCents'],
      [{ variants: [v({ stock: -1 })] }, 'input.variants.0.stock'],
      [{ variants: [v({ stock: 1_000_001 })] }, 'input.variants.0.stock'],
      [{ variants: [v({ weightGrams: 0 })] }, 'input.variants.0.weightGrams'],
      [{ variants: [v({ heightCm: -2 })] }, 'input.variants.0.heightCm'],
      [{ variants: [v({ gtin: '4006381333932' })] }, 'input.variants.0.gtin'],
      [{ variants: [v({ gtin: '123' })] }, 'input.variants.0.gtin'],
      [{ variants: [v({ gtin: '7891234567895' })] }, 'input.variants.0.gtin', /Tênis Boreal/],
      [
        { variants: [v({ gtin: '96385074' }), v({ sku: 'NV-2', size: 'G', gtin: '96385074' })] },
        'input.variants.1.gtin',
      ],
      [{ variants: [v({ lowStockThreshold: 100_001 })] }, 'input.variants.0.lowStockThreshold'],
      [{ variants: [v({ lowStockThreshold: -1 })] }, 'input.variants.0.lowStockThreshold'],
      [{ variants: [v({ id: ids.tenisVariant })] }, 'input.variants.0.id'],
    ];
    const before = await snapshot();
    for (const [overrides, field, message] of cases) {
      // As a new product and as a replacement of the existing one.
      for (const id of [null, product.id]) {
        const error = await fieldError({
          id,
          expectedVersion: id ? product.version : null,
          input: input({
            slug: id ? 'camiseta-editor' : 'produto-novo',
            // Valid variants of their own, so that only the case's field is wrong.
            variants: id
              ? product.variants.map((pv) => ({
                  id: pv.id,
                  sku: pv.sku,
                  size: pv.size,
                  priceCents: 5490,
                }))
              : [{ sku: 'NV-OK', priceCents: 1000 }],
            ...overrides,
          }),
        });
        expect(
          error.extensions,
          `${field} ${JSON.stringify(overrides).slice(0, 80)}`,
        ).toMatchObject({
          code: 'BAD_USER_INPUT',
          field,
        });
        if (message) expect(error.message).toMatch(message);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('removes a variant that was ordered, keeping the order line intact', async () => {
    const [kept, ordered] = product.variants;
    await insertFixtureOrder(ctx.db, {
      lines: [
        {
          variant: {
            id: ordered!.id,
            productId: product.id,
            brandId: ids.aurora!,
            sku: ordered!.sku,
            priceCents: 5490,
            productName: product.name,
            brandName: 'Aurora Têxtil',
          },
          quantity: 2,
        },
      ],
    });
    const hasOrders = await gql(
      `query($id: ID!) { adminProduct(id: $id) { variants { sku hasOrders } } }`,
      {
        id: product.id,
      },
    );
    expect(hasOrders.data?.adminProduct).toEqual({
      variants: [
        { sku: kept!.sku, hasOrders: false },
        { sku: ordered!.sku, hasOrders: true },
      ],
    });
    const next = await saved(
      await gql(SAVE, {
        id: product.id,
        expectedVersion: product.version,
        input: input({
          name: product.name,
          slug: product.slug,
          variants: [{ id: kept!.id, sku: kept!.sku, size: 'M', priceCents: 5490 }],
        }),
      }),
    );
    expect(next.variants.map((v) => v.sku)).toEqual([kept!.sku]);
    const lines = await ctx.db.execute<Record<string, unknown>>(
      sql`SELECT sku, quantity, variant_id, product_name FROM order_lines WHERE sku = ${ordered!.sku}`,
    );
    expect(lines.rows).toEqual([
      { sku: ordered!.sku, quantity: 2, variant_id: null, product_name: product.name },
    ]);
    product = next;
  });

  it('keeps a BRAND_MANAGER to their brands and SUPPORT out, writing nothing', async () => {
    const before = await snapshot();
    const tenisInput = input({
      name: 'Tênis Boreal',
      slug: 'tenis-boreal',
      brandId: ids.boreal,
      variants: [{ id: ids.tenisVariant, sku: 'BOR-TEN', priceCents: 100 }],
    });
    const codes = [
      await fieldError({ id: ids.tenis, expectedVersion: 1, input: tenisInput }, 'manager'),
      await fieldError({ input: input({ slug: 'nova-boreal', brandId: ids.boreal }) }, 'manager'),
      await fieldError(
        {
          id: product.id,
          expectedVersion: product.version,
          input: input({
            slug: product.slug,
            brandId: ids.boreal,
            variants: [
              { id: product.variants[0]!.id, sku: product.variants[0]!.sku, priceCents: 100 },
            ],
          }),
        },
        'manager',
      ),
      await fieldError({ input: input({ slug: 'pelo-suporte' }) }, 'support'),
      await fieldError(
        { id: product.id, expectedVersion: product.version, input: input() },
        'support',
      ),
    ].map((error) => error.extensions?.code);
    expect(codes).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(await snapshot()).toBe(before);
    // Their own brand works.
    const mine = await saved(
      await gql(
        SAVE,
        { input: input({ name: 'Regata Aurora', variants: [{ sku: 'REG-1', priceCents: 3990 }] }) },
        'manager',
      ),
    );
    expect(mine).toMatchObject({ slug: 'regata-aurora', version: 1 });
  });

  it('counts changes by the older mutations: the editor then sees a conflict', async () => {
    const start = await productVersion(product.id);
    await gql(`mutation($id: ID!) { productPublish(id: $id, published: false) { published } }`, {
      id: product.id,
    });
    const variant = product.variants[0]!;
    await gql(
      `mutation($id: ID!, $input: VariantInput!) { variantUpdate(id: $id, input: $input) { id } }`,
      { id: variant.id, input: { sku: variant.sku, size: 'M', priceCents: 4990 } },
    );
    expect(await productVersion(product.id)).toBe(start + 2);
    const stale = await fieldError({
      id: product.id,
      expectedVersion: start,
      input: input({ slug: product.slug }),
    });
    expect(stale.extensions).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: start + 2 });
    product = { ...product, version: start + 2 };
  });

  it('productDelete records the deletion in the history', async () => {
    const doomed = await saved(
      await gql(SAVE, {
        input: input({ name: 'Para Excluir', variants: [{ sku: 'DEL-1', priceCents: 100 }] }),
      }),
    );
    const body = await gql(`mutation($id: ID!) { productDelete(id: $id) }`, { id: doomed.id });
    expect(body.data?.productDelete).toBe(true);
    const [entry] = (await historyOf(doomed.id)).slice(-1);
    expect(entry).toMatchObject({
      action: 'product.delete',
      summary: 'Produto excluído: Para Excluir',
    });
  });
});

async function historyOf(productId: string) {
  const result = await ctx.db.execute<{
    action: string;
    summary: string;
    staff_name: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    sql`SELECT action, summary, staff_name, before, after FROM catalog_history
        WHERE ${productId}::uuid = ANY(product_ids) ORDER BY created_at, id`,
  );
  return result.rows;
}

async function variantExists(id: string): Promise<boolean> {
  const result = await ctx.db.execute(sql`SELECT 1 FROM variants WHERE id = ${id}::uuid`);
  return result.rows.length > 0;
}

async function productVersion(id: string): Promise<number> {
  const result = await ctx.db.execute<{ version: number }>(
    sql`SELECT version FROM products WHERE id = ${id}::uuid`,
  );
  return Number(result.rows[0]!.version);
}

const PRICE = `mutation($id: ID!, $price: Int!, $compareAt: Int) {
  variantPriceSet(id: $id, priceCents: $price, compareAtPriceCents: $compareAt) { id priceCents compareAtPriceCents } }`;

describe('variantPriceSet', () => {
  it('sets the price, bumps the product version, keeps the summary price and records it', async () => {
    const version = await productVersion(ids.tenis!);
    const body = await gql(PRICE, { id: ids.tenisVariant, price: 25990, compareAt: 29990 });
    expect(body.data?.variantPriceSet).toEqual({
      id: ids.tenisVariant,
      priceCents: 25990,
      compareAtPriceCents: 29990,
    });
    expect(await productVersion(ids.tenis!)).toBe(version + 1);
    const [row] = (
      await ctx.db.execute<Record<string, unknown>>(
        sql`SELECT min_price_cents, compare_at_price_cents FROM products WHERE id = ${ids.tenis}::uuid`,
      )
    ).rows;
    expect(row).toEqual({ min_price_cents: 25990, compare_at_price_cents: 29990 });
    const [entry] = (await historyOf(ids.tenis!)).slice(-1);
    expect(entry).toMatchObject({
      action: 'variant.price',
      before: { priceCents: 29990, compareAtPriceCents: null },
      after: { priceCents: 25990, compareAtPriceCents: 29990 },
    });
    expect(entry!.summary).toContain('R$ 299,90 → R$ 259,90');
  });

  it('refuses bad prices at the field, other brands and SUPPORT, writing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, keyof typeof token, string, string?][] = [
      [{ price: 0 }, 'admin', 'BAD_USER_INPUT', 'priceCents'],
      [{ price: 100_000_001 }, 'admin', 'BAD_USER_INPUT', 'priceCents'],
      [{ price: 1000, compareAt: 1000 }, 'admin', 'BAD_USER_INPUT', 'compareAtPriceCents'],
      [{ price: 1000 }, 'manager', 'FORBIDDEN'],
      [{ price: 1000 }, 'support', 'FORBIDDEN'],
    ];
    for (const [variables, as, code, field] of cases) {
      const body = await gql(PRICE, { id: ids.tenisVariant, ...variables }, as);
      expect(body.errors?.[0]?.extensions).toMatchObject(field ? { code, field } : { code });
    }
    const missing = await gql(PRICE, { id: '00000000-0000-4000-8000-000000000000', price: 100 });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toBe(before);
  });

  it('keeps the stored "de" price when the grid sends the price alone; null clears it', async () => {
    const PRICE_ONLY = `mutation($id: ID!, $price: Int!) {
      variantPriceSet(id: $id, priceCents: $price) { id priceCents compareAtPriceCents } }`;
    await gql(PRICE, { id: ids.tenisVariant, price: 25990, compareAt: 29990 });
    const alone = await gql(PRICE_ONLY, { id: ids.tenisVariant, price: 24990 });
    expect(alone.data?.variantPriceSet).toMatchObject({
      priceCents: 24990,
      compareAtPriceCents: 29990,
    });
    // A price alone at or above the stored "de" price is refused on the price, naming it.
    const above = await gql(PRICE_ONLY, { id: ids.tenisVariant, price: 29990 });
    expect(above.errors?.[0]).toMatchObject({
      message:
        'O preço deve ser menor que o preço "de" (R$ 299,90): mude o preço "de" no editor do produto.',
      extensions: { code: 'BAD_USER_INPUT', field: 'priceCents' },
    });
    const cleared = await gql(PRICE, { id: ids.tenisVariant, price: 24990, compareAt: null });
    expect(cleared.data?.variantPriceSet).toMatchObject({ compareAtPriceCents: null });
  });
});

const STOCK = `mutation($id: ID!, $reason: StockAdjustReason!, $quantity: Int!, $note: String) {
  stockChange(variantId: $id, reason: $reason, quantity: $quantity, note: $note) { id stock } }`;

describe('stockChange', () => {
  let variant = '';
  beforeAll(async () => {
    const created = await saved(
      await gql(SAVE, {
        input: input({
          name: 'Meia Estoque',
          variants: [{ sku: 'MEIA-1', priceCents: 1990, stock: 10 }],
        }),
      }),
    );
    variant = created.variants[0]!.id;
  });

  async function change(
    reason: string,
    quantity: number,
    note?: string,
    as: keyof typeof token = 'admin',
  ) {
    return gql(STOCK, { id: variant, reason, quantity, note }, as);
  }

  it('adds, removes and counts, with a ledger row for each', async () => {
    expect((await change('RECEIVED', 5, 'NF 123')).data?.stockChange).toMatchObject({ stock: 15 });
    expect((await change('MANUAL_SALE', 2)).data?.stockChange).toMatchObject({ stock: 13 });
    expect((await change('DAMAGED', 3, 'Rasgou')).data?.stockChange).toMatchObject({ stock: 10 });
    expect((await change('STOCK_COUNT', 7)).data?.stockChange).toMatchObject({ stock: 7 });
    expect((await change('STOCK_COUNT', 0)).data?.stockChange).toMatchObject({ stock: 0 });
    expect((await change('RECEIVED', 4)).data?.stockChange).toMatchObject({ stock: 4 });
    const ledger = await gql(
      `query($id: ID!) { stockMovements(variantId: $id) { delta reason kind stockAfter staffName note } }`,
      { id: variant },
      'support',
    );
    const rows = ledger.data?.stockMovements as Record<string, unknown>[];
    expect(rows.slice(0, 6).reverse()).toEqual([
      {
        delta: 5,
        reason: 'Entrada de mercadoria',
        kind: 'RECEIVED',
        stockAfter: 15,
        staffName: ids.adminName,
        note: 'NF 123',
      },
      {
        delta: -2,
        reason: 'Venda fora da loja',
        kind: 'MANUAL_SALE',
        stockAfter: 13,
        staffName: ids.adminName,
        note: null,
      },
      {
        delta: -3,
        reason: 'Avaria, perda',
        kind: 'DAMAGED',
        stockAfter: 10,
        staffName: ids.adminName,
        note: 'Rasgou',
      },
      {
        delta: -3,
        reason: 'Contagem de inventário',
        kind: 'STOCK_COUNT',
        stockAfter: 7,
        staffName: ids.adminName,
        note: null,
      },
      {
        delta: -7,
        reason: 'Contagem de inventário',
        kind: 'STOCK_COUNT',
        stockAfter: 0,
        staffName: ids.adminName,
        note: null,
      },
      {
        delta: 4,
        reason: 'Entrada de mercadoria',
        kind: 'RECEIVED',
        stockAfter: 4,
        staffName: ids.adminName,
        note: null,
      },
    ]);
    expect(rows.at(-1)).toMatchObject({ kind: 'INITIAL', stockAfter: 10 });
    const history = await ctx.db.execute<{ summary: string }>(
      sql`SELECT summary FROM catalog_history WHERE action = 'stock.adjust' ORDER BY created_at, id`,
    );
    expect(history.rows).toHaveLength(6);
    expect(history.rows[0]!.summary).toBe(
      'Estoque de Meia Estoque (MEIA-1): entrada de mercadoria, 10 → 15 (+5)',
    );
  });

  it('refuses going below zero and bad quantities or notes, writing nothing', async () => {
    const before = await snapshot();
    const short = await change('MANUAL_SALE', 5);
    expect(short.errors?.[0]?.message).toBe('Estoque insuficiente: há 4 unidades.');
    expect(short.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'quantity',
    });
    const cases: [string, number, string | undefined, string][] = [
      ['RECEIVED', 0, undefined, 'quantity'],
      ['DAMAGED', -1, undefined, 'quantity'],
      ['STOCK_COUNT', -1, undefined, 'quantity'],
      ['RECEIVED', 1_000_001, undefined, 'quantity'],
      ['RECEIVED', 1, 'x'.repeat(501), 'note'],
    ];
    for (const [reason, quantity, note, field] of cases) {
      const body = await change(reason, quantity, note);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(
      (await gql(STOCK, { id: ids.tenisVariant, reason: 'RECEIVED', quantity: 1 }, 'manager'))
        .errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await change('RECEIVED', 1, undefined, 'support')).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(await snapshot()).toBe(before);
  });

  it('adds up concurrent changes (row lock)', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => change('RECEIVED', 2)));
    expect(results.every((r) => !r.errors)).toBe(true);
    const [row] = (
      await ctx.db.execute<{ stock: number }>(
        sql`SELECT stock FROM variants WHERE id = ${variant}::uuid`,
      )
    ).rows;
    expect(row!.stock).toBe(14);
    const afters = await ctx.db.execute<{ stock_after: number }>(
      sql`SELECT stock_after FROM stock_movements WHERE variant_id = ${variant}::uuid AND kind = 'RECEIVED'
          AND stock_after <= 14 ORDER BY stock_after DESC LIMIT 5`,
    );
    expect(afters.rows.map((r) => r.stock_after)).toEqual([14, 12, 10, 8, 6]);
  });

  it('keeps stockAdjust working, recorded as an EDIT with the stock after', async () => {
    const body = await gql(
      `mutation($id: ID!) { stockAdjust(variantId: $id, delta: -4, reason: "Correção") { stock } }`,
      { id: variant },
    );
    expect(body.data?.stockAdjust).toEqual({ stock: 10 });
    const [last] = (
      await ctx.db.execute<Record<string, unknown>>(
        sql`SELECT kind, stock_after FROM stock_movements WHERE variant_id = ${variant}::uuid
            ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
    ).rows;
    expect(last).toEqual({ kind: 'EDIT', stock_after: 10 });
  });
});
