import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CART_STORAGE_KEY, CartProvider, createCartStore } from '../../../cart';
import { createGraphqlHandler } from '../../../mocks';
import {
  CHECKOUT_VARIANTS,
  loseFirstPlaceOrder,
  seedCart,
  sellOutOnPlaceOrder,
  VALID_CPF,
} from '../../../mocks/fixtures/checkout';
import { makeStorefrontCatalog, type StorefrontCatalog } from '../../../mocks/fixtures/storefront';
import { REFUSED_EMAIL } from '../../../mocks/handlers/storefrontResolvers';
import { server } from '../../../mocks/server';
import { recordCommerceEvents } from '../../../test/commerceEvents';
import { deferred, renderAt } from '../../../test/renderAt';
import { CartScreen } from '../Cart/CartScreen';
import { OrderConfirmationScreen } from '../OrderConfirmation/OrderConfirmationScreen';
import { CHECKOUT_DRAFT_KEY, readCheckoutError } from './checkoutForm';
import { CheckoutScreen } from './CheckoutScreen';

let catalog: StorefrontCatalog;

beforeEach(() => {
  catalog = makeStorefrontCatalog();
  server.use(createGraphqlHandler(catalog));
  seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] });
});

function renderCheckout() {
  const store = createCartStore();
  return renderAt(
    '/checkout',
    <Route
      element={
        <CartProvider store={store}>
          <CheckoutScreen />
        </CartProvider>
      }
      path="/checkout"
    />,
  );
}

function renderJourney() {
  const store = createCartStore();
  const wrap = (element: ReactNode) => <CartProvider store={store}>{element}</CartProvider>;
  return renderAt(
    '/checkout',
    <>
      <Route path="/checkout" element={wrap(<CheckoutScreen />)} />
      <Route path="/carrinho" element={wrap(<CartScreen />)} />
      <Route path="/pedido/confirmado/:number" element={wrap(<OrderConfirmationScreen />)} />
    </>,
  );
}

function field(name: string | RegExp) {
  return screen.getByRole('textbox', { name });
}

async function fillCheckout(user: UserEvent, overrides: { email?: string } = {}) {
  await user.type(field(/Nome completo/), 'Maria Oliveira');
  await user.type(field(/E-mail/), overrides.email ?? 'maria@exemplo.com.br');
  await user.type(field(/CPF/), '52998224725');
  await user.type(field(/Celular/), '11987654321');
  await user.type(field(/CEP/), '01310100');
  await waitFor(() => expect(field(/Rua/)).toHaveValue('Avenida Paulista'));
  await user.type(field(/Número/), '1000');
  await screen.findByRole('radio', { name: /PAC/ });
}

/** Collects the variables of every placeOrder request that reaches the network. */
function recordPlaceOrders() {
  const inputs: { idempotencyKey: string }[] = [];
  server.use(
    http.post('*/graphql/', async ({ request }) => {
      const body = (await request.clone().json()) as {
        operationName?: string;
        variables?: { input?: { idempotencyKey: string } };
      };
      if (body.operationName === 'StorefrontPlaceOrder' && body.variables?.input) {
        inputs.push(body.variables.input);
      }
      return undefined;
    }),
  );
  return inputs;
}

describe('CheckoutScreen', { timeout: 60_000 }, () => {
  it('masks CPF, phone and CEP as they are typed and checks the CPF digits', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await user.type(field(/CPF/), '12345678900');
    expect(field(/CPF/)).toHaveValue('123.456.789-00');
    await user.tab();
    expect(await screen.findByText('CPF inválido: confira os 11 dígitos.')).toBeVisible();
    expect(field(/CPF/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field(/CPF/));
    await user.type(field(/CPF/), '52998224725');
    expect(field(/CPF/)).toHaveValue(VALID_CPF);
    await waitFor(() =>
      expect(screen.queryByText('CPF inválido: confira os 11 dígitos.')).toBeNull(),
    );

    await user.type(field(/Celular/), '11987654321');
    expect(field(/Celular/)).toHaveValue('(11) 98765-4321');
    await user.type(field(/CEP/), '0131');
    await user.tab();
    expect(field(/CEP/)).toHaveValue('0131');
    expect(await screen.findByText('CEP inválido: informe os 8 dígitos.')).toBeVisible();
  });

  it('fills street, district, city and UF when the CEP look-up answers, and lets them be typed when not', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await user.type(field(/CEP/), '01310100');
    expect(field(/CEP/)).toHaveValue('01310-100');
    await waitFor(() => expect(field(/Rua/)).toHaveValue('Avenida Paulista'));
    expect(field(/Bairro/)).toHaveValue('Bela Vista');
    expect(field(/Cidade/)).toHaveValue('São Paulo');
    expect(screen.getByRole('combobox', { name: /Estado/ })).toHaveValue('SP');
    expect(field(/Número/)).toHaveValue('');

    await user.clear(field(/CEP/));
    await user.type(field(/CEP/), '69900000');
    expect(
      await screen.findByText('Não encontramos este CEP: preencha o endereço abaixo.'),
    ).toBeVisible();
    expect(field(/Rua/)).toBeEnabled();
  });

  it('puts the server error on its field and focuses it', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user, { email: REFUSED_EMAIL });
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(
      await screen.findByText('Não aceitamos pedidos para este e-mail. Use outro endereço.'),
    ).toBeVisible();
    expect(field(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/E-mail/)).toHaveFocus();
  });

  it('announces begin_checkout once, then purchase with the order number and total in BRL', async () => {
    const events = recordCommerceEvents();
    const { user } = renderJourney();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();

    expect(events.map((event) => event.name)).toEqual(['begin_checkout', 'purchase']);
    const [begin, purchase] = events;
    expect(begin?.params).toMatchObject({
      currency: 'BRL',
      items: [{ item_name: 'Camiseta básica de algodão orgânico', quantity: 2, price: 79.9 }],
    });
    expect(purchase?.params).toMatchObject({
      currency: 'BRL',
      transaction_id: expect.stringMatching(/^VT-\d+$/),
      items: [{ item_name: 'Camiseta básica de algodão orgânico', quantity: 2, price: 79.9 }],
    });
    // Reais with centavos, never centavos: the Pix total of two shirts at R$ 79,90 and PAC.
    const value = purchase?.params.value ?? 0;
    expect(value).toBeGreaterThan(100);
    expect(value).toBeLessThan(1000);
    expect(Math.round(value * 100)).toBeCloseTo(value * 100, 6);
  });

  it('sends one order however many times the button is pressed', async () => {
    const inputs = recordPlaceOrders();
    const gate = deferred();
    server.use(
      http.post('*/graphql/', async ({ request }) => {
        const body = (await request.clone().json()) as { operationName?: string };
        if (body.operationName === 'StorefrontPlaceOrder') await gate.promise;
        return undefined;
      }),
    );
    const { user } = renderJourney();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    const button = screen.getByRole('button', { name: 'Finalizar pedido' });
    await user.dblClick(button);
    expect(await screen.findByRole('button', { name: 'Enviando pedido…' })).toBeDisabled();
    // Enter in a field submits the form even while the button is disabled.
    fireEvent.submit(screen.getByRole('form', { name: 'Finalizar compra' }));
    gate.resolve();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    expect(inputs).toHaveLength(1);
  });

  it('keeps everything typed when the connection drops, and the retry replays the same order', async () => {
    server.use(loseFirstPlaceOrder());
    // Registered last, so it sees every request first (the lost one too).
    const inputs = recordPlaceOrders();
    const { user } = renderJourney();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText(/Não foi possível falar com a loja/)).toBeVisible();
    expect(field(/Nome completo/)).toHaveValue('Maria Oliveira');
    expect(field(/CPF/)).toHaveValue(VALID_CPF);
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}')).toMatchObject({
      name: 'Maria Oliveira',
      number: '1000',
    });

    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    expect(inputs).toHaveLength(2);
    expect(inputs[1]?.idempotencyKey).toBe(inputs[0]?.idempotencyKey);
    // The order is placed: the cart is empty and the draft is gone.
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
        lines: [],
      }),
    );
    expect(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it('brings back what was typed after the page is left and opened again', async () => {
    const first = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await first.user.type(field(/Nome completo/), 'João da Silva');
    await first.user.type(field(/CPF/), '52998224725');
    first.unmount();
    renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    expect(field(/Nome completo/)).toHaveValue('João da Silva');
    expect(field(/CPF/)).toHaveValue(VALID_CPF);
  });

  it('offers a way out when an item sells out between the cart and the order', async () => {
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.dressM, quantity: 2 }] });
    server.use(sellOutOnPlaceOrder(catalog, CHECKOUT_VARIANTS.dressM, 1));
    const { user } = renderJourney();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    const fix = await screen.findByRole('button', { name: 'Ajustar para 1 unidade' });
    expect(screen.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
    await user.click(fix);
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha sacola' })).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      lines: [{ variantId: CHECKOUT_VARIANTS.dressM, quantity: 1 }],
    });
  });
});

describe('readCheckoutError', () => {
  it('offers card only with the public key its SDK needs, and boleto, when the server offers them', async () => {
    server.use(
      graphql.query('StorefrontPaymentMethods', () =>
        HttpResponse.json({
          data: {
            paymentMethods: [
              { method: 'PIX', label: 'Pix instantâneo', provider: null, publicKey: null },
              {
                method: 'CARD',
                label: 'Cartão de crédito',
                provider: 'mercadopago',
                publicKey: null,
              },
              {
                method: 'BOLETO',
                label: 'Boleto bancário',
                provider: 'mercadopago',
                publicKey: null,
              },
            ],
          },
        }),
      ),
    );
    renderCheckout();
    const methods = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' });
    // The server's own label shows its answer arrived; a card nobody can tokenise is left out.
    expect(await within(methods).findByRole('radio', { name: /Pix instantâneo/ })).toBeChecked();
    expect(within(methods).getByRole('radio', { name: /Boleto bancário/ })).toBeInTheDocument();
    expect(within(methods).getAllByRole('radio')).toHaveLength(2);
  });

  it('says the store takes no payment yet and keeps the order button off when Pix is not offered', async () => {
    server.use(createGraphqlHandler({ ...catalog, paymentMethods: [] }));
    renderCheckout();
    expect(
      await screen.findByText(/No momento a loja não está recebendo pagamentos pelo site/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
  });

  it('reads the API out-of-stock error (BAD_USER_INPUT with reason and units left)', () => {
    const error = Object.assign(new Error('x'), {
      graphQLErrors: [
        {
          message: 'Estoque insuficiente para Vestido: você pediu 2 e resta 1 unidade.',
          extensions: {
            code: 'BAD_USER_INPUT',
            field: 'items[0].quantity',
            reason: 'OUT_OF_STOCK',
            variantId: 'v1',
            available: 1,
          },
        },
      ],
      networkError: null,
    });
    expect(readCheckoutError(error)).toEqual({
      kind: 'stock',
      message: 'Estoque insuficiente para Vestido: você pediu 2 e resta 1 unidade.',
      variantId: 'v1',
      available: 1,
    });
  });

  it('maps fields by the path the API names, or by the field the message names', () => {
    const error = Object.assign(new Error('x'), {
      graphQLErrors: [
        {
          message: 'Informe a rua.',
          extensions: { code: 'BAD_USER_INPUT', field: 'address.street' },
        },
        { message: 'Telefone inválido.', extensions: { code: 'BAD_USER_INPUT' } },
      ],
      networkError: null,
    });
    expect(readCheckoutError(error)).toEqual({
      kind: 'fields',
      fields: { street: 'Informe a rua.', phone: 'Telefone inválido.' },
      message: null,
    });
  });
});
