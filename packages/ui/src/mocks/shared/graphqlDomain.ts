// The /graphql/ mock, split by domain. Each domain (catalog, checkout, orders, payments, staff,
// settings) contributes its fixtures and the resolvers of the root fields it owns; the request is
// EXECUTED against the committed SDL (packages/api/schema.graphql) once every domain has
// contributed, so a document asking for a field the server does not have fails here, in a story or
// a test, instead of in production.
//
// How an override works: every domain's handler list holds one contribution handler for
// `*/graphql/`. For each request MSW runs the handlers in order; a contribution records itself
// under the request's id (the first one of a domain wins, so a handler prepended by `server.use`
// beats the default) and lets the request go on, and the contribution that completes the set runs
// the operation with all of them. Storybook's keyed `parameters.msw.handlers = { catalog: [...] }`
// replaces the catalog's contribution; vitest's `server.use(...)` puts one before the default.
// An operation spanning domains (storeSettings + brands + products) is answered by one execution:
// each root field by the domain that owns it. A domain that is down, pending or slow holds back
// every operation that asks for one of its root fields; a failing domain errors only its fields.
import {
  buildSchema,
  graphql,
  GraphQLError,
  Kind,
  parse,
  type DocumentNode,
  type SelectionSetNode,
} from 'graphql';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import schemaSource from '../../../../api/schema.graphql?raw';
import type { CatalogFixtures } from '../catalog/catalog.fixtures';
import type { CheckoutFixtures } from '../checkout/checkout.fixtures';
import type { StoreSettingsFixture } from '../settings/settings.fixtures';
import type { StaffFixture } from '../auth/staff.fixtures';
import type { OrdersState } from '../orders/orders.fixtures';
import type { PaymentsState } from '../payments/payments.fixtures';
import { isLiveMockToken } from '../auth/jwt';

export const GRAPHQL_URL = '*/graphql/';

export const schema = buildSchema(schemaSource);

/** The root fields of the schema, by the domain that answers them (the server's modules). */
export const GRAPHQL_DOMAIN_FIELDS = {
  catalog: [
    'brands',
    'brand',
    'categories',
    'category',
    'products',
    'product',
    'bestSellers',
    'adminProducts',
    'adminProduct',
    'stockMovements',
    'brandCreate',
    'brandUpdate',
    'brandDelete',
    'categoryCreate',
    'categoryUpdate',
    'categoryDelete',
    'productCreate',
    'productUpdate',
    'productDelete',
    'productPublish',
    'variantCreate',
    'variantUpdate',
    'variantDelete',
    'stockAdjust',
    'staffProducts',
    'staffBrands',
    'staffCategories',
    'productSlugCheck',
    'catalogHistory',
    'productImports',
    'productImport',
    'productSave',
    'variantPriceSet',
    'stockChange',
    'productsBulk',
    'categoryMove',
    'productImportCreate',
    'productImportApply',
    'productImportDiscard',
    'requestRestockAlert',
    'confirmRestockAlert',
  ],
  // Coupons and shipping methods are the checkout's (their staff halves too).
  checkout: [
    'cartPreview',
    'shippingQuote',
    'addressByCep',
    'placeOrder',
    'coupons',
    'couponCreate',
    'couponUpdate',
    'couponDelete',
    'shippingMethods',
    'shippingMethod',
    'shippingMethodCreate',
    'shippingMethodUpdate',
    'shippingMethodDelete',
    'shippingSimulate',
    'shippingCarriers',
    'shippingBoxes',
    'shippingBoxCreate',
    'shippingBoxUpdate',
    'shippingBoxDelete',
  ],
  orders: [
    'orderStatus',
    'orders',
    'order',
    'dashboardStats',
    'orderMarkPaid',
    'orderShip',
    'orderTrackingUpdate',
    'orderDeliver',
    'orderCancel',
    'orderRefund',
    'orderAddNote',
    'ordersShip',
    'ordersMarkPaid',
    'ordersBuyLabels',
    'orderResendLastMail',
    'requestOrderReturn',
    'orderReturns',
    'orderReturnSetCode',
    'orderReturnRetryCarrier',
    'orderReturnReceive',
    'orderReturnReject',
    'invoicing',
    'orderInvoice',
    'invoices',
    'invoiceRetry',
    'invoiceCancel',
    'invoiceCorrect',
    'returnInvoiceRetry',
    'customers',
    'customer',
    'customerDataExport',
    'customerAnonymize',
  ],
  payments: [
    'paymentMethods',
    'orderPay',
    'bankStatementImports',
    'bankStatementImport',
    'bankStatementImportCreate',
    'bankStatementConfirmMatched',
    'bankStatementEntryConfirm',
  ],
  staff: [
    'me',
    'signOutEverywhere',
    'savedViews',
    'savedViewCreate',
    'savedViewDelete',
    'staffMembers',
    'staffInvite',
    'staffInvitationResend',
    'staffUpdateAccess',
    'staffSetActive',
    'myProfileUpdate',
    'myPasswordChange',
    'twoFactorEnrolStart',
    'twoFactorEnrolConfirm',
    'twoFactorDisable',
    'twoFactorRecoveryCodesRegenerate',
    'auditLog',
    'mailOutbox',
    'mailDelivery',
    'mailResend',
  ],
  settings: ['storeSettings', 'settings', 'settingsUpdate', 'pixPreview', 'pixProvider'],
} as const satisfies Record<string, readonly string[]>;

export type GraphqlDomain = keyof typeof GRAPHQL_DOMAIN_FIELDS;

export const GRAPHQL_DOMAINS = Object.keys(GRAPHQL_DOMAIN_FIELDS) as GraphqlDomain[];

const DOMAIN_OF_FIELD = new Map<string, GraphqlDomain>(
  GRAPHQL_DOMAINS.flatMap((domain) =>
    GRAPHQL_DOMAIN_FIELDS[domain].map((field) => [field, domain] as const),
  ),
);

/** What each domain holds: its fixtures, and the state its mutations change (placed orders...). */
export interface MockWorld {
  catalog: CatalogFixtures;
  checkout: CheckoutFixtures;
  orders: OrdersState;
  payments: PaymentsState;
  staff: StaffFixture;
  settings: StoreSettingsFixture;
}

export interface RequestContext {
  authorization: string | null;
  /** Every domain's data for this request, so checkout prices the catalog's products. */
  world: MockWorld;
}

export type RootResolver = (args: never, context: RequestContext) => unknown;
export type RootResolvers = Partial<Record<string, RootResolver>>;

type Availability =
  | { kind: 'answers' }
  | { kind: 'fails'; message: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'pending' }
  | { kind: 'down' };

interface Contribution<D extends GraphqlDomain = GraphqlDomain> {
  domain: D;
  /** The domain's data of the current mock world (made afresh after resetMockWorld()). */
  data: () => MockWorld[D];
  resolvers: RootResolvers;
  availability: Availability;
}

export const UNAUTHENTICATED_MESSAGE = 'Autenticação necessária. Entre novamente.';

/** The staff member of the request's bearer token, or UNAUTHENTICATED as the API answers. */
export function requireStaff(context: RequestContext): StaffFixture {
  const token = context.authorization?.match(/^Bearer (.+)$/)?.[1];
  if (token === undefined || !isLiveMockToken(token, 'access')) {
    throw new GraphQLError(UNAUTHENTICATED_MESSAGE, { extensions: { code: 'UNAUTHENTICATED' } });
  }
  return context.world.staff;
}

export function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) },
  });
}

// ---------------------------------------------------------------------------------------------
// Executing a request once every domain has contributed.

const contributionsByRequest = new Map<string, Map<GraphqlDomain, Contribution>>();

let worldGeneration = 0;

/**
 * Starts a new mock world: every handler makes its domain's data afresh from its fixtures on the
 * next request, so orders placed, payments made and stock sold in one story never show in the
 * next one (Storybook's preview calls it before each story; vitest makes new handlers per test).
 */
export function resetMockWorld(): void {
  worldGeneration += 1;
}

interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
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
    const body = (await request.clone().json()) as Partial<GraphqlRequestBody> | null;
    if (typeof body?.query !== 'string') return 'Campo "query" ausente.';
    return body as GraphqlRequestBody;
  } catch {
    return 'Corpo da requisição não é JSON válido.';
  }
}

/** The root field names the chosen operation selects (through fragments too). */
function rootFieldsOf(document: DocumentNode, operationName: string | undefined): string[] {
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION
        ? [[definition.name.value, definition.selectionSet] as const]
        : [],
    ),
  );
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    operationName === undefined
      ? operations[0]
      : operations.find((definition) => definition.name?.value === operationName);
  const fields: string[] = [];
  const visit = (selectionSet: SelectionSetNode, seen: Set<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment, seen);
      }
    }
  };
  if (operation) visit(operation.selectionSet, new Set());
  return fields;
}

function domainsAsked(operation: GraphqlRequestBody): Set<GraphqlDomain> {
  try {
    const fields = rootFieldsOf(parse(operation.query), operation.operationName);
    return new Set(fields.flatMap((field) => DOMAIN_OF_FIELD.get(field) ?? []));
  } catch {
    return new Set(); // a syntax error: graphql() below answers it
  }
}

/**
 * The root fields an account that still has to enrol in two-factor sign-in may use, as the server's
 * twofactor-guard.ts allows them; any other operation is refused with TWO_FACTOR_SETUP_REQUIRED
 * before it runs.
 */
export const ALLOWED_DURING_TWO_FACTOR_SETUP: ReadonlySet<string> = new Set([
  'me',
  'storeSettings',
  'twoFactorEnrolStart',
  'twoFactorEnrolConfirm',
  'signOutEverywhere',
  '__typename',
]);

export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE =
  'A loja exige verificação em duas etapas. Ative-a em Minha conta para continuar.';

/** Whether the signed-in staff member must enrol first (the account mock registers it). */
let twoFactorSetupPending: (staff: StaffFixture) => boolean = () => false;
export function registerTwoFactorSetupCheck(check: (staff: StaffFixture) => boolean): void {
  twoFactorSetupPending = check;
}

function refusedForTwoFactorSetup(
  operation: GraphqlRequestBody,
  authorization: string | null,
  staff: StaffFixture,
): boolean {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (token === undefined || !isLiveMockToken(token, 'access')) return false;
  if (!twoFactorSetupPending(staff)) return false;
  let fields: string[];
  try {
    fields = [...rootFieldsOf(parse(operation.query), operation.operationName)];
  } catch {
    return false; // a syntax error: graphql() answers it
  }
  return fields.some((field) => !ALLOWED_DURING_TWO_FACTOR_SETUP.has(field));
}

async function execute(
  request: Request,
  contributions: Map<GraphqlDomain, Contribution>,
): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    return HttpResponse.json({ errors: [{ message: 'Use GET ou POST.' }] }, { status: 405 });
  }
  const operation = await readOperation(request);
  if (typeof operation === 'string') {
    return HttpResponse.json({ errors: [{ message: operation }] }, { status: 400 });
  }
  const asked = [...domainsAsked(operation)].flatMap((domain) => contributions.get(domain) ?? []);
  if (asked.some((contribution) => contribution.availability.kind === 'down')) {
    return HttpResponse.error();
  }
  if (asked.some((contribution) => contribution.availability.kind === 'pending')) {
    await delay('infinite');
  }
  const slowest = Math.max(
    0,
    ...asked.map(({ availability }) => (availability.kind === 'slow' ? availability.ms : 0)),
  );
  if (slowest > 0) await delay(slowest);

  const world = Object.fromEntries(
    [...contributions].map(([domain, contribution]) => [domain, contribution.data()]),
  ) as unknown as MockWorld;
  if (refusedForTwoFactorSetup(operation, request.headers.get('Authorization'), world.staff)) {
    return HttpResponse.json({
      data: null,
      errors: [
        {
          message: TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
          extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED' },
        },
      ],
    });
  }
  const rootValue: RootResolvers = {};
  for (const contribution of contributions.values()) {
    // A domain answers only its own root fields.
    for (const field of GRAPHQL_DOMAIN_FIELDS[contribution.domain]) {
      const resolver = contribution.resolvers[field];
      if (resolver) rootValue[field] = resolver;
    }
  }
  const result = await graphql({
    schema,
    source: operation.query,
    rootValue,
    contextValue: {
      authorization: request.headers.get('Authorization'),
      world,
    } satisfies RequestContext,
    variableValues: operation.variables ?? null,
    operationName: operation.operationName ?? null,
  });
  return HttpResponse.json(result);
}

function contributionHandler(contribution: Contribution): HttpHandler {
  return http.all(GRAPHQL_URL, ({ request, requestId }) => {
    let contributions = contributionsByRequest.get(requestId);
    if (!contributions) {
      contributions = new Map();
      contributionsByRequest.set(requestId, contributions);
    }
    // The first contribution of a domain wins: an override comes before the default.
    if (!contributions.has(contribution.domain)) {
      contributions.set(contribution.domain, contribution);
    }
    if (contributions.size < GRAPHQL_DOMAINS.length) return undefined;
    contributionsByRequest.delete(requestId);
    return execute(request, contributions);
  });
}

// ---------------------------------------------------------------------------------------------
// A domain's mock and its one-line variations for stories and tests.

export interface GraphqlDomainMock<D extends GraphqlDomain, Input> {
  domain: D;
  /** The domain over its default fixtures (fresh data on each call: placed orders start over). */
  handlers: () => HttpHandler[];
  /** The domain over these fixtures. */
  answers: (input?: Input) => HttpHandler[];
  /** Every root field of the domain answers this error; the other domains still answer. */
  fails: (message?: string) => HttpHandler[];
  /** Operations asking for this domain answer after `ms` (1.5 s: long enough to see a skeleton). */
  slow: (ms?: number, input?: Input) => HttpHandler[];
  /** Operations asking for this domain never answer: the loading state, frozen for screenshots. */
  pending: () => HttpHandler[];
  /** Operations asking for this domain fail at the network (server down, no connection). */
  down: () => HttpHandler[];
}

export const DOMAIN_FAILURE_MESSAGE = 'Erro interno do servidor.';

/**
 * Declares a domain of the GraphQL mock: how its data is made from fixtures (`create`, fresh each
 * call) and its root resolvers. Returns the handler lists stories and tests put under its key.
 */
export function defineGraphqlDomain<D extends GraphqlDomain, Input>(
  domain: D,
  create: (input?: Input) => MockWorld[D],
  resolvers: RootResolvers,
): GraphqlDomainMock<D, Input> {
  const contribute = (availability: Availability, input?: Input): HttpHandler[] => {
    let made: { generation: number; data: MockWorld[D] } | null = null;
    const data = () => {
      if (made === null || made.generation !== worldGeneration) {
        made = { generation: worldGeneration, data: create(input) };
      }
      return made.data;
    };
    return [
      contributionHandler({
        domain,
        data,
        resolvers:
          availability.kind === 'fails'
            ? Object.fromEntries(
                GRAPHQL_DOMAIN_FIELDS[domain].map((field) => [
                  field,
                  () => {
                    throw new GraphQLError(availability.message, {
                      extensions: { code: 'INTERNAL_SERVER_ERROR' },
                    });
                  },
                ]),
              )
            : resolvers,
        availability,
      }),
    ];
  };
  return {
    domain,
    handlers: () => contribute({ kind: 'answers' }),
    answers: (input) => contribute({ kind: 'answers' }, input),
    fails: (message = DOMAIN_FAILURE_MESSAGE) => contribute({ kind: 'fails', message }),
    slow: (ms = 1500, input) => contribute({ kind: 'slow', ms }, input),
    pending: () => contribute({ kind: 'pending' }),
    down: () => contribute({ kind: 'down' }),
  };
}
