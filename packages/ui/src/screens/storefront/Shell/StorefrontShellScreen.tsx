// The connected storefront frame: the header's live search, the bag button and its drawer over
// the cart store, and an error boundary around the page so a failing page keeps the header.
//
// No CartProvider here on purpose: useCart() without a provider already shares one app-wide
// store (localStorage), and a provider inside this screen would sit below the shell's own
// useCart() call and hide a store that a story or test gives by wrapping the shell in its own
// <CartProvider store={...}>.
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';

import { useCart } from '../../../cart';
import { HeaderSearch } from '../Listing/HeaderSearch';
import { storefrontPaths } from '../../../routes/paths';
import { StorefrontErrorBoundary } from '../shared/StorefrontErrorBoundary';
import { useStoreLegal } from '../../shared/useStoreLegal';
import { useStoreName } from '../../shared/useStoreName';
import { StorefrontShellView } from './StorefrontShellView';

// The drawer (MUI's Drawer, Modal, focus trap and the cart view) is a chunk of its own, fetched
// the first time the bag opens, so a first visit does not download it. Not React.lazy: a chunk
// that failed to load (offline, or a deploy replaced it) must not take the whole store down,
// and the next opening must try again.
let drawerChunk: Promise<ComponentType> | undefined;

function loadCartDrawer(): Promise<ComponentType> {
  drawerChunk ??= import('../Cart/CartDrawer').then(
    (module) => module.CartDrawer,
    (error: unknown) => {
      drawerChunk = undefined;
      throw error;
    },
  );
  return drawerChunk;
}

/** Mounts the drawer from its first opening on; when it cannot load, `onUnavailable` runs. */
function LazyCartDrawer({ open, onUnavailable }: { open: boolean; onUnavailable: () => void }) {
  const [Drawer, setDrawer] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!open || Drawer) return;
    let live = true;
    loadCartDrawer().then(
      (component) => live && setDrawer(() => component),
      () => live && onUnavailable(),
    );
    return () => {
      live = false;
    };
  }, [open, Drawer, onUnavailable]);
  return Drawer ? <Drawer /> : null;
}

export interface StorefrontShellScreenProps {
  /** The page; the nested route's element (<Outlet />) when omitted. */
  children?: ReactNode;
}

export function StorefrontShellScreen({ children }: StorefrontShellScreenProps) {
  const storeName = useStoreName();
  const legal = useStoreLegal();
  const cart = useCart();
  const navigate = useNavigate();
  const { closeDrawer } = cart;
  // The drawer's code could not be fetched: the cart page shows the same bag.
  const openCartPage = useCallback(() => {
    closeDrawer();
    navigate(storefrontPaths.cart);
  }, [closeDrawer, navigate]);
  return (
    <StorefrontShellView
      storeName={storeName}
      legal={legal}
      search={<HeaderSearch />}
      cartCount={cart.itemCount}
      onCartClick={cart.openDrawer}
    >
      <StorefrontErrorBoundary>{children ?? <Outlet />}</StorefrontErrorBoundary>
      <LazyCartDrawer open={cart.drawerOpen} onUnavailable={openCartPage} />
    </StorefrontShellView>
  );
}
