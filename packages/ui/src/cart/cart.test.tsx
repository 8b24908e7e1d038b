import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  CART_STORAGE_KEY,
  CartProvider,
  createCartStore,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  parseStoredCart,
  useCart,
} from '.';
import { isUuid } from './cartRules';

/** A valid variant id (what the API takes), numbered. */
function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

describe('cart store', () => {
  it('keeps lines by variant id and quantity in localStorage, and nothing else about them', () => {
    const store = createCartStore();
    store.add('variant-m', 2);
    store.add('variant-g');
    store.add('variant-m');
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '')).toEqual({
      lines: [
        { variantId: 'variant-m', quantity: 3 },
        { variantId: 'variant-g', quantity: 1 },
      ],
      couponCode: null,
      postalCode: null,
      shippingMethodId: null,
    });
    store.dispose();
  });

  it('survives a new visit: a new store reads what the last one saved', () => {
    const first = createCartStore();
    first.add('variant-m', 2);
    first.setCouponCode(' bemvindo10 ');
    first.setPostalCode('01310-100');
    first.dispose();

    const second = createCartStore();
    expect(second.getSnapshot()).toMatchObject({
      lines: [{ variantId: 'variant-m', quantity: 2 }],
      couponCode: 'BEMVINDO10',
      postalCode: '01310-100',
    });
    second.dispose();
  });

  it('keeps the shipping option chosen in the cart for the checkout, and after an order too', () => {
    const first = createCartStore();
    first.add(uuid(1));
    first.setPostalCode('01310-100');
    first.setShippingMethodId(uuid(9));
    first.dispose();

    const second = createCartStore({ isVariantId: isUuid });
    expect(second.getSnapshot().shippingMethodId).toBe(uuid(9));
    // The order placed empties the cart; where it goes and how stay for the next one.
    second.clear();
    expect(second.getSnapshot()).toMatchObject({
      lines: [],
      postalCode: '01310-100',
      shippingMethodId: uuid(9),
    });
    second.setShippingMethodId(null);
    second.setPostalCode(null);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    second.dispose();
  });

  it('forgets a stored shipping option the API would refuse', () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ lines: [], shippingMethodId: "pac'; drop table" }),
    );
    expect(createCartStore().getSnapshot().shippingMethodId).toBeNull();
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ shippingMethodId: 'sedex' }));
    expect(createCartStore({ isVariantId: isUuid }).getSnapshot().shippingMethodId).toBeNull();
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ shippingMethodId: 42 }));
    expect(createCartStore().getSnapshot().shippingMethodId).toBeNull();
  });

  it('removes a line when its quantity goes to zero and caps absurd quantities', () => {
    const store = createCartStore();
    store.add('a', 5);
    store.setQuantity('a', 1000);
    expect(store.getSnapshot().lines).toEqual([{ variantId: 'a', quantity: 50 }]);
    store.setQuantity('a', 0);
    expect(store.getSnapshot().lines).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    store.dispose();
  });

  it('starts empty instead of failing when the stored cart is corrupt', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(createCartStore().getSnapshot().lines).toEqual([]);
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ lines: [{ variantId: 'ok', quantity: 2 }, { variantId: 3 }, 'x'] }),
    );
    expect(createCartStore().getSnapshot().lines).toEqual([{ variantId: 'ok', quantity: 2 }]);
  });

  it('reads a corrupt cart down to one the server accepts: ids, whole quantities, limits', () => {
    const stored = JSON.stringify({
      lines: [
        { variantId: uuid(1), quantity: 2 },
        { variantId: 'not-a-uuid', quantity: 1 },
        { variantId: '', quantity: 1 },
        { variantId: uuid(2), quantity: 0 },
        { variantId: uuid(3), quantity: -1 },
        { variantId: uuid(4), quantity: 1.5 },
        { variantId: uuid(5), quantity: '2' },
        { variantId: uuid(6), quantity: Number.MAX_SAFE_INTEGER },
        // The same variant again, upper-cased: merged, and never above the per-line maximum.
        { variantId: uuid(1).toUpperCase(), quantity: 49 },
      ],
      couponCode: ' bemvindo10 ',
      postalCode: '01310-100',
      shippingMethodId: uuid(7),
    });
    expect(parseStoredCart(stored, { isVariantId: isUuid })).toEqual({
      lines: [
        { variantId: uuid(1), quantity: MAX_LINE_QUANTITY },
        { variantId: uuid(6), quantity: MAX_LINE_QUANTITY },
      ],
      couponCode: 'BEMVINDO10',
      postalCode: '01310-100',
      shippingMethodId: uuid(7),
    });
  });

  it('keeps at most as many lines as the server takes, and merges repeats even past it', () => {
    const lines = Array.from({ length: MAX_CART_LINES + 10 }, (_, i) => ({
      variantId: uuid(i + 1),
      quantity: 1,
    }));
    lines.push({ variantId: uuid(1), quantity: 1 });
    const parsed = parseStoredCart(JSON.stringify({ lines }), { isVariantId: isUuid });
    expect(parsed.lines).toHaveLength(MAX_CART_LINES);
    expect(parsed.lines[0]).toEqual({ variantId: uuid(1), quantity: 2 });
    expect(parsed.lines.at(-1)).toEqual({ variantId: uuid(MAX_CART_LINES), quantity: 1 });
  });

  it('forgets a saved code that cannot be a coupon, and never saves one', () => {
    for (const couponCode of ['BEM VINDO', 'NATAL!', 'promoção', 42]) {
      expect(parseStoredCart(JSON.stringify({ lines: [], couponCode })).couponCode).toBeNull();
    }
    const store = createCartStore();
    store.setCouponCode(' natal-10 ');
    expect(store.getSnapshot().couponCode).toBe('NATAL-10');
    store.setCouponCode('BEM VINDO');
    expect(store.getSnapshot().couponCode).toBeNull();
    store.dispose();
  });

  it('adds no new line beyond what the server takes', () => {
    const store = createCartStore();
    for (let i = 1; i <= MAX_CART_LINES; i += 1) expect(store.add(uuid(i))).toBe(1);
    expect(store.add(uuid(MAX_CART_LINES + 1)), 'a new line in a full cart').toBe(0);
    expect(store.getSnapshot().lines).toHaveLength(MAX_CART_LINES);
    expect(store.add(uuid(1), 2)).toBe(2);
    expect(store.getSnapshot().lines[0]).toEqual({ variantId: uuid(1), quantity: 3 });
    store.dispose();
  });

  it('says how many units an add really took, capped to the line maximum', () => {
    const store = createCartStore();
    expect(store.add(uuid(1), 3)).toBe(3);
    expect(store.add(uuid(1), MAX_LINE_QUANTITY)).toBe(MAX_LINE_QUANTITY - 3);
    expect(store.add(uuid(1))).toBe(0);
    expect(store.getSnapshot().lines).toEqual([
      { variantId: uuid(1), quantity: MAX_LINE_QUANTITY },
    ]);
    store.dispose();
  });

  it('follows changes made in another tab', () => {
    const store = createCartStore();
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ lines: [{ variantId: 'from-other-tab', quantity: 4 }] }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot().lines).toEqual([{ variantId: 'from-other-tab', quantity: 4 }]);
    store.dispose();
  });
});

function CartBadge() {
  const cart = useCart();
  return (
    <div>
      <p>{`${cart.itemCount} no carrinho`}</p>
      <button type="button" onClick={() => cart.add('variant-m')}>
        Adicionar
      </button>
    </div>
  );
}

describe('useCart', () => {
  it('re-renders with the item count when something is added', async () => {
    const user = userEvent.setup();
    const store = createCartStore();
    render(
      <CartProvider store={store}>
        <CartBadge />
      </CartProvider>,
    );
    expect(screen.getByText('0 no carrinho')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getByText('2 no carrinho')).toBeInTheDocument();
    act(() => store.setQuantity('variant-m', 5));
    expect(screen.getByText('5 no carrinho')).toBeInTheDocument();
    store.dispose();
  });
});

describe('the app-wide cart', () => {
  it('keeps only the variant ids the API takes when it reads the cart on the device', () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        lines: [
          { variantId: 'camiseta-m', quantity: 5 },
          { variantId: uuid(7), quantity: 2 },
        ],
      }),
    );
    // No provider: the store every storefront screen shares, over localStorage.
    render(<CartBadge />);
    expect(screen.getByText('2 no carrinho')).toBeInTheDocument();
  });
});
