// Mocks shared by Storybook and vitest: one folder per domain (its storefront and staff handlers,
// its *.fixtures.ts), shared/ for the handler registry and the GraphQL mock. Entry point.
// The Node server lives in './server' so browser bundles never import msw/node.
export * from './shared/handlers';
export * from './catalog/catalog.fixtures';
export * from './orders/orders.fixtures';
export * from './payments/payments.fixtures';
export * from './settings/settings.fixtures';
export * from './auth/staff.fixtures';
export * from './orders/staffOrders.fixtures';
export { makeAccessToken, makeMockJwt, makeRefreshToken, readMockJwt } from './auth/jwt';
