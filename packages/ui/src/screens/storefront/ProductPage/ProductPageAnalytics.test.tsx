// The product page's commerce events: item_id is the variant's SKU in view_item as in
// add_to_cart, and add_to_cart reports the units the cart really took.
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CART_STORAGE_KEY, CartProvider, createCartStore } from '../../../cart';
import { catalogMock } from '../../../mocks';
import {
  makeStorefrontCatalog,
  storefrontProduct,
} from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { recordCommerceEvents } from '../../../test/commerceEvents';
import { renderAt } from '../../../test/renderAt';
import { ProductPageScreen } from './ProductPageScreen';

const SLUG = 'tenis-trilha-serra-leve';

/** With a cart store read after the test seeded the device's cart. */
function renderProduct() {
  const store = createCartStore();
  const page = (
    <CartProvider store={store}>
      <ProductPageScreen />
    </CartProvider>
  );
  return { store, ...renderAt(`/produto/${SLUG}`, <Route path="/produto/:slug" element={page} />) };
}

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

describe('ProductPageScreen analytics', { timeout: 30_000 }, () => {
  it('names the item by SKU in view_item as in add_to_cart', async () => {
    const events = recordCommerceEvents();
    const skus = new Set(storefrontProduct(SLUG).variants.map((variant) => variant.sku));
    const { user } = renderProduct();
    await waitFor(() => expect(events.map((event) => event.name)).toEqual(['view_item']));
    const viewed = events[0]?.params.items?.[0]?.item_id ?? '';
    expect(skus.has(viewed)).toBe(true);

    await user.click(await screen.findByRole('radio', { name: '37' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar à sacola' }));
    const added = events[1]?.params.items?.[0];
    expect(skus.has(added?.item_id ?? '')).toBe(true);
    expect(added?.item_variant).toMatch(/^Tamanho 37( · Cor .+)?$/);
  });

  it('reports the units capped to the stock, not the ones asked for', async () => {
    const events = recordCommerceEvents();
    const { user } = renderProduct();
    await screen.findByRole('radio', { name: '37' });
    // Three asked for before the size (37: 2 in stock) was chosen.
    const more = screen.getByRole('button', { name: 'Aumentar quantidade' });
    await user.click(more);
    await user.click(more);
    await user.click(screen.getByRole('radio', { name: '37' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar à sacola' }));
    const event = events.find((item) => item.name === 'add_to_cart');
    const units = event?.params.items?.[0]?.quantity ?? 0;
    expect(units).toBeLessThanOrEqual(2);
    expect(event?.params.value).toBeCloseTo(399.9 * units, 2);
  });

  it('reports the units the cart took, not the ones asked for, and their value', async () => {
    const events = recordCommerceEvents();
    const variant = storefrontProduct(SLUG).variants.find((item) => item.size === '37');
    // 49 already in the sacola: a line holds at most 50.
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ lines: [{ variantId: variant?.id, quantity: 49 }] }),
    );
    const { user, store } = renderProduct();
    await user.click(await screen.findByRole('radio', { name: '37' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantidade' });
    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    expect(quantity).toHaveValue(2);
    await user.click(screen.getByRole('button', { name: 'Adicionar à sacola' }));
    expect(store.getSnapshot().lines).toEqual([{ variantId: variant?.id, quantity: 50 }]);
    const event = events.find((item) => item.name === 'add_to_cart');
    expect(event?.params).toMatchObject({
      value: 399.9,
      items: [{ quantity: 1, price: 399.9 }],
    });
    // The shopper is told only one of the two went in.
    expect(
      await screen.findByText(/^Adicionamos 1 unidade: a sacola tem no máximo 50/),
    ).toBeVisible();
  });

  it('says the line is full, adds nothing and reports no add_to_cart when 50 are in the bag', async () => {
    const events = recordCommerceEvents();
    const variant = storefrontProduct(SLUG).variants.find((item) => item.size === '37');
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ lines: [{ variantId: variant?.id, quantity: 50 }] }),
    );
    const { user, store } = renderProduct();
    await user.click(await screen.findByRole('radio', { name: '37' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar à sacola' }));
    expect(
      await screen.findByText('Sua sacola já tem o máximo de 50 unidades deste produto.'),
    ).toBeVisible();
    expect(screen.queryByText('Produto adicionado à sacola')).toBeNull();
    expect(store.getSnapshot().lines).toEqual([{ variantId: variant?.id, quantity: 50 }]);
    expect(events.some((event) => event.name === 'add_to_cart')).toBe(false);
  });
});
