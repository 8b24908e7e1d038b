import { screen, waitFor } from '@testing-library/react';
import { installmentTable } from '@vitrine/rules';
import { http } from 'msw';
import { Navigate, Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, ordersMock } from '../../../mocks';
import {
  crc16Ccitt,
  makeCustomerOrder,
  makeStorefrontCatalog,
  type CustomerOrderFixture,
} from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import type { OrderPlacedState } from '../Checkout/CheckoutScreen';
import type { CustomerOrderNode } from '../Checkout/CheckoutScreen.graphql';
import { rememberPlacedOrder } from '../Checkout/placedOrder';
import { OrderConfirmationScreen } from './OrderConfirmationScreen';

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

function renderConfirmation(number: string) {
  return renderAt(
    `/pedido/confirmado/${number}`,
    <Route path="/pedido/confirmado/:number" element={<OrderConfirmationScreen />} />,
  );
}

describe('OrderConfirmationScreen', { timeout: 30_000 }, () => {
  it('shows the order number and a valid Pix BR Code with a copy button', async () => {
    // The mock knows VT-10000 (pending, Pix) for maria@exemplo.com.br; this tab placed it.
    rememberPlacedOrder('VT-10000', 'maria@exemplo.com.br');
    const { user } = renderConfirmation('VT-10000');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    expect(screen.getByText('VT-10000')).toBeVisible();
    const code = (screen.getByRole('textbox', { name: 'Pix copia e cola' }) as HTMLTextAreaElement)
      .value;
    // An EMV BR Code: payload format 01, merchant account br.gov.bcb.pix, BRL, CRC at the end.
    expect(code.startsWith('000201')).toBe(true);
    expect(code).toContain('br.gov.bcb.pix');
    expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
    expect(screen.getByRole('img', { name: 'QR Code do Pix para pagar o pedido' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    // userEvent.setup() stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(await screen.findByText('Código Pix copiado. Cole no app do seu banco.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Acompanhar pedido' })).toHaveAttribute(
      'href',
      '/pedido?numero=VT-10000',
    );
  });

  it('asks to follow the order by e-mail when opened without it', async () => {
    renderConfirmation('VT-10000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido VT-10000' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Acompanhar pedido' })).toHaveAttribute(
        'href',
        '/pedido?numero=VT-10000',
      ),
    );
  });
});

/** The server knows only `current` (before any handler the test adds to watch requests). */
function serveOrder(current: CustomerOrderFixture) {
  server.use(
    ...catalogMock.answers(makeStorefrontCatalog()),
    ...ordersMock.answers({ orders: [current] }),
  );
}

/** Opens the confirmation with the router state the checkout left (it survives a reload). */
function renderWithRouterState(state: OrderPlacedState) {
  const number = state.order.number;
  return renderAt(
    '/',
    <>
      <Route
        path="/"
        element={<Navigate to={`/pedido/confirmado/${number}`} state={state} replace />}
      />
      <Route path="/pedido/confirmado/:number" element={<OrderConfirmationScreen />} />
    </>,
  );
}

/** Holds the orderStatus answer until the test releases it. */
function holdOrderStatus() {
  const gate = deferred();
  server.use(
    http.post('*/graphql/', async ({ request }) => {
      const body = (await request.clone().json()) as { operationName?: string };
      if (body.operationName === 'StorefrontOrderStatus') await gate.promise;
      return undefined;
    }),
  );
  return gate;
}

const placedPix = makeCustomerOrder() as CustomerOrderNode;
const cardOrder = makeCustomerOrder({
  paymentMethod: 'CARD',
  pix: null,
  pixDiscountCents: 0,
  totalCents: 17970,
});
const refusedAtCheckout: OrderPlacedState = {
  order: { ...cardOrder, paymentStatus: 'FAILED' } as CustomerOrderNode,
  placed: true,
  payment: {
    kind: 'result',
    result: {
      status: 'rejected',
      providerPaymentId: '1330000001',
      statusDetail: 'cc_rejected_insufficient_amount',
      orderStatus: 'PENDING_PAYMENT',
      boletoUrl: null,
      boletoBarcode: null,
      boletoExpiresAt: null,
    },
  },
  cardPublicKey: 'TEST-vitrine-mock-public-key',
  installmentOptions: installmentTable(10000, {
    maxInstallments: 3,
    interestFreeInstallments: 3,
    monthlyInterestPercent: 0,
    minInstallmentCents: 500,
  }),
};

describe('OrderConfirmationScreen after a reload (router state)', { timeout: 30_000 }, () => {
  it('paints the placed order at once, then shows a Pix paid since as paid: no QR code, no countdown', async () => {
    serveOrder(makeCustomerOrder({ status: 'PAID', paymentStatus: 'PAID', pix: null }));
    const gate = holdOrderStatus();
    renderWithRouterState({ order: placedPix, placed: false });
    // The first frame: the order as the checkout placed it, before the server answers.
    expect(await screen.findByRole('textbox', { name: 'Pix copia e cola' })).toBeVisible();
    gate.resolve();
    expect(await screen.findByText('Pix recebido')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Pix copia e cola' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/Pague o Pix antes de o código expirar/)).toBeNull();
  });

  it('shows a Pix that expired since as canceled, without its code', async () => {
    serveOrder(
      makeCustomerOrder({
        status: 'CANCELED',
        paymentStatus: 'EXPIRED',
        cancelReason: 'expirado',
        pix: null,
      }),
    );
    renderWithRouterState({ order: placedPix, placed: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, seu pedido foi cancelado' }),
    ).toBeVisible();
    expect(screen.getByText(/O prazo para pagar o Pix acabou/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Pix copia e cola' })).toBeNull();
    expect(document.body).not.toHaveTextContent(/aprovad/i);
  });

  it('replaces an old card refusal with the current status', async () => {
    serveOrder({ ...cardOrder, status: 'PAID', paymentStatus: 'PAID' });
    renderWithRouterState(refusedAtCheckout);
    expect(await screen.findByText('Pagamento aprovado')).toBeVisible();
    expect(screen.queryByText('Pagamento recusado')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Pagar com cartão' })).toBeNull();
  });

  it('keeps the refusal and its reason while the server still says the card was refused', async () => {
    serveOrder({ ...cardOrder, paymentStatus: 'FAILED' });
    const gate = holdOrderStatus();
    renderWithRouterState(refusedAtCheckout);
    expect(await screen.findByText('Pagamento recusado')).toBeVisible();
    gate.resolve();
    await waitFor(() => expect(screen.getByText(/saldo ou limite insuficiente/)).toBeVisible());
    expect(screen.getByRole('form', { name: 'Pagar com cartão' })).toBeVisible();
  });

  it('asks the server with the number and the e-mail of the placed order', async () => {
    serveOrder(makeCustomerOrder());
    const asked: Record<string, unknown>[] = [];
    server.use(
      http.post('*/graphql/', async ({ request }) => {
        const body = (await request.clone().json()) as {
          operationName?: string;
          variables?: Record<string, unknown>;
        };
        if (body.operationName === 'StorefrontOrderStatus') asked.push(body.variables ?? {});
        return undefined;
      }),
    );
    renderWithRouterState({ order: placedPix, placed: true });
    await waitFor(() =>
      expect(asked).toEqual([{ number: 'VT-10000', email: 'maria@exemplo.com.br' }]),
    );
  });

  it('keeps showing the address the shopper typed, which orderStatus no longer answers (issue 11, item 4)', async () => {
    // The server's answer differs (paid since), so its arrival shows.
    serveOrder(makeCustomerOrder({ status: 'PAID', paymentStatus: 'PAID', pix: null }));
    renderWithRouterState({ order: placedPix, placed: false });
    expect(await screen.findByText('Pix recebido')).toBeVisible();
    // Its address is the city and UF only; the street typed in this browser is still shown.
    expect(screen.getByText(/Avenida Paulista/)).toBeVisible();
  });
});
