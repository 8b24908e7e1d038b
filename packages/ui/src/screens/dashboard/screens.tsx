// Every dashboard screen by its route name: the staff area's pages (routes/dashboardRouteTable.ts)
// rendered by DashboardArea inside the shell, and the pages outside it (routes/routeTable.ts:
// sign-in, password reset, invitation). The app loads the dashboard's chunk and takes a screen
// from here by name; the workshop renders them at once.
import { createElement, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

import { dashboardRouteTable, type DashboardPage } from '../../routes/dashboardRouteTable';
import type { RouteScreen } from '../../routes/routeTable';
import { NotFoundScreen } from '../errors/NotFound';
import { AccountScreen } from './Account';
import { AuditScreen } from './Audit';
import { BrandsScreen } from './Brands';
import { CategoriesScreen } from './Categories';
import { CouponEditorScreen, CouponsScreen } from './Coupons';
import { CustomerScreen, CustomersScreen } from './Customers';
import { DashboardHomeScreen } from './Home';
import { InvitationAcceptScreen } from './InvitationAccept';
import { InvoicesScreen } from './Invoices';
import { DashboardLoginScreen } from './Login';
import { MailScreen } from './Mail';
import { ContentDeclarationScreen, OrderScreen, OrdersScreen, PackingSlipsScreen } from './Orders';
import { PasswordResetConfirmScreen } from './PasswordResetConfirm';
import { PasswordResetRequestScreen } from './PasswordResetRequest';
import { PixScreen, StatementScreen } from './Pix';
import { ProductEditorScreen } from './ProductEditor';
import { ProductsScreen } from './Products';
import { ProductsImportScreen } from './ProductsImport';
import { SettingsScreen } from './Settings';
import { DashboardLayout } from './Shell';
import { ShippingMethodEditorScreen, ShippingMethodsScreen } from './Shipping';
import { TeamScreen } from './Team';

export type DashboardScreen = Extract<RouteScreen, `dashboard/${string}`>;

/** The staff area's pages by name (dashboardRouteTable). */
export const dashboardPageScreens: Record<DashboardPage, ComponentType> = {
  'dashboard/home': DashboardHomeScreen,
  'dashboard/orders': OrdersScreen,
  'dashboard/packingSlips': PackingSlipsScreen,
  'dashboard/order': OrderScreen,
  'dashboard/contentDeclaration': ContentDeclarationScreen,
  'dashboard/pix': PixScreen,
  'dashboard/statement': StatementScreen,
  'dashboard/products': ProductsScreen,
  'dashboard/productsImport': ProductsImportScreen,
  // The editor for a new product and for one product (its id in the path).
  'dashboard/productNew': ProductEditorScreen,
  'dashboard/product': ProductEditorScreen,
  'dashboard/brands': BrandsScreen,
  'dashboard/categories': CategoriesScreen,
  // The editor for a new coupon and for one coupon (its id in the path).
  'dashboard/coupons': CouponsScreen,
  'dashboard/couponNew': CouponEditorScreen,
  'dashboard/coupon': CouponEditorScreen,
  'dashboard/shipping': ShippingMethodsScreen,
  'dashboard/shippingMethodNew': ShippingMethodEditorScreen,
  'dashboard/shippingMethod': ShippingMethodEditorScreen,
  'dashboard/team': TeamScreen,
  'dashboard/account': AccountScreen,
  'dashboard/settings': SettingsScreen,
  'dashboard/customers': CustomersScreen,
  'dashboard/customer': CustomerScreen,
  'dashboard/audit': AuditScreen,
  'dashboard/mail': MailScreen,
  'dashboard/invoices': InvoicesScreen,
  'dashboard/notFound': NotFoundScreen,
};

export interface DashboardAreaProps {
  /**
   * false: each page alone, without the shell and its session guard (the workshop's stories of
   * one page).
   */
  layout?: boolean;
}

// The staff area's <Route>s, made once: the table is fixed.
const dashboardPageRoutes = dashboardRouteTable.map((route, position) => {
  const element = createElement(dashboardPageScreens[route.page]);
  return route.index ? (
    <Route key={position} index element={element} />
  ) : (
    <Route key={position} path={route.path} element={element} />
  );
});

/** '/dashboard/*': the staff shell (behind the session guard) around the page of the URL. */
export function DashboardArea({ layout = true }: DashboardAreaProps) {
  return (
    <Routes>
      <Route element={layout ? <DashboardLayout /> : undefined}>{dashboardPageRoutes}</Route>
    </Routes>
  );
}

export const dashboardScreens: Record<DashboardScreen, ComponentType> = {
  'dashboard/area': DashboardArea,
  'dashboard/invitationAccept': InvitationAcceptScreen,
  'dashboard/login': DashboardLoginScreen,
  'dashboard/passwordResetRequest': PasswordResetRequestScreen,
  'dashboard/passwordResetConfirm': PasswordResetConfirmScreen,
};
