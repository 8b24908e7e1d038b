// The ui's route table (@vitrine/ui/routes) on lazy chunks: '' -> storefront (lazy chunks),
// 'dashboard' -> dashboard (lazy chunk). Each storefront page is its own dynamic import, so `/`
// downloads the shell and the home only.
//
// Declarative routes (<Routes>), not react-router's data router: the app loads no data through
// the router, and the data router's engine weighed 18 KB gzip of the shopper's first visit (see
// docs/benchmarks.md, first-visit weight). Chunks load through React.lazy; main.tsx preloads
// (pagesFor) the chunks of the first URL together instead of one after the other.
import { RouteErrorBoundary } from '@vitrine/ui/host';
import { routeTable, type RouteEntry, type RouteScreen } from '@vitrine/ui/routes';
import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, type RouteObject } from 'react-router-dom';
import type { DashboardScreen } from './areas/dashboard';
import { RootLayout } from './RootLayout';
import { lazyPage, type LazyPage } from './routing/lazyPage';

export interface AppRoute {
  /** Relative to the parent, as in <Route path>; absent for a layout or an index route. */
  path?: string;
  index?: true;
  /** The ui's name of the screen (the server renders some of them: entry-server.tsx). */
  screen: RouteScreen;
  page: LazyPage;
  children?: AppRoute[];
}

type Module = Record<string, unknown>;

/** A lazy page showing the export `name` of the chunk `load` fetches. */
function page<M extends Module>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  return lazyPage(async () => {
    const component = (await load())[name];
    if (typeof component !== 'function') throw new Error(`Chunk has no screen named ${name}`);
    return component as ComponentType;
  });
}

const storefront = () => import('./areas/storefront');
const checkout = () => import('./areas/checkout');
const dashboard = () => import('./areas/dashboard');
const home = () => import('@vitrine/ui/storefront/home');
const brand = () => import('@vitrine/ui/storefront/brand');
const listing = () => import('@vitrine/ui/storefront/listing');
const product = () => import('@vitrine/ui/storefront/product');
const institutional = () => import('@vitrine/ui/storefront/institutional');
const notFound = () => import('./areas/notFound');

/** The chunk and export of each screen of the ui's route table. */
const pages: Record<Exclude<RouteScreen, DashboardScreen>, LazyPage> = {
  'storefront/layout': page(storefront, 'StorefrontLayout'),
  'storefront/home': page(home, 'HomeScreen'),
  'storefront/brand': page(brand, 'BrandScreen'),
  'storefront/category': page(listing, 'CategoryScreen'),
  'storefront/search': page(listing, 'SearchScreen'),
  'storefront/product': page(product, 'ProductPageScreen'),
  'storefront/cart': page(checkout, 'StorefrontCart'),
  'storefront/checkout': page(checkout, 'StorefrontCheckout'),
  'storefront/orderConfirmation': page(checkout, 'StorefrontOrderConfirmation'),
  'storefront/orderTracking': page(checkout, 'StorefrontOrderTracking'),
  'storefront/contact': page(institutional, 'ContactScreen'),
  'storefront/exchangesAndReturns': page(institutional, 'ExchangesAndReturnsScreen'),
  'storefront/privacy': page(institutional, 'PrivacyPolicyScreen'),
  'storefront/restockConfirm': page(product, 'RestockConfirmScreen'),
  'errors/notFound': page(notFound, 'NotFoundScreen'),
};

const dashboardPages = new Map<DashboardScreen, LazyPage>();

/** A screen's lazy page; the dashboard's by name from its chunk, one page per screen. */
function pageOf(screen: RouteScreen): LazyPage {
  if (!isDashboardScreen(screen)) return pages[screen];
  let lazy = dashboardPages.get(screen);
  if (!lazy) {
    lazy = lazyPage(async () => (await dashboard()).dashboardScreens[screen]);
    dashboardPages.set(screen, lazy);
  }
  return lazy;
}

function isDashboardScreen(screen: RouteScreen): screen is DashboardScreen {
  return screen.startsWith('dashboard/');
}

function toAppRoutes(routes: readonly RouteEntry[]): AppRoute[] {
  return routes.map(({ path, index, screen, children }) => ({
    ...(path === undefined ? {} : { path }),
    ...(index ? { index } : {}),
    screen,
    page: pageOf(screen),
    ...(children ? { children: toAppRoutes(children) } : {}),
  }));
}

/** The ui's route table with each screen as a lazy page, all under RootLayout. */
export const appRoutes: AppRoute[] = toAppRoutes(routeTable);

function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((route) =>
    route.index
      ? { index: true, handle: route }
      : { path: route.path, handle: route, children: toRouteObjects(route.children ?? []) },
  );
}

const ROOT: RouteObject[] = [{ path: '/', children: toRouteObjects(appRoutes) }];

/** The routes that render `pathname`, outermost first. */
function routesFor(pathname: string): AppRoute[] {
  return (matchRoutes(ROOT, pathname) ?? []).flatMap((match) =>
    match.route.handle ? [match.route.handle as AppRoute] : [],
  );
}

/** The pages that render `pathname`, outermost first. */
export function pagesFor(pathname: string): LazyPage[] {
  return routesFor(pathname).map((route) => route.page);
}

/** The screen `pathname` shows (its innermost route), or null when no route matches. */
export function screenFor(pathname: string): RouteScreen | null {
  return routesFor(pathname).at(-1)?.screen ?? null;
}

function renderRoutes(routes: AppRoute[]) {
  return routes.map((route, position) =>
    route.index ? (
      <Route key={position} index element={<route.page.Component />} />
    ) : (
      <Route key={position} path={route.path} element={<route.page.Component />}>
        {route.children ? renderRoutes(route.children) : null}
      </Route>
    ),
  );
}

/** The whole app below the router: its error page, RootLayout and every area. */
export function AppRoutes() {
  return (
    // Everything the storefront's own boundary does not cover: the dashboard, sign-in, password
    // reset, and a lazy chunk that fails to load (say, gone after a deploy).
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<RootLayout />}>
            {renderRoutes(appRoutes)}
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
