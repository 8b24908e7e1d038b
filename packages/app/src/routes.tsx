// The route table: '' -> storefront (lazy chunks), 'dashboard' -> dashboard (lazy chunk).
// Each storefront page is its own dynamic import, so `/` downloads the shell and the home only.
//
// Declarative routes (<Routes>), not react-router's data router: the app loads no data through
// the router, and the data router's engine weighed 18 KB gzip of the shopper's first visit (see
// the README's first-visit table). Chunks load through React.lazy; preloadRoute() fetches the
// chunks of the first URL together instead of one after the other.
import { RouteErrorBoundary } from '@vitrine/ui/host';
import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, type RouteObject } from 'react-router-dom';
import { RootLayout } from './RootLayout';
import { lazyPage, type LazyPage } from './routing/lazyPage';

export interface AppRoute {
  /** Relative to the parent, as in <Route path>; absent for a layout or an index route. */
  path?: string;
  index?: true;
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

/** The storefront (a pathless layout) and the pages outside it, all under RootLayout. */
export const appRoutes: AppRoute[] = [
  {
    page: page(storefront, 'StorefrontLayout'),
    children: [
      { index: true, page: page(home, 'HomeScreen') },
      { path: 'marcas/:slug', page: page(brand, 'BrandScreen') },
      { path: 'categoria/:slug', page: page(listing, 'CategoryScreen') },
      { path: 'busca', page: page(listing, 'SearchScreen') },
      { path: 'produto/:slug', page: page(product, 'ProductPageScreen') },
      { path: 'carrinho', page: page(checkout, 'StorefrontCart') },
      { path: 'checkout', page: page(checkout, 'StorefrontCheckout') },
      { path: 'pedido/confirmado/:number', page: page(checkout, 'StorefrontOrderConfirmation') },
      { path: 'pedido', page: page(checkout, 'StorefrontOrderTracking') },
      { path: 'contato', page: page(institutional, 'ContactScreen') },
      { path: 'trocas-e-devolucoes', page: page(institutional, 'ExchangesAndReturnsScreen') },
      { path: 'privacidade', page: page(institutional, 'PrivacyPolicyScreen') },
      { path: '*', page: page(notFound, 'NotFoundScreen') },
    ],
  },
  { path: 'dashboard/login', page: page(dashboard, 'DashboardLogin') },
  // Outside 'dashboard' on purpose: a mail link opens them as a full page load, and SPEC's
  // start-up logout sends any signed-out visitor of a 'dashboard' URL to the login.
  { path: 'senha/recuperar', page: page(dashboard, 'PasswordResetRequest') },
  { path: 'senha/redefinir', page: page(dashboard, 'PasswordResetConfirm') },
  {
    path: 'dashboard',
    page: page(dashboard, 'DashboardLayout'),
    children: [
      { index: true, page: page(dashboard, 'DashboardHome') },
      { path: '*', page: page(notFound, 'NotFoundScreen') },
    ],
  },
];

function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((route) =>
    route.index
      ? { index: true, handle: route.page }
      : { path: route.path, handle: route.page, children: toRouteObjects(route.children ?? []) },
  );
}

const ROOT: RouteObject[] = [{ path: '/', children: toRouteObjects(appRoutes) }];

/** The pages that render `pathname`, outermost first. */
export function pagesFor(pathname: string): LazyPage[] {
  return (matchRoutes(ROOT, pathname) ?? []).flatMap((match) =>
    match.route.handle ? [match.route.handle as LazyPage] : [],
  );
}

/** Fetches every chunk `pathname` needs at once (a layout and its page, not one after the other). */
export function preloadRoute(pathname: string): void {
  for (const lazy of pagesFor(pathname)) lazy.preload().catch(() => undefined);
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
