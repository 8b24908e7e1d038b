// The purchase event through the real checkout and confirmation: a sale only once the order is
// placed and its payment not refused (Pix: placed is sold).
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CartProvider, createCartStore } from '../../../cart';
import { standInCardTokenizer, TEST_CARDS } from '../../../mocks/checkout/cardTokenizer';
import { catalogMock, paymentsMock } from '../../../mocks';
import { CHECKOUT_VARIANTS, seedCart } from '../../../mocks/checkout/checkout.fixtures';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { recordCommerceEvents } from '../../../test/commerceEvents';
import { renderAt } from '../../../test/renderAt';
import { OrderConfirmationScreen } from '../OrderConfirmation/OrderConfirmationScreen';
import { CheckoutScreen } from './CheckoutScreen';
import { CardTokenizerProvider } from './payment/cardTokenizerContext';

beforeEach(() => {
  server.use(
    ...catalogMock.answers(makeStorefrontCatalog()),
    ...paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
  );
  seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] });
});

function renderJourney() {
  const store = createCartStore();
  const { factory } = standInCardTokenizer();
  const wrap = (element: ReactNode) => (
    <CardTokenizerProvider factory={factory}>
      <CartProvider store={store}>{element}</CartProvider>
    </CardTokenizerProvider>
  );
  return renderAt(
    '/checkout',
    <>
      <Route path="/checkout" element={wrap(<CheckoutScreen />)} />
      <Route path="/pedido/confirmado/:number" element={wrap(<OrderConfirmationScreen />)} />
    </>,
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillCustomer(user: UserEvent) {
  await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
  await user.type(field(/Nome completo/), 'Maria Oliveira');
  await user.type(field(/E-mail/), 'maria@exemplo.com.br');
  await user.type(field(/^CPF/), '52998224725');
  await user.type(field(/Celular/), '11987654321');
  await user.type(field(/CEP/), '01310100');
  await waitFor(() => expect(field(/Rua/)).toHaveValue('Avenida Paulista'));
  await user.type(field(/^Número\b/), '1000');
  await screen.findByRole('radio', { name: /PAC/ });
}

describe('purchase event', { timeout: 90_000 }, () => {
  it('is not sent for a refused card, and is sent once when another card pays the order', async () => {
    const events = recordCommerceEvents();
    const purchases = () => events.filter((event) => event.name === 'purchase');
    const { user } = renderJourney();
    await fillCustomer(user);
    await user.click(await screen.findByRole('radio', { name: /Cartão de crédito/ }));
    await user.type(field(/Número do cartão/), TEST_CARDS.visa);
    await user.type(field(/Nome impresso/), 'OTHE');
    await user.type(field(/Validade/), '1130');
    await user.type(field(/CVV/), '123');
    await user.click(screen.getByRole('button', { name: 'Finalizar e pagar' }));
    expect(await screen.findByText('Pagamento recusado')).toBeVisible();
    expect(purchases()).toEqual([]);

    const retry = screen.getByRole('form', { name: 'Pagar com cartão' });
    await user.type(
      within(retry).getByRole('textbox', { name: /Número do cartão/ }),
      TEST_CARDS.master,
    );
    await user.type(
      within(retry).getByRole('textbox', { name: /Nome impresso/ }),
      'MARIA OLIVEIRA',
    );
    await user.type(within(retry).getByRole('textbox', { name: /Validade/ }), '1130');
    await user.type(within(retry).getByRole('textbox', { name: /CVV/ }), '321');
    await user.type(within(retry).getByRole('textbox', { name: /CPF do titular/ }), '52998224725');
    await user.click(within(retry).getByRole('button', { name: 'Pagar com outro cartão' }));
    expect(await screen.findByText('Pagamento aprovado')).toBeVisible();
    expect(purchases()).toHaveLength(1);
    expect(purchases()[0]?.params).toMatchObject({
      transaction_id: expect.stringMatching(/^VT-\d+$/) as unknown,
      items: [{ item_id: expect.any(String) as unknown, quantity: 2, price: 79.9 }],
    });
  });
});
