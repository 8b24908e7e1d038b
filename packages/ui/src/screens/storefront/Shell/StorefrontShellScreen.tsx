// The connected storefront frame: the header's live search, the bag button and its drawer over
// the cart store, and an error boundary around the page so a failing page keeps the header.
//
// No CartProvider here on purpose: useCart() without a provider already shares one app-wide
// store (localStorage), and a provider inside this screen would sit below the shell's own
// useCart() call and hide a store that a story or test gives by wrapping the shell in its own
// <CartProvider store={...}>.
import { useQuery } from '@apollo/client';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';

import { useCart } from '../../../cart';
import { HeaderSearch } from '../Listing/HeaderSearch';
import { storefrontPaths } from '../../../routes/paths';
import { StorefrontErrorBoundary } from '../shared/StorefrontErrorBoundary';
import { useStoreLegal } from '../../shared/useStoreLegal';
import { useStoreName } from '../../shared/useStoreName';
import { departmentsOf, type Department } from './departments';
import { STOREFRONT_DEPARTMENTS_QUERY } from './StorefrontShellScreen.graphql';
import type { DepartmentsDrawerProps } from './DepartmentsDrawer';
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

// The phones' department drawer: a chunk of its own too, fetched at the first press of the menu
// button. When it cannot load, the menu button takes the shopper to the home's categories.
let departmentsChunk: Promise<ComponentType<DepartmentsDrawerProps>> | undefined;

function loadDepartmentsDrawer(): Promise<ComponentType<DepartmentsDrawerProps>> {
  departmentsChunk ??= import('./DepartmentsDrawer').then(
    (module) => module.DepartmentsDrawer,
    (error: unknown) => {
      departmentsChunk = undefined;
      throw error;
    },
  );
  return departmentsChunk;
}

function LazyDepartmentsDrawer({
  open,
  onClose,
  departments,
  onUnavailable,
}: DepartmentsDrawerProps & { onUnavailable: () => void }) {
  const [Drawer, setDrawer] = useState<ComponentType<DepartmentsDrawerProps> | null>(null);
  useEffect(() => {
    if (!open || Drawer) return;
    let live = true;
    loadDepartmentsDrawer().then(
      (component) => live && setDrawer(() => component),
      () => live && onUnavailable(),
    );
    return () => {
      live = false;
    };
  }, [open, Drawer, onUnavailable]);
  return Drawer ? <Drawer open={open} onClose={onClose} departments={departments} /> : null;
}

const NO_DEPARTMENTS: readonly Department[] = [];

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
  // The department menu: a failed or pending tree leaves the row empty, the page works.
  const { data } = useQuery(STOREFRONT_DEPARTMENTS_QUERY);
  const departments = data ? departmentsOf(data) : NO_DEPARTMENTS;
  const [departmentsOpen, setDepartmentsOpen] = useState(false);
  // Always offered (the header must not move when the tree arrives); a press before it did
  // opens the drawer with "Marcas" alone.
  const openDepartments = useCallback(() => setDepartmentsOpen(true), []);
  const closeDepartments = useCallback(() => setDepartmentsOpen(false), []);
  const departmentsUnavailable = useCallback(() => {
    setDepartmentsOpen(false);
    navigate(`${storefrontPaths.home}#categorias`);
  }, [navigate]);
  return (
    <StorefrontShellView
      storeName={storeName}
      legal={legal}
      search={<HeaderSearch />}
      cartCount={cart.itemCount}
      onCartClick={cart.openDrawer}
      departments={departments}
      onDepartmentsClick={openDepartments}
    >
      <StorefrontErrorBoundary>{children ?? <Outlet />}</StorefrontErrorBoundary>
      <LazyCartDrawer open={cart.drawerOpen} onUnavailable={openCartPage} />
      <LazyDepartmentsDrawer
        open={departmentsOpen}
        onClose={closeDepartments}
        departments={departments}
        onUnavailable={departmentsUnavailable}
      />
    </StorefrontShellView>
  );
}
