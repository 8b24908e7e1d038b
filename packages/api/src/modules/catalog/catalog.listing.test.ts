// The public catalog over GraphQL: search, filters, sorts, pagination, facets and visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  countStatements,
  FACETS_DOCUMENT,
  insertBrand,
  insertCategory,
  insertProduct,
} from './catalog.fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal Calçados' });
  const cacto = await insertBrand(db, { slug: 'cacto', name: 'Cacto Casa' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const camisetas = await insertCategory(db, {
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
    position: 0,
  });
  const calcas = await insertCategory(db, {
    slug: 'calcas',
    name: 'Calças',
    parentId: roupas.id,
    position: 1,
  });
  const calcados = await insertCategory(db, { slug: 'calcados', name: 'Calçados' });
  const tenis = await insertCategory(db, { slug: 'tenis', name: 'Tênis', parentId: calcados.id });
  const sandalias = await insertCategory(db, {
    slug: 'sandalias',
    name: 'Sandálias',
    parentId: calcados.id,
  });
  const casa = await insertCategory(db, { slug: 'casa', name: 'Casa' });

  await insertProduct(db, {
    slug: 'camiseta-basica-algodao-organico',
    name: 'Camiseta Básica Algodão Orgânico',
    description: 'Malha macia de algodão orgânico certificado, corte reto.',
    brandId: aurora.id,
    categoryId: camisetas.id,
    createdMinute: 1,
    imageCount: 2,
    variants: [
      { sku: 'CB-P-BR', size: 'P', color: 'Branco', priceCents: 4990, stock: 3 },
      { sku: 'CB-M-BR', size: 'M', color: 'Branco', priceCents: 4990, stock: 0 },
      { sku: 'CB-G-AZ', size: 'G', color: 'Azul-marinho', priceCents: 5490, stock: 4 },
    ],
  });
  await insertProduct(db, {
    slug: 'camiseta-listrada-marinheiro',
    name: 'Camiseta Listrada Marinheiro',
    description: 'Listras clássicas em algodão penteado.',
    brandId: aurora.id,
    categoryId: camisetas.id,
    createdMinute: 2,
    variants: [
      { sku: 'CL-M', size: 'M', color: 'Azul', priceCents: 6990, compareAtPriceCents: 8990 },
      { sku: 'CL-G', size: 'G', color: 'Azul', priceCents: 6990, compareAtPriceCents: 8990 },
    ],
  });
  await insertProduct(db, {
    slug: 'calca-jeans-reta',
    name: 'Calça Jeans Reta',
    description: 'Jeans com elastano, lavagem média.',
    brandId: aurora.id,
    categoryId: calcas.id,
    createdMinute: 3,
    variants: [
      { sku: 'CJ-38', size: '38', color: 'Azul', priceCents: 15990, stock: 0 },
      { sku: 'CJ-40', size: '40', color: 'Azul', priceCents: 15990, stock: 0 },
    ],
  });
  await insertProduct(db, {
    slug: 'tenis-corrida-leve',
    name: 'Tênis Corrida Leve',
    description: 'Amortecimento responsivo para treinos diários.',
    brandId: boreal.id,
    categoryId: tenis.id,
    createdMinute: 4,
    imageCount: 1,
    variants: [
      { sku: 'TC-39-PR', size: '39', color: 'Preto', priceCents: 29990 },
      { sku: 'TC-40-PR', size: '40', color: 'Preto', priceCents: 29990 },
      { sku: 'TC-40-BR', size: '40', color: 'Branco', priceCents: 29990, stock: 0 },
    ],
  });
  await insertProduct(db, {
    slug: 'tenis-casual-couro',
    name: 'Tênis Casual Couro',
    description: 'Couro legítimo, solado de borracha.',
    brandId: boreal.id,
    categoryId: tenis.id,
    createdMinute: 5,
    variants: [
      { sku: 'TCC-39', size: '39', color: 'Marrom', priceCents: 39990, compareAtPriceCents: 45990 },
    ],
  });
  await insertProduct(db, {
    slug: 'sandalia-rasteira-trancada',
    name: 'Sandália Rasteira Trançada',
    description: 'Tiras trançadas à mão.',
    brandId: boreal.id,
    categoryId: sandalias.id,
    createdMinute: 6,
    variants: [{ sku: 'SR-36', size: '36', color: 'Caramelo', priceCents: 8990 }],
  });
  await insertProduct(db, {
    slug: 'vaso-ceramica-artesanal',
    name: 'Vaso de Cerâmica Artesanal',
    description: 'Peça única torneada à mão.',
    brandId: cacto.id,
    categoryId: casa.id,
    createdMinute: 7,
    variants: [
      { sku: 'VC-TE', color: 'Terracota', priceCents: 12990 },
      { sku: 'VC-BR', color: 'Branco', priceCents: 13990 },
    ],
  });
  await insertProduct(db, {
    slug: 'camiseta-lancamento-secreto',
    name: 'Camiseta Lançamento Secreto',
    brandId: aurora.id,
    categoryId: camisetas.id,
    published: false,
    createdMinute: 8,
    variants: [{ sku: 'SEC-M', size: 'M', color: 'Preto', priceCents: 9990 }],
  });
  await insertProduct(db, {
    slug: 'caneca-sem-variantes',
    name: 'Caneca Sem Variantes',
    brandId: cacto.id,
    categoryId: casa.id,
    createdMinute: 9,
    variants: [],
  });
});

afterAll(async () => {
  await ctx?.close();
});

const LIST = /* GraphQL */ `
  query List($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {
    products(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        slug
        name
        minPriceCents
        maxPriceCents
        compareAtPriceCents
        inStock
      }
    }
  }
`;

interface ListNode {
  slug: string;
  name: string;
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  inStock: boolean;
}

interface ListResult {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: ListNode[];
}

async function list(variables: Record<string, unknown> = {}): Promise<ListResult> {
  const { body } = await graphql(ctx.app, LIST, variables);
  expect(body.errors).toBeUndefined();
  return (body.data as { products: ListResult }).products;
}

async function slugsFor(filter: Record<string, unknown>, sort?: string): Promise<string[]> {
  const result = await list({ filter, sort, first: 100 });
  return result.nodes.map((node) => node.slug);
}

async function errorOf(variables: Record<string, unknown>) {
  const { body } = await graphql(ctx.app, LIST, variables);
  return body.errors?.[0];
}

describe('products search', () => {
  it('finds "Tênis" when the shopper types "tenis" without the accent, in any case', async () => {
    const expected = ['tenis-casual-couro', 'tenis-corrida-leve'];
    expect((await slugsFor({ search: 'tenis' })).sort()).toEqual(expected);
    expect((await slugsFor({ search: 'TÊNIS' })).sort()).toEqual(expected);
  });

  it('matches stems: "camisetas" finds the "Camiseta" products', async () => {
    expect((await slugsFor({ search: 'camisetas' })).sort()).toEqual([
      'camiseta-basica-algodao-organico',
      'camiseta-listrada-marinheiro',
    ]);
  });

  it('still finds "Camiseta" through a small typo ("camizeta")', async () => {
    expect((await slugsFor({ search: 'camizeta' })).sort()).toEqual([
      'camiseta-basica-algodao-organico',
      'camiseta-listrada-marinheiro',
    ]);
  });

  it("finds a brand's products by the brand's name", async () => {
    expect((await slugsFor({ search: 'boreal' })).sort()).toEqual([
      'sandalia-rasteira-trancada',
      'tenis-casual-couro',
      'tenis-corrida-leve',
    ]);
  });

  it('requires every word and searches colours too ("camiseta branca")', async () => {
    // The striped tee is blue only; "branca" matches the basic tee's "Branco" by its stem.
    expect(await slugsFor({ search: 'camiseta branca' })).toEqual([
      'camiseta-basica-algodao-organico',
    ]);
  });

  it('ignores stop words ("vaso de cerâmica")', async () => {
    expect(await slugsFor({ search: 'vaso de ceramica' })).toEqual(['vaso-ceramica-artesanal']);
  });

  it('ranks the closest match first and sorts by relevance by default when searching', async () => {
    const slugs = await slugsFor({ search: 'camiseta basica' });
    expect(slugs[0]).toBe('camiseta-basica-algodao-organico');
    const words = await slugsFor({ search: 'camiseta algodao' });
    // Both match; the one with both words in the name ranks above the one with it in the text.
    expect(words[0]).toBe('camiseta-basica-algodao-organico');
  });

  it('finds nothing for words the catalog does not have', async () => {
    const result = await list({ filter: { search: 'geladeira' } });
    expect(result.nodes).toEqual([]);
    expect(result.totalCount).toBe(0);
  });

  it('refuses a search longer than 100 characters with a clear message', async () => {
    const error = await errorOf({ filter: { search: 'a'.repeat(101) } });
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toMatch(/busca/i);
  });
});

describe('products filters', () => {
  it('filters by brand slugs', async () => {
    expect((await slugsFor({ brandSlugs: ['cacto'] })).sort()).toEqual(['vaso-ceramica-artesanal']);
    expect(await slugsFor({ brandSlugs: ['aurora', 'cacto'] })).toHaveLength(4);
  });

  it('filters by a category including its descendants', async () => {
    expect((await slugsFor({ categorySlug: 'roupas' })).sort()).toEqual([
      'calca-jeans-reta',
      'camiseta-basica-algodao-organico',
      'camiseta-listrada-marinheiro',
    ]);
    expect((await slugsFor({ categorySlug: 'calcados' })).sort()).toEqual([
      'sandalia-rasteira-trancada',
      'tenis-casual-couro',
      'tenis-corrida-leve',
    ]);
    expect(await slugsFor({ categorySlug: 'nao-existe' })).toEqual([]);
  });

  it('filters by a price range over the variant prices', async () => {
    expect((await slugsFor({ minPriceCents: 5000, maxPriceCents: 9000 })).sort()).toEqual([
      'camiseta-basica-algodao-organico', // its G variant costs 54,90
      'camiseta-listrada-marinheiro',
      'sandalia-rasteira-trancada',
    ]);
    expect(await slugsFor({ minPriceCents: 30000 })).toEqual(['tenis-casual-couro']);
  });

  it('refuses a minimum price above the maximum', async () => {
    const error = await errorOf({ filter: { minPriceCents: 500, maxPriceCents: 100 } });
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toBe('O preço mínimo não pode ser maior que o preço máximo.');
  });

  it('keeps only products with stock when inStock is set', async () => {
    const all = await slugsFor({});
    const inStock = await slugsFor({ inStock: true });
    expect(all).toContain('calca-jeans-reta');
    expect(inStock).not.toContain('calca-jeans-reta');
    expect(inStock).toHaveLength(all.length - 1);
  });

  it('filters by size and colour, on the same variant when combined with stock', async () => {
    expect((await slugsFor({ sizes: ['M'] })).sort()).toEqual([
      'camiseta-basica-algodao-organico',
      'camiseta-listrada-marinheiro',
    ]);
    expect((await slugsFor({ colors: ['Preto'] })).sort()).toEqual(['tenis-corrida-leve']);
    // The basic tee's M is sold out: "M in stock" leaves only the striped one.
    expect(await slugsFor({ sizes: ['M'], inStock: true })).toEqual([
      'camiseta-listrada-marinheiro',
    ]);
    // The runner exists in 40 and in white, but its white 40 is sold out.
    expect(await slugsFor({ sizes: ['40'], colors: ['Branco'], inStock: true })).toEqual([]);
  });

  it('reports prices, sale price and availability of each product', async () => {
    const nodes = (await list({ first: 100 })).nodes;
    const basic = nodes.find((node) => node.slug === 'camiseta-basica-algodao-organico');
    expect(basic).toMatchObject({ minPriceCents: 4990, maxPriceCents: 5490, inStock: true });
    expect(basic?.compareAtPriceCents).toBeNull();
    const couro = nodes.find((node) => node.slug === 'tenis-casual-couro');
    expect(couro?.compareAtPriceCents).toBe(45990);
    const jeans = nodes.find((node) => node.slug === 'calca-jeans-reta');
    expect(jeans?.inStock).toBe(false);
  });
});

describe('products visibility', () => {
  it('never lists unpublished products nor products without variants', async () => {
    const slugs = await slugsFor({});
    expect(slugs).not.toContain('camiseta-lancamento-secreto');
    expect(slugs).not.toContain('caneca-sem-variantes');
    expect(slugs).toHaveLength(7);
    expect(await slugsFor({ search: 'secreto' })).toEqual([]);
  });

  it('answers null for the slug of an unpublished product', async () => {
    const { body } = await graphql(
      ctx.app,
      'query($slug: String!) { product(slug: $slug) { name } }',
      { slug: 'camiseta-lancamento-secreto' },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ product: null });
  });

  it('ignores a published: false filter in the public listing', async () => {
    expect(await slugsFor({ published: false })).toHaveLength(7);
  });
});

describe('products sorting', () => {
  it('sorts by newest by default', async () => {
    const slugs = await slugsFor({});
    expect(slugs[0]).toBe('vaso-ceramica-artesanal');
    expect(slugs.at(-1)).toBe('camiseta-basica-algodao-organico');
  });

  it('sorts by price both ways (the lowest variant price), sold-out products last', async () => {
    const asc = (await list({ sort: 'PRICE_ASC', first: 100 })).nodes;
    const desc = (await list({ sort: 'PRICE_DESC', first: 100 })).nodes;
    // The jeans (R$ 159,90) are sold out: after the in-stock products, both ways.
    expect(asc.map((n) => [n.minPriceCents, n.inStock])).toEqual([
      [4990, true],
      [6990, true],
      [8990, true],
      [12990, true],
      [29990, true],
      [39990, true],
      [15990, false],
    ]);
    expect(desc.map((n) => [n.minPriceCents, n.inStock])).toEqual([
      [39990, true],
      [29990, true],
      [12990, true],
      [8990, true],
      [6990, true],
      [4990, true],
      [15990, false],
    ]);
    expect(asc.at(-1)!.slug).toBe('calca-jeans-reta');
    expect(desc.at(-1)!.slug).toBe('calca-jeans-reta');
  });

  it('sorts by name ignoring accents and case', async () => {
    const names = (await list({ sort: 'NAME', first: 100 })).nodes.map((n) => n.name);
    expect(names).toEqual([
      'Calça Jeans Reta',
      'Camiseta Básica Algodão Orgânico',
      'Camiseta Listrada Marinheiro',
      'Sandália Rasteira Trançada',
      'Tênis Casual Couro',
      'Tênis Corrida Leve',
      'Vaso de Cerâmica Artesanal',
    ]);
  });

  it('treats RELEVANCE without a search as NEWEST', async () => {
    expect(await slugsFor({}, 'RELEVANCE')).toEqual(await slugsFor({}, 'NEWEST'));
  });
});

describe('products pagination', () => {
  async function walk(variables: Record<string, unknown>) {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const result: ListResult = await list({ ...variables, first: 3, after });
      seen.push(...result.nodes.map((node) => node.slug));
      expect(result.totalCount).toBe(variables.filter ? result.totalCount : 7);
      if (!result.pageInfo.hasNextPage) return seen;
      after = result.pageInfo.endCursor;
    }
    throw new Error('pagination did not end');
  }

  it.each(['NEWEST', 'NAME', 'PRICE_ASC', 'PRICE_DESC'])(
    'walks every product exactly once with %s',
    async (sort) => {
      const full = await slugsFor({}, sort);
      const walked = await walk({ sort });
      expect(walked).toEqual(full);
    },
  );

  it('walks a relevance-ranked search page by page', async () => {
    const full = await slugsFor({ search: 'camiseta algodao' });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const result: ListResult = await list({ filter: { search: 'camiseta' }, first: 1, after });
      seen.push(...result.nodes.map((node) => node.slug));
      after = result.pageInfo.hasNextPage ? result.pageInfo.endCursor : null;
    } while (after);
    expect(seen.sort()).toEqual(
      ['camiseta-basica-algodao-organico', 'camiseta-listrada-marinheiro'].sort(),
    );
    expect(full.length).toBeGreaterThan(0);
  });

  it('gives 20 products by default and refuses more than 100', async () => {
    expect((await list({})).nodes).toHaveLength(7);
    const error = await errorOf({ first: 101 });
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toMatch(/100/);
    expect((await errorOf({ first: -1 }))?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a forged cursor and a cursor of another sort', async () => {
    expect((await errorOf({ after: 'bm90LWEtY3Vyc29y' }))?.extensions?.code).toBe('BAD_USER_INPUT');
    const page = await list({ sort: 'NAME', first: 2 });
    const error = await errorOf({ sort: 'PRICE_ASC', after: page.pageInfo.endCursor });
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toMatch(/ordenação/);
  });
});

/** The `products` field a query answers, and the SQL statements it took (their texts). */
async function productsWithStatements<T>(
  query: string,
  variables: Record<string, unknown>,
): Promise<{ texts: string[]; products: T }> {
  const counter = countStatements(ctx.db);
  try {
    const { body } = await graphql(ctx.app, query, variables);
    expect(body.errors).toBeUndefined();
    return { texts: [...counter.texts], products: (body.data as { products: T }).products };
  } finally {
    counter.stop();
  }
}

/** Every field of the facets, on one line. */
const FACET_FIELDS = `brands { value label count } categories { value label count parentValue }
  sizes { value count } colors { value count } priceRange { minCents maxCents } inStockCount`;

interface Facets {
  brands: { value: string; label: string; count: number }[];
  categories: { value: string; label: string; count: number; parentValue: string | null }[];
  sizes: { value: string; count: number }[];
  colors: { value: string; count: number }[];
  priceRange: { minCents: number; maxCents: number } | null;
  inStockCount: number;
}

async function facets(filter: Record<string, unknown> = {}) {
  const { body } = await graphql(ctx.app, FACETS_DOCUMENT, { filter });
  expect(body.errors).toBeUndefined();
  return (body.data as { products: { totalCount: number; facets: Facets } }).products;
}

describe('products facets', () => {
  it('counts products per brand, size and colour, with the price range', async () => {
    const { facets: f, totalCount } = await facets();
    expect(totalCount).toBe(7);
    expect(f.brands).toEqual([
      { value: 'aurora', label: 'Aurora Têxtil', count: 3 },
      { value: 'boreal', label: 'Boreal Calçados', count: 3 },
      { value: 'cacto', label: 'Cacto Casa', count: 1 },
    ]);
    // Clothing sizes in wearing order, then shoe sizes ascending.
    expect(f.sizes.map((s) => s.value)).toEqual(['P', 'M', 'G', '36', '38', '39', '40']);
    expect(f.sizes.find((s) => s.value === 'G')?.count).toBe(2);
    expect(f.sizes.find((s) => s.value === '39')?.count).toBe(2);
    expect(f.colors.find((c) => c.value === 'Branco')?.count).toBe(3);
    expect(f.priceRange).toEqual({ minCents: 4990, maxCents: 39990 });
  });

  it('keeps the other brands countable while one brand is selected', async () => {
    const { facets: f, totalCount } = await facets({ brandSlugs: ['cacto'] });
    expect(totalCount).toBe(1);
    expect(f.brands.map((b) => [b.value, b.count])).toEqual([
      ['aurora', 3],
      ['boreal', 3],
      ['cacto', 1],
    ]);
    // Other facets follow the selection: only the vase's colours remain.
    expect(f.colors.map((c) => c.value).sort()).toEqual(['Branco', 'Terracota']);
    expect(f.sizes).toEqual([]);
  });

  it('narrows every facet to a search and a category', async () => {
    const { facets: f } = await facets({ search: 'tenis' });
    expect(f.brands).toEqual([{ value: 'boreal', label: 'Boreal Calçados', count: 2 }]);
    expect(f.priceRange).toEqual({ minCents: 29990, maxCents: 39990 });
    const roupas = await facets({ categorySlug: 'roupas', inStock: true });
    expect(roupas.totalCount).toBe(2);
    expect(roupas.facets.sizes.map((s) => s.value)).toEqual(['P', 'M', 'G']);
  });

  it('reads a search once for its page, total and facets, with what each gives alone', async () => {
    type Answer = {
      nodes?: { slug: string }[];
      pageInfo?: { hasNextPage: boolean; endCursor: string | null };
      totalCount?: number;
      facets?: Facets;
    };
    const asked = async (query: string, variables: Record<string, unknown>) => {
      const { texts, products } = await productsWithStatements<Answer>(query, variables);
      return { statements: texts.length, products };
    };
    const args = `($filter: ProductFilter, $first: Int, $after: String)`;
    const call = `products(filter: $filter, first: $first, after: $after)`;
    const PAGE_ONLY = `query ${args} { ${call} { nodes { slug } pageInfo { hasNextPage endCursor } } }`;
    const TOTAL_ONLY = `query ${args} { ${call} { totalCount } }`;
    const FACETS_ONLY = `query ${args} { ${call} { facets { ${FACET_FIELDS} } } }`;
    // All three through a fragment spread, as a client may write it.
    const ALL = `query ${args} { ${call} { ...Everything } }
      fragment Everything on ProductConnection {
        nodes { slug } pageInfo { hasNextPage endCursor } totalCount facets { ${FACET_FIELDS} }
      }`;
    let pagesWalked = 0;
    for (const filter of [
      { search: 'camiseta' },
      { search: 'couro', inStock: true },
      { search: 'tenis', brandSlugs: ['boreal'] },
      { sizes: ['P', 'M'] },
    ]) {
      const label = JSON.stringify(filter);
      let after: string | null = null;
      // Page by page (1 a page): the cursor of the one statement walks as the listing's does.
      for (let pageNumber = 1; pageNumber <= 4; pageNumber += 1) {
        pagesWalked += 1;
        const variables = { filter, first: 1, after };
        const page = await asked(PAGE_ONLY, variables);
        const total = await asked(TOTAL_ONLY, variables);
        const facets = await asked(FACETS_ONLY, variables);
        const all = await asked(ALL, variables);
        expect(all.products, `${label} page ${pageNumber}`).toEqual({
          ...page.products,
          totalCount: total.products.totalCount,
          facets: facets.products.facets,
        });
        // A search: its corrections and one statement for the rest, as many as the page alone.
        // Two sizes (sorted by newest, read from an index): the page, and one statement counting
        // the total with the facets.
        expect(all.statements, `${label} page ${pageNumber}`).toBe(
          page.statements + ('search' in filter ? 0 : 1),
        );
        after = page.products.pageInfo?.endCursor ?? null;
        if (!page.products.pageInfo?.hasNextPage) break;
      }
    }
    expect(pagesWalked).toBeGreaterThan(4); // later pages, through their cursors, too
  });

  it('counts a refinement counted in part before its page, and reads no page when none match', async () => {
    const ALL = `query ($filter: ProductFilter) { products(filter: $filter, first: 2) {
      nodes { slug } pageInfo { hasNextPage } totalCount facets { ${FACET_FIELDS} } } }`;
    type Answer = { nodes: { slug: string }[]; totalCount: number; facets: Facets };
    // Two sizes in two colours: clothes' sizes among the clothes, shoe sizes among them.
    const some = await productsWithStatements<Answer>(ALL, {
      filter: { categorySlug: 'roupas', sizes: ['P', 'M'], colors: ['Branco', 'Preto'] },
    });
    const none = await productsWithStatements<Answer>(ALL, {
      filter: { categorySlug: 'roupas', sizes: ['38', '39'], colors: ['Branco', 'Preto'] },
    });
    expect(some.products.totalCount).toBeGreaterThan(0);
    expect(some.products.nodes.length).toBeGreaterThan(0);
    expect(none.products).toMatchObject({ nodes: [], pageInfo: { hasNextPage: false } });
    expect(none.products.totalCount).toBe(0);
    // The same statements but the page's, which the count made needless.
    const pageOf = (texts: string[]) => texts.filter((text) => /\bLIMIT\b/.test(text));
    expect(pageOf(some.texts).length).toBeGreaterThan(pageOf(none.texts).length);
    expect(none.texts.length).toBe(some.texts.length - 1);
  });

  it('reads what @skip and @include leave of the listing, as if the rest were not named', async () => {
    const PLAIN = `query ($filter: ProductFilter) {
      products(filter: $filter, first: 2) { nodes { slug } totalCount } }`;
    // The facets under directives three ways: a field, an inline fragment and a spread.
    const DIRECTED = `query ($filter: ProductFilter, $facets: Boolean!, $noFacets: Boolean!) {
      products(filter: $filter, first: 2) {
        nodes { slug }
        totalCount
        facets @include(if: $facets) { inStockCount }
        ... on ProductConnection @include(if: $facets) { facets { ${FACET_FIELDS} } }
        ...Facets @skip(if: $noFacets)
      } }
      fragment Facets on ProductConnection { facets { brands { value } } }`;
    // A search and two sizes in two colours: with the facets asked, their total is counted in
    // the facets' statement; without them, on its own.
    for (const filter of [
      { search: 'camiseta' },
      { sizes: ['P', 'M'], colors: ['Preto', 'Azul'] },
    ]) {
      const label = JSON.stringify(filter);
      const plain = await productsWithStatements<object>(PLAIN, { filter });
      const left = await productsWithStatements<object>(DIRECTED, {
        filter,
        facets: false,
        noFacets: true,
      });
      const asked = await productsWithStatements<object>(DIRECTED, {
        filter,
        facets: true,
        noFacets: false,
      });
      expect(left.products, label).toEqual(plain.products);
      expect(left.texts, label).toEqual(plain.texts);
      expect(asked.products, label).toMatchObject({ ...plain.products, facets: {} });
      expect(asked.texts, label).not.toEqual(plain.texts);
    }
  });

  it('gives no price range when nothing matches', async () => {
    const { facets: f } = await facets({ search: 'geladeira' });
    expect(f).toEqual({
      brands: [],
      categories: [],
      sizes: [],
      colors: [],
      priceRange: null,
      inStockCount: 0,
    });
  });

  it('counts what "em estoque" would show, its own choice aside, on the same variant as a size', async () => {
    const inStock = async (filter: Record<string, unknown>) =>
      (await list({ filter: { ...filter, inStock: true }, first: 0 })).totalCount;
    const all = await facets();
    // The jeans and one pair of sneakers have no unit left.
    expect(all.facets.inStockCount).toBe(await inStock({}));
    expect(all.facets.inStockCount).toBeLessThan(all.totalCount);
    // Ticking "em estoque" does not change its own count.
    expect((await facets({ inStock: true })).facets.inStockCount).toBe(all.facets.inStockCount);
    // Size M: the basic tee has M but not in stock, so only the striped one counts.
    const sizeM = await facets({ sizes: ['M'] });
    expect(sizeM.totalCount).toBeGreaterThan(sizeM.facets.inStockCount);
    expect(sizeM.facets.inStockCount).toBe(await inStock({ sizes: ['M'] }));
    expect(sizeM.facets.inStockCount).toBe(1);
    // And it follows the brand.
    expect((await facets({ brandSlugs: ['cacto'] })).facets.inStockCount).toBe(
      await inStock({ brandSlugs: ['cacto'] }),
    );
  });
});

describe('products category facet', () => {
  const counts = (f: Facets) => f.categories.map((c) => [c.value, c.count]);

  it('counts each category with its sub-categories, in tree order, with the parent named', async () => {
    const { facets: f } = await facets();
    // Top level by position then name (Calçados, Casa, Roupas), each followed by its children.
    expect(counts(f)).toEqual([
      ['calcados', 3],
      ['sandalias', 1],
      ['tenis', 2],
      ['casa', 1],
      ['roupas', 3],
      ['camisetas', 2],
      ['calcas', 1],
    ]);
    expect(f.categories.find((c) => c.value === 'tenis')).toEqual({
      value: 'tenis',
      label: 'Tênis',
      count: 2,
      parentValue: 'calcados',
    });
    expect(f.categories.find((c) => c.value === 'roupas')?.parentValue).toBeNull();
  });

  it('gives a parent the count that filtering by it finds', async () => {
    const { facets: f } = await facets();
    for (const category of f.categories) {
      const { totalCount } = await list({ filter: { categorySlug: category.value }, first: 0 });
      expect(totalCount, category.value).toBe(category.count);
    }
  });

  it('keeps the other categories countable while one is chosen, and narrows the rest', async () => {
    const { facets: f, totalCount } = await facets({ categorySlug: 'tenis' });
    expect(totalCount).toBe(2);
    expect(counts(f)).toContainEqual(['roupas', 3]);
    expect(counts(f)).toContainEqual(['casa', 1]);
    // The other facets follow the chosen category: only the sneakers' brand and sizes.
    expect(f.brands.map((b) => [b.value, b.count])).toEqual([['boreal', 2]]);
    expect(f.sizes.map((s) => s.value)).toEqual(['39', '40']);
    expect(f.priceRange).toEqual({ minCents: 29990, maxCents: 39990 });
  });

  it('follows the brand, the search and the stock filter', async () => {
    expect(counts((await facets({ brandSlugs: ['boreal'] })).facets)).toEqual([
      ['calcados', 3],
      ['sandalias', 1],
      ['tenis', 2],
    ]);
    expect(counts((await facets({ search: 'camiseta' })).facets)).toEqual([
      ['roupas', 2],
      ['camisetas', 2],
    ]);
    // The jeans have no stock: "Calças" drops out, "Roupas" counts the tees only.
    const inStock = counts((await facets({ categorySlug: 'roupas', inStock: true })).facets);
    expect(inStock).toContainEqual(['roupas', 2]);
    expect(inStock.map(([value]) => value)).not.toContain('calcas');
  });

  it('never counts unpublished products nor products without variants', async () => {
    const { facets: f } = await facets({ search: 'secreto' });
    expect(f.categories).toEqual([]);
    // The mug without variants is in "Casa" but not counted: only the vase is.
    expect(counts((await facets()).facets)).toContainEqual(['casa', 1]);
  });
});

describe('brands and categories', () => {
  it('lists brands with their published product count and the category tree', async () => {
    const { body } = await graphql(
      ctx.app,
      `
        {
          brands {
            slug
            productCount
          }
          categories {
            slug
            productCount
            children {
              slug
              productCount
              path {
                slug
              }
            }
          }
        }
      `,
    );
    expect(body.errors).toBeUndefined();
    const data = body.data as {
      brands: { slug: string; productCount: number }[];
      categories: {
        slug: string;
        productCount: number;
        children: { slug: string; productCount: number; path: { slug: string }[] }[];
      }[];
    };
    expect(data.brands).toEqual([
      { slug: 'aurora', productCount: 3 },
      { slug: 'boreal', productCount: 3 },
      { slug: 'cacto', productCount: 1 },
    ]);
    const roupas = data.categories.find((c) => c.slug === 'roupas');
    expect(roupas?.productCount).toBe(3);
    expect(roupas?.children.map((c) => c.slug)).toEqual(['camisetas', 'calcas']);
    expect(roupas?.children[0]?.path.map((c) => c.slug)).toEqual(['roupas', 'camisetas']);
  });

  it('finds one brand and one category by slug, null for unknown slugs', async () => {
    const { body } = await graphql(
      ctx.app,
      `
        {
          brand(slug: "boreal") {
            name
          }
          category(slug: "tenis") {
            name
            path {
              name
            }
          }
          none: brand(slug: "nada") {
            name
          }
        }
      `,
    );
    expect(body.data).toEqual({
      brand: { name: 'Boreal Calçados' },
      category: { name: 'Tênis', path: [{ name: 'Calçados' }, { name: 'Tênis' }] },
      none: null,
    });
  });

  it('shows a product with brand, category, images and variant options', async () => {
    const { body } = await graphql(
      ctx.app,
      `
        {
          product(slug: "camiseta-basica-algodao-organico") {
            brand {
              slug
            }
            category {
              slug
            }
            images {
              url
              srcSet
              alt
              width
              height
            }
            variants {
              sku
              options {
                name
                value
              }
              priceCents
              available
            }
          }
        }
      `,
    );
    expect(body.errors).toBeUndefined();
    const product = (body.data as { product: Record<string, unknown> }).product;
    expect(product.brand).toEqual({ slug: 'aurora' });
    expect(product.category).toEqual({ slug: 'camisetas' });
    expect(product.images).toEqual([
      {
        url: '/media/camiseta-basica-algodao-organico-0-640.webp',
        srcSet:
          '/media/camiseta-basica-algodao-organico-0-320.webp 320w, /media/camiseta-basica-algodao-organico-0-640.webp 640w',
        alt: 'Camiseta Básica Algodão Orgânico',
        width: 640,
        height: 800,
      },
      expect.objectContaining({ url: '/media/camiseta-basica-algodao-organico-1-640.webp' }),
    ]);
    expect(product.variants).toEqual([
      {
        sku: 'CB-P-BR',
        options: [
          { name: 'Tamanho', value: 'P' },
          { name: 'Cor', value: 'Branco' },
        ],
        priceCents: 4990,
        available: true,
      },
      expect.objectContaining({ sku: 'CB-M-BR', available: false }),
      expect.objectContaining({ sku: 'CB-G-AZ', available: true }),
    ]);
  });
});
