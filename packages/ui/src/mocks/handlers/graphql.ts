// The MSW handler for /graphql/: it EXECUTES each operation against the committed SDL
// (packages/api/schema.graphql) with fixture resolvers, so a document asking for a field the
// server does not have fails here, in a story or a test, instead of in production.
import { buildSchema, graphql, GraphQLError } from 'graphql';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import schemaSource from '../../../../api/schema.graphql?raw';
import {
  makeBrand,
  makeCategory,
  makeProduct,
  type BrandFixture,
  type CategoryFixture,
  type ProductFixture,
} from '../fixtures/catalog';
import { makeStoreSettings, type StoreSettingsFixture } from '../fixtures/settings';
import { makeStaff, type StaffFixture } from '../fixtures/staff';
import { isLiveMockToken } from '../jwt';
import {
  commerceResolvers,
  flattenCategories,
  storefrontProductConnection,
  type CommerceFixtures,
  type StorefrontProductsArgs,
} from './storefrontResolvers';

export const GRAPHQL_URL = '*/graphql/';

export const schema = buildSchema(schemaSource);

export interface GraphqlFixtures {
  /** The signed-in staff member `me` returns. */
  staff: StaffFixture;
  settings: StoreSettingsFixture;
  brands: BrandFixture[];
  categories: CategoryFixture[];
  products: ProductFixture[];
  /** Orders orderStatus knows (storefront); a pending and a shipped one by default. */
  orders?: CommerceFixtures['orders'];
  /** Ways to pay offered besides Pix (storefront checkout). */
  paymentMethods?: CommerceFixtures['paymentMethods'];
  /**
   * Slugs of the best sellers, most sold first. By default the published in-stock products in
   * fixture order (the mock has no sales to count).
   */
  bestSellerSlugs?: string[];
}

interface RequestContext {
  authorization: string | null;
}

interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export const UNAUTHENTICATED_MESSAGE = 'Autenticação necessária. Entre novamente.';

function requireStaff(context: RequestContext, staff: StaffFixture): StaffFixture {
  const token = context.authorization?.match(/^Bearer (.+)$/)?.[1];
  if (token === undefined || !isLiveMockToken(token, 'access')) {
    throw new GraphQLError(UNAUTHENTICATED_MESSAGE, { extensions: { code: 'UNAUTHENTICATED' } });
  }
  return staff;
}

interface ProductsArgs {
  filter?: { brandSlugs?: string[]; categorySlug?: string; search?: string; inStock?: boolean };
  first?: number;
}

function productConnection(products: ProductFixture[], args: ProductsArgs) {
  const { filter = {}, first = 24 } = args;
  const matching = products.filter(
    (product) =>
      (filter.brandSlugs === undefined || filter.brandSlugs.includes(product.brand.slug)) &&
      (filter.categorySlug === undefined || product.category.slug === filter.categorySlug) &&
      (filter.inStock === undefined || product.inStock === filter.inStock) &&
      (filter.search === undefined ||
        product.name.toLowerCase().includes(filter.search.toLowerCase())),
  );
  const page = matching.slice(0, first);
  return {
    edges: page.map((node) => ({ cursor: node.id, node })),
    nodes: page,
    pageInfo: { hasNextPage: matching.length > page.length, endCursor: page.at(-1)?.id ?? null },
    totalCount: matching.length,
    facets: {
      brands: [],
      categories: [],
      sizes: [],
      colors: [],
      priceRange: null,
      inStockCount: 0,
    },
  };
}

function rootValue(fixtures: GraphqlFixtures) {
  const bySlug =
    <T extends { slug: string }>(items: T[]) =>
    ({ slug }: { slug: string }) =>
      items.find((item) => item.slug === slug) ?? null;
  return {
    storeSettings: () => fixtures.settings,
    brands: () => fixtures.brands,
    brand: bySlug(fixtures.brands),
    categories: () => fixtures.categories,
    category: bySlug(flattenCategories(fixtures.categories)),
    products: (args: StorefrontProductsArgs) =>
      storefrontProductConnection(
        fixtures.products.filter((product) => product.published),
        fixtures.categories,
        args,
      ),
    product: bySlug(fixtures.products.filter((product) => product.published)),
    bestSellers: ({ first }: { first?: number | null }) => {
      const sellable = fixtures.products.filter((product) => product.published && product.inStock);
      const ranked = fixtures.bestSellerSlugs
        ? fixtures.bestSellerSlugs.flatMap((slug) => sellable.filter((item) => item.slug === slug))
        : sellable;
      return ranked.slice(0, first ?? 8);
    },
    ...commerceResolvers(fixtures),
    me: (_args: unknown, context: RequestContext) => requireStaff(context, fixtures.staff),
    adminProducts: (args: ProductsArgs, context: RequestContext) => {
      requireStaff(context, fixtures.staff);
      return productConnection(fixtures.products, args);
    },
    adminProduct: ({ id }: { id: string }, context: RequestContext) => {
      requireStaff(context, fixtures.staff);
      return fixtures.products.find((product) => product.id === id) ?? null;
    },
  };
}

async function readOperation(request: Request): Promise<GraphqlRequestBody | string> {
  if (request.method === 'GET') {
    const params = new URL(request.url).searchParams;
    const query = params.get('query');
    if (query === null) return 'Parâmetro "query" ausente.';
    const variables = params.get('variables');
    const operationName = params.get('operationName');
    try {
      return {
        query,
        ...(variables ? { variables: JSON.parse(variables) as Record<string, unknown> } : {}),
        ...(operationName ? { operationName } : {}),
      };
    } catch {
      return 'Parâmetro "variables" não é JSON válido.';
    }
  }
  try {
    const body = (await request.json()) as Partial<GraphqlRequestBody> | null;
    if (typeof body?.query !== 'string') return 'Campo "query" ausente.';
    return body as GraphqlRequestBody;
  } catch {
    return 'Corpo da requisição não é JSON válido.';
  }
}

/** A /graphql/ handler over the given fixtures (defaults for everything not given). */
export function createGraphqlHandler(overrides: Partial<GraphqlFixtures> = {}): HttpHandler {
  const brand = makeBrand();
  const category = makeCategory();
  const fixtures: GraphqlFixtures = {
    staff: makeStaff(),
    settings: makeStoreSettings(),
    brands: [brand],
    categories: [category],
    products: [makeProduct({ brand, category })],
    ...overrides,
  };
  return http.all(GRAPHQL_URL, async ({ request }) => {
    if (request.method !== 'GET' && request.method !== 'POST') {
      return HttpResponse.json({ errors: [{ message: 'Use GET ou POST.' }] }, { status: 405 });
    }
    const operation = await readOperation(request);
    if (typeof operation === 'string') {
      return HttpResponse.json({ errors: [{ message: operation }] }, { status: 400 });
    }
    const result = await graphql({
      schema,
      source: operation.query,
      rootValue: rootValue(fixtures),
      contextValue: {
        authorization: request.headers.get('Authorization'),
      } satisfies RequestContext,
      variableValues: operation.variables ?? null,
      operationName: operation.operationName ?? null,
    });
    return HttpResponse.json(result);
  });
}

export const graphqlHandlers: HttpHandler[] = [createGraphqlHandler()];

/** Alternative GraphQL servers: use as `{ graphql: graphqlScenarios.serverDown }`. */
export const graphqlScenarios = {
  serverDown: [http.all(GRAPHQL_URL, () => HttpResponse.error())],
  /** Answers normally after 1.5 s. */
  slow: [
    http.all(GRAPHQL_URL, async () => {
      await delay(1500);
      return undefined;
    }),
    ...graphqlHandlers,
  ],
  /** Never answers: the loading state, frozen for screenshots. */
  pending: [
    http.all(GRAPHQL_URL, async () => {
      await delay('infinite');
    }),
  ],
} satisfies Record<string, HttpHandler[]>;
