// Mocks shared by Storybook and vitest: handlers per domain, fixtures, mock JWTs.
// The Node server lives in './server' so browser bundles never import msw/node.
export * from './handlers';
export * from './fixtures/catalog';
export * from './fixtures/orders';
export * from './fixtures/payments';
export * from './fixtures/settings';
export * from './fixtures/staff';
export * from './fixtures/staffOrders';
export { makeAccessToken, makeMockJwt, makeRefreshToken, readMockJwt } from './jwt';
