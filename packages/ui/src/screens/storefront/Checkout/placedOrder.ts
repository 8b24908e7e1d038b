// The last order placed in this tab (number and e-mail), so the confirmation page can fetch it
// again after a reload without asking the shopper for anything; and in the browser session's
// order cookie (/pedido pages only), so the server renders those pages with the order.
import { writeOrderCookie } from '../../../device/deviceCookies';

const LAST_ORDER_KEY = 'vitrine.checkout.lastOrder';

export function rememberPlacedOrder(number: string, email: string): void {
  writeOrderCookie({ number, email });
  try {
    window.sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ number, email }));
  } catch {
    // without storage a reload asks for the e-mail
  }
}

/** The e-mail of `number` when it was placed in this tab. */
export function placedOrderEmail(number: string): string | null {
  try {
    const raw = window.sessionStorage.getItem(LAST_ORDER_KEY);
    const value = raw ? (JSON.parse(raw) as { number?: unknown; email?: unknown }) : null;
    return value?.number === number && typeof value.email === 'string' ? value.email : null;
  } catch {
    return null;
  }
}

const CLEARED_KEY = 'vitrine.checkout.cartClearedFor';

/**
 * True the first time it is asked for `number` in this tab: the cart is emptied once per order,
 * so coming back to the confirmation later never empties a new cart.
 */
export function firstClearFor(number: string): boolean {
  try {
    if (window.sessionStorage.getItem(CLEARED_KEY) === number) return false;
    window.sessionStorage.setItem(CLEARED_KEY, number);
  } catch {
    // without storage, clear on this visit only
  }
  return true;
}
