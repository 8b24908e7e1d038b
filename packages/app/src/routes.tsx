// The route table: '' -> storefront (lazy chunks), 'dashboard' -> dashboard (lazy chunk).
// Each storefront page is its own dynamic import, so `/` downloads the shell and the home only.
import { RouteErrorScreen } from '@vitrine/ui/host';
import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './RootLayout';

const storefront = () => import('./areas/storefront');
const checkout = () => import('./areas/checkout');
const dashboard = () => import('./areas/dashboard');
const home = () => import('@vitrine/ui/storefront/home');
const brand = () => import('@vitrine/ui/storefront/brand');
const listing = () => import('@vitrine/ui/storefront/listing');
const product = () => import('@vitrine/ui/storefront/product');
const institutional = () => import('@vitrine/ui/storefront/institutional');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Everything the storefront's own boundary does not cover: the dashboard, sign-in, password
    // reset, and a lazy chunk that fails to load (say, gone after a deploy).
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        path: '',
        lazy: async () => {
          const area = await storefront();
          return { Component: area.StorefrontLayout, ErrorBoundary: area.StorefrontRouteError };
        },
        children: [
          { index: true, lazy: async () => ({ Component: (await home()).HomeScreen }) },
          {
            path: 'marcas/:slug',
            lazy: async () => ({ Component: (await brand()).BrandScreen }),
          },
          {
            path: 'categoria/:slug',
            lazy: async () => ({ Component: (await listing()).CategoryScreen }),
          },
          {
            path: 'busca',
            lazy: async () => ({ Component: (await listing()).SearchScreen }),
          },
          {
            path: 'produto/:slug',
            lazy: async () => ({ Component: (await product()).ProductPageScreen }),
          },
          {
            path: 'carrinho',
            lazy: async () => ({ Component: (await checkout()).StorefrontCart }),
          },
          {
            path: 'checkout',
            lazy: async () => ({ Component: (await checkout()).StorefrontCheckout }),
          },
          {
            path: 'pedido/confirmado/:number',
            lazy: async () => ({ Component: (await checkout()).StorefrontOrderConfirmation }),
          },
          {
            path: 'pedido',
            lazy: async () => ({ Component: (await checkout()).StorefrontOrderTracking }),
          },
          {
            path: 'contato',
            lazy: async () => ({ Component: (await institutional()).ContactScreen }),
          },
          {
            path: 'trocas-e-devolucoes',
            lazy: async () => ({ Component: (await institutional()).ExchangesAndReturnsScreen }),
          },
          {
            path: 'privacidade',
            lazy: async () => ({ Component: (await institutional()).PrivacyPolicyScreen }),
          },
          { path: '*', lazy: async () => ({ Component: (await storefront()).StorefrontNotFound }) },
        ],
      },
      {
        path: 'dashboard/login',
        lazy: async () => ({ Component: (await dashboard()).DashboardLogin }),
      },
      // Outside 'dashboard' on purpose: a mail link opens them as a full page load, and SPEC's
      // start-up logout sends any signed-out visitor of a 'dashboard' URL to the login.
      {
        path: 'senha/recuperar',
        lazy: async () => ({ Component: (await dashboard()).PasswordResetRequest }),
      },
      {
        path: 'senha/redefinir',
        lazy: async () => ({ Component: (await dashboard()).PasswordResetConfirm }),
      },
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await dashboard()).DashboardLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await dashboard()).DashboardHome }) },
          { path: '*', lazy: async () => ({ Component: (await dashboard()).DashboardNotFound }) },
        ],
      },
    ],
  },
];
