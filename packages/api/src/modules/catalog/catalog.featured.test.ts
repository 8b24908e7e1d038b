// Featured products ("Destaques" on the home): the public filter and who may set the flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';

let ctx: TestContext;
const token: Record<'admin' | 'manager' | 'support', string> = {
  admin: '',
  manager: '',
  support: '',
};
const ids = { aurora: '', boreal: '', camisetas: '', auroraPlain: '', borealPlain: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal Calçados' });
  const camisetas = await insertCategory(db, { slug: 'camisetas', name: 'Camisetas' });
  const base = { categoryId: camisetas.id };
  await insertProduct(db, {
    ...base,
    slug: 'destaque-aurora',
    name: 'Destaque Aurora',
    brandId: aurora.id,
    featured: true,
    createdMinute: 1,
    variants: [{ sku: 'DA-M', size: 'M', priceCents: 5990 }],
  });
  await insertProduct(db, {
    ...base,
    slug: 'destaque-boreal-esgotado',
    name: 'Destaque Boreal Esgotado',
    brandId: boreal.id,
    featured: true,
    createdMinute: 2,
    variants: [{ sku: 'DB-M', size: 'M', priceCents: 6990, stock: 0 }],
  });
  await insertProduct(db, {
    ...base,
    slug: 'destaque-rascunho',
    name: 'Destaque Rascunho',
    brandId: aurora.id,
    featured: true,
    published: false,
    createdMinute: 3,
    variants: [{ sku: 'DR-M', size: 'M', priceCents: 7990 }],
  });
  await insertProduct(db, {
    ...base,
    slug: 'destaque-sem-variantes',
    name: 'Destaque Sem Variantes',
    brandId: aurora.id,
    featured: true,
    createdMinute: 4,
    variants: [],
  });
  const auroraPlain = await insertProduct(db, {
    ...base,
    slug: 'comum-aurora',
    name: 'Comum Aurora',
    brandId: aurora.id,
    createdMinute: 5,
    variants: [{ sku: 'CA-M', size: 'M', priceCents: 4990 }],
  });
  const borealPlain = await insertProduct(db, {
    ...base,
    slug: 'comum-boreal',
    name: 'Comum Boreal',
    brandId: boreal.id,
    createdMinute: 6,
    variants: [{ sku: 'CB-M', size: 'M', priceCents: 4990 }],
  });
  Object.assign(ids, {
    aurora: aurora.id,
    boreal: boreal.id,
    camisetas: camisetas.id,
    auroraPlain: auroraPlain.id,
    borealPlain: borealPlain.id,
  });
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [aurora.id] });
  token.admin = staff.admin.token;
  token.manager = staff.manager.token;
  token.support = staff.support.token;
});

afterAll(async () => {
  await ctx?.close();
});

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  as?: keyof typeof token,
) {
  const { body } = await graphql(ctx.app, query, variables, as ? token[as] : undefined);
  return body;
}

const FEATURED = `query($filter: ProductFilter) {
  products(filter: $filter, first: 8) { totalCount nodes { slug featured } } }`;

async function publicSlugs(filter: Record<string, unknown>): Promise<string[]> {
  const body = await gql(FEATURED, { filter });
  expect(body.errors).toBeUndefined();
  const products = (body.data as { products: { nodes: { slug: string; featured: boolean }[] } })
    .products;
  return products.nodes.map((node) => node.slug);
}

const PRODUCT_UPDATE = `mutation($id: ID!, $input: ProductUpdateInput!) {
  productUpdate(id: $id, input: $input) { slug featured } }`;
const PRODUCT_CREATE = `mutation($input: ProductInput!, $variants: [VariantInput!]!) {
  productCreate(input: $input, variants: $variants) { slug featured published } }`;

describe('featured products', () => {
  it('lists only published, sellable featured products for featured: true, sold out included', async () => {
    // Same visibility as every public listing: no drafts, nothing without variants; a sold-out
    // product stays listed (the card says it is sold out), as in the other listings.
    expect(await publicSlugs({ featured: true })).toEqual([
      'destaque-boreal-esgotado',
      'destaque-aurora',
    ]);
    expect(await publicSlugs({ featured: true, inStock: true })).toEqual(['destaque-aurora']);
    expect(await publicSlugs({ featured: false })).toEqual(['comum-boreal', 'comum-aurora']);
  });

  it('tells each product whether it is featured', async () => {
    const body = await gql(`{ product(slug: "destaque-aurora") { featured }
      other: product(slug: "comum-aurora") { featured } }`);
    expect(body.data).toEqual({ product: { featured: true }, other: { featured: false } });
  });

  it('lets an ADMIN feature a product and take it out again', async () => {
    const on = await gql(
      PRODUCT_UPDATE,
      { id: ids.borealPlain, input: { featured: true } },
      'admin',
    );
    expect(on.errors).toBeUndefined();
    expect(on.data).toEqual({ productUpdate: { slug: 'comum-boreal', featured: true } });
    expect(await publicSlugs({ featured: true })).toContain('comum-boreal');

    const off = await gql(
      PRODUCT_UPDATE,
      { id: ids.borealPlain, input: { featured: false } },
      'admin',
    );
    expect(off.data).toEqual({ productUpdate: { slug: 'comum-boreal', featured: false } });
    expect(await publicSlugs({ featured: true })).not.toContain('comum-boreal');
  });

  it('leaves the flag alone when an update does not mention it', async () => {
    const body = await gql(
      PRODUCT_UPDATE,
      { id: ids.auroraPlain, input: { featured: true } },
      'admin',
    );
    expect(body.errors).toBeUndefined();
    const renamed = await gql(
      PRODUCT_UPDATE,
      { id: ids.auroraPlain, input: { name: 'Comum Aurora Renomeada' } },
      'admin',
    );
    expect(renamed.data).toEqual({ productUpdate: { slug: 'comum-aurora', featured: true } });
    await gql(PRODUCT_UPDATE, { id: ids.auroraPlain, input: { featured: false } }, 'admin');
  });

  it('lets a BRAND_MANAGER feature products of their brands only', async () => {
    const own = await gql(
      PRODUCT_UPDATE,
      { id: ids.auroraPlain, input: { featured: true } },
      'manager',
    );
    expect(own.errors).toBeUndefined();
    expect(own.data).toEqual({ productUpdate: { slug: 'comum-aurora', featured: true } });

    const other = await gql(
      PRODUCT_UPDATE,
      { id: ids.borealPlain, input: { featured: true } },
      'manager',
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await publicSlugs({ featured: true })).not.toContain('comum-boreal');
    await gql(PRODUCT_UPDATE, { id: ids.auroraPlain, input: { featured: false } }, 'admin');
  });

  it('refuses SUPPORT and anonymous visitors', async () => {
    const support = await gql(
      PRODUCT_UPDATE,
      { id: ids.auroraPlain, input: { featured: true } },
      'support',
    );
    expect(support.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(PRODUCT_UPDATE, {
      id: ids.auroraPlain,
      input: { featured: true },
    });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await publicSlugs({ featured: true })).not.toContain('comum-aurora');
  });

  it('creates a product featured when asked, not featured by default', async () => {
    const variants = [{ sku: 'NOVO-1', size: 'M', priceCents: 3990, stock: 2 }];
    const input = { brandId: ids.aurora, categoryId: ids.camisetas, published: true };
    const featured = await gql(
      PRODUCT_CREATE,
      { input: { ...input, name: 'Novo Destaque', description: '', featured: true }, variants },
      'admin',
    );
    expect(featured.errors).toBeUndefined();
    expect(featured.data).toEqual({
      productCreate: { slug: 'novo-destaque', featured: true, published: true },
    });
    const plain = await gql(
      PRODUCT_CREATE,
      {
        input: { ...input, name: 'Novo Comum', description: '' },
        variants: [{ ...variants[0], sku: 'NOVO-2' }],
      },
      'admin',
    );
    expect(plain.data).toEqual({
      productCreate: { slug: 'novo-comum', featured: false, published: true },
    });
    expect(await publicSlugs({ featured: true })).toContain('novo-destaque');
  });

  it('refuses a featured filter that is not a boolean with a clear error', async () => {
    const { statusCode, body } = await graphql(ctx.app, FEATURED, {
      filter: { featured: 'sim' },
    });
    expect(statusCode).toBeLessThan(500);
    expect(body.errors?.[0]?.message).toMatch(/featured/);
  });
});
