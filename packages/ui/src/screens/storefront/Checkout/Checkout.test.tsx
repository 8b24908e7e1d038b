import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CART_STORAGE_KEY, CartProvider, createCartStore } from '../../../cart';
import type { ShippingOptionData } from '../../../components/storefront';
import { catalogMock, checkoutMock, paymentsMock } from '../../../mocks';
import {
  CHECKOUT_VARIANTS,
  loseFirstPlaceOrder,
  makeCartLines,
  makeCartSummaryData,
  makeCheckoutValues,
  seedCart,
  sellOutOnPlaceOrder,
  VALID_CPF,
} from '../../../mocks/checkout/checkout.fixtures';
import {
  makeStorefrontCatalog,
  type StorefrontCatalog,
} from '../../../mocks/catalog/storefront.fixtures';
import { REFUSED_EMAIL, UNDELIVERABLE_CEP } from '../../../mocks/checkout/checkout.fixtures';
import { server } from '../../../mocks/server';
import { recordCommerceEvents } from '../../../test/commerceEvents';
import { deferred, renderAt } from '../../../test/renderAt';
import { CartScreen } from '../Cart/CartScreen';
import { OrderConfirmationScreen } from '../OrderConfirmation/OrderConfirmationScreen';
import { CHECKOUT_DRAFT_KEY, readCheckoutError, type CheckoutInput } from './checkoutForm';
import type { PlaceOrderInput } from './CheckoutScreen.graphql';
import { CheckoutScreen } from './CheckoutScreen';
import { CheckoutView, type CheckoutViewProps } from './CheckoutView';

let catalog: StorefrontCatalog;

beforeEach(() => {
  catalog = makeStorefrontCatalog();
  server.use(...catalogMock.answers(catalog));
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

function renderJourney(startAt = '/checkout') {
  const store = createCartStore();
  const wrap = (element: ReactNode) => <CartProvider store={store}>{element}</CartProvider>;
  return renderAt(
    startAt,
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
  const inputs: PlaceOrderInput[] = [];
  server.use(
    http.post('*/graphql/', async ({ request }) => {
      const body = (await request.clone().json()) as {
        operationName?: string;
        variables?: { input?: PlaceOrderInput };
      };
      if (body.operationName === 'StorefrontPlaceOrder' && body.variables?.input) {
        inputs.push(body.variables.input);
      }
      return undefined;
    }),
  );
  return inputs;
}

/** What the shopper typed on an earlier visit, kept in the tab. */
function saveDraft(values: Partial<CheckoutInput>) {
  window.sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(values));
}

/** Holds (a gate) or fails the requests of one operation while `mode` says so. */
function controlOperation(operationName: string) {
  const control = { mode: 'pass' as 'pass' | 'hold' | 'fail', gate: deferred() };
  server.use(
    http.post('*/graphql/', async ({ request }) => {
      const body = (await request.clone().json()) as { operationName?: string };
      if (body.operationName !== operationName) return undefined;
      if (control.mode === 'hold') await control.gate.promise;
      if (control.mode === 'fail') return HttpResponse.error();
      return undefined;
    }),
  );
  return control;
}

const finalizeButton = () => screen.getByRole('button', { name: 'Finalizar pedido' });

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
    expect(await screen.findByText('CEP inválido: use 8 dígitos, como 01310-100.')).toBeVisible();
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

  it('says the look-up did not answer, not that the CEP is wrong, when the service is down', async () => {
    server.use(...checkoutMock.answers({ addressLookupUnavailable: true }));
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await user.type(field(/CEP/), '01310100');
    expect(
      await screen.findByText('Não conseguimos buscar o endereço agora. Preencha abaixo.'),
    ).toBeVisible();
    expect(screen.queryByText(/Não encontramos este CEP/)).not.toBeInTheDocument();
    expect(field(/Rua/)).toBeEnabled();
    expect(field(/Rua/)).toHaveValue('');
  });

  it('says the look-up did not answer when the connection fails', async () => {
    server.use(graphql.query('StorefrontAddressByCep', () => HttpResponse.error()));
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await user.type(field(/CEP/), '01310100');
    expect(
      await screen.findByText('Não conseguimos buscar o endereço agora. Preencha abaixo.'),
    ).toBeVisible();
    expect(screen.queryByText(/Não encontramos este CEP/)).not.toBeInTheDocument();
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

  it('quotes shipping for the CEP of the saved address, not an older one the cart kept', async () => {
    // The cart page priced 01310-100 (PAC R$ 19,90); the address typed before is in Acre.
    seedCart({
      lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }],
      postalCode: '01310-100',
    });
    saveDraft(
      makeCheckoutValues({
        postalCode: '69900-000',
        street: 'Rua Rio Branco',
        number: '10',
        complement: '',
        district: 'Centro',
        city: 'Rio Branco',
        uf: 'AC',
        shippingMethodId: 'pac',
      }),
    );
    const inputs = recordPlaceOrders();
    const { user } = renderJourney();
    const pac = await screen.findByRole('radio', { name: /PAC/ });
    expect(pac).toHaveAccessibleName(/R\$\s29,90/);
    expect(pac).toBeChecked();
    expect(field(/Rua/)).toHaveValue('Rua Rio Branco');
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      postalCode: '69900-000',
    });
    const review = screen.getByRole('region', { name: /Revisão do pedido/ });
    expect(within(review).getByText(/PAC · Chega em até 9 dias úteis · R\$\s29,90/)).toBeVisible();
    await waitFor(() => expect(finalizeButton()).toBeEnabled());
    await user.click(finalizeButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    expect(inputs[0]).toMatchObject({
      address: { postalCode: '69900000' },
      shippingMethodId: 'pac',
    });
  });

  it('opens with the shipping option chosen on the cart page, and places the order with it', async () => {
    seedCart({
      lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }],
      postalCode: '01310-100',
    });
    const inputs = recordPlaceOrders();
    const { user } = renderJourney('/carrinho');
    await user.click(await screen.findByRole('radio', { name: /SEDEX/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /SEDEX/ })).toBeChecked());
    await user.click(screen.getByRole('link', { name: 'Finalizar compra' }));
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    // The cart's CEP opens the address, looked up already.
    expect(field(/CEP/)).toHaveValue('01310-100');
    await waitFor(() => expect(field(/Rua/)).toHaveValue('Avenida Paulista'));
    await user.type(field(/Nome completo/), 'Maria Oliveira');
    await user.type(field(/E-mail/), 'maria@exemplo.com.br');
    await user.type(field(/CPF/), '52998224725');
    await user.type(field(/Celular/), '11987654321');
    await user.type(field(/Número/), '1000');
    expect(screen.getByRole('radio', { name: /SEDEX/ })).toBeChecked();
    const review = screen.getByRole('region', { name: /Revisão do pedido/ });
    await waitFor(() =>
      expect(
        within(review).getByText(/SEDEX · Chega em até 2 dias úteis · R\$\s34,90/),
      ).toBeVisible(),
    );
    await waitFor(() => expect(finalizeButton()).toBeEnabled());
    await user.click(finalizeButton());
    await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' });
    expect(inputs[0]).toMatchObject({ shippingMethodId: 'sedex' });
    // A choice changed at the checkout is the cart's too.
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      shippingMethodId: 'sedex',
    });
  });

  it('takes the shipping choice away when the new CEP has no delivery, and says so at the shipping', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    expect(screen.getByRole('radio', { name: /PAC/ })).toBeChecked();
    await user.clear(field(/CEP/));
    await user.type(field(/CEP/), UNDELIVERABLE_CEP);
    expect(await screen.findByText(/Ainda não entregamos neste CEP/)).toBeVisible();
    await waitFor(() => expect(finalizeButton()).toBeEnabled());
    await user.click(finalizeButton());
    expect(await screen.findByText('Escolha uma forma de entrega.')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Forma de entrega' })).toHaveFocus();
  });

  it('takes the shipping and the total out of the summary once the CEP is cleared, and places a pickup without a CEP', async () => {
    const placed = recordPlaceOrders();
    const { user } = renderJourney();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    const review = screen.getByRole('region', { name: /Revisão do pedido/ });
    const summaryValue = (label: string) =>
      within(review).getByText(label, { selector: 'dt' }).nextElementSibling;
    await waitFor(() => expect(summaryValue('Frete')).toHaveTextContent(/R\$\s19,90/));
    expect(summaryValue('Total')).toHaveTextContent(/R\$/);

    // Issue 28, item 5: the CEP cleared, no shipping of it stays in the totals.
    await user.clear(field(/CEP/));
    await waitFor(() => expect(summaryValue('Total')).toHaveTextContent('Com o frete escolhido'));
    expect(summaryValue('Frete')).toHaveTextContent('Escolha a entrega');
    expect(within(review).queryByText(/R\$\s19,90|Grátis/)).toBeNull();
    expect(within(review).getByText('Escolha a forma de entrega.')).toBeVisible();
    // Pickup needs no CEP: offered at once, with where and when, but never chosen for the shopper.
    const pickup = screen.getByRole('radio', { name: /Retirar na loja/ });
    expect(pickup).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /PAC/ })).toBeNull();
    expect(
      screen.getByText('Informe o CEP para ver as opções de entrega e os prazos.'),
    ).toBeVisible();
    // Named by its title and line; the point describes it (a screen reader hears both).
    expect(pickup).toHaveAccessibleName(/^Retirar na loja Pronto para retirada em até 1 dia útil$/);
    expect(pickup).toHaveAccessibleDescription(/Retire em: Rua Augusta, 1500/);
    const pickupCard = pickup.closest('label')!;
    expect(pickupCard).toHaveTextContent(/Retire em: Rua Augusta, 1500/);
    expect(pickupCard).toHaveTextContent(/Horário: Seg\. a sex\., 10h às 20h; Sáb\./);

    await user.click(pickup);
    await waitFor(() => expect(summaryValue('Frete')).toHaveTextContent('Grátis'));
    expect(summaryValue('Total')).toHaveTextContent(/R\$/);
    expect(screen.queryByRole('textbox', { name: /Rua/ })).toBeNull();
    expect(within(review).getByText(/Rua Augusta, 1500/)).toBeVisible();
    await waitFor(() => expect(finalizeButton()).toBeEnabled());
    await user.click(finalizeButton());
    await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' });
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      shippingMethodId: 'retirada',
      address: { postalCode: '', street: '' },
    });
    // The confirmation says where to pick it up, when, and what to bring.
    const where = screen.getByRole('region', { name: 'Onde retirar' });
    expect(where).toHaveTextContent('Rua Augusta, 1500 – Loja 3, térreo');
    expect(where).toHaveTextContent('Seg. a sex., 10h às 20h');
    expect(where).toHaveTextContent(
      'Leve um documento oficial com foto e o número do pedido (VT-10001).',
    );
    expect(where).not.toHaveTextContent(/CEP 01310/);
  }, 240_000);

  it('waits for the new totals before the order, and blocks it with a retry when re-pricing fails', async () => {
    const pricing = controlOperation('StorefrontCartPreview');
    const placed = recordPlaceOrders();
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fillCheckout(user);
    await waitFor(() => expect(finalizeButton()).toBeEnabled());

    pricing.mode = 'hold';
    await user.click(screen.getByRole('radio', { name: /SEDEX/ }));
    expect(await screen.findByText('Atualizando os valores do pedido…')).toBeVisible();
    expect(finalizeButton()).toBeDisabled();
    expect(finalizeButton()).toHaveAccessibleDescription('Atualizando os valores do pedido…');

    pricing.mode = 'fail';
    pricing.gate.resolve();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(/Não foi possível atualizar os valores/);
    expect(finalizeButton()).toBeDisabled();
    // Enter in a field submits the form even while the button is disabled: nothing is sent.
    fireEvent.submit(screen.getByRole('form', { name: 'Finalizar compra' }));
    expect(placed).toHaveLength(0);

    pricing.mode = 'pass';
    await user.click(within(notice).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(finalizeButton()).toBeEnabled());
    expect(screen.queryByText(/Não foi possível atualizar os valores/)).toBeNull();
    const review = screen.getByRole('region', { name: /Revisão do pedido/ });
    expect(
      within(review).getByText(/SEDEX · Chega em até 2 dias úteis · R\$\s34,90/),
    ).toBeVisible();
  });

  it('follows the steps: identificação, entrega, pagamento and revisão', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    const steps = screen.getByRole('navigation', { name: 'Etapas da compra' });
    const current = () =>
      within(steps)
        .getAllByRole('listitem')
        .find((step) => step.getAttribute('aria-current') === 'step')?.textContent;
    expect(current()).toMatch('Identificação');
    await user.type(field(/Nome completo/), 'Maria Oliveira');
    await user.type(field(/E-mail/), 'maria@exemplo.com.br');
    await user.type(field(/CPF/), '52998224725');
    await user.type(field(/Celular/), '11987654321');
    expect(current()).toMatch('Entrega');
    await user.type(field(/CEP/), '01310100');
    await waitFor(() => expect(field(/Rua/)).toHaveValue('Avenida Paulista'));
    await user.type(field(/Número/), '1000');
    await screen.findByRole('radio', { name: /PAC/ });
    await waitFor(() => expect(current()).toMatch('Pagamento'));
    await user.click(screen.getByRole('radio', { name: /Pix/ }));
    expect(current()).toMatch('Revisão');
  });
});

describe('Checkout payment methods', { timeout: 60_000 }, () => {
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
    server.use(...paymentsMock.answers({ methods: [] }));
    renderCheckout();
    expect(
      await screen.findByText(/No momento a loja não está recebendo pagamentos pelo site/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
  });

  it('keeps a saved boleto while the ways to pay load', async () => {
    server.use(...paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }));
    saveDraft({ name: 'Maria Oliveira', paymentMethod: 'BOLETO' });
    const methods = controlOperation('StorefrontPaymentMethods');
    methods.mode = 'hold';
    renderCheckout();
    expect(
      await screen.findByRole('status', { name: 'Carregando as formas de pagamento' }),
    ).toBeVisible();
    expect(screen.getByText('Carregando as formas de pagamento…')).toBeVisible();
    expect(finalizeButton()).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /Revisão do pedido/ })).toHaveTextContent(
        /Boleto bancário · vence em/,
      ),
    );
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}')).toMatchObject({
      paymentMethod: 'BOLETO',
    });
    methods.gate.resolve();
    expect(await screen.findByRole('radio', { name: /Boleto bancário/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pix/ })).not.toBeChecked();
  });

  it('falls back to Pix once the store answers without the saved method', async () => {
    saveDraft({ name: 'Maria Oliveira', paymentMethod: 'BOLETO' });
    renderCheckout();
    // Until the store answers, the saved boleto stays chosen; Pix once it answers without it.
    await waitFor(() => expect(screen.getByRole('radio', { name: /Pix/ })).toBeChecked());
    expect(screen.queryByRole('radio', { name: /Boleto/ })).toBeNull();
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}')).toMatchObject({
        paymentMethod: 'PIX',
      }),
    );
  });

  it('offers a retry when the ways to pay cannot be loaded', async () => {
    const methods = controlOperation('StorefrontPaymentMethods');
    methods.mode = 'fail';
    const { user } = renderCheckout();
    expect(
      await screen.findByText('Não foi possível carregar as formas de pagamento.'),
    ).toBeVisible();
    methods.mode = 'pass';
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('radio', { name: /Pix/ })).toBeChecked();
  });
});

describe('readCheckoutError', () => {
  const apolloError = (
    graphQLErrors: { message: string; extensions?: Record<string, unknown> }[],
    networkError: Error | null = null,
  ) => Object.assign(new Error('x'), { graphQLErrors, networkError });

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

  it('says the order could not be placed for an internal error, without a code or with no error at all', () => {
    const general = {
      kind: 'general',
      message: 'Não foi possível concluir o pedido agora. Tente novamente em instantes.',
    };
    expect(
      readCheckoutError(
        apolloError([{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]),
      ),
    ).toEqual(general);
    expect(readCheckoutError(apolloError([{ message: 'boom' }]))).toEqual(general);
    // An ApolloError with neither GraphQL errors nor a network error.
    expect(readCheckoutError(apolloError([]))).toEqual(general);
    // A plain error (no ApolloError at all) is the connection.
    expect(readCheckoutError(new Error('Failed to fetch'))).toMatchObject({ kind: 'network' });
    expect(readCheckoutError(apolloError([], new Error('offline')))).toMatchObject({
      kind: 'network',
    });
  });

  it("shows the server's own message for a code it does not know, beside the fields it maps", () => {
    expect(
      readCheckoutError(
        apolloError([{ message: 'Loja em manutenção.', extensions: { code: 'FORBIDDEN' } }]),
      ),
    ).toEqual({ kind: 'general', message: 'Loja em manutenção.' });
    expect(
      readCheckoutError(
        apolloError([
          { message: 'Loja em manutenção.', extensions: { code: 'FORBIDDEN' } },
          {
            message: 'CPF inválido.',
            extensions: { code: 'BAD_USER_INPUT', field: 'customer.cpf' },
          },
        ]),
      ),
    ).toEqual({ kind: 'fields', fields: { cpf: 'CPF inválido.' }, message: 'Loja em manutenção.' });
  });

  it('warns that an earlier order may exist when the idempotency key placed another one', () => {
    expect(
      readCheckoutError(
        apolloError([
          {
            message: 'Esta chave já foi usada por outro pedido.',
            extensions: { code: 'BAD_USER_INPUT', field: 'idempotencyKey' },
          },
        ]),
      ),
    ).toEqual({
      kind: 'idempotency',
      message:
        'Seu pedido anterior pode já ter sido registrado: confira seu e-mail antes de tentar de novo.',
    });
  });

  it('reads an error on the items without a reason as a stock problem to review in the cart', () => {
    expect(
      readCheckoutError(
        apolloError([
          {
            message: 'Um item da sacola não está mais à venda.',
            extensions: { code: 'BAD_USER_INPUT', field: 'items[1].variantId' },
          },
        ]),
      ),
    ).toEqual({
      kind: 'stock',
      message: 'Um item da sacola não está mais à venda.',
      variantId: null,
      available: null,
    });
  });

  it('maps the coupon and the installments, by path or by the words of the message', () => {
    expect(
      readCheckoutError(
        apolloError([
          {
            message: 'Este cupom já atingiu o limite de usos.',
            extensions: { code: 'BAD_USER_INPUT', field: 'couponCode' },
          },
          {
            message: 'Escolha de 1 a 3 parcelas.',
            extensions: { code: 'BAD_USER_INPUT', field: 'input.installments' },
          },
        ]),
      ),
    ).toEqual({
      kind: 'fields',
      fields: {
        couponCode: 'Este cupom já atingiu o limite de usos.',
        installments: 'Escolha de 1 a 3 parcelas.',
      },
      message: null,
    });
    expect(
      readCheckoutError(
        apolloError([
          { message: 'Cupom não encontrado.', extensions: { code: 'BAD_USER_INPUT' } },
          {
            message: 'Só é possível parcelar no cartão de crédito.',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ]),
      ),
    ).toEqual({
      kind: 'fields',
      fields: {
        couponCode: 'Cupom não encontrado.',
        installments: 'Só é possível parcelar no cartão de crédito.',
      },
      message: null,
    });
  });
});

const SHIPPING_OPTIONS: ShippingOptionData[] = [
  {
    methodId: 'retirada',
    name: 'Retirar na loja',
    kind: 'PICKUP',
    priceCents: 0,
    fullPriceCents: 0,
    freeShipping: false,
    businessDays: 1,
    pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP',
  },
  {
    methodId: 'pac',
    name: 'PAC',
    kind: 'DELIVERY',
    priceCents: 1990,
    fullPriceCents: 1990,
    freeShipping: false,
    businessDays: 6,
  },
];

const ALL_METHODS: CheckoutViewProps['paymentMethods'] = [
  { method: 'PIX', label: 'Pix' },
  { method: 'CARD', label: 'Cartão de crédito' },
  { method: 'BOLETO', label: 'Boleto bancário' },
];

function renderView(props: Partial<CheckoutViewProps> = {}) {
  const all: CheckoutViewProps = {
    status: 'ready',
    defaultValues: makeCheckoutValues(),
    lines: makeCartLines(),
    summary: makeCartSummaryData({ shippingCents: 1990 }),
    shippingOptions: SHIPPING_OPTIONS,
    pricedShippingMethodId: 'pac',
    paymentMethods: ALL_METHODS,
    onPostalCodeChange: () => {},
    onShippingMethodChange: () => {},
    onSubmit: () => {},
    now: () => Date.parse('2030-01-01T12:00:00.000Z'),
    ...props,
  };
  return renderAt('/checkout', <Route path="/checkout" element={<CheckoutView {...all} />} />);
}

describe('CheckoutView', () => {
  it('shows and focuses the shipping error even with no option to choose from', async () => {
    renderView({
      defaultValues: makeCheckoutValues({ postalCode: '', shippingMethodId: '' }),
      shippingOptions: null,
      serverError: {
        kind: 'fields',
        fields: { shippingMethodId: 'Escolha uma forma de entrega.' },
        message: null,
      },
    });
    expect(await screen.findByText('Escolha uma forma de entrega.')).toBeVisible();
    const group = screen.getByRole('group', { name: 'Forma de entrega' });
    expect(group).toHaveAttribute('tabindex', '-1');
    expect(group).toHaveFocus();
  });

  it('focuses the chosen radio of a group in error', async () => {
    renderView({
      defaultValues: makeCheckoutValues({ paymentMethod: 'BOLETO' }),
      serverError: {
        kind: 'fields',
        fields: { paymentMethod: 'Forma de pagamento indisponível.' },
        message: null,
      },
    });
    expect(await screen.findByText('Forma de pagamento indisponível.')).toBeVisible();
    expect(screen.getByRole('radio', { name: /Boleto bancário/ })).toHaveFocus();
  });

  it('puts the coupon error by the summary and focuses it', async () => {
    renderView({
      serverError: {
        kind: 'fields',
        fields: { couponCode: 'Este cupom já atingiu o limite de usos.' },
        message: null,
      },
    });
    const review = screen.getByRole('region', { name: /Revisão do pedido/ });
    const message = await within(review).findByText(/Este cupom já atingiu o limite de usos/);
    expect(message.closest('[role="alert"]')).toHaveFocus();
    expect(within(review).getByRole('link', { name: 'Revisar o cupom na sacola' })).toBeVisible();
  });

  it('puts the installments error at the installments', async () => {
    renderView({
      defaultValues: makeCheckoutValues({ paymentMethod: 'CARD' }),
      serverError: {
        kind: 'fields',
        fields: { installments: 'Escolha de 1 a 3 parcelas.' },
        message: null,
      },
    });
    const installments = screen.getByRole('combobox', { name: /Parcelas/ });
    await waitFor(() => expect(installments).toHaveAttribute('aria-invalid', 'true'));
    expect(installments).toHaveAccessibleDescription('Escolha de 1 a 3 parcelas.');
    expect(installments).toHaveFocus();
  });

  it('reviews the address, the shipping and the payment, each with a way back to change it', async () => {
    const { user } = renderView();
    const choices = within(screen.getByRole('region', { name: /Revisão do pedido/ }));
    expect(choices.getByText(/Avenida Paulista, 1000 — Apto 42/)).toBeVisible();
    expect(choices.getByText(/Bela Vista, São Paulo\/SP · CEP 01310-100/)).toBeVisible();
    expect(choices.getByText(/PAC · Chega em até 6 dias úteis · R\$\s19,90/)).toBeVisible();
    expect(choices.getByText(/Pix · R\$\s398,72 com 5% de desconto/)).toBeVisible();

    await user.click(choices.getByRole('button', { name: 'Alterar endereço de entrega' }));
    expect(field(/CEP/)).toHaveFocus();
    await user.click(choices.getByRole('button', { name: 'Alterar forma de entrega' }));
    expect(screen.getByRole('radio', { name: /PAC/ })).toHaveFocus();
    await user.click(choices.getByRole('button', { name: 'Alterar forma de pagamento' }));
    expect(screen.getByRole('radio', { name: /Pix/ })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: /Boleto bancário/ }));
    expect(choices.getByText('Boleto bancário · vence em 04/01/2030')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /Cartão de crédito/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Parcelas/ }), '3');
    expect(choices.getByText(/Cartão de crédito · 3x .* sem juros/)).toBeVisible();
  });
});
