// The cart drawer's code is a chunk of its own: when it cannot be fetched (offline, or a deploy
// replaced it), the bag opens the cart page instead of taking the whole store down.
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { CartProvider, createCartStore } from '../../../cart';
import { catalogMock } from '../../../mocks';
import { CHECKOUT_VARIANTS, seedCart } from '../../../mocks/checkout/checkout.fixtures';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { StorefrontShellScreen } from './StorefrontShellScreen';

vi.mock('../Cart/CartDrawer', () => {
  throw new Error('Failed to fetch dynamically imported module: CartDrawer.js');
});

describe('StorefrontShellScreen without the cart drawer chunk', { timeout: 30_000 }, () => {
  it('opens the cart page from the bag and keeps the store on screen', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] });
    const store = createCartStore();
    const { user } = renderAt(
      '/',
      <Route
        path="/"
        element={
          <CartProvider store={store}>
            <StorefrontShellScreen />
          </CartProvider>
        }
      >
        <Route index element={<h1>Início</h1>} />
        <Route path="carrinho" element={<h1>Sacola</h1>} />
      </Route>,
    );
    await user.click(screen.getByRole('button', { name: 'Sacola: 2 itens' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/carrinho'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sacola' })).toBeVisible();
    expect(store.getSnapshot().drawerOpen).toBe(false);
    // The header is still there: the shopper can go on.
    expect(screen.getByRole('combobox', { name: 'Buscar produtos' })).toBeVisible();
  });
});
