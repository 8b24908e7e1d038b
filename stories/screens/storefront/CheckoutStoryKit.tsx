// Shared pieces of the cart, checkout, confirmation and tracking stories: the routes as the app
// mounts them, a cart store created after the story seeded localStorage, and the mock server.
import Button from '@mui/material/Button';
import {
  CartDrawer,
  CartProvider,
  CartScreen,
  CheckoutScreen,
  createCartStore,
  OrderConfirmationScreen,
  OrderTrackingScreen,
  useCart,
} from '@vitrine/ui';
import { seedCart, type SeedCart } from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import {
  makeStorefrontCatalog,
  type StorefrontCatalog,
} from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';

import { storefrontMocks } from './storefrontStoryData';

/** A fresh catalog and its GraphQL mock (stock changes of one story stay in that story). */
export function checkoutGraphql(catalog: StorefrontCatalog = makeStorefrontCatalog()) {
  return storefrontMocks(catalog);
}

/** `beforeEach` of a story: the cart a previous visit left on the device. */
export function withCart(cart: SeedCart) {
  return () => {
    seedCart(cart);
  };
}

function OpenCartButton() {
  const cart = useCart();
  return (
    <Button variant="outlined" onClick={cart.openDrawer} sx={{ m: 2 }}>
      Abrir sacola ({cart.itemCount})
    </Button>
  );
}

/** The checkout's screens on the app's paths, over a cart store read after the seeding. */
export function CheckoutStoryRoutes() {
  const [store] = useState(() => createCartStore());
  return (
    <CartProvider store={store}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <OpenCartButton />
              <CartDrawer />
            </>
          }
        />
        <Route path="/carrinho" element={<CartScreen />} />
        <Route path="/checkout" element={<CheckoutScreen />} />
        <Route path="/pedido/confirmado/:number" element={<OrderConfirmationScreen />} />
        <Route path="/pedido" element={<OrderTrackingScreen />} />
      </Routes>
    </CartProvider>
  );
}

/** A fixed clock for Pix countdowns: 20 minutes before the fixtures' codes expire. */
export const pixClock = () => Date.parse('2030-01-01T11:40:00.000Z');
