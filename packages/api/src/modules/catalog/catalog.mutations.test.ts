// Staff writes to the catalog: who may do what, the validation messages, and their effects.
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
const ids = {
  aurora: '',
  boreal: '',
  roupas: '',
  camisetas: '',
  auroraProduct: '',
  auroraVariant: '',
  borealProduct: '',
  borealVariant: '',
};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal Calçados' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const camisetas = await insertCategory(db, {
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
  });
  const auroraProduct = await insertProduct(db, {
    slug: 'camiseta-aurora',
    name: 'Camiseta Aurora',
    brandId: aurora.id,
    categoryId: camisetas.id,
    variants: [{ sku: 'AUR-M', size: 'M', priceCents: 5990, stock: 10 }],
  });
  const borealProduct = await insertProduct(db, {
    slug: 'camiseta-boreal',
    name: 'Camiseta Boreal',
    brandId: boreal.id,
    categoryId: camisetas.id,
    variants: [{ sku: 'BOR-M', size: 'M', priceCents: 6990, stock: 10 }],
  });
  Object.assign(ids, {
    aurora: aurora.id,
    boreal: boreal.id,
    roupas: roupas.id,
    camisetas: camisetas.id,
    auroraProduct: auroraProduct.id,
    borealProduct: borealProduct.id,
  });
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [aurora.id] });
  token.admin = staff.admin.token;
  token.manager = staff.manager.token;
  token.support = staff.support.token;
  const variants = await gql(
    `query($a: ID!, $b: ID!) { a: adminProduct(id: $a) { variants { id } }
                               b: adminProduct(id: $b) { variants { id } } }`,
    { a: auroraProduct.id, b: borealProduct.id },
    'admin',
  );
  const data = variants.data as Record<'a' | 'b', { variants: { id: string }[] }>;
  ids.auroraVariant = data.a.variants[0]!.id;
  ids.borealVariant = data.b.variants[0]!.id;
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
  return body as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  };
}

async function codeOf(query: string, variables: Record<string, unknown>, as?: keyof typeof token) {
  const body = await gql(query, variables, as);
  return body.errors?.[0]?.extensions?.code ?? 'OK';
}

async function errorOf(
  query: string,
  variables: Record<string, unknown>,
  as: keyof typeof token = 'admin',
) {
  const body = await gql(query, variables, as);
  expect(body.errors, JSON.stringify(body.data)).toBeDefined();
  return body.errors![0]!;
}

const BRAND_CREATE = `mutation($input: BrandInput!) { brandCreate(input: $input) { id slug name color } }`;
const CATEGORY_CREATE = `mutation($input: CategoryInput!) { categoryCreate(input: $input) { id slug parentId position } }`;
const PRODUCT_CREATE = `mutation($input: ProductInput!, $variants: [VariantInput!]!) {
  productCreate(input: $input, variants: $variants) {
    id slug name published brand { slug } category { slug }
    variants { id sku stock priceCents compareAtPriceCents }
  } }`;
const PRODUCT_UPDATE = `mutation($id: ID!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { id slug name brand { slug } } }`;
const PRODUCT_PUBLISH = `mutation($id: ID!, $published: Boolean!) { productPublish(id: $id, published: $published) { published } }`;
const PRODUCT_DELETE = `mutation($id: ID!) { productDelete(id: $id) }`;
const VARIANT_CREATE = `mutation($productId: ID!, $input: VariantInput!) { variantCreate(productId: $productId, input: $input) { id sku stock } }`;
const VARIANT_UPDATE = `mutation($id: ID!, $input: VariantInput!) { variantUpdate(id: $id, input: $input) { id sku stock priceCents } }`;
const VARIANT_DELETE = `mutation($id: ID!) { variantDelete(id: $id) }`;
const BRAND_UPDATE = `mutation($id: ID!, $input: BrandInput!) { brandUpdate(id: $id, input: $input) { id } }`;
const BRAND_DELETE = `mutation($id: ID!) { brandDelete(id: $id) }`;
const CATEGORY_UPDATE = `mutation($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { id } }`;
const CATEGORY_DELETE = `mutation($id: ID!) { categoryDelete(id: $id) }`;
const STOCK_ADJUST = `mutation($variantId: ID!, $delta: Int!, $reason: String!) { stockAdjust(variantId: $variantId, delta: $delta, reason: $reason) { id stock } }`;

function productInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Camiseta Teste',
    description: 'Descrição de teste.',
    brandId: ids.aurora,
    categoryId: ids.camisetas,
    ...overrides,
  };
}

let skuCounter = 0;
function variant(overrides: Record<string, unknown> = {}) {
  skuCounter += 1;
  return {
    sku: `T-${skuCounter}`,
    size: `S${skuCounter}`,
    priceCents: 4990,
    stock: 2,
    ...overrides,
  };
}

describe('catalog roles', () => {
  it('asks for a login before any catalog write', async () => {
    expect(await codeOf(BRAND_CREATE, { input: { name: 'Nova', color: '#112233' } })).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      await codeOf(STOCK_ADJUST, { variantId: ids.auroraVariant, delta: 1, reason: 'x' }),
    ).toBe('UNAUTHENTICATED');
    expect(await codeOf('{ adminProducts { totalCount } }', {})).toBe('UNAUTHENTICATED');
  });

  it('gives SUPPORT no catalog writes at all', async () => {
    const attempts: [string, Record<string, unknown>][] = [
      [BRAND_CREATE, { input: { name: 'Nova', color: '#112233' } }],
      [BRAND_UPDATE, { id: ids.aurora, input: { name: 'X', color: '#000000' } }],
      [BRAND_DELETE, { id: ids.aurora }],
      [CATEGORY_CREATE, { input: { name: 'Nova' } }],
      [CATEGORY_UPDATE, { id: ids.camisetas, input: { name: 'X' } }],
      [CATEGORY_DELETE, { id: ids.camisetas }],
      [PRODUCT_CREATE, { input: productInput(), variants: [variant()] }],
      [PRODUCT_UPDATE, { id: ids.auroraProduct, input: { name: 'X' } }],
      [PRODUCT_PUBLISH, { id: ids.auroraProduct, published: false }],
      [PRODUCT_DELETE, { id: ids.auroraProduct }],
      [VARIANT_CREATE, { productId: ids.auroraProduct, input: variant() }],
      [VARIANT_UPDATE, { id: ids.auroraVariant, input: variant() }],
      [VARIANT_DELETE, { id: ids.auroraVariant }],
      [STOCK_ADJUST, { variantId: ids.auroraVariant, delta: 1, reason: 'Contagem' }],
    ];
    for (const [query, variables] of attempts) {
      expect(await codeOf(query, variables, 'support'), query).toBe('FORBIDDEN');
    }
  });

  it('lets a BRAND_MANAGER manage products of their brands only', async () => {
    // Not brands nor categories, not even their own brand's.
    const structure: [string, Record<string, unknown>][] = [
      [BRAND_CREATE, { input: { name: 'Nova', color: '#112233' } }],
      [BRAND_UPDATE, { id: ids.aurora, input: { name: 'X', color: '#000000' } }],
      [BRAND_DELETE, { id: ids.aurora }],
      [CATEGORY_CREATE, { input: { name: 'Nova' } }],
      [CATEGORY_UPDATE, { id: ids.camisetas, input: { name: 'X' } }],
      [CATEGORY_DELETE, { id: ids.camisetas }],
    ];
    for (const [query, variables] of structure) {
      expect(await codeOf(query, variables, 'manager'), query).toBe('FORBIDDEN');
    }
    // Another brand's product, variant and stock.
    const foreign: [string, Record<string, unknown>][] = [
      [PRODUCT_CREATE, { input: productInput({ brandId: ids.boreal }), variants: [variant()] }],
      [PRODUCT_UPDATE, { id: ids.borealProduct, input: { name: 'X' } }],
      [PRODUCT_PUBLISH, { id: ids.borealProduct, published: false }],
      [PRODUCT_DELETE, { id: ids.borealProduct }],
      [VARIANT_CREATE, { productId: ids.borealProduct, input: variant() }],
      [VARIANT_UPDATE, { id: ids.borealVariant, input: variant() }],
      [VARIANT_DELETE, { id: ids.borealVariant }],
      [STOCK_ADJUST, { variantId: ids.borealVariant, delta: 1, reason: 'Contagem' }],
      // Moving an own product to a brand they do not manage.
      [PRODUCT_UPDATE, { id: ids.auroraProduct, input: { brandId: ids.boreal } }],
    ];
    for (const [query, variables] of foreign) {
      expect(await codeOf(query, variables, 'manager'), JSON.stringify(variables)).toBe(
        'FORBIDDEN',
      );
    }
    // Their own brand: allowed.
    const created = await gql(
      PRODUCT_CREATE,
      { input: productInput({ name: 'Regata Aurora' }), variants: [variant()] },
      'manager',
    );
    expect(created.errors).toBeUndefined();
    expect(
      await codeOf(
        STOCK_ADJUST,
        { variantId: ids.auroraVariant, delta: 2, reason: 'Recebimento' },
        'manager',
      ),
    ).toBe('OK');
  });

  it('shows a BRAND_MANAGER only their brands in the staff listing', async () => {
    const body = await gql(
      '{ adminProducts(first: 100) { nodes { brand { slug } } } }',
      {},
      'manager',
    );
    const brands = (
      body.data as { adminProducts: { nodes: { brand: { slug: string } }[] } }
    ).adminProducts.nodes.map((node) => node.brand.slug);
    expect(brands.length).toBeGreaterThan(0);
    expect(new Set(brands)).toEqual(new Set(['aurora']));
    const foreign = await gql(
      'query($id: ID!) { adminProduct(id: $id) { id } }',
      { id: ids.borealProduct },
      'manager',
    );
    expect(foreign.data).toEqual({ adminProduct: null });
  });

  it('lets an ADMIN create brands and categories', async () => {
    const brand = await gql(
      BRAND_CREATE,
      { input: { name: 'Cacto Casa & Decoração', color: '#2A9D8F' } },
      'admin',
    );
    expect(brand.errors).toBeUndefined();
    expect(brand.data?.brandCreate).toMatchObject({
      slug: 'cacto-casa-decoracao',
      color: '#2a9d8f',
    });
    const category = await gql(
      CATEGORY_CREATE,
      { input: { name: 'Calças', parentId: ids.roupas } },
      'admin',
    );
    expect(category.errors).toBeUndefined();
    expect(category.data?.categoryCreate).toMatchObject({
      slug: 'calcas',
      parentId: ids.roupas,
      position: 1,
    });
  });
});

describe('catalog validation', () => {
  it('names the field of each invalid product input', async () => {
    const cases: [Record<string, unknown>, unknown[], string, RegExp][] = [
      [productInput({ slug: 'Slug Ruim!' }), [variant()], 'input.slug', /Slug inválido/],
      [productInput({ name: '  ' }), [variant()], 'input.name', /Informe o nome do produto/],
      [
        productInput({ brandId: '00000000-0000-4000-8000-000000000000' }),
        [variant()],
        'input.brandId',
        /Marca não encontrada/,
      ],
      [
        productInput({ brandId: 'nao-e-uuid' }),
        [variant()],
        'input.brandId',
        /Marca não encontrada/,
      ],
      [
        productInput({ categoryId: '00000000-0000-4000-8000-000000000000' }),
        [variant()],
        'input.categoryId',
        /Categoria não encontrada/,
      ],
      [productInput(), [], 'variants', /ao menos uma variante/],
      [productInput(), [variant({ priceCents: 0 })], 'variants.0.priceCents', /maior que zero/],
      [
        productInput(),
        [variant({ priceCents: 5000, compareAtPriceCents: 4000 })],
        'variants.0.compareAtPriceCents',
        /preço "de"/,
      ],
      [productInput(), [variant({ stock: -1 })], 'variants.0.stock', /não pode ser negativo/],
      [productInput(), [variant({ sku: 'com espaço' })], 'variants.0.sku', /SKU inválido/],
      [
        productInput(),
        [variant({ sku: 'DUP' }), variant({ sku: 'dup' })],
        'variants.1.sku',
        /aparece mais de uma vez/,
      ],
      [
        productInput(),
        [variant({ size: 'M', color: 'Azul' }), variant({ size: 'M', color: 'azul' })],
        'variants.1',
        /duas variantes iguais/,
      ],
      [
        productInput({ imageIds: ['00000000-0000-4000-8000-000000000000'] }),
        [variant()],
        'input.imageIds',
        /Imagem não encontrada/,
      ],
    ];
    for (const [input, variants, field, message] of cases) {
      const error = await errorOf(PRODUCT_CREATE, { input, variants });
      expect(error.extensions?.code, field).toBe('BAD_USER_INPUT');
      expect(error.extensions?.field).toBe(field);
      expect(error.message).toMatch(message);
    }
  });

  it('refuses a slug or a SKU that already exists', async () => {
    const slug = await errorOf(PRODUCT_CREATE, {
      input: productInput({ slug: 'camiseta-boreal' }),
      variants: [variant()],
    });
    expect(slug).toMatchObject({
      message: 'Já existe um produto com este slug.',
      extensions: { code: 'BAD_USER_INPUT', field: 'input.slug' },
    });
    const sku = await errorOf(VARIANT_CREATE, {
      productId: ids.auroraProduct,
      input: variant({ sku: 'BOR-M' }),
    });
    expect(sku).toMatchObject({
      message: 'Já existe uma variante com este SKU.',
      extensions: { code: 'BAD_USER_INPUT', field: 'input.sku' },
    });
  });

  it('validates brands: colour, slug and logo address', async () => {
    const color = await errorOf(BRAND_CREATE, { input: { name: 'Marca', color: 'azul' } });
    expect(color.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.color' });
    expect(color.message).toMatch(/#RRGGBB/);
    const duplicate = await errorOf(BRAND_CREATE, {
      input: { name: 'Aurora', slug: 'aurora', color: '#000000' },
    });
    expect(duplicate.message).toBe('Já existe uma marca com este slug.');
    const logo = await errorOf(BRAND_CREATE, {
      input: { name: 'Marca', color: '#000000', logoUrl: 'javascript:alert(1)' },
    });
    expect(logo.extensions?.field).toBe('input.logoUrl');
  });

  it('refuses to delete a category or a brand that still has products', async () => {
    const category = await errorOf('mutation($id: ID!) { categoryDelete(id: $id) }', {
      id: ids.camisetas,
    });
    expect(category.extensions?.code).toBe('BAD_USER_INPUT');
    expect(category.message).toMatch(/A categoria Camisetas tem \d+ produtos?: mova/);
    const parent = await errorOf('mutation($id: ID!) { categoryDelete(id: $id) }', {
      id: ids.roupas,
    });
    expect(parent.message).toMatch(/A categoria Roupas tem \d+ subcategorias?: mova/);
    const brand = await errorOf('mutation($id: ID!) { brandDelete(id: $id) }', { id: ids.boreal });
    expect(brand.message).toMatch(/Boreal Calçados: ela tem \d+ produto/);
  });

  it('refuses to put a category inside its own subcategory', async () => {
    const error = await errorOf(
      'mutation($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { id } }',
      { id: ids.roupas, input: { name: 'Roupas', parentId: ids.camisetas } },
    );
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.parentId' });
  });

  it('answers NOT_FOUND for unknown ids', async () => {
    expect(
      await codeOf(
        PRODUCT_UPDATE,
        { id: '00000000-0000-4000-8000-000000000000', input: {} },
        'admin',
      ),
    ).toBe('NOT_FOUND');
    expect(await codeOf(VARIANT_DELETE, { id: 'x' }, 'admin')).toBe('NOT_FOUND');
  });
});

describe('catalog changes', () => {
  it('creates an unpublished product that only shows up once published', async () => {
    const created = await gql(
      PRODUCT_CREATE,
      {
        input: productInput({ name: 'Jaqueta Corta-Vento Impermeável' }),
        variants: [
          variant({ size: 'M', color: 'Verde', priceCents: 25990, compareAtPriceCents: 29990 }),
          variant({ size: 'G', color: 'Verde', priceCents: 25990, stock: 0 }),
        ],
      },
      'admin',
    );
    expect(created.errors).toBeUndefined();
    const product = created.data?.productCreate as { id: string; slug: string; published: boolean };
    expect(product).toMatchObject({ slug: 'jaqueta-corta-vento-impermeavel', published: false });
    const search = `{ products(filter: {search: "jaqueta impermeavel"}) { nodes { slug } } }`;
    expect((await gql(search)).data).toEqual({ products: { nodes: [] } });

    expect(
      (await gql(PRODUCT_PUBLISH, { id: product.id, published: true }, 'admin')).errors,
    ).toBeUndefined();
    expect((await gql(search)).data).toEqual({ products: { nodes: [{ slug: product.slug }] } });
  });

  it('lists unpublished products to staff, filterable by publication', async () => {
    const drafts = await gql(
      '{ adminProducts(filter: {published: false}, first: 100) { nodes { published } } }',
      {},
      'admin',
    );
    const nodes = (drafts.data?.adminProducts as { nodes: { published: boolean }[] }).nodes;
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((node) => !node.published)).toBe(true);
  });

  it('refuses to publish a product without variants', async () => {
    const created = await gql(
      PRODUCT_CREATE,
      { input: productInput({ name: 'Produto Rascunho' }), variants: [variant()] },
      'admin',
    );
    const product = created.data?.productCreate as { id: string; variants: { id: string }[] };
    await gql(PRODUCT_PUBLISH, { id: product.id, published: false }, 'admin');
    expect(
      (await gql(VARIANT_DELETE, { id: product.variants[0]!.id }, 'admin')).errors,
    ).toBeUndefined();
    const error = await errorOf(PRODUCT_PUBLISH, { id: product.id, published: true });
    expect(error.message).toMatch(/ao menos uma variante/);
  });

  it('keeps the only variant of a published product', async () => {
    const error = await errorOf(VARIANT_DELETE, { id: ids.borealVariant });
    expect(error.message).toMatch(/única variante de um produto publicado/);
  });

  it('adjusts stock with a reason in the ledger and never below zero', async () => {
    const before = await gql(
      'query($id: ID!) { stockMovements(variantId: $id) { delta reason } }',
      { id: ids.borealVariant },
      'admin',
    );
    const count = (before.data?.stockMovements as unknown[]).length;
    const added = await gql(
      STOCK_ADJUST,
      { variantId: ids.borealVariant, delta: 5, reason: 'Recebimento do fornecedor' },
      'admin',
    );
    expect(added.data?.stockAdjust).toMatchObject({ stock: 15 });
    const tooMuch = await errorOf(STOCK_ADJUST, {
      variantId: ids.borealVariant,
      delta: -16,
      reason: 'Avaria',
    });
    expect(tooMuch.message).toBe(
      'Estoque insuficiente: o ajuste deixaria o estoque negativo (atual: 15).',
    );
    const noReason = await errorOf(STOCK_ADJUST, {
      variantId: ids.borealVariant,
      delta: -1,
      reason: ' ',
    });
    expect(noReason.extensions?.field).toBe('reason');
    const after = await gql(
      'query($id: ID!) { stockMovements(variantId: $id) { delta reason } }',
      { id: ids.borealVariant },
      'admin',
    );
    const movements = after.data?.stockMovements as { delta: number; reason: string }[];
    expect(movements).toHaveLength(count + 1);
    expect(movements[0]).toEqual({ delta: 5, reason: 'Recebimento do fornecedor' });
  });

  it('records a stock change made while editing a variant', async () => {
    const updated = await gql(
      VARIANT_UPDATE,
      { id: ids.auroraVariant, input: { sku: 'AUR-M', size: 'M', priceCents: 6490, stock: 3 } },
      'admin',
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.variantUpdate).toMatchObject({ stock: 3, priceCents: 6490 });
    const ledger = await gql(
      'query($id: ID!) { stockMovements(variantId: $id, first: 1) { delta reason } }',
      { id: ids.auroraVariant },
      'admin',
    );
    expect((ledger.data?.stockMovements as { reason: string }[])[0]?.reason).toBe(
      'Correção na edição da variante',
    );
  });

  it('re-indexes the search when a brand is renamed', async () => {
    const renamed = await gql(
      'mutation($id: ID!) { brandUpdate(id: $id, input: {name: "Polar Esportes", color: "#264653"}) { slug name } }',
      { id: ids.boreal },
      'admin',
    );
    // The slug stays: links keep working.
    expect(renamed.data?.brandUpdate).toEqual({ slug: 'boreal', name: 'Polar Esportes' });
    const found = await gql('{ products(filter: {search: "polar"}) { nodes { slug } } }');
    expect(found.data).toEqual({ products: { nodes: [{ slug: 'camiseta-boreal' }] } });
  });

  it('updates, moves and deletes a product', async () => {
    const created = await gql(
      PRODUCT_CREATE,
      { input: productInput({ name: 'Boné Aba Curva' }), variants: [variant()] },
      'admin',
    );
    const id = (created.data?.productCreate as { id: string }).id;
    const updated = await gql(
      PRODUCT_UPDATE,
      { id, input: { name: 'Boné Aba Reta', slug: 'bone-aba-reta', brandId: ids.boreal } },
      'admin',
    );
    expect(updated.data?.productUpdate).toEqual({
      id,
      slug: 'bone-aba-reta',
      name: 'Boné Aba Reta',
      brand: { slug: 'boreal' },
    });
    expect((await gql(PRODUCT_DELETE, { id }, 'admin')).data).toEqual({ productDelete: true });
    expect(
      (await gql('query($id: ID!) { adminProduct(id: $id) { id } }', { id }, 'admin')).data,
    ).toEqual({ adminProduct: null });
  });

  it('deletes an empty category and an unused brand', async () => {
    const category = await gql(CATEGORY_CREATE, { input: { name: 'Temporária' } }, 'admin');
    const categoryId = (category.data?.categoryCreate as { id: string }).id;
    expect(
      (await gql('mutation($id: ID!) { categoryDelete(id: $id) }', { id: categoryId }, 'admin'))
        .data,
    ).toEqual({ categoryDelete: true });
    const brand = await gql(
      BRAND_CREATE,
      { input: { name: 'Efêmera', color: '#abcdef' } },
      'admin',
    );
    const brandId = (brand.data?.brandCreate as { id: string }).id;
    expect(
      (await gql('mutation($id: ID!) { brandDelete(id: $id) }', { id: brandId }, 'admin')).data,
    ).toEqual({ brandDelete: true });
  });
});
