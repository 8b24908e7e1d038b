// The app's route table (routes/routeTable.ts) for screen stories and flow tests: a story starts
// at a route and follows navigations (login -> dashboard, logout -> login, a link to a product).
// The screens are imported here, not loaded lazily as in packages/app: a story renders its page
// at once, with nothing to wait for.
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

import { routeTable, type RouteEntry, type RouteScreen } from '../routes/routeTable';
import { DashboardArea, dashboardScreens } from '../screens/dashboard/screens';
import { NotFoundScreen } from '../screens/errors/NotFound';
import { BrandScreen } from '../screens/storefront/Brand';
import { CartScreen } from '../screens/storefront/Cart';
import { CheckoutScreen } from '../screens/storefront/Checkout';
import { HomeScreen } from '../screens/storefront/Home';
import {
  ContactScreen,
  ExchangesAndReturnsScreen,
  PrivacyPolicyScreen,
} from '../screens/storefront/Institutional';
import { CategoryScreen, SearchScreen } from '../screens/storefront/Listing';
import { OrderConfirmationScreen } from '../screens/storefront/OrderConfirmation';
import { OrderTrackingScreen } from '../screens/storefront/OrderTracking';
import { ProductPageScreen } from '../screens/storefront/ProductPage';
import { RestockConfirmScreen } from '../screens/storefront/RestockConfirm';
import { StorefrontShellScreen } from '../screens/storefront/Shell';

const screens: Record<RouteScreen, ComponentType> = {
  'storefront/layout': StorefrontShellScreen,
  'storefront/home': HomeScreen,
  'storefront/brand': BrandScreen,
  'storefront/category': CategoryScreen,
  'storefront/search': SearchScreen,
  'storefront/product': ProductPageScreen,
  'storefront/cart': CartScreen,
  'storefront/checkout': CheckoutScreen,
  'storefront/orderConfirmation': OrderConfirmationScreen,
  'storefront/orderTracking': OrderTrackingScreen,
  'storefront/contact': ContactScreen,
  'storefront/exchangesAndReturns': ExchangesAndReturnsScreen,
  'storefront/privacy': PrivacyPolicyScreen,
  'storefront/restockConfirm': RestockConfirmScreen,
  ...dashboardScreens,
  'errors/notFound': NotFoundScreen,
};

function renderRoutes(routes: readonly RouteEntry[], layouts: boolean) {
  return routes.map((route, position) => {
    const Screen = screens[route.screen];
    if (route.index) return <Route key={position} index element={<Screen />} />;
    // Without layouts an area's route only groups its pages (react-router renders an <Outlet />);
    // the staff area routes its own pages (dashboardRouteTable), with or without its shell.
    const element =
      route.screen === 'dashboard/area' ? (
        <DashboardArea layout={layouts} />
      ) : route.children && !layouts ? undefined : (
        <Screen />
      );
    return (
      <Route key={position} path={route.path} element={element}>
        {route.children ? renderRoutes(route.children, layouts) : null}
      </Route>
    );
  });
}

export interface WorkshopRoutesProps {
  /**
   * false: each page alone, without its area's layout (the storefront's shell, the dashboard's
   * shell and session guard), for the stories of one page.
   */
  layouts?: boolean;
}

/** Every screen on the path packages/app mounts it on, inside its area's layout. */
export function WorkshopRoutes({ layouts = true }: WorkshopRoutesProps) {
  return (
    <Routes>
      <Route path="/">{renderRoutes(routeTable, layouts)}</Route>
    </Routes>
  );
}
