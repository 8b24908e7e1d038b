// productsBulk SET_PACKAGE ("Definir embalagem"): the weight and dimensions set on every variant of
// the selected products (a value left out kept), the variant editor's bounds, the roles and a
// BRAND_MANAGER's brands, all or nothing, the history and audit entries, and the public catalog's
// cached answers refreshed.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { auditLog } from '../audit/audit.tables';
import { CACHE_STATUS_HEADER } from '../catalog-cache/catalog-cache.plugin';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';
import { catalogHistory, products, variants } from './catalog.tables';

let ctx: TestContext;
const token = { admin: '', manager: '', support: '' };
const id = { aurora: '', boreal: '', shirt: '', cap: '', draft: '', sneaker: '' };

type Gql = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};

const BULK = `mutation($input: ProductBulkInput!) {
  productsBulk(input: $input) { action count historyEntry { id action summary productCount } }
}`;

interface BulkAnswer {
  action: string;
  count: number;
  historyEntry: { id: string; action: string; summary: string; productCount: number };
}

async function bulk(input: Record<string, unknown>, as: keyof typeof token = 'admin') {
  const { body } = await graphql(ctx.app, BULK, { input }, token[as]);
  return body as Gql;
}

const setPackage = (ids: string[], pkg: Record<string, unknown>, as?: keyof typeof token) =>
  bulk({ action: 'SET_PACKAGE', ids, package: pkg, expectedCount: ids.length }, as);

async function packagesOf(productId: string) {
  return ctx.db
    .select({
      sku: variants.sku,
      weight: variants.weightGrams,
      length: variants.lengthCm,
      width: variants.widthCm,
      height: variants.heightCm,
    })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.sku));
}

async function versionOf(productId: string) {
  const [row] = await ctx.db
    .select({ version: products.version })
    .from(products)
    .where(eq(products.id, productId));
  return row!.version;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { CATALOG_CACHE_ENTRIES: '100' } });
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const shirt = await insertProduct(db, {
    slug: 'camiseta',
    name: 'Camiseta',
    brandId: aurora.id,
    categoryId: roupas.id,
    variants: [
      { sku: 'CAM-P', size: 'P', priceCents: 5990 },
      { sku: 'CAM-G', size: 'G', priceCents: 6990 },
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
    categoryId: roupas.id,
    variants: [{ sku: 'TEN-40', size: '40', priceCents: 19990 }],
  });
  // The cap already has a package: what a bulk change leaves out stays.
  await db
    .update(variants)
    .set({ weightGrams: 150, lengthCm: 25, widthCm: 20, heightCm: 12 })
    .where(eq(variants.productId, cap.id));
  Object.assign(id, {
    aurora: aurora.id,
    boreal: boreal.id,
    shirt: shirt.id,
    cap: cap.id,
    draft: draft.id,
    sneaker: sneaker.id,
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

describe('productsBulk SET_PACKAGE', () => {
  it('sets the package on every variant of the products, keeps what is left out, records it once', async () => {
    const versions = [await versionOf(id.shirt), await versionOf(id.cap)];
    const body = await setPackage([id.shirt, id.cap], { weightGrams: 300, heightCm: 4 });
    expect(body.errors).toBeUndefined();
    const result = body.data!.productsBulk as BulkAnswer;
    expect(result.action).toBe('SET_PACKAGE');
    expect(result.count).toBe(2);
    expect(result.historyEntry.action).toBe('products.bulk.set_package');
    expect(result.historyEntry.summary).toBe(
      'Embalagem de 2 produtos (3 variantes): peso 300 g, altura 4 cm',
    );
    expect(result.historyEntry.productCount).toBe(2);
    expect(await packagesOf(id.shirt)).toEqual([
      { sku: 'CAM-G', weight: 300, length: null, width: null, height: 4 },
      { sku: 'CAM-P', weight: 300, length: null, width: null, height: 4 },
    ]);
    expect(await packagesOf(id.cap)).toEqual([
      { sku: 'BON-U', weight: 300, length: 25, width: 20, height: 4 },
    ]);
    // Each product one version up (an editor open on it sees the change), others untouched.
    expect([await versionOf(id.shirt), await versionOf(id.cap)]).toEqual(
      versions.map((version) => version + 1),
    );
    expect(await packagesOf(id.sneaker)).toEqual([
      { sku: 'TEN-40', weight: null, length: null, width: null, height: null },
    ]);

    // The history keeps the values before; the audit log the same change, with the brand.
    const [row] = await ctx.db
      .select()
      .from(catalogHistory)
      .where(eq(catalogHistory.id, result.historyEntry.id));
    const before = (row!.before as { variants: (string | number | null)[][] }).variants;
    expect(before.map((variant) => variant.slice(1)).sort()).toEqual(
      [
        [150, 25, 20, 12],
        [null, null, null, null],
        [null, null, null, null],
      ].sort(),
    );
    expect(row!.after).toEqual({
      package: { weightGrams: 300, lengthCm: null, widthCm: null, heightCm: 4 },
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'products.bulk.set_package'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorName: 'Ana Admin',
      entity: 'PRODUCT',
      brandIds: [id.aurora],
      summary: result.historyEntry.summary,
    });
  });

  it('takes a filter, as the other actions, with the whole package', async () => {
    const body = await bulk({
      action: 'SET_PACKAGE',
      filter: { brandIds: [id.boreal] },
      package: { weightGrams: 1200, lengthCm: 33, widthCm: 22, heightCm: 14 },
      expectedCount: 1,
    });
    expect(body.errors).toBeUndefined();
    expect((body.data!.productsBulk as BulkAnswer).historyEntry.summary).toBe(
      'Embalagem de 1 produto (1 variante): peso 1.200 g, 33 × 22 × 14 cm',
    );
    expect(await packagesOf(id.sneaker)).toEqual([
      { sku: 'TEN-40', weight: 1200, length: 33, width: 22, height: 14 },
    ]);
  });

  it.each([
    [{}, 'input.package.weightGrams', 'Informe o peso ou ao menos uma medida da embalagem.'],
    [null, 'input.package', 'Informe o peso ou ao menos uma medida da embalagem.'],
    [{ weightGrams: 0 }, 'input.package.weightGrams', 'O peso deve ser maior que zero.'],
    [{ lengthCm: -3 }, 'input.package.lengthCm', 'O comprimento deve ser maior que zero.'],
    [
      { weightGrams: 300, widthCm: 0 },
      'input.package.widthCm',
      'A largura deve ser maior que zero.',
    ],
    [{ heightCm: 0 }, 'input.package.heightCm', 'A altura deve ser maior que zero.'],
  ])('refuses the package %j on %s, changing nothing', async (pkg, field, message) => {
    const body = await setPackage([id.shirt], pkg as Record<string, unknown>);
    expect(body.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
    expect((await packagesOf(id.shirt))[0]).toMatchObject({ weight: 300, height: 4 });
  });

  it('refuses a fraction as GraphQL does for any Int (nothing changes)', async () => {
    const body = await setPackage([id.shirt], { weightGrams: 250.5 });
    expect(body.errors?.[0]?.message).toMatch(/Int/);
    expect((await packagesOf(id.shirt))[0]!.weight).toBe(300);
  });

  it('is all or nothing: a product without variants stops the whole change', async () => {
    const body = await setPackage([id.shirt, id.draft], { weightGrams: 500 });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input' });
    expect(body.errors?.[0]?.message).toBe(
      '1 produto não tem variantes para receber a embalagem: “Rascunho”. Cadastre uma variante ou tire-o da seleção. Nada foi alterado.',
    );
    expect((await packagesOf(id.shirt))[0]!.weight).toBe(300);
  });

  it('refuses SUPPORT, and a BRAND_MANAGER outside their brands; a manager sets their own', async () => {
    const support = await setPackage([id.cap], { weightGrams: 90 }, 'support');
    expect(support.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await setPackage([id.cap, id.sneaker], { weightGrams: 90 }, 'manager');
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(other.errors?.[0]?.message).toBe(
      '1 dos produtos escolhidos não é das marcas sob sua gestão. Nada foi alterado.',
    );
    const otherFilter = await bulk(
      {
        action: 'SET_PACKAGE',
        filter: { brandIds: [id.boreal] },
        package: { weightGrams: 90 },
        expectedCount: 1,
      },
      'manager',
    );
    expect(otherFilter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await packagesOf(id.cap))[0]!.weight).toBe(300);
    expect((await packagesOf(id.sneaker))[0]!.weight).toBe(1200);

    const own = await setPackage([id.cap], { weightGrams: 90 }, 'manager');
    expect(own.errors).toBeUndefined();
    expect((await packagesOf(id.cap))[0]!.weight).toBe(90);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'products.bulk.set_package'),
          inArray(auditLog.actorName, ['Gil Gerente']),
        ),
      );
    expect(entry!.entityId).toBe(id.cap);
  });

  it("refreshes the public catalog's cached answers holding the variants", async () => {
    const PAGE = `query Page($slug: String!) { product(slug: $slug) { id variants { sku weightGrams lengthCm } } }`;
    const ask = async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/graphql/',
        payload: { query: PAGE, variables: { slug: 'tenis' } },
      });
      const data = response.json() as {
        data: { product: { variants: { weightGrams: number; lengthCm: number }[] } };
      };
      return {
        cache: response.headers[CACHE_STATUS_HEADER],
        variant: data.data.product.variants[0]!,
      };
    };
    await ask();
    const cached = await ask();
    expect(cached.cache).toBe('hit');
    expect(cached.variant).toMatchObject({ weightGrams: 1200, lengthCm: 33 });
    const body = await setPackage([id.sneaker], { weightGrams: 980, lengthCm: 30 });
    expect(body.errors).toBeUndefined();
    await expect
      .poll(async () => (await ask()).variant, { timeout: 1000, interval: 20 })
      .toMatchObject({ weightGrams: 980, lengthCm: 30 });
  });
});
