// The connected storefront frame: the header's live search, the bag button and its drawer over
// the cart store, and an error boundary around the page so a failing page keeps the header.
//
// No CartProvider here on purpose: useCart() without a provider already shares one app-wide
// store (localStorage), and a provider inside this screen would sit below the shell's own
// useCart() call and hide a store that a story or test gives by wrapping the shell in its own
// <CartProvider store={...}>.
import { useQuery } from '@apollo/client';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

import { useCart } from '../../../cart';
import type { ConnectedSearchSheetProps } from '../Listing/ConnectedSearchSheet';
import { HeaderSearch } from '../Listing/HeaderSearch';
import { storefrontPaths } from '../../../routes/paths';
import { StorefrontErrorBoundary } from '../shared/StorefrontErrorBoundary';
import { useStoreName } from '../../shared/useStoreName';
import { departmentsOf, type Department } from './departments';
import { STOREFRONT_SHELL_QUERY } from './StorefrontShellScreen.graphql';
import type { DepartmentsDrawerProps } from './DepartmentsDrawer';
import { StorefrontShellView } from './StorefrontShellView';

// The drawers (MUI's Drawer, Modal, focus trap; the cart view, the department tree) are chunks
// of their own, fetched the first time they open, so a first visit does not download them. Not
// React.lazy: a chunk that failed to load (offline, or a deploy replaced it) must not take the
// whole store down, and the next opening must try again.
function chunkLoader<Props>(
  load: () => Promise<ComponentType<Props>>,
): () => Promise<ComponentType<Props>> {
  let chunk: Promise<ComponentType<Props>> | undefined;
  return () =>
    (chunk ??= load().catch((error: unknown) => {
      chunk = undefined;
      throw error;
    }));
}

const loadCartDrawer = chunkLoader(() => import('../Cart/CartDrawer').then((m) => m.CartDrawer));
const loadDepartmentsDrawer = chunkLoader<DepartmentsDrawerProps>(() =>
  import('./DepartmentsDrawer').then((m) => m.DepartmentsDrawer),
);
const loadSearchSheet = chunkLoader<ConnectedSearchSheetProps>(() =>
  import('../Listing/ConnectedSearchSheet').then((m) => m.ConnectedSearchSheet),
);

/**
 * Phones open their on-screen keyboard only for a field focused in the tap's own task, and the
 * search sheet's field arrives later (its chunk, the dialog's mount): a transparent field takes the
 * focus meanwhile, so the keyboard is up when the sheet's field takes it over. It goes away as soon
 * as it loses the focus.
 */
function holdKeyboard(): HTMLInputElement | null {
  const doc = globalThis.document;
  if (!doc?.body) return null;
  const stand = doc.createElement('input');
  stand.setAttribute('aria-hidden', 'true');
  stand.tabIndex = -1;
  // 16 px: a smaller font makes iOS zoom the page.
  stand.style.cssText =
    'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;border:0;padding:0;font-size:16px';
  stand.addEventListener('blur', () => stand.remove(), { once: true });
  doc.body.append(stand);
  stand.focus({ preventScroll: true });
  return stand;
}

/** Mounts `load`'s component from the first `open` on; when it cannot load, `onUnavailable` runs. */
function LazyChunk<Props extends object>({
  load,
  open,
  onUnavailable,
  props,
}: {
  load: () => Promise<ComponentType<Props>>;
  open: boolean;
  onUnavailable: () => void;
  props: Props;
}) {
  const [Component, setComponent] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    if (!open || Component) return;
    let live = true;
    load().then(
      (component) => live && setComponent(() => component),
      () => live && onUnavailable(),
    );
    return () => {
      live = false;
    };
  }, [load, open, Component, onUnavailable]);
  return Component ? <Component {...props} /> : null;
}

const NO_PROPS = {};

const NO_DEPARTMENTS: readonly Department[] = [];

export interface StorefrontShellScreenProps {
  /** The page; the nested route's element (<Outlet />) when omitted. */
  children?: ReactNode;
}

export function StorefrontShellScreen({ children }: StorefrontShellScreenProps) {
  const storeName = useStoreName();
  const cart = useCart();
  const navigate = useNavigate();
  const { closeDrawer } = cart;
  // The drawer's code could not be fetched: the cart page shows the same bag.
  const openCartPage = useCallback(() => {
    closeDrawer();
    navigate(storefrontPaths.cart);
  }, [closeDrawer, navigate]);
  // The department menu and the footer's legal identity: what fails or is pending stays empty
  // (errorPolicy 'all': one failing half keeps the other), the page works.
  const { data } = useQuery(STOREFRONT_SHELL_QUERY, { errorPolicy: 'all' });
  const departments = data?.categories ? departmentsOf(data) : NO_DEPARTMENTS;
  const legal = data?.storeSettings ?? null;
  const [departmentsOpen, setDepartmentsOpen] = useState(false);
  // Always offered (the header must not move when the tree arrives); a press before it did
  // opens the drawer with "Marcas" alone.
  const openDepartments = useCallback(() => setDepartmentsOpen(true), []);
  const closeDepartments = useCallback(() => setDepartmentsOpen(false), []);
  const departmentsUnavailable = useCallback(() => {
    setDepartmentsOpen(false);
    navigate(`${storefrontPaths.home}#categorias`);
  }, [navigate]);

  // The phone's search sheet: open on the page it was opened on (going to another page, the back
  // button included, closes it). Closed without a choice, focus goes back to the header's button.
  const location = useLocation();
  const [searchOpenAt, setSearchOpenAt] = useState<string | null>(null);
  const searchOpen = searchOpenAt === location.key;
  const searchOpener = useRef<HTMLElement | null>(null);
  const keyboardStand = useRef<HTMLInputElement | null>(null);
  const returnFocus = useRef(false);
  const openSearch = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => {
      // The button submits a form to the search page, for a tap before hydration; here the
      // sheet opens instead.
      event.preventDefault();
      searchOpener.current = event.currentTarget;
      keyboardStand.current = holdKeyboard();
      setSearchOpenAt(location.key);
    },
    [location.key],
  );
  const closeSearch = useCallback((navigated: boolean) => {
    returnFocus.current = !navigated;
    setSearchOpenAt(null);
  }, []);
  // The sheet could not be fetched (offline, a new deploy): the search page has a field.
  const searchUnavailable = useCallback(() => {
    keyboardStand.current?.blur();
    setSearchOpenAt(null);
    navigate(storefrontPaths.search());
  }, [navigate]);
  useEffect(() => {
    if (searchOpen || !returnFocus.current) return;
    returnFocus.current = false;
    searchOpener.current?.focus();
  }, [searchOpen]);
  return (
    <StorefrontShellView
      storeName={storeName}
      legal={legal}
      search={<HeaderSearch />}
      cartCount={cart.itemCount}
      onCartClick={cart.openDrawer}
      departments={departments}
      onDepartmentsClick={openDepartments}
      onSearchClick={openSearch}
    >
      <StorefrontErrorBoundary>{children ?? <Outlet />}</StorefrontErrorBoundary>
      <LazyChunk
        load={loadCartDrawer}
        open={cart.drawerOpen}
        onUnavailable={openCartPage}
        props={NO_PROPS}
      />
      <LazyChunk
        load={loadDepartmentsDrawer}
        open={departmentsOpen}
        onUnavailable={departmentsUnavailable}
        props={{ open: departmentsOpen, onClose: closeDepartments, departments }}
      />
      <LazyChunk
        load={loadSearchSheet}
        open={searchOpen}
        onUnavailable={searchUnavailable}
        props={{ open: searchOpen, onClose: closeSearch }}
      />
    </StorefrontShellView>
  );
}
