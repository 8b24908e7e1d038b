// Every URL of the app, named once: the patterns the route table (./routeTable.ts) mounts the
// screens on, and the builders screens link with. Kept tiny and import-free of screens: the first
// visit loads it.
import { LOGIN_PATH } from '@vitrine/auth';

export { LOGIN_PATH };

/** Route patterns as react-router matches them: relative to '/', without the leading slash. */
export const routePatterns = {
  brand: 'marcas/:slug',
  category: 'categoria/:slug',
  search: 'busca',
  product: 'produto/:slug',
  cart: 'carrinho',
  checkout: 'checkout',
  orderConfirmed: 'pedido/confirmado/:number',
  tracking: 'pedido',
  contact: 'contato',
  exchangesAndReturns: 'trocas-e-devolucoes',
  privacy: 'privacidade',
  // The link of the 'Avise-me quando chegar' confirmation mail (the server's restock module).
  restockConfirm: 'avise-me/confirmar',
  dashboard: 'dashboard',
  // The auth session sends a signed-out staff member there (@vitrine/auth owns the path).
  login: LOGIN_PATH.replace(/^\//, ''),
  // Outside 'dashboard' on purpose: a mail link opens them as a full page load, and SPEC's
  // start-up logout sends any signed-out visitor of a 'dashboard' URL to the login.
  passwordResetRequest: 'senha/recuperar',
  passwordResetConfirm: 'senha/redefinir',
  // The staff invitation mail's link (choose a password), outside 'dashboard' for the same reason.
  invitationAccept: 'convite',
} as const;

const at = <P extends string>(pattern: P) => `/${pattern}` as const;
/** The pattern with its one parameter (':slug', ':number') filled in, encoded. */
const fill = (pattern: string, value: string) =>
  at(pattern.replace(/:\w+/, encodeURIComponent(value)));

export const STOREFRONT_PATH = '/';
export const DASHBOARD_PATH = at(routePatterns.dashboard);
export const PASSWORD_RESET_REQUEST_PATH = at(routePatterns.passwordResetRequest);
export const PASSWORD_RESET_CONFIRM_PATH = at(routePatterns.passwordResetConfirm);
export const INVITATION_ACCEPT_PATH = at(routePatterns.invitationAccept);

/** The storefront's pages, as links. */
export const storefrontPaths = {
  home: STOREFRONT_PATH,
  brand: (slug: string) => fill(routePatterns.brand, slug),
  category: (slug: string) => fill(routePatterns.category, slug),
  search: (query?: string) =>
    query
      ? `${at(routePatterns.search)}?${new URLSearchParams({ q: query }).toString()}`
      : at(routePatterns.search),
  product: (slug: string) => fill(routePatterns.product, slug),
  cart: at(routePatterns.cart),
  checkout: at(routePatterns.checkout),
  orderConfirmed: (number: string) => fill(routePatterns.orderConfirmed, number),
  tracking: at(routePatterns.tracking),
  contact: at(routePatterns.contact),
  exchangesAndReturns: at(routePatterns.exchangesAndReturns),
  privacy: at(routePatterns.privacy),
} as const;
