// The one route table: which screen each URL shows, inside which area's layout. Plain data, no
// screen code, so the first visit can import it: packages/app maps each screen name onto a lazy
// chunk (routes.tsx), the workshop onto the screen itself (workshop/WorkshopRoutes.tsx), and both
// check that they know every name.
import { dashboardPatterns, routePatterns } from './paths';

/** Every screen a route can show; layouts render their child route (an <Outlet />). */
export const ROUTE_SCREENS = [
  'storefront/layout',
  'storefront/home',
  'storefront/brand',
  'storefront/category',
  'storefront/search',
  'storefront/product',
  'storefront/cart',
  'storefront/checkout',
  'storefront/orderConfirmation',
  'storefront/orderTracking',
  'storefront/contact',
  'storefront/exchangesAndReturns',
  'storefront/privacy',
  'storefront/restockConfirm',
  'dashboard/layout',
  'dashboard/home',
  'dashboard/orders',
  'dashboard/packingSlips',
  'dashboard/order',
  'dashboard/contentDeclaration',
  'dashboard/pix',
  'dashboard/statement',
  'dashboard/products',
  'dashboard/productsImport',
  'dashboard/productNew',
  'dashboard/product',
  'dashboard/brands',
  'dashboard/categories',
  'dashboard/team',
  'dashboard/account',
  'dashboard/settings',
  'dashboard/customers',
  'dashboard/customer',
  'dashboard/audit',
  'dashboard/mail',
  'dashboard/invitationAccept',
  'dashboard/login',
  'dashboard/passwordResetRequest',
  'dashboard/passwordResetConfirm',
  'errors/notFound',
] as const;

export type RouteScreen = (typeof ROUTE_SCREENS)[number];

export interface RouteEntry {
  /** Relative to the parent, as in <Route path>; absent for a layout or an index route. */
  readonly path?: string;
  readonly index?: true;
  readonly screen: RouteScreen;
  readonly children?: readonly RouteEntry[];
}

/** The storefront ('', a pathless layout) and the pages outside it, all below '/'. */
export const routeTable: readonly RouteEntry[] = [
  {
    screen: 'storefront/layout',
    children: [
      { index: true, screen: 'storefront/home' },
      { path: routePatterns.brand, screen: 'storefront/brand' },
      { path: routePatterns.category, screen: 'storefront/category' },
      { path: routePatterns.search, screen: 'storefront/search' },
      { path: routePatterns.product, screen: 'storefront/product' },
      { path: routePatterns.cart, screen: 'storefront/cart' },
      { path: routePatterns.checkout, screen: 'storefront/checkout' },
      { path: routePatterns.orderConfirmed, screen: 'storefront/orderConfirmation' },
      { path: routePatterns.tracking, screen: 'storefront/orderTracking' },
      { path: routePatterns.contact, screen: 'storefront/contact' },
      { path: routePatterns.exchangesAndReturns, screen: 'storefront/exchangesAndReturns' },
      { path: routePatterns.privacy, screen: 'storefront/privacy' },
      { path: routePatterns.restockConfirm, screen: 'storefront/restockConfirm' },
      { path: '*', screen: 'errors/notFound' },
    ],
  },
  { path: routePatterns.login, screen: 'dashboard/login' },
  // Outside 'dashboard' on purpose (see routePatterns).
  { path: routePatterns.passwordResetRequest, screen: 'dashboard/passwordResetRequest' },
  { path: routePatterns.passwordResetConfirm, screen: 'dashboard/passwordResetConfirm' },
  { path: routePatterns.invitationAccept, screen: 'dashboard/invitationAccept' },
  {
    path: routePatterns.dashboard,
    // The staff shell behind the session guard: a signed-out visitor goes to the login.
    screen: 'dashboard/layout',
    children: [
      { index: true, screen: 'dashboard/home' },
      { path: dashboardPatterns.orders, screen: 'dashboard/orders' },
      // Print pages stay in the shell (session guard, brand scope); its chrome is hidden in print.
      { path: dashboardPatterns.packingSlips, screen: 'dashboard/packingSlips' },
      { path: dashboardPatterns.order, screen: 'dashboard/order' },
      { path: dashboardPatterns.contentDeclaration, screen: 'dashboard/contentDeclaration' },
      { path: dashboardPatterns.pix, screen: 'dashboard/pix' },
      { path: dashboardPatterns.statement, screen: 'dashboard/statement' },
      { path: dashboardPatterns.products, screen: 'dashboard/products' },
      { path: dashboardPatterns.productsImport, screen: 'dashboard/productsImport' },
      { path: dashboardPatterns.productNew, screen: 'dashboard/productNew' },
      { path: dashboardPatterns.product, screen: 'dashboard/product' },
      { path: dashboardPatterns.brands, screen: 'dashboard/brands' },
      { path: dashboardPatterns.categories, screen: 'dashboard/categories' },
      { path: dashboardPatterns.team, screen: 'dashboard/team' },
      { path: dashboardPatterns.account, screen: 'dashboard/account' },
      { path: dashboardPatterns.settings, screen: 'dashboard/settings' },
      { path: dashboardPatterns.customers, screen: 'dashboard/customers' },
      { path: dashboardPatterns.customer, screen: 'dashboard/customer' },
      { path: dashboardPatterns.audit, screen: 'dashboard/audit' },
      { path: dashboardPatterns.mail, screen: 'dashboard/mail' },
      { path: '*', screen: 'errors/notFound' },
    ],
  },
];
