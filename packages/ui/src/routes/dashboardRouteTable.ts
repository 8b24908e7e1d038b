// The staff area's own route table, below '/dashboard' (routeTable.ts's 'dashboard/area'): which
// page each dashboard URL shows inside the staff shell. Plain data like routeTable.ts, but in the
// dashboard's chunk: the shopper's first visit carries no list of the dashboard's pages, and a new
// dashboard page costs the storefront nothing (docs/benchmarks.md, first-visit weight).
import { dashboardPatterns } from './dashboardPaths';

/** Every page of the staff area (each rendered inside the shell, behind the session guard). */
export const DASHBOARD_PAGES = [
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
  'dashboard/coupons',
  'dashboard/couponNew',
  'dashboard/coupon',
  'dashboard/shipping',
  'dashboard/shippingMethodNew',
  'dashboard/shippingMethod',
  'dashboard/team',
  'dashboard/account',
  'dashboard/settings',
  'dashboard/customers',
  'dashboard/customer',
  'dashboard/audit',
  'dashboard/mail',
  'dashboard/invoices',
  'dashboard/notFound',
] as const;

export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

export interface DashboardRouteEntry {
  /** Relative to '/dashboard', as in <Route path>; absent for the index route. */
  readonly path?: string;
  readonly index?: true;
  readonly page: DashboardPage;
}

export const dashboardRouteTable: readonly DashboardRouteEntry[] = [
  { index: true, page: 'dashboard/home' },
  { path: dashboardPatterns.orders, page: 'dashboard/orders' },
  // Print pages stay in the shell (session guard, brand scope); its chrome is hidden in print.
  { path: dashboardPatterns.packingSlips, page: 'dashboard/packingSlips' },
  { path: dashboardPatterns.order, page: 'dashboard/order' },
  { path: dashboardPatterns.contentDeclaration, page: 'dashboard/contentDeclaration' },
  { path: dashboardPatterns.pix, page: 'dashboard/pix' },
  { path: dashboardPatterns.statement, page: 'dashboard/statement' },
  { path: dashboardPatterns.products, page: 'dashboard/products' },
  { path: dashboardPatterns.productsImport, page: 'dashboard/productsImport' },
  { path: dashboardPatterns.productNew, page: 'dashboard/productNew' },
  { path: dashboardPatterns.product, page: 'dashboard/product' },
  { path: dashboardPatterns.brands, page: 'dashboard/brands' },
  { path: dashboardPatterns.categories, page: 'dashboard/categories' },
  { path: dashboardPatterns.coupons, page: 'dashboard/coupons' },
  { path: dashboardPatterns.couponNew, page: 'dashboard/couponNew' },
  { path: dashboardPatterns.coupon, page: 'dashboard/coupon' },
  { path: dashboardPatterns.shipping, page: 'dashboard/shipping' },
  { path: dashboardPatterns.shippingMethodNew, page: 'dashboard/shippingMethodNew' },
  { path: dashboardPatterns.shippingMethod, page: 'dashboard/shippingMethod' },
  { path: dashboardPatterns.team, page: 'dashboard/team' },
  { path: dashboardPatterns.account, page: 'dashboard/account' },
  { path: dashboardPatterns.settings, page: 'dashboard/settings' },
  { path: dashboardPatterns.customers, page: 'dashboard/customers' },
  { path: dashboardPatterns.customer, page: 'dashboard/customer' },
  { path: dashboardPatterns.audit, page: 'dashboard/audit' },
  { path: dashboardPatterns.mail, page: 'dashboard/mail' },
  { path: dashboardPatterns.invoices, page: 'dashboard/invoices' },
  { path: '*', page: 'dashboard/notFound' },
];
