// The connected storefront frame: the header's live search, the bag button and its drawer over
// the cart store, and an error boundary around the page so a failing page keeps the header.
//
// No CartProvider here on purpose: useCart() without a provider already shares one app-wide
// store (localStorage), and a provider inside this screen would sit below the shell's own
// useCart() call and hide a store that a story or test gives by wrapping the shell in its own
// <CartProvider store={...}>.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

import { useCart } from '../../cart';
import { HeaderSearch } from '../storefront/Listing/HeaderSearch';
import { StorefrontErrorBoundary } from '../storefront/shared/StorefrontErrorBoundary';
import { useStoreName } from '../shared/useStoreName';
import { StorefrontShellView } from './StorefrontShellView';

// The drawer (MUI's Drawer, Modal, focus trap and the cart view) is a chunk of its own, fetched
// the first time the bag opens, so a first visit does not download it.
const CartDrawer = lazy(() =>
  import('../storefront/Cart/CartDrawer').then((module) => ({ default: module.CartDrawer })),
);

/** Mounts the drawer from its first opening on (it then follows the cart store as before). */
function LazyCartDrawer({ open }: { open: boolean }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}

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
      <LazyCartDrawer open={cart.drawerOpen} />
    </StorefrontShellView>
  );
}
