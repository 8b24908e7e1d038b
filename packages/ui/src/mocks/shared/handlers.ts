// Every mock handler, keyed by domain, for Storybook's worker and vitest's server alike. A story
// or test replaces one domain only: `parameters.msw.handlers = { catalog: catalogMock.fails() }`
// in a story, `server.use(...catalogMock.fails())` in a test; the other domains keep answering.
import type { HttpHandler } from 'msw';

import { authHandlers } from '../auth/auth';
import { catalogMock } from '../catalog/catalog';
import { checkoutMock } from '../checkout/checkout';
import { exportsHandlers } from '../orders/exports';
import { GRAPHQL_DOMAINS, type GraphqlDomain } from './graphqlDomain';
import { invitationHandlers } from '../auth/invitation';
import { liveEventsMock } from '../orders/live';
import { mediaHandlers } from '../catalog/media';
import { productImportUploadHandlers } from '../catalog/productImportUpload';
import { ordersMock } from '../orders/orders';
import { paymentsMock } from '../payments/payments';
import { settingsMock } from '../settings/settings';
import { staffMock } from '../auth/staff';

const graphqlMocks = {
  catalog: catalogMock,
  checkout: checkoutMock,
  orders: ordersMock,
  payments: paymentsMock,
  staff: staffMock,
  settings: settingsMock,
} satisfies { [D in GraphqlDomain]: { domain: D } };

/** The default handlers, on fresh fixtures (orders placed in one test do not leak to the next). */
export function createHandlers() {
  return {
    auth: authHandlers,
    invitation: invitationHandlers,
    catalog: catalogMock.handlers(),
    checkout: checkoutMock.handlers(),
    orders: ordersMock.handlers(),
    payments: paymentsMock.handlers(),
    staff: staffMock.handlers(),
    settings: settingsMock.handlers(),
    exports: exportsHandlers,
    live: liveEventsMock.handlers(),
    media: mediaHandlers,
    imports: productImportUploadHandlers,
  } satisfies Record<string, HttpHandler[]>;
}

/** The default handlers Storybook's preview starts every story with. */
export const handlers = createHandlers();

export type HandlerDomain = keyof typeof handlers;

/** Handler lists by domain, as `parameters.msw.handlers` takes them. */
export type DomainHandlers = Partial<Record<HandlerDomain, HttpHandler[]>>;

/** The lists of some domains as one list, for `server.use(...)`. */
export function handlerList(domains: DomainHandlers): HttpHandler[] {
  return Object.values(domains).flat();
}

/** Every handler as one flat list, for setupServer / setupWorker, with some domains replaced. */
export function allHandlers(overrides: DomainHandlers = {}): HttpHandler[] {
  return handlerList({ ...createHandlers(), ...overrides });
}

function everyGraphqlDomain(handlersOf: (domain: GraphqlDomain) => HttpHandler[]) {
  return Object.fromEntries(
    GRAPHQL_DOMAINS.map((domain) => [domain, handlersOf(domain)]),
  ) as Record<GraphqlDomain, HttpHandler[]>;
}

/**
 * The whole GraphQL API at once, for the screens whose every query should wait or fail:
 * `parameters.msw.handlers = graphqlApi.down()`, `server.use(...handlerList(graphqlApi.down()))`.
 */
export const graphqlApi = {
  /** Every operation fails at the network (server down, no connection). */
  down: () => everyGraphqlDomain((domain) => graphqlMocks[domain].down()),
  /** No operation ever answers: the loading state, frozen for screenshots. */
  pending: () => everyGraphqlDomain((domain) => graphqlMocks[domain].pending()),
  /** Every operation answers after `ms`. */
  slow: (ms?: number) => everyGraphqlDomain((domain) => graphqlMocks[domain].slow(ms)),
};

export * from '../auth/auth';
export { catalogMock, flattenCategories } from '../catalog/catalog';
export { checkoutMock } from '../checkout/checkout';
export {
  LIVE_EVENTS_URL,
  LIVE_UNAUTHENTICATED_DETAIL,
  liveEventsMock,
  makeOrderLiveEvent,
} from '../orders/live';
export * from '../orders/exports';
export * from '../catalog/media';
export {
  DOMAIN_FAILURE_MESSAGE,
  GRAPHQL_DOMAIN_FIELDS,
  GRAPHQL_DOMAINS,
  GRAPHQL_URL,
  resetMockWorld,
  schema,
  UNAUTHENTICATED_MESSAGE,
  type GraphqlDomain,
  type GraphqlDomainMock,
} from './graphqlDomain';
export { ORDER_NOT_FOUND_MESSAGE, ordersMock } from '../orders/orders';
export { MOCK_BOLETO, MOCK_CARD_PUBLIC_KEY, paymentsMock } from '../payments/payments';
export { settingsMock } from '../settings/settings';
export { staffMock, type StaffMockInput } from '../auth/staff';
export {
  FORBIDDEN_MESSAGE,
  MIXED_BRANDS_MESSAGE,
  STAFF_ORDER_NOT_FOUND_MESSAGE,
} from '../orders/staffOrders';
