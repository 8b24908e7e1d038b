// Card and boleto in the checkout and on the confirmation, through the real screens against the
// MSW mock of the API; the gateway's SDK is a local stand-in (or the real adapter, offline).
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CartProvider, createCartStore } from '../../../cart';
import {
  standInCardTokenizer,
  TEST_CARDS,
  type StandInTokenizer,
} from '../../../mocks/checkout/cardTokenizer';
import { catalogMock, paymentsMock } from '../../../mocks';
import { CHECKOUT_VARIANTS, seedCart } from '../../../mocks/checkout/checkout.fixtures';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { MOCK_BOLETO, MOCK_CARD_PUBLIC_KEY } from '../../../mocks/payments/payments.fixtures';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import { OrderConfirmationScreen } from '../OrderConfirmation/OrderConfirmationScreen';
import { CHECKOUT_DRAFT_KEY } from './checkoutForm';
import { CheckoutScreen } from './CheckoutScreen';
import { CARD_UNAVAILABLE_MESSAGE } from './payment/cardTokenizer';
import { CardTokenizerProvider, type CardTokenizerFactory } from './payment/cardTokenizerContext';
import { createMercadoPagoTokenizer } from './payment/mercadoPagoTokenizer';

let tokenizer: StandInTokenizer;

beforeEach(() => {
  tokenizer = standInCardTokenizer();
  server.use(
    ...catalogMock.answers(makeStorefrontCatalog()),
    ...paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
  );
  // Two shirts at R$ 79,90 and PAC to 01310-100: R$ 179,70, at least R$ 50,00 a month: 3x.
  seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] });
});

function renderJourney(factory: CardTokenizerFactory = tokenizer.factory) {
  const store = createCartStore();
  const wrap = (element: ReactNode) => (
    <CardTokenizerProvider factory={factory}>
      <CartProvider store={store}>{element}</CartProvider>
    </CardTokenizerProvider>
  );
  return {
    store,
    ...renderAt(
      '/checkout',
      <>
        <Route path="/checkout" element={wrap(<CheckoutScreen />)} />
        <Route path="/pedido/confirmado/:number" element={wrap(<OrderConfirmationScreen />)} />
      </>,
    ),
  };
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

async function fillCard(user: UserEvent, card: { number?: string; holder?: string } = {}) {
  await user.click(await screen.findByRole('radio', { name: /Cartão de crédito/ }));
  await user.type(field(/Número do cartão/), card.number ?? TEST_CARDS.visa);
  await user.type(field(/Nome impresso/), card.holder ?? 'MARIA OLIVEIRA');
  await user.type(field(/Validade/), '1130');
  await user.type(field(/CVV/), '123');
}

/** The operations that reach the network, with their variables. */
function recordOperations() {
  const calls: { operationName: string; variables: Record<string, unknown> }[] = [];
  server.use(
    http.post('*/graphql/', async ({ request }) => {
      const body = (await request.clone().json()) as {
        operationName?: string;
        variables?: Record<string, unknown>;
      };
      calls.push({ operationName: body.operationName ?? '', variables: body.variables ?? {} });
      return undefined;
    }),
  );
  return {
    named: (name: string) => calls.filter((call) => call.operationName === name),
  };
}

describe('Checkout by card and boleto', { timeout: 90_000 }, () => {
  it('offers card and boleto beside Pix, with the installments of the server offer', async () => {
    const { user } = renderJourney();
    const methods = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' });
    await within(methods).findByRole('radio', { name: /Cartão de crédito/ });
    expect(within(methods).getAllByRole('radio')).toHaveLength(3);
    await user.type(field(/CEP/), '01310100');
    await screen.findByRole('radio', { name: /PAC/ });
    expect(within(methods).getByRole('radio', { name: /Boleto bancário/ })).toHaveAccessibleName(
      /Vence em \d{2}\/\d{2}\/\d{4} · compensa em até 3 dias úteis/,
    );
    await user.click(within(methods).getByRole('radio', { name: /Cartão de crédito/ }));
    const installments = screen.getByRole('combobox', { name: /Parcelas/ });
    // The store allows 10x, but the server's offer for R$ 179,70 (at least R$ 50,00 each) is 3x.
    await waitFor(() =>
      expect(
        within(installments)
          .getAllByRole('option')
          .map((option) => option.textContent?.replace(/\s/g, ' ')),
      ).toEqual(['À vista: R$ 179,70', '2x de R$ 89,85 sem juros', '3x de R$ 59,90 sem juros']),
    );
    expect(tokenizer.publicKeys).toContain(MOCK_CARD_PUBLIC_KEY);
  });

  it('shows the card errors at their fields and sends nothing', async () => {
    const operations = recordOperations();
    const { user } = renderJourney();
    await fillCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Cartão de crédito/ }));
    await user.type(field(/Número do cartão/), '4111111111111112');
    expect(field(/Número do cartão/)).toHaveValue('4111 1111 1111 1112');
    await user.type(field(/Validade/), '0120');
    await user.type(field(/CVV/), '12');
    await user.click(screen.getByRole('button', { name: 'Finalizar e pagar' }));
    expect(await screen.findByText('Número de cartão inválido: confira os dígitos.')).toBeVisible();
    expect(screen.getByText('Informe o nome como está no cartão.')).toBeVisible();
    expect(screen.getByText('Este cartão está vencido.')).toBeVisible();
    expect(screen.getByText('O CVV tem 3 ou 4 dígitos, no verso do cartão.')).toBeVisible();
    expect(field(/Número do cartão/)).toHaveAttribute('aria-invalid', 'true');
    expect(tokenizer.cards).toHaveLength(0);
    expect(operations.named('StorefrontPlaceOrder')).toHaveLength(0);
  });

  it('tokenises in the browser, places one order and charges once however often it is clicked', async () => {
    const operations = recordOperations();
    const gate = deferred();
    server.use(
      http.post('*/graphql/', async ({ request }) => {
        const body = (await request.clone().json()) as { operationName?: string };
        if (body.operationName === 'StorefrontOrderPay') await gate.promise;
        return undefined;
      }),
    );
    const { user } = renderJourney();
    await fillCustomer(user);
    await fillCard(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Parcelas/ }), '3');
    // Card data never lands in the tab's saved draft.
    expect(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).not.toContain('4235');
    await user.dblClick(screen.getByRole('button', { name: 'Finalizar e pagar' }));
    expect(await screen.findByRole('button', { name: 'Processando pagamento…' })).toBeDisabled();
    gate.resolve();
    expect(await screen.findByText('Pagamento aprovado')).toBeVisible();
    expect(screen.getByText(/3x sem juros no cartão/)).toBeVisible();

    expect(tokenizer.cards).toEqual([
      {
        number: '4235647728025682',
        holder: 'MARIA OLIVEIRA',
        expiry: '11/30',
        cvv: '123',
        cpf: '52998224725',
      },
    ]);
    const [placed, ...morePlaced] = operations.named('StorefrontPlaceOrder');
    expect(morePlaced).toHaveLength(0);
    expect(placed?.variables.input).toMatchObject({ paymentMethod: 'CARD', installments: 3 });
    // Only the token goes to the store, never the card.
    expect(JSON.stringify(placed?.variables)).not.toContain('4235');
    const pays = operations.named('StorefrontOrderPay');
    expect(pays).toHaveLength(1);
    expect(pays[0]?.variables.input).toMatchObject({
      method: 'CARD',
      cardToken: expect.stringMatching(/^aprovado-5682-/) as unknown,
      paymentMethodId: 'visa',
      installments: 3,
    });
    expect(JSON.stringify(pays[0]?.variables)).not.toContain('4235647728025682');
  });

  it('says a refused card was refused and pays the same order with another card', async () => {
    const operations = recordOperations();
    const { user, store } = renderJourney();
    await fillCustomer(user);
    await fillCard(user, { holder: 'OTHE' });
    await user.click(screen.getByRole('button', { name: 'Finalizar e pagar' }));
    expect(await screen.findByText('Pagamento recusado')).toBeVisible();
    // The cart stays, for a new order by Pix or boleto.
    expect(store.getSnapshot().lines).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: /Faça o pedido de novo com outra forma de pagamento/ }),
    ).toHaveAttribute('href', '/checkout');

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
    const pays = operations.named('StorefrontOrderPay');
    expect(pays).toHaveLength(2);
    expect(pays[1]?.variables.input).toMatchObject({ paymentMethodId: 'master' });
    expect(operations.named('StorefrontPlaceOrder')).toHaveLength(1);
    await waitFor(() => expect(store.getSnapshot().lines).toHaveLength(0));
  });

  it('issues the boleto and shows its typeable line, copy button, link and due date', async () => {
    const { user } = renderJourney();
    await fillCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Boleto bancário/ }));
    expect(screen.getByText(/a compensação leva até 3 dias úteis/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(
      await screen.findByRole('heading', { name: 'Pague o boleto para confirmar' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Linha digitável' })).toHaveValue(
      MOCK_BOLETO.barcode,
    );
    expect(screen.getByRole('link', { name: /Abrir boleto/ })).toHaveAttribute(
      'href',
      MOCK_BOLETO.url,
    );
    expect(screen.getByText(/Vence em/)).toHaveTextContent(/Vence em \d{2}\/\d{2}\/\d{4}/);
    await user.click(screen.getByRole('button', { name: 'Copiar linha digitável' }));
    expect(await navigator.clipboard.readText()).toBe(MOCK_BOLETO.barcode);
    expect(screen.getByRole('status')).toHaveTextContent('Linha digitável copiada');
  });

  it('tells the shopper to pick Pix or boleto when the card SDK cannot load, placing nothing', async () => {
    const operations = recordOperations();
    // The real Mercado Pago adapter: there is no internet here, so its script never arrives.
    const { user } = renderJourney((publicKey) =>
      createMercadoPagoTokenizer({ publicKey: publicKey ?? '', timeoutMs: 300 }),
    );
    await fillCustomer(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar e pagar' }));
    const alerts = await screen.findAllByText(CARD_UNAVAILABLE_MESSAGE);
    expect(alerts[0]).toBeVisible();
    expect(operations.named('StorefrontPlaceOrder')).toHaveLength(0);
    // Pix still works from the same page.
    await user.click(screen.getByRole('radio', { name: /^Pix/ }));
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText(/Pague com Pix para confirmar/)).toBeVisible();
  });
});
