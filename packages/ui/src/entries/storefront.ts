// The storefront area's frame: the shell (header, search, bag, footer), its route error view and
// the 404. Each page has its own entry under ./storefront/, so a first visit to `/` downloads the
// shell and the home page only, never the product page, listings or institutional texts.
export * from '../screens/storefront/Shell';
export * from '../screens/errors/NotFound';
export { StorefrontErrorView } from '../screens/storefront/shared/StorefrontErrorView';
