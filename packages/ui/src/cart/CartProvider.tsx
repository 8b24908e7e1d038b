// React access to the cart: one store per app (or per story/test through CartProvider).
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';

import { isUuid } from './cartRules';
import { createCartStore, EMPTY_CART, type StoredCartLine, type CartStore } from './cartStore';

const CartContext = createContext<CartStore | null>(null);

let defaultStore: CartStore | null = null;

/**
 * The app-wide store over localStorage, created on first use. It keeps only variant ids the API
 * takes (UUIDs): a line saved with any other id would make cartPreview refuse the whole cart.
 */
function getDefaultStore(): CartStore {
  defaultStore ??= createCartStore({ isVariantId: isUuid });
  return defaultStore;
}

export interface CartProviderProps {
  /** A store of your own (stories, tests); the app-wide localStorage store by default. */
  store?: CartStore;
  children: ReactNode;
}

export function CartProvider({ store, children }: CartProviderProps) {
  const value = useMemo(() => store ?? getDefaultStore(), [store]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The store useCart reads (the provider's, or the app-wide one). */
export function useCartStore(): CartStore {
  return useContext(CartContext) ?? getDefaultStore();
}

export interface UseCartResult {
  lines: StoredCartLine[];
  /** Units in the cart (the badge on the cart button). */
  itemCount: number;
  couponCode: string | null;
  postalCode: string | null;
  shippingMethodId: string | null;
  drawerOpen: boolean;
  add: CartStore['add'];
  setQuantity: CartStore['setQuantity'];
  remove: CartStore['remove'];
  restore: CartStore['restore'];
  clear: CartStore['clear'];
  setCouponCode: CartStore['setCouponCode'];
  setPostalCode: CartStore['setPostalCode'];
  setShippingMethodId: CartStore['setShippingMethodId'];
  openDrawer(): void;
  closeDrawer(): void;
}

const emptyCart = () => EMPTY_CART;

/** The cart and its actions; works without a provider (the app-wide store). */
export function useCart(): UseCartResult {
  const store = useCartStore();
  // The server renders an empty bag (the cart lives on the device); hydrating a server-rendered
  // page starts from that, then shows the device's bag. The bag and order pages, rendered from
  // the device's cart cookie, say so through their store (device/DeviceState.tsx).
  const state = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getServerSnapshot ?? emptyCart,
  );
  return useMemo(
    () => ({
      lines: state.lines,
      itemCount: state.lines.reduce((sum, line) => sum + line.quantity, 0),
      couponCode: state.couponCode,
      postalCode: state.postalCode,
      shippingMethodId: state.shippingMethodId,
      drawerOpen: state.drawerOpen,
      add: store.add,
      setQuantity: store.setQuantity,
      remove: store.remove,
      restore: store.restore,
      clear: store.clear,
      setCouponCode: store.setCouponCode,
      setPostalCode: store.setPostalCode,
      setShippingMethodId: store.setShippingMethodId,
      openDrawer: () => store.setDrawerOpen(true),
      closeDrawer: () => store.setDrawerOpen(false),
    }),
    [state, store],
  );
}
