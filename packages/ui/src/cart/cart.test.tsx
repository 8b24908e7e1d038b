import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { CART_STORAGE_KEY, CartProvider, createCartStore, useCart } from '.';

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
