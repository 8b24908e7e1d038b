// The error pages both areas share: the 404 and the page shown when a route fails.
export * from './NotFound';
export * from './RouteError';
