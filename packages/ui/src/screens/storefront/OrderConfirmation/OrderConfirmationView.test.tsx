import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { makeCustomerOrder, makePickupOrder } from '../../../mocks/catalog/storefront.fixtures';
import { renderAt } from '../../../test/renderAt';
import type {
  CustomerOrderNode,
  OrderStatusValue,
  PaymentMethodValue,
} from '../Checkout/CheckoutScreen.graphql';
import { cardVerdict, OrderConfirmationView } from './OrderConfirmationView';

const STATUSES: OrderStatusValue[] = [
  'PENDING_PAYMENT',
  'PAID',
  'SHIPPED',
  'DELIVERED',
  'CANCELED',
  'REFUNDED',
];
const METHODS: PaymentMethodValue[] = ['PIX', 'CARD', 'BOLETO'];

function order(overrides: Partial<CustomerOrderNode>): CustomerOrderNode {
  const method = overrides.paymentMethod ?? 'PIX';
  return makeCustomerOrder({
    pix: null,
    ...(method === 'PIX' ? {} : { pixDiscountCents: 0, totalCents: 17970 }),
    ...overrides,
  } as Parameters<typeof makeCustomerOrder>[0]) as CustomerOrderNode;
}

function renderView(value: CustomerOrderNode) {
  return renderAt(
    '/',
    <Route
      path="/"
      element={<OrderConfirmationView status="ready" number={value.number} order={value} />}
    />,
  );
}

/** The alert about the payment (the first one on the page). */
function paymentAlert() {
  return screen.queryAllByRole('alert')[0] ?? null;
}

describe('OrderConfirmationView: every order status, every way to pay', () => {
  it('covers every status of the schema', async () => {
    const schema = (await import('../../../../../api/schema.graphql?raw')).default;
    const block = /enum OrderStatus \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    expect(block.split(/\s+/).filter(Boolean).sort()).toEqual([...STATUSES].sort());
  });

  it.each(METHODS.flatMap((method) => ['CANCELED', 'REFUNDED'].map((status) => [status, method])))(
    'never says a %s order paid by %s was approved, nor that it was received',
    (status, method) => {
      for (const paymentStatus of ['PENDING', 'PAID', 'CANCELED', 'EXPIRED', 'REFUNDED'] as const) {
        const { unmount } = renderView(
          order({
            status: status as OrderStatusValue,
            paymentMethod: method as PaymentMethodValue,
            paymentStatus,
          }),
        );
        expect(document.body).not.toHaveTextContent(/aprovad/i);
        expect(screen.queryByRole('heading', { name: /recebemos seu pedido/ })).toBeNull();
        expect(
          screen.getByText(status === 'CANCELED' ? 'Pedido cancelado' : 'Pedido reembolsado'),
        ).toBeVisible();
        // No way to pay a closed order.
        expect(screen.queryByRole('form', { name: 'Pagar com cartão' })).toBeNull();
        expect(screen.queryByRole('textbox', { name: 'Pix copia e cola' })).toBeNull();
        unmount();
      }
    },
  );

  it.each([
    ['PIX', 'O prazo para pagar o Pix acabou e o pedido foi cancelado.'],
    ['BOLETO', 'O boleto venceu sem pagamento e o pedido foi cancelado. Não pague este boleto.'],
    ['CARD', 'O prazo para pagar com cartão acabou e o pedido foi cancelado. Nada foi cobrado.'],
  ] as const)('says an expired %s order was canceled for it', (method, text) => {
    renderView(
      order({
        status: 'CANCELED',
        paymentStatus: 'EXPIRED',
        cancelReason: 'expirado',
        paymentMethod: method,
      }),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Maria, seu pedido foi cancelado' }),
    ).toBeVisible();
    expect(screen.getByText(new RegExp(text.replace(/[.]/g, '\\.')))).toBeVisible();
    expect(screen.queryByText(/Motivo:/)).toBeNull();
  });

  it('tells where the money of a refund goes, by the way it was paid', () => {
    const texts: Record<PaymentMethodValue, RegExp> = {
      CARD: /Devolvemos os R\$\s179,70 deste pedido: o estorno aparece na fatura do cartão/,
      PIX: /Devolvemos os R\$\s171,71 deste pedido: o valor volta para a conta que fez o Pix/,
      BOLETO: /Devolvemos os R\$\s179,70 deste pedido: o valor é devolvido a quem pagou o boleto/,
    };
    for (const method of METHODS) {
      const { unmount } = renderView(
        order({ status: 'REFUNDED', paymentStatus: 'REFUNDED', paymentMethod: method }),
      );
      expect(screen.getByText(texts[method])).toBeVisible();
      unmount();
    }
  });

  it('says a canceled order paid before is refunded, with the staff reason', () => {
    renderView(
      order({
        status: 'CANCELED',
        paymentStatus: 'PAID',
        paymentMethod: 'CARD',
        cancelReason: 'produto sem estoque',
      }),
    );
    expect(
      screen.getByText(
        /O pedido foi cancelado depois do pagamento de R\$\s179,70, que será devolvido: o estorno aparece na fatura do cartão.*Motivo: produto sem estoque\./,
      ),
    ).toBeVisible();
  });

  it.each([
    ['PIX', 'Pix recebido'],
    ['BOLETO', 'Boleto compensado'],
    ['CARD', 'Pagamento aprovado'],
  ] as const)('says a paid %s order is paid, without asking to pay again', (method, title) => {
    renderView(order({ status: 'PAID', paymentStatus: 'PAID', paymentMethod: method }));
    expect(screen.getByText(title)).toBeVisible();
    expect(screen.queryByText(/Pague o Pix|Pague o boleto|Conclua o pagamento/)).toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
  });

  it('says a shipped order is on its way with its tracking code, and a delivered one arrived', () => {
    const { unmount } = renderView(
      order({
        status: 'SHIPPED',
        paymentStatus: 'PAID',
        paymentMethod: 'BOLETO',
        trackingCode: 'QB123456789BR',
        trackingCarrier: 'Correios',
      }),
    );
    expect(screen.getByText('Pedido enviado')).toBeVisible();
    expect(screen.getByText(/código de rastreio QB123456789BR \(Correios\)/)).toBeVisible();
    unmount();
    renderView(
      order({
        status: 'DELIVERED',
        paymentStatus: 'PAID',
        paymentMethod: 'PIX',
        shippingMethodKind: 'PICKUP',
      }),
    );
    expect(screen.getByText('Pedido retirado')).toBeVisible();
    expect(screen.getByText(/Seu pedido foi retirado na loja/)).toBeVisible();
  });

  it('shows each status with a message of its own for each way to pay', () => {
    const seen = new Set<string>();
    for (const status of STATUSES.filter((item) => item !== 'PENDING_PAYMENT')) {
      for (const method of METHODS) {
        const { unmount } = renderView(
          order({
            status,
            paymentMethod: method,
            paymentStatus: status === 'REFUNDED' ? 'REFUNDED' : 'PAID',
          }),
        );
        const alert = paymentAlert();
        expect(alert).not.toBeNull();
        seen.add(`${status}:${alert?.textContent ?? ''}`);
        unmount();
      }
    }
    expect(seen.size).toBe(5 * METHODS.length);
  });
});

describe('OrderConfirmationView: a pickup order says where to pick it up (issue 28, item 2)', () => {
  const pickupOrder = (overrides: Partial<CustomerOrderNode> = {}) =>
    makePickupOrder({ pix: null, ...overrides } as Parameters<
      typeof makePickupOrder
    >[0]) as CustomerOrderNode;

  it('shows the address, the hours, what to bring with the order number and how to collect', () => {
    renderView(pickupOrder());
    const where = screen.getByRole('region', { name: 'Onde retirar' });
    expect(where).toHaveTextContent('Rua Augusta, 1500 – Loja 3, térreo');
    expect(where).toHaveTextContent('Consolação – São Paulo/SP');
    expect(where).toHaveTextContent('CEP 01304-001');
    expect(where).toHaveTextContent(/Seg\. a sex\., 10h às 20h\s*Sáb\., 10h às 18h/);
    expect(where).toHaveTextContent(
      'Leve um documento oficial com foto e o número do pedido (VT-10001).',
    );
    expect(where).toHaveTextContent(/balcão de retiradas/);
    expect(screen.queryByRole('region', { name: 'Endereço de entrega' })).toBeNull();
  });

  it('says it again, with the address, once the order is ready for pickup', () => {
    renderView(pickupOrder({ status: 'SHIPPED', paymentStatus: 'PAID' }));
    expect(screen.getByText('Pedido pronto para retirada')).toBeVisible();
    expect(
      screen.getByText(
        /Retire o pedido em Rua Augusta, 1500 – Loja 3, térreo, Consolação – São Paulo\/SP, CEP 01304-001\. Leve um documento oficial com foto e o número do pedido \(VT-10001\)\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Onde retirar' })).toHaveTextContent(/O que levar/);
  });

  it('keeps where the store is but no longer what to bring once collected or canceled', () => {
    for (const status of ['DELIVERED', 'CANCELED', 'REFUNDED'] as const) {
      const { unmount } = renderView(
        pickupOrder({ status, paymentStatus: status === 'REFUNDED' ? 'REFUNDED' : 'PAID' }),
      );
      const where = screen.getByRole('region', { name: 'Onde retirar' });
      expect(where).toHaveTextContent('Rua Augusta, 1500');
      expect(where).not.toHaveTextContent(/O que levar|Leve um documento/);
      unmount();
    }
  });
});

describe('cardVerdict', () => {
  it('never calls a canceled or refunded card order approved', () => {
    const card = order({ paymentMethod: 'CARD' });
    expect(cardVerdict({ ...card, status: 'CANCELED', paymentStatus: 'CANCELED' }, null)).toBe(
      'closed',
    );
    expect(cardVerdict({ ...card, status: 'REFUNDED', paymentStatus: 'REFUNDED' }, null)).toBe(
      'closed',
    );
    expect(cardVerdict({ ...card, status: 'SHIPPED', paymentStatus: 'PAID' }, null)).toBe(
      'approved',
    );
    expect(cardVerdict({ ...card, paymentStatus: 'FAILED' }, null)).toBe('refused');
  });
});
