// Every dashboard screen by its route name (routes/routeTable.ts): the app loads the dashboard's
// chunk and takes a screen from here by name; the workshop renders them at once.
import type { ComponentType } from 'react';

import type { RouteScreen } from '../../routes/routeTable';
import { BrandsScreen } from './Brands';
import { CategoriesScreen } from './Categories';
import { DashboardHomeScreen } from './Home';
import { DashboardLoginScreen } from './Login';
import { ContentDeclarationScreen, OrderScreen, OrdersScreen, PackingSlipsScreen } from './Orders';
import { PasswordResetConfirmScreen } from './PasswordResetConfirm';
import { PasswordResetRequestScreen } from './PasswordResetRequest';
import { PixScreen, StatementScreen } from './Pix';
import { ProductEditorScreen } from './ProductEditor';
import { ProductsScreen } from './Products';
import { ProductsImportScreen } from './ProductsImport';
import { TeamScreen } from './Team';
import { AccountScreen } from './Account';
import { SettingsScreen } from './Settings';
import { CustomerScreen, CustomersScreen } from './Customers';
import { AuditScreen } from './Audit';
import { MailScreen } from './Mail';
import { InvitationAcceptScreen } from './InvitationAccept';
import { DashboardLayout } from './Shell';

export type DashboardScreen = Extract<RouteScreen, `dashboard/${string}`>;

export const dashboardScreens: Record<DashboardScreen, ComponentType> = {
  'dashboard/layout': DashboardLayout,
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
  'dashboard/team': TeamScreen,
  'dashboard/account': AccountScreen,
  'dashboard/settings': SettingsScreen,
  'dashboard/customers': CustomersScreen,
  'dashboard/customer': CustomerScreen,
  'dashboard/audit': AuditScreen,
  'dashboard/mail': MailScreen,
  'dashboard/invitationAccept': InvitationAcceptScreen,
  'dashboard/login': DashboardLoginScreen,
  'dashboard/passwordResetRequest': PasswordResetRequestScreen,
  'dashboard/passwordResetConfirm': PasswordResetConfirmScreen,
};
