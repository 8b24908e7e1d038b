// The device's cookies, which the server renders the bag and order pages from: what the browser
// writes comes back the same, and anything else (a cookie tampered with, from another version) is
// read as a cart the API never refuses, or as nothing.
import { describe, expect, it } from 'vitest';

import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart';
import {
  CART_COOKIE,
  decodeCartCookie,
  decodeOrderCookie,
  encodeCartCookie,
  encodeOrderCookie,
  ORDER_COOKIE,
  readDeviceCookies,
  writeCartCookie,
  writeOrderCookie,
} from './deviceCookies';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the cart cookie', () => {
  it('reads back the cart the browser wrote: lines, CEP, coupon and delivery', () => {
    const cart = {
      lines: [
        { variantId: uuid(1), quantity: 2 },
        { variantId: uuid(2), quantity: 1 },
      ],
      postalCode: '01310-100',
      couponCode: 'BEMVINDO10',
      shippingMethodId: uuid(9),
    };
    expect(decodeCartCookie(encodeCartCookie(cart))).toEqual(cart);
    const empty = { lines: [], postalCode: null, couponCode: null, shippingMethodId: null };
    expect(decodeCartCookie(encodeCartCookie(empty))).toEqual(empty);
  });

  it('fits a full cart in one cookie, in characters a cookie may hold', () => {
    const lines = Array.from({ length: MAX_CART_LINES }, (_, n) => ({
      variantId: uuid(n),
      quantity: MAX_LINE_QUANTITY,
    }));
    const value = encodeCartCookie({
      lines,
      postalCode: '01310-100',
      couponCode: 'X'.repeat(40),
      shippingMethodId: uuid(99),
    });
    expect(`${CART_COOKIE}=${value}`.length).toBeLessThan(4096);
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/);
  });

  it('keeps only what the API takes from a cookie it did not write', () => {
    const value = ['1', '', '', 'not-an-id!', `${uuid(1)}:3.nonsense:2.${uuid(2)}:0.${uuid(1)}:4`];
    expect(decodeCartCookie(value.join('|'))).toEqual({
      // Ids that are not UUIDs and quantities below 1 are left out; a repeated line is merged.
      lines: [{ variantId: uuid(1), quantity: 7 }],
      postalCode: null,
      couponCode: null,
      shippingMethodId: null,
    });
    expect(decodeCartCookie('2||||')).toBeNull();
    expect(decodeCartCookie('garbage')).toBeNull();
    expect(decodeCartCookie('1|%E0%A4%A||||extra')).toBeNull();
  });
});

describe('the order cookie', () => {
  it('reads back the number and e-mail, and nothing of another shape', () => {
    const order = { number: 'VT-10001', email: 'ana+loja@example.com' };
    expect(decodeOrderCookie(encodeOrderCookie(order))).toEqual(order);
    expect(decodeOrderCookie('VT-1|not-an-email')).toBeNull();
    expect(decodeOrderCookie('<script>|a@b.c')).toBeNull();
    expect(decodeOrderCookie(`VT-1|${'a'.repeat(250)}@b.com`)).toBeNull();
  });
});

describe('readDeviceCookies', () => {
  it("tells a device whose cart was never mirrored from an empty cart's", () => {
    expect(readDeviceCookies(undefined)).toEqual({ cart: null, order: null });
    expect(readDeviceCookies('XSRF-TOKEN=abc; other=1')).toEqual({ cart: null, order: null });
    const header = `XSRF-TOKEN=abc; ${CART_COOKIE}=1||||; ${ORDER_COOKIE}=VT-7|a%40b.com`;
    expect(readDeviceCookies(header)).toEqual({
      cart: { lines: [], postalCode: null, couponCode: null, shippingMethodId: null },
      order: { number: 'VT-7', email: 'a@b.com' },
    });
  });

  it('reads what the browser wrote into document.cookie', () => {
    writeCartCookie({
      lines: [{ variantId: uuid(5), quantity: 1 }],
      postalCode: null,
      couponCode: null,
      shippingMethodId: null,
    });
    writeOrderCookie({ number: 'VT-10002', email: 'bia@example.com' });
    // The order cookie is only sent to /pedido pages: jsdom's document is at '/'.
    const device = readDeviceCookies(document.cookie);
    expect(device.cart?.lines).toEqual([{ variantId: uuid(5), quantity: 1 }]);
    expect(device.order).toBeNull();
  });
});
