// The catalog domain of the GraphQL mock: brands, categories, the public product listing (filters,
// sort, facets, keyset pages) and the staff's product reads, all answered from fixtures.
//
// Search is a plain filter, not the server's ranking: a product matches when every word of the
// query (lower-cased) appears in its name, brand or category; RELEVANCE keeps newest first. What
// the server's search finds through typos or missing accents comes from the fixtures' `searches`
// (query -> slugs, most relevant first).
import {
  checkCursorSort,
  checkEmail,
  checkProductsPageSize,
  invalidCursor,
  type RuleResult,
} from '@vitrine/rules';
import {
  makeCatalogFixtures,
  type CatalogFixtures,
  type CategoryFixture,
  type ProductFixture,
  type VariantFixture,
} from './catalog.fixtures';
import {
  badInput,
  defineGraphqlDomain,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { staffCatalogResolvers } from './staffCatalog';
import { staffCatalogStructureResolvers } from './staffCatalogStructure';
import { staffProductEditorResolvers } from './staffProductEditor';

type Sort = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST' | 'NAME';

/** The rule's value, or its refusal as the server's BAD_USER_INPUT on its field. */
function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badInput(result.issue.message, result.issue.field);
  return result.value;
}

export interface ProductsArgs {
  filter?: {
    brandSlugs?: string[] | null;
    categorySlug?: string | null;
    search?: string | null;
    minPriceCents?: number | null;
    maxPriceCents?: number | null;
    inStock?: boolean | null;
    sizes?: string[] | null;
    colors?: string[] | null;
    featured?: boolean | null;
  } | null;
  sort?: Sort | null;
  first?: number | null;
  after?: string | null;
}

export function flattenCategories<T extends CategoryFixture>(categories: T[]): T[] {
  return categories.flatMap((category) => [
    category,
    ...flattenCategories(category.children as T[]),
  ]);
}

/** The products a search finds: the fixtures' answer for the query, else the plain filter. */
function searchMatches(products: ProductFixture[], search: string, catalog: CatalogFixtures) {
  const query = search.toLowerCase().replace(/\s+/g, ' ');
  const answer = catalog.searches?.[query];
  if (answer) return answer;
  const words = query.split(' ').filter(Boolean);
  return (
    products
      .filter((product) => {
        const text = `${product.name} ${product.brand.name} ${product.category.name}`.toLowerCase();
        return words.every((word) => text.includes(word));
      })
      // No ranking in the plain filter: newest first, as RELEVANCE falls back to.
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
      .map((product) => product.slug)
  );
}

function facetValues(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].map(([value, count]) => ({ value, label: value, count }));
}

const SIZE_ORDER = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'Único'];

function sizeRank(size: string): number {
  const index = SIZE_ORDER.indexOf(size);
  if (index >= 0) return index;
  const number = Number(size);
  return Number.isFinite(number) ? 100 + number : 1000;
}

export function productConnection(
  products: ProductFixture[],
  catalog: CatalogFixtures,
  args: ProductsArgs,
) {
  const filter = args.filter ?? {};
  const first = ruled(checkProductsPageSize(args.first));
  const search = filter.search?.trim() ?? '';
  const sort: Sort =
    args.sort === 'RELEVANCE' && search === '' ? 'NEWEST' : (args.sort ?? 'NEWEST');
  const found = search === '' ? null : searchMatches(products, search, catalog);
  const allCategories = flattenCategories(catalog.categories);
  // A category stands for its whole subtree, as filter.categorySlug does in the API.
  const subtreeIds = (category: CategoryFixture) =>
    new Set(flattenCategories([category]).map((c) => c.id));
  let categoryIds: Set<string> | null = null;
  if (filter.categorySlug) {
    const category = allCategories.find((c) => c.slug === filter.categorySlug);
    categoryIds = category ? subtreeIds(category) : new Set();
  }
  const variantMatches = (variant: VariantFixture) =>
    (!filter.sizes?.length || (variant.size !== null && filter.sizes.includes(variant.size))) &&
    (!filter.colors?.length || (variant.color !== null && filter.colors.includes(variant.color)));
  type Facet = 'brand' | 'category' | 'size' | 'color' | 'price' | 'stock' | null;
  // Each facet counts with every filter but its own, as the API does.
  const matches = (product: ProductFixture, ignore: Facet) =>
    (ignore === 'brand' ||
      !filter.brandSlugs?.length ||
      filter.brandSlugs.includes(product.brand.slug)) &&
    (ignore === 'category' || categoryIds === null || categoryIds.has(product.category.id)) &&
    (filter.featured == null || product.featured === filter.featured) &&
    (ignore === 'stock' || !filter.inStock || product.inStock) &&
    (ignore === 'price' ||
      ((filter.minPriceCents == null || product.minPriceCents >= filter.minPriceCents) &&
        (filter.maxPriceCents == null || product.minPriceCents <= filter.maxPriceCents))) &&
    (found === null || found.includes(product.slug)) &&
    (ignore === 'size' ||
      !filter.sizes?.length ||
      product.variants.some(
        (variant) => variant.size !== null && filter.sizes?.includes(variant.size),
      )) &&
    (ignore === 'color' ||
      !filter.colors?.length ||
      product.variants.some(
        (variant) => variant.color !== null && filter.colors?.includes(variant.color),
      ));
  const matching = products.filter((product) => matches(product, null));
  const newest = (a: ProductFixture, b: ProductFixture) =>
    b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
  const sorted = [...matching].sort((a, b) => {
    switch (sort) {
      case 'PRICE_ASC':
        return a.minPriceCents - b.minPriceCents || a.name.localeCompare(b.name, 'pt-BR');
      case 'PRICE_DESC':
        return b.minPriceCents - a.minPriceCents || a.name.localeCompare(b.name, 'pt-BR');
      case 'NAME':
        return a.name.localeCompare(b.name, 'pt-BR');
      case 'RELEVANCE': {
        // The fixtures' answer is in the server's order; the plain filter has no ranking.
        const rank = (product: ProductFixture) => found?.indexOf(product.slug) ?? 0;
        return rank(a) - rank(b) || newest(a, b);
      }
      default:
        return newest(a, b);
    }
  });
  let start = 0;
  if (args.after) {
    // The mock's cursor is 'SORT:id' (the server's is its own): one it cannot read is invalid.
    const parts = args.after.split(':');
    if (parts.length !== 2) ruled(invalidCursor());
    ruled(checkCursorSort(parts[0], sort));
    const index = sorted.findIndex((product) => product.id === parts[1]);
    if (index < 0) ruled(invalidCursor());
    start = index + 1;
  }
  const page = sorted.slice(start, start + first);
  const cursor = (product: ProductFixture) => `${sort}:${product.id}`;
  const priced = products.filter((product) => matches(product, 'price'));
  const prices = priced.map((product) => product.minPriceCents);
  const sizes = facetValues(
    products
      .filter((product) => matches(product, 'size'))
      .flatMap((product) => [
        ...new Set(product.variants.filter(variantMatches).map((v) => v.size ?? '')),
      ])
      .filter(Boolean),
  ).sort((a, b) => sizeRank(a.value) - sizeRank(b.value));
  const colors = facetValues(
    products
      .filter((product) => matches(product, 'color'))
      .flatMap((product) => [...new Set(product.variants.map((v) => v.color ?? ''))])
      .filter(Boolean),
  ).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'pt-BR'));
  const brandProducts = products.filter((product) => matches(product, 'brand'));
  const brands = [...new Map(brandProducts.map((p) => [p.brand.slug, p.brand])).values()]
    .map((brand) => ({
      value: brand.slug,
      label: brand.name,
      count: brandProducts.filter((p) => p.brand.slug === brand.slug).length,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  const categoryProducts = products.filter((product) => matches(product, 'category'));
  const categoryFacet = allCategories
    .map((category) => {
      const ids = subtreeIds(category);
      return {
        value: category.slug,
        label: category.name,
        count: categoryProducts.filter((product) => ids.has(product.category.id)).length,
        parentValue: allCategories.find((c) => c.id === category.parentId)?.slug ?? null,
      };
    })
    .filter((item) => item.count > 0);
  return {
    edges: page.map((node) => ({ cursor: cursor(node), node })),
    nodes: page,
    pageInfo: {
      hasNextPage: start + page.length < sorted.length,
      endCursor: page.length > 0 ? cursor(page[page.length - 1] as ProductFixture) : null,
    },
    totalCount: matching.length,
    facets: {
      brands,
      categories: categoryFacet,
      sizes,
      colors,
      priceRange:
        prices.length > 0 ? { minCents: Math.min(...prices), maxCents: Math.max(...prices) } : null,
      inStockCount: products.filter(
        (product) =>
          matches(product, 'stock') &&
          product.variants.some((variant) => variant.stock > 0 && variantMatches(variant)),
      ).length,
    },
  };
}

const published = (catalog: CatalogFixtures) =>
  catalog.products.filter((product) => product.published);

const bySlug = <T extends { slug: string }>(items: T[], slug: string) =>
  items.find((item) => item.slug === slug) ?? null;

const resolvers = {
  brands: (_args: unknown, { world }: RequestContext) => world.catalog.brands,
  brand: ({ slug }: { slug: string }, { world }: RequestContext) =>
    bySlug(world.catalog.brands, slug),
  categories: (_args: unknown, { world }: RequestContext) => world.catalog.categories,
  category: ({ slug }: { slug: string }, { world }: RequestContext) =>
    bySlug(flattenCategories(world.catalog.categories), slug),
  products: (args: ProductsArgs, { world }: RequestContext) =>
    productConnection(published(world.catalog), world.catalog, args),
  product: ({ slug }: { slug: string }, { world }: RequestContext) =>
    bySlug(published(world.catalog), slug),
  bestSellers: ({ first }: { first?: number | null }, { world }: RequestContext) => {
    const sellable = published(world.catalog).filter((product) => product.inStock);
    const slugs = world.catalog.bestSellerSlugs;
    const ranked = slugs
      ? slugs.flatMap((slug) => sellable.filter((item) => item.slug === slug))
      : sellable;
    return ranked.slice(0, first ?? 8);
  },
  staffCategories: (_args: unknown, context: RequestContext) => {
    requireStaff(context);
    // Depth first: each parent right before its children, as the server lists them; the
    // position is the place among its siblings (the mock's moves reorder the arrays).
    const withPositions = (categories: CategoryFixture[]): CategoryFixture[] =>
      categories.flatMap((category, index) => [
        { ...category, position: index },
        ...withPositions(category.children),
      ]);
    return withPositions(context.world.catalog.categories);
  },
  adminProducts: (args: ProductsArgs, context: RequestContext) => {
    requireStaff(context);
    return productConnection(context.world.catalog.products, context.world.catalog, args);
  },
  adminProduct: ({ id }: { id: string }, context: RequestContext) => {
    requireStaff(context);
    return context.world.catalog.products.find((product) => product.id === id) ?? null;
  },
  // 'Avise-me quando chegar' (the server's restock module): a valid e-mail on a sold-out variant
  // is accepted; a confirmation token starting with 'valido' confirms, one starting with
  // 'confirmado' was confirmed before (the link opened again), any other is used/expired.
  requestRestockAlert: (
    { variantId, email }: { variantId: string; email: string },
    { world }: RequestContext,
  ) => {
    const checked = checkEmail(email);
    if (!checked.ok) throw badInput(checked.message, 'email');
    const variant = world.catalog.products
      .flatMap((product) => product.variants)
      .find((item) => item.id === variantId);
    if (!variant) throw badInput('Produto não encontrado.', 'variantId');
    if (variant.stock > 0) {
      throw badInput('Este produto está disponível: você já pode comprá-lo.', 'variantId');
    }
    return true;
  },
  ...staffCatalogResolvers,
  ...staffProductEditorResolvers,
  ...staffCatalogStructureResolvers,
  confirmRestockAlert: ({ token }: { token: string }, { world }: RequestContext) => {
    const product =
      world.catalog.products.find((item) => !item.inStock) ?? world.catalog.products[0];
    const alreadyConfirmed = token.startsWith('confirmado');
    if ((!token.startsWith('valido') && !alreadyConfirmed) || !product) {
      throw badInput(
        'Este link de confirmação é inválido, já foi usado ou expirou. Peça o aviso de novo na página do produto.',
      );
    }
    const variant = product.variants[0];
    return {
      productName: product.name,
      productSlug: product.slug,
      size: variant?.size ?? null,
      color: variant?.color ?? null,
      alreadyConfirmed,
    };
  },
} satisfies RootResolvers;

/** Catalog over fixtures: `catalogMock.answers(makeStorefrontCatalog())`, `catalogMock.fails()`. */
export const catalogMock = defineGraphqlDomain(
  'catalog',
  (input?: Partial<CatalogFixtures>) => makeCatalogFixtures(input),
  resolvers,
);
