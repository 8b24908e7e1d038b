// productsBulk: each action, all or nothing, the expected count, a BRAND_MANAGER's scope, the
// price change's ,90 rounding and limits, its history entry, and concurrent price changes.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { insertFixtureOrder } from '../orders/orders.fixtures';
import { orderLines } from '../orders/orders.tables';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';
import { catalogHistory, products, variants } from './catalog.tables';

let ctx: TestContext;
const token = { admin: '', manager: '', support: '' };
const id = {
  aurora: '',
  boreal: '',
  roupas: '',
  camisetas: '',
  calcados: '',
  /** Aurora: R$ 59,90 (compare-at R$ 64,90) and R$ 129,90. */
  shirt: '',
  /** Aurora: R$ 39,90. */
  cap: '',
  /** Aurora, no variant, unpublished. */
  draft: '',
  /** Boreal: R$ 199,90. */
  sneaker: '',
  /** Boreal: R$ 89,90. */
  sandal: '',
};

type Gql = {
  data?: Record<string, unknown> | null;
  errors?: {
    message: string;
    extensions?: { code?: string; field?: string; count?: number };
  }[];
};

async function gql(query: string, variables: Record<string, unknown>, as: keyof typeof token) {
  const { body } = await graphql(ctx.app, query, variables, token[as]);
  return body as Gql;
}

const BULK = `mutation($input: ProductBulkInput!) {
  productsBulk(input: $input) {
    action count historyEntry { id action summary productIds productCount staffName createdAt }
  }
}`;

function bulk(input: Record<string, unknown>, as: keyof typeof token = 'admin') {
  return gql(BULK, { input }, as);
}

async function productState(productId: string) {
  const [row] = await ctx.db.select().from(products).where(eq(products.id, productId));
  return row;
}

async function pricesOf(productId: string) {
  return ctx.db
    .select({
      sku: variants.sku,
      price: variants.priceCents,
      compareAt: variants.compareAtPriceCents,
    })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(variants.sku);
}

async function historyCount() {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(catalogHistory);
  return row!.n;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const camisetas = await insertCategory(db, {
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
  });
  const calcados = await insertCategory(db, { slug: 'calcados', name: 'Calçados' });
  const shirt = await insertProduct(db, {
    slug: 'camiseta',
    name: 'Camiseta',
    brandId: aurora.id,
    categoryId: camisetas.id,
    variants: [
      { sku: 'CAM-P', size: 'P', priceCents: 5990, compareAtPriceCents: 6490 },
      { sku: 'CAM-G', size: 'G', priceCents: 12990 },
    ],
  });
  const cap = await insertProduct(db, {
    slug: 'bone',
    name: 'Boné',
    brandId: aurora.id,
    categoryId: roupas.id,
    variants: [{ sku: 'BON-U', priceCents: 3990 }],
  });
  const draft = await insertProduct(db, {
    slug: 'rascunho',
    name: 'Rascunho',
    brandId: aurora.id,
    categoryId: roupas.id,
    published: false,
    variants: [],
  });
  const sneaker = await insertProduct(db, {
    slug: 'tenis',
    name: 'Tênis',
    brandId: boreal.id,
    categoryId: calcados.id,
    variants: [{ sku: 'TEN-40', size: '40', priceCents: 19990 }],
  });
  const sandal = await insertProduct(db, {
    slug: 'sandalia',
    name: 'Sandália',
    brandId: boreal.id,
    categoryId: calcados.id,
    variants: [{ sku: 'SAN-38', size: '38', priceCents: 8990 }],
  });
  Object.assign(id, {
    aurora: aurora.id,
    boreal: boreal.id,
    roupas: roupas.id,
    camisetas: camisetas.id,
    calcados: calcados.id,
    shirt: shirt.id,
    cap: cap.id,
    draft: draft.id,
    sneaker: sneaker.id,
    sandal: sandal.id,
  });
  const staff = await signInStaffRoles(ctx, {
    managerBrandIds: [aurora.id],
    names: { admin: 'Ana Admin', manager: 'Gil Gerente' },
  });
  token.admin = staff.admin.token;
  token.manager = staff.manager.token;
  token.support = staff.support.token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('productsBulk: who and what', () => {
  it('refuses SUPPORT and changes nothing', async () => {
    const before = await historyCount();
    const body = await bulk({ action: 'UNPUBLISH', ids: [id.shirt], expectedCount: 1 }, 'support');
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await productState(id.shirt))!.published).toBe(true);
    expect(await historyCount()).toBe(before);
  });

  it('wants exactly one of ids and filter', async () => {
    const both = await bulk({
      action: 'FEATURE',
      ids: [id.shirt],
      filter: { published: true },
      expectedCount: 1,
    });
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(both.errors?.[0]?.message).toMatch(/um dos dois/);
    const none = await bulk({ action: 'FEATURE', expectedCount: 1 });
    expect(none.errors?.[0]?.extensions?.field).toBe('input.ids');
    const empty = await bulk({ action: 'FEATURE', ids: [], expectedCount: 0 });
    expect(empty.errors?.[0]?.extensions?.field).toBe('input.ids');
    const tooMany = await bulk({
      action: 'FEATURE',
      ids: Array.from({ length: 1001 }, () => crypto.randomUUID()),
      expectedCount: 1001,
    });
    expect(tooMany.errors?.[0]?.message).toMatch(/de 1 a 1000 produtos/);
    const badFilter = await bulk({
      action: 'FEATURE',
      filter: { minPriceCents: -1 },
      expectedCount: 1,
    });
    expect(badFilter.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.filter.minPriceCents',
    });
  });

  it('refuses a selection whose size changed, saying the current number', async () => {
    const body = await bulk({
      action: 'FEATURE',
      filter: { brandIds: [id.aurora] },
      expectedCount: 2,
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('BULK_COUNT_CHANGED');
    expect(body.errors?.[0]?.extensions?.count).toBe(3);
    expect(body.errors?.[0]?.message).toBe(
      'A seleção mudou: agora são 3 produtos. Confira e confirme de novo.',
    );
    expect((await productState(id.shirt))!.featured).toBe(false);
    // Ids of products that no longer exist are not counted either.
    const gone = await bulk({
      action: 'FEATURE',
      ids: [id.shirt, crypto.randomUUID()],
      expectedCount: 2,
    });
    expect(gone.errors?.[0]?.extensions?.count).toBe(1);
    expect((await productState(id.shirt))!.featured).toBe(false);
  });
});

describe('productsBulk: actions', () => {
  it('features and unfeatures by filter, each product one version up, one history entry', async () => {
    const versionBefore = (await productState(id.cap))!.version;
    const body = await bulk({
      action: 'FEATURE',
      filter: { brandIds: [id.aurora] },
      expectedCount: 3,
    });
    expect(body.errors).toBeUndefined();
    const result = body.data!.productsBulk as {
      action: string;
      count: number;
      historyEntry: {
        action: string;
        summary: string;
        productIds: string[];
        productCount: number;
        staffName: string;
      };
    };
    expect(result.action).toBe('FEATURE');
    expect(result.count).toBe(3);
    expect(result.historyEntry.action).toBe('products.bulk.feature');
    expect(result.historyEntry.summary).toBe('Destacados 3 produtos');
    expect(result.historyEntry.staffName).toBe('Ana Admin');
    expect(result.historyEntry.productCount).toBe(3);
    expect([...result.historyEntry.productIds].sort()).toEqual([id.shirt, id.cap, id.draft].sort());
    const cap = (await productState(id.cap))!;
    expect(cap.featured).toBe(true);
    expect(cap.version).toBe(versionBefore + 1);
    expect((await productState(id.sneaker))!.featured).toBe(false);

    const off = await bulk({ action: 'UNFEATURE', ids: [id.cap, id.draft], expectedCount: 2 });
    expect(
      (off.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Destaque removido de 2 produtos');
    expect((await productState(id.cap))!.featured).toBe(false);
    expect((await productState(id.shirt))!.featured).toBe(true);
  });

  it('publishes all or nothing: a product without variants stops the whole change', async () => {
    await bulk({ action: 'UNPUBLISH', ids: [id.shirt, id.cap], expectedCount: 2 });
    expect((await productState(id.shirt))!.published).toBe(false);
    const refused = await bulk({
      action: 'PUBLISH',
      ids: [id.shirt, id.cap, id.draft],
      expectedCount: 3,
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toContain('1 produto não tem variantes');
    expect(refused.errors?.[0]?.message).toContain('“Rascunho”');
    expect((await productState(id.shirt))!.published).toBe(false);
    expect((await productState(id.cap))!.published).toBe(false);

    const ok = await bulk({ action: 'PUBLISH', ids: [id.shirt, id.cap], expectedCount: 2 });
    expect(
      (ok.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Publicados 2 produtos');
    expect((await productState(id.shirt))!.published).toBe(true);
    expect((await productState(id.cap))!.published).toBe(true);
  });

  it('moves products to an existing category', async () => {
    const unknown = await bulk({
      action: 'MOVE_TO_CATEGORY',
      ids: [id.cap],
      categoryId: crypto.randomUUID(),
      expectedCount: 1,
    });
    expect(unknown.errors?.[0]?.extensions?.field).toBe('input.categoryId');
    const missing = await bulk({ action: 'MOVE_TO_CATEGORY', ids: [id.cap], expectedCount: 1 });
    expect(missing.errors?.[0]?.extensions?.field).toBe('input.categoryId');
    expect((await productState(id.cap))!.categoryId).toBe(id.roupas);

    const body = await bulk({
      action: 'MOVE_TO_CATEGORY',
      ids: [id.cap, id.draft],
      categoryId: id.camisetas,
      expectedCount: 2,
    });
    expect(
      (body.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Movidos 2 produtos para a categoria Camisetas');
    expect((await productState(id.cap))!.categoryId).toBe(id.camisetas);
    expect((await productState(id.draft))!.categoryId).toBe(id.camisetas);
    const entryId = (body.data!.productsBulk as { historyEntry: { id: string } }).historyEntry.id;
    const [row] = await ctx.db.select().from(catalogHistory).where(eq(catalogHistory.id, entryId));
    expect(row!.before).toEqual({
      categories: expect.arrayContaining([
        [id.cap, id.roupas],
        [id.draft, id.roupas],
      ]),
    });
    expect(row!.after).toEqual({ categoryId: id.camisetas });
  });

  it('changes prices by percent with ,90 rounding and clears a compare-at no longer above', async () => {
    const versionBefore = (await productState(id.shirt))!.version;
    const body = await bulk({
      action: 'CHANGE_PRICES',
      ids: [id.shirt, id.cap],
      priceChange: { percent: -10, roundTo90: true },
      expectedCount: 2,
    });
    expect(body.errors).toBeUndefined();
    const entry = (body.data!.productsBulk as { historyEntry: { id: string; summary: string } })
      .historyEntry;
    expect(entry.summary).toBe(
      'Preços de 2 produtos: -10 % (arredondados para o ,90 mais próximo)',
    );
    // 5990 -> 5391 -> 53,90 (compare-at 64,90 stays above); 12990 -> 11691 -> 116,90; 3990 -> 3591 -> 35,90.
    expect(await pricesOf(id.shirt)).toEqual([
      { sku: 'CAM-G', price: 11690, compareAt: null },
      { sku: 'CAM-P', price: 5390, compareAt: 6490 },
    ]);
    expect(await pricesOf(id.cap)).toEqual([{ sku: 'BON-U', price: 3590, compareAt: null }]);
    const shirt = (await productState(id.shirt))!;
    expect(shirt.version).toBe(versionBefore + 1);
    expect(shirt.minPriceCents).toBe(5390);
    // Before and after of the prices, compact, in the history row.
    const [row] = await ctx.db.select().from(catalogHistory).where(eq(catalogHistory.id, entry.id));
    const before = row!.before as { variants: [string, number, number | null][] };
    const after = row!.after as { variants: [string, number, number | null][] };
    expect(before.variants.map((v) => v[1]).sort((a, b) => a - b)).toEqual([3990, 5990, 12990]);
    expect(after.variants.map((v) => v[1]).sort((a, b) => a - b)).toEqual([3590, 5390, 11690]);

    // +R$ 11,00: 53,90 -> 64,90 is no longer under its compare-at 64,90, which is cleared.
    const up = await bulk({
      action: 'CHANGE_PRICES',
      ids: [id.shirt],
      priceChange: { amountCents: 1100 },
      expectedCount: 1,
    });
    expect(
      (up.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Preços de 1 produto: +R$ 11,00');
    expect(await pricesOf(id.shirt)).toEqual([
      { sku: 'CAM-G', price: 12790, compareAt: null },
      { sku: 'CAM-P', price: 6490, compareAt: null },
    ]);
  });

  it('refuses the whole price change when one new price would be under 1 centavo', async () => {
    const before = await historyCount();
    const body = await bulk({
      action: 'CHANGE_PRICES',
      ids: [id.shirt, id.cap, id.sneaker],
      priceChange: { amountCents: -6490 },
      expectedCount: 3,
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.extensions?.field).toBe('input.priceChange');
    expect(body.errors?.[0]?.message).toMatch(
      /^A mudança deixaria o preço de 2 produtos abaixo de R\$ 0,01/,
    );
    expect(body.errors?.[0]?.message).toContain('“Boné”');
    expect(body.errors?.[0]?.message).toContain('“Camiseta”');
    expect(await pricesOf(id.shirt)).toEqual([
      { sku: 'CAM-G', price: 12790, compareAt: null },
      { sku: 'CAM-P', price: 6490, compareAt: null },
    ]);
    expect(await pricesOf(id.sneaker)).toEqual([{ sku: 'TEN-40', price: 19990, compareAt: null }]);
    expect(await historyCount()).toBe(before);
  });

  it('checks the price change itself', async () => {
    const both = await bulk({
      action: 'CHANGE_PRICES',
      ids: [id.cap],
      priceChange: { percent: 5, amountCents: 100 },
      expectedCount: 1,
    });
    expect(both.errors?.[0]?.extensions?.field).toBe('input.priceChange.percent');
    const none = await bulk({ action: 'CHANGE_PRICES', ids: [id.cap], expectedCount: 1 });
    expect(none.errors?.[0]?.extensions?.field).toBe('input.priceChange');
    const whole = await bulk({
      action: 'CHANGE_PRICES',
      ids: [id.cap],
      priceChange: { percent: -100 },
      expectedCount: 1,
    });
    expect(whole.errors?.[0]?.extensions?.field).toBe('input.priceChange.percent');
  });
});

describe('productsBulk: a BRAND_MANAGER', () => {
  it('may not touch a product of another brand (ids): nothing is done, the error counts them', async () => {
    const body = await bulk(
      { action: 'UNPUBLISH', ids: [id.shirt, id.sneaker, id.sandal], expectedCount: 3 },
      'manager',
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(body.errors?.[0]?.message).toBe(
      '2 dos produtos escolhidos não são das marcas sob sua gestão. Nada foi alterado.',
    );
    expect((await productState(id.shirt))!.published).toBe(true);
  });

  it('selects within their brands by filter, and may not name other brands in it', async () => {
    const everything = await bulk({ action: 'UNFEATURE', filter: {}, expectedCount: 5 }, 'manager');
    // The filter is within their brands: 3 products, not 5.
    expect(everything.errors?.[0]?.extensions?.count).toBe(3);
    const ok = await bulk({ action: 'UNFEATURE', filter: {}, expectedCount: 3 }, 'manager');
    expect(ok.errors).toBeUndefined();
    expect((await productState(id.shirt))!.featured).toBe(false);
    const entry = (ok.data!.productsBulk as { historyEntry: { staffName: string } }).historyEntry;
    expect(entry.staffName).toBe('Gil Gerente');
    const other = await bulk(
      { action: 'UNFEATURE', filter: { brandIds: [id.boreal] }, expectedCount: 0 },
      'manager',
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('productsBulk: delete and limits', () => {
  it('deletes products; order lines keep their copy', async () => {
    const [variant] = await ctx.db.select().from(variants).where(eq(variants.productId, id.sandal));
    const order = await insertFixtureOrder(ctx.db, {
      lines: [
        {
          variant: {
            id: variant!.id,
            productId: id.sandal,
            brandId: id.boreal,
            sku: variant!.sku,
            priceCents: variant!.priceCents,
            productName: 'Sandália',
            brandName: 'Boreal',
          },
          quantity: 1,
        },
      ],
    });
    const body = await bulk({ action: 'DELETE', ids: [id.sandal], expectedCount: 1 });
    expect(body.errors).toBeUndefined();
    expect(
      (body.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Excluído 1 produto');
    expect(await productState(id.sandal)).toBeUndefined();
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.productId).toBeNull();
    expect(lines[0]!.productName).toBe('Sandália');
    expect(lines[0]!.sku).toBe('SAN-38');
  });

  it('refuses more than 5,000 products in one change', async () => {
    const many = await insertBrand(ctx.db, { slug: 'muitos', name: 'Muitos' });
    await ctx.db.execute(sql`INSERT INTO products (slug, name, brand_id, category_id)
      SELECT 'p-' || g, 'Produto ' || g, ${many.id}::uuid, ${id.roupas}::uuid
      FROM generate_series(1, 5001) AS g`);
    const body = await bulk({
      action: 'UNPUBLISH',
      filter: { brandIds: [many.id] },
      expectedCount: 5001,
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toContain('no máximo 5.000 produtos');
    expect(body.errors?.[0]?.message).toContain('5.001');
    await ctx.db.delete(products).where(eq(products.brandId, many.id));
  });
});

describe('productsBulk: concurrency', () => {
  it('two price changes of the same products at once both apply in full, one after the other', async () => {
    const ids = [id.shirt, id.cap, id.sneaker];
    const start = await ctx.db
      .select({ id: variants.id, price: variants.priceCents })
      .from(variants)
      .where(inArray(variants.productId, ids));
    const [plus, percent] = await Promise.all([
      bulk({
        action: 'CHANGE_PRICES',
        ids,
        priceChange: { amountCents: 1000 },
        expectedCount: 3,
      }),
      bulk({
        action: 'CHANGE_PRICES',
        ids,
        priceChange: { percent: 10 },
        expectedCount: 3,
      }),
    ]);
    expect(plus.errors).toBeUndefined();
    expect(percent.errors).toBeUndefined();
    const end = await ctx.db
      .select({ id: variants.id, price: variants.priceCents })
      .from(variants)
      .where(inArray(variants.productId, ids));
    const finalOf = new Map(end.map((row) => [row.id, row.price]));
    const plusFirst = start.every(
      (row) => finalOf.get(row.id) === Math.round((row.price + 1000) * 1.1),
    );
    const percentFirst = start.every(
      (row) => finalOf.get(row.id) === Math.round(row.price * 1.1) + 1000,
    );
    expect(plusFirst || percentFirst).toBe(true);
    expect(plusFirst && percentFirst).toBe(false);
  });
});

describe(',90 rounding', () => {
  it('rounds to the nearest ,90 by default (+10 % on R$ 79,90 is R$ 87,90), or down or up as asked', async () => {
    const [near, down] = await Promise.all(
      ['vestido-a', 'vestido-b'].map((slug, index) =>
        insertProduct(ctx.db, {
          slug,
          name: `Vestido ${index + 1}`,
          brandId: id.aurora,
          categoryId: id.roupas,
          variants: [{ sku: `VES-${index + 1}`, priceCents: 7990 }],
        }),
      ),
    );
    const nearest = await bulk({
      action: 'CHANGE_PRICES',
      ids: [near!.id],
      priceChange: { percent: 10, roundTo90: true },
      expectedCount: 1,
    });
    expect(nearest.errors).toBeUndefined();
    expect(
      (nearest.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Preços de 1 produto: +10 % (arredondados para o ,90 mais próximo)');
    expect(await pricesOf(near!.id)).toEqual([{ sku: 'VES-1', price: 8790, compareAt: null }]);

    const lower = await bulk({
      action: 'CHANGE_PRICES',
      ids: [down!.id],
      priceChange: { percent: 10, roundTo90: true, roundDirection: 'DOWN' },
      expectedCount: 1,
    });
    expect(
      (lower.data!.productsBulk as { historyEntry: { summary: string } }).historyEntry.summary,
    ).toBe('Preços de 1 produto: +10 % (arredondados para baixo, para ,90)');
    expect(await pricesOf(down!.id)).toEqual([{ sku: 'VES-2', price: 8690, compareAt: null }]);

    // -R$ 1,05 on R$ 86,90 is R$ 85,85: up to R$ 85,90 (down would be R$ 84,90).
    await bulk({
      action: 'CHANGE_PRICES',
      ids: [down!.id],
      priceChange: { amountCents: -105, roundTo90: true, roundDirection: 'UP' },
      expectedCount: 1,
    });
    expect(await pricesOf(down!.id)).toEqual([{ sku: 'VES-2', price: 8590, compareAt: null }]);
  });
});
