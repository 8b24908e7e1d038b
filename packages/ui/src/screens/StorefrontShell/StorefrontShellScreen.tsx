// The connected storefront frame: the header's live search, the bag button and its drawer over
// the cart store, and an error boundary around the page so a failing page keeps the header.
//
// No CartProvider here on purpose: useCart() without a provider already shares one app-wide
// store (localStorage), and a provider inside this screen would sit below the shell's own
// useCart() call and hide a store that a story or test gives by wrapping the shell in its own
// <CartProvider store={...}>.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

import { useCart } from '../../cart';
import { CartDrawer } from '../storefront/Cart/CartDrawer';
import { HeaderSearch } from '../storefront/Listing/HeaderSearch';
import { StorefrontErrorBoundary } from '../storefront/shared/StorefrontErrorBoundary';
import { useStoreName } from '../shared/useStoreName';
import { StorefrontShellView } from './StorefrontShellView';

export interface StorefrontShellScreenProps {
  /** The page; the nested route's element (<Outlet />) when omitted. */
  children?: ReactNode;
}

export function StorefrontShellScreen({ children }: StorefrontShellScreenProps) {
  const storeName = useStoreName();
  const cart = useCart();
  return (
    <StorefrontShellView
      storeName={storeName}
      search={<HeaderSearch />}
      cartCount={cart.itemCount}
      onCartClick={cart.openDrawer}
    >
      <StorefrontErrorBoundary>{children ?? <Outlet />}</StorefrontErrorBoundary>
      <CartDrawer />
    </StorefrontShellView>
  );
}
