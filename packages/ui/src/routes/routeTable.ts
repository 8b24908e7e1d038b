// The one route table: which screen each URL shows, inside which area's layout. Plain data, no
// screen code, so the first visit can import it: packages/app maps each screen name onto a lazy
// chunk (routes.tsx), the workshop onto the screen itself (workshop/WorkshopRoutes.tsx), and both
// check that they know every name.
import { routePatterns } from './paths';

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
  'dashboard/area',
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
    // The staff area (the dashboard's chunk): the shell behind the session guard, around the pages
    // of its own table (dashboardRouteTable.ts), so none of them weighs on the first visit.
    path: `${routePatterns.dashboard}/*`,
    screen: 'dashboard/area',
  },
];
