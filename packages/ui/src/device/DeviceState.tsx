// The device's state (deviceCookies.ts) on both sides of a rendered bag, checkout or order page.
// The server (packages/app entry-server.tsx) provides what it read from the cookies and hands
// the same to the browser in <script type="application/json" id="vitrine-device">; the browser
// hydrates from that copy, so its first render is the server's even when the tab's own storage
// says something newer (that follows right after, as any update). Only the buying area's chunk
// imports this module: the first visit's pages carry none of it.
import type { WatchQueryFetchPolicy } from '@apollo/client';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';

import { CartProvider, useCartStore, type CartState, type CartStore } from '../cart';
import { NO_DEVICE_STATE, writeCartCookie, type DeviceState } from './deviceCookies';

export const DEVICE_STATE_ID = 'vitrine-device';

/** The server's provider; undefined in the browser, which reads the page's copy instead. */
export const DeviceStateContext = createContext<DeviceState | undefined>(undefined);

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** The page's copy for the browser (data, not a script: the CSP allows it). */
export function deviceStateScript(state: DeviceState): string {
  const json = JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c] ?? c);
  return `<script type="application/json" id="${DEVICE_STATE_ID}">${json}</script>`;
}

let pageCopy: DeviceState | undefined;

/** What the page was rendered with, read once; nothing when the browser rendered it. */
function readPageCopy(): DeviceState {
  if (pageCopy) return pageCopy;
  try {
    const element =
      typeof document === 'undefined' ? null : document.getElementById(DEVICE_STATE_ID);
    const value = JSON.parse(element?.textContent || 'null') as Partial<DeviceState> | null;
    pageCopy = { cart: value?.cart ?? null, order: value?.order ?? null };
  } catch {
    pageCopy = NO_DEVICE_STATE;
  }
  return pageCopy;
}

export function useDeviceState(): DeviceState {
  return useContext(DeviceStateContext) ?? readPageCopy();
}

const noSubscription = () => () => undefined;

/**
 * True while the server renders and while the browser hydrates its HTML; false from then on and
 * in a page the browser renders itself. What only the tab knows (its sessionStorage, the router's
 * state) waits for false, so hydration meets the server's markup.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * `policy`, or 'cache-first' for a query mounted while the page hydrates: its answer is in the
 * cache the server rendered the page from, fetched for this very page, and a network policy would
 * show the browser's first render loading (a mismatch, the page rendered again) once Apollo's
 * short ssrForceFetchDelay has passed, as it has on a slow phone. Kept for the query's life.
 */
export function useHydratedFetchPolicy(policy: WatchQueryFetchPolicy): WatchQueryFetchPolicy {
  const hydrating = useIsHydrating();
  const [chosen] = useState(() => (hydrating ? 'cache-first' : policy));
  return chosen;
}

/** The e-mail of `number` when the device's order cookie names that order. */
export function useDeviceOrderEmail(number: string): string | null {
  const { order } = useDeviceState();
  return order?.number === number ? order.email : null;
}

/**
 * The page's cart store, hydrated from the cart the server rendered with (the device's cookie):
 * wraps the bag, checkout and order screens.
 */
export function DeviceCart({ children }: { children: ReactNode }) {
  const store = useCartStore();
  const { cart } = useDeviceState();
  const hydrated = useMemo<CartStore>(() => {
    if (!cart) return store;
    const rendered: CartState = { ...cart, drawerOpen: false };
    return { ...store, getServerSnapshot: () => rendered };
  }, [store, cart]);
  return <CartProvider store={hydrated}>{children}</CartProvider>;
}

/** By the store's subscribe: DeviceCart's wrapper shares it with the store behind it. */
const mirrored = new WeakSet<CartStore['subscribe']>();

function mirror(store: CartStore) {
  const write = () => {
    const { drawerOpen: _drawerOpen, ...cart } = store.getSnapshot();
    writeCartCookie(cart);
  };
  write();
  store.subscribe(write);
}

/**
 * Mirrors the cart into its cookie from now on (once per store): the pages that change the cart
 * (product, bag, drawer, checkout, confirmation) call it, so the server renders the bag the
 * shopper has.
 */
export function useCartCookie(): void {
  const store = useCartStore();
  useEffect(() => {
    if (mirrored.has(store.subscribe)) return;
    mirrored.add(store.subscribe);
    mirror(store);
  }, [store]);
}
