// The shopper's cart, kept on their device (localStorage) so it survives visits. It holds only
// what the shopper chose — variant ids and quantities, the coupon, the CEP and the shipping
// option — never prices:
// totals always come from the server's cartPreview.

import { isUuid, MAX_CART_LINES, MAX_LINE_QUANTITY, normaliseCouponCode } from './cartRules';

/** The limits live in cartRules; here too for the modules that read them from the store. */
export { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cartRules';

export const CART_STORAGE_KEY = 'vitrine.cart';

export interface StoredCartLine {
  variantId: string;
  quantity: number;
}

export interface CartState {
  lines: StoredCartLine[];
  couponCode: string | null;
  postalCode: string | null;
  /**
   * The shipping option chosen on the cart page, carried to the checkout. The server prices its
   * cheapest option instead when this one is not offered for the CEP.
   */
  shippingMethodId: string | null;
  /** Not persisted: whether the cart drawer is open. */
  drawerOpen: boolean;
}

export interface CartStore {
  getSnapshot(): CartState;
  /**
   * What the server rendered the page with (useSyncExternalStore's server snapshot); the empty
   * bag when not given.
   */
  getServerSnapshot?(): CartState;
  subscribe(listener: () => void): () => void;
  /**
   * Adds units of a variant (merging with a line already in the cart) and returns how many the
   * cart took: fewer when the line reaches its maximum, 0 when the line is full or the cart
   * already holds as many different items as the server accepts.
   */
  add(variantId: string, quantity?: number): number;
  /** Sets a line's quantity; 0 removes it. */
  setQuantity(variantId: string, quantity: number): void;
  remove(variantId: string): void;
  /**
   * Puts a removed line back where it was (the bag's "Desfazer"); nothing when the variant is in
   * the cart again or the cart is full.
   */
  restore(line: StoredCartLine, index: number): void;
  clear(): void;
  setCouponCode(code: string | null): void;
  setPostalCode(postalCode: string | null): void;
  setShippingMethodId(methodId: string | null): void;
  setDrawerOpen(open: boolean): void;
  /** Stops listening to other tabs. */
  dispose(): void;
}

const NOTHING_STORED: Omit<CartState, 'drawerOpen'> = {
  lines: [],
  couponCode: null,
  postalCode: null,
  shippingMethodId: null,
};

/** The empty bag (also what the server renders: the cart lives on the device). */
export const EMPTY_CART: CartState = { ...NOTHING_STORED, drawerOpen: false };
const EMPTY = EMPTY_CART;

function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity)));
}

/** Which variant ids a store keeps when it reads the device's cart. */
export type VariantIdCheck = (variantId: string) => boolean;

/**
 * Any id-like string (letters, digits, '-' and '_'): the default of stores made by hand, since the
 * stories' and tests' mock catalog names its variants by slug. The app-wide store takes only what
 * the API takes, isUuid.
 */
export function isIdLike(variantId: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(variantId);
}

export interface ParseStoredCartOptions {
  /** For variant and shipping option ids: isIdLike by default; the app-wide store passes isUuid. */
  isVariantId?: VariantIdCheck;
}

/**
 * Reads a stored cart, dropping anything malformed instead of failing the page: a line whose id
 * the API would refuse or whose quantity is not a whole number from 1 is left out, a quantity
 * above the server's maximum is capped, a variant listed twice is merged, lines beyond the
 * server's maximum are left out and a code that cannot be a coupon is forgotten. What is left is
 * a cart the server's cartPreview never refuses as a whole.
 */
export function parseStoredCart(
  raw: string | null,
  { isVariantId = isIdLike }: ParseStoredCartOptions = {},
): Omit<CartState, 'drawerOpen'> {
  if (raw === null) return NOTHING_STORED;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) throw new TypeError('not an object');
    const record = value as Record<string, unknown>;
    const lines: StoredCartLine[] = [];
    if (Array.isArray(record.lines)) {
      for (const item of record.lines as unknown[]) {
        if (typeof item !== 'object' || item === null) continue;
        const { variantId: rawId, quantity } = item as Record<string, unknown>;
        if (typeof rawId !== 'string' || !isVariantId(rawId)) continue;
        if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue;
        // The server reads ids case-insensitively: 'ABC…' and 'abc…' are one line there too.
        const variantId = isUuid(rawId) ? rawId.toLowerCase() : rawId;
        const existing = lines.find((line) => line.variantId === variantId);
        if (existing) existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + quantity);
        else if (lines.length < MAX_CART_LINES) {
          lines.push({ variantId, quantity: Math.min(MAX_LINE_QUANTITY, quantity) });
        }
      }
    }
    return {
      lines,
      couponCode:
        typeof record.couponCode === 'string' ? normaliseCouponCode(record.couponCode) : null,
      postalCode: typeof record.postalCode === 'string' ? record.postalCode : null,
      shippingMethodId:
        typeof record.shippingMethodId === 'string' && isVariantId(record.shippingMethodId)
          ? record.shippingMethodId
          : null,
    };
  } catch {
    return NOTHING_STORED;
  }
}

export interface CreateCartStoreOptions {
  /** localStorage by default; null keeps the cart in memory only (private mode, tests). */
  storage?: Storage | null;
  /** Where 'storage' events from other tabs arrive; window by default. */
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Which stored variant and shipping option ids are kept when reading the device's cart. */
  isVariantId?: VariantIdCheck;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

export function createCartStore(options: CreateCartStoreOptions = {}): CartStore {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const eventTarget =
    options.eventTarget === undefined
      ? typeof window === 'undefined'
        ? null
        : window
      : options.eventTarget;
  const listeners = new Set<() => void>();

  function read(): CartState {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(CART_STORAGE_KEY) ?? null;
    } catch {
      raw = null;
    }
    return { ...EMPTY, ...parseStoredCart(raw, { isVariantId: options.isVariantId }) };
  }

  let state: CartState = read();

  function emit() {
    for (const listener of listeners) listener();
  }

  function commit(next: Omit<CartState, 'drawerOpen'>, drawerOpen = state.drawerOpen) {
    state = { ...next, drawerOpen };
    try {
      if (
        state.lines.length === 0 &&
        state.couponCode === null &&
        state.postalCode === null &&
        state.shippingMethodId === null
      ) {
        storage?.removeItem(CART_STORAGE_KEY);
      } else {
        storage?.setItem(
          CART_STORAGE_KEY,
          JSON.stringify({
            lines: state.lines,
            couponCode: state.couponCode,
            postalCode: state.postalCode,
            shippingMethodId: state.shippingMethodId,
          }),
        );
      }
    } catch {
      // A full or blocked storage keeps the cart for this visit only.
    }
    emit();
  }

  function onStorage(event: StorageEvent) {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    state = { ...read(), drawerOpen: state.drawerOpen };
    emit();
  }
  eventTarget?.addEventListener('storage', onStorage as EventListener);

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(variantId, quantity = 1) {
      const units = clampQuantity(quantity);
      if (units === 0) return 0;
      const existing = state.lines.find((line) => line.variantId === variantId);
      // The server refuses a cart of more distinct items as a whole: the cart stays as it is.
      if (!existing && state.lines.length >= MAX_CART_LINES) return 0;
      const before = existing?.quantity ?? 0;
      const after = clampQuantity(before + units);
      if (after === before) return 0;
      const lines = existing
        ? state.lines.map((line) =>
            line.variantId === variantId ? { ...line, quantity: after } : line,
          )
        : [...state.lines, { variantId, quantity: after }];
      commit({ ...state, lines });
      return after - before;
    },
    setQuantity(variantId, quantity) {
      const units = clampQuantity(quantity);
      const lines =
        units === 0
          ? state.lines.filter((line) => line.variantId !== variantId)
          : state.lines.map((line) =>
              line.variantId === variantId ? { ...line, quantity: units } : line,
            );
      commit({ ...state, lines });
    },
    remove(variantId) {
      commit({ ...state, lines: state.lines.filter((line) => line.variantId !== variantId) });
    },
    restore(line, index) {
      const units = clampQuantity(line.quantity);
      if (units === 0 || state.lines.length >= MAX_CART_LINES) return;
      if (state.lines.some((item) => item.variantId === line.variantId)) return;
      const lines = [...state.lines];
      lines.splice(Math.max(0, Math.min(index, lines.length)), 0, {
        variantId: line.variantId,
        quantity: units,
      });
      commit({ ...state, lines });
    },
    clear() {
      // The delivery choices outlive the order: the next cart goes to the same address.
      commit({
        ...NOTHING_STORED,
        postalCode: state.postalCode,
        shippingMethodId: state.shippingMethodId,
      });
    },
    /** Keeps the code upper-cased and trimmed; one that cannot be a coupon is not kept. */
    setCouponCode(code) {
      commit({ ...state, couponCode: code === null ? null : normaliseCouponCode(code) });
    },
    setPostalCode(postalCode) {
      commit({ ...state, postalCode: postalCode?.trim() || null });
    },
    setShippingMethodId(methodId) {
      if (methodId === state.shippingMethodId) return;
      commit({ ...state, shippingMethodId: methodId || null });
    },
    setDrawerOpen(open) {
      if (open === state.drawerOpen) return;
      state = { ...state, drawerOpen: open };
      emit();
    },
    dispose() {
      eventTarget?.removeEventListener('storage', onStorage as EventListener);
      listeners.clear();
    },
  };
}
