// What the shopper's device holds that the bag, checkout and order pages are made of, mirrored
// into cookies so the server can render those pages with their content (packages/app
// entry-server.tsx) instead of sending an empty page that a phone fills seconds later:
//
// - `vitrine_cart`: the cart as localStorage keeps it (cartStore.ts: variant ids and quantities,
//   coupon, CEP, shipping option; never prices), written on every change by useCartCookie.
//   Present, even empty, once this device's cart has been mirrored: a device without it (a cart
//   from before the mirror, cookies cleared) gets the page rendered by the browser, as before.
// - `vitrine_order`: the number and e-mail of the order this browser placed last (placedOrder.ts
//   keeps the same in sessionStorage), only for /pedido pages, for the browser's session.
//
// Both are read on the server as untrusted input: the cart goes through parseStoredCart (what
// cartPreview never refuses), the order through the shapes below; the API then answers as it
// would the browser's own requests.
import { isUuid } from '../cart/cartRules';
import { parseStoredCart, type CartState } from '../cart/cartStore';

export const CART_COOKIE = 'vitrine_cart';
export const ORDER_COOKIE = 'vitrine_order';

/** The cart in a cookie lives as long as a cart is worth keeping; refreshed on each change. */
const CART_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

export type StoredCart = Omit<CartState, 'drawerOpen'>;

export interface PlacedOrderRef {
  number: string;
  email: string;
}

/** What the server read from the device's cookies, and the browser reads back to hydrate. */
export interface DeviceState {
  /** null: this device's cart was never mirrored (not the same as an empty cart). */
  cart: StoredCart | null;
  order: PlacedOrderRef | null;
}

export const NO_DEVICE_STATE: DeviceState = { cart: null, order: null };

const enc = encodeURIComponent;

function dec(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/**
 * `1|cep|coupon|shipping|id:qty.id:qty`: compact (50 lines of UUIDs fit well under a cookie's
 * 4 KB) and made only of cookie-safe characters.
 */
export function encodeCartCookie(cart: StoredCart): string {
  const lines = cart.lines.map((line) => `${enc(line.variantId)}:${line.quantity}`).join('.');
  return [
    '1',
    enc(cart.postalCode ?? ''),
    enc(cart.couponCode ?? ''),
    enc(cart.shippingMethodId ?? ''),
    lines,
  ].join('|');
}

/** The cookie's cart, checked as the stored cart is (ids the API takes); null when malformed. */
export function decodeCartCookie(value: string): StoredCart | null {
  const [version, postalCode, couponCode, shippingMethodId, lines, ...rest] = value.split('|');
  if (version !== '1' || lines === undefined || rest.length > 0) return null;
  const stored = {
    postalCode: dec(postalCode ?? '') || null,
    couponCode: dec(couponCode ?? '') || null,
    shippingMethodId: dec(shippingMethodId ?? '') || null,
    lines: (lines ? lines.split('.') : []).map((line) => {
      const [variantId = '', quantity = ''] = line.split(':');
      return { variantId: dec(variantId), quantity: Number(quantity) };
    }),
  };
  return parseStoredCart(JSON.stringify(stored), { isVariantId: isUuid });
}

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

export function encodeOrderCookie(order: PlacedOrderRef): string {
  return `${enc(order.number)}|${enc(order.email)}`;
}

export function decodeOrderCookie(value: string): PlacedOrderRef | null {
  const [number = '', email = '', ...rest] = value.split('|').map(dec);
  if (rest.length > 0 || !ORDER_NUMBER.test(number)) return null;
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  return { number, email };
}

/** The device state in a request's Cookie header (the server's side). */
export function readDeviceCookies(header: string | undefined): DeviceState {
  if (!header) return NO_DEVICE_STATE;
  const values = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) values.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const cart = values.get(CART_COOKIE);
  const order = values.get(ORDER_COOKIE);
  return {
    cart: cart === undefined ? null : decodeCartCookie(cart),
    order: order === undefined ? null : decodeOrderCookie(order),
  };
}

function secure(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? ';secure' : '';
}

function writeCookie(cookie: string) {
  try {
    document.cookie = cookie;
  } catch {
    // cookies blocked: the pages are rendered by the browser, as before
  }
}

export function writeCartCookie(cart: StoredCart): void {
  writeCookie(
    `${CART_COOKIE}=${encodeCartCookie(cart)};path=/;max-age=${CART_COOKIE_MAX_AGE};samesite=lax${secure()}`,
  );
}

/** For the browser's session only, and only sent to the order pages (/pedido...). */
export function writeOrderCookie(order: PlacedOrderRef): void {
  writeCookie(
    `${ORDER_COOKIE}=${encodeOrderCookie(order)};path=/pedido;samesite=strict${secure()}`,
  );
}
