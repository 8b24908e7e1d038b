import { describe, expect, it } from 'vitest';

import {
  orderStatusHeadline,
  orderSteps,
  type OrderStatusValue,
  type PaymentStatusValue,
} from './orderSteps';

const ORDER_STATUSES: OrderStatusValue[] = [
  'PENDING_PAYMENT',
  'PAID',
  'SHIPPED',
  'DELIVERED',
  'CANCELED',
  'REFUNDED',
];
const PAYMENT_STATUSES: PaymentStatusValue[] = [
  'PENDING',
  'AUTHORIZED',
  'PAID',
  'FAILED',
  'CANCELED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
];

/** The timeline events an order in each status has (a refund follows a delivery here). */
const REACHED: Record<OrderStatusValue, OrderStatusValue[]> = {
  PENDING_PAYMENT: ['PENDING_PAYMENT'],
  PAID: ['PENDING_PAYMENT', 'PAID'],
  SHIPPED: ['PENDING_PAYMENT', 'PAID', 'SHIPPED'],
  DELIVERED: ['PENDING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED'],
  CANCELED: ['PENDING_PAYMENT', 'CANCELED'],
  REFUNDED: ['PENDING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED', 'REFUNDED'],
};

type Row = [
  status: OrderStatusValue,
  pickup: boolean,
  paymentStatus: PaymentStatusValue,
  steps: string,
  headline: string,
];

// Each step as "state:label", in order: what a shopper reads, top to bottom.
const TABLE: Row[] = [
  [
    'PENDING_PAYMENT',
    false,
    'PENDING',
    'done:Pedido recebido | current:Aguardando pagamento | upcoming:Envio | upcoming:Entrega',
    'Aguardando pagamento',
  ],
  [
    'PENDING_PAYMENT',
    false,
    'AUTHORIZED',
    'done:Pedido recebido | current:Pagamento em análise | upcoming:Envio | upcoming:Entrega',
    'Pagamento em análise',
  ],
  [
    'PENDING_PAYMENT',
    false,
    'FAILED',
    'done:Pedido recebido | current:Pagamento não aprovado | upcoming:Envio | upcoming:Entrega',
    'Pagamento não aprovado',
  ],
  [
    'PENDING_PAYMENT',
    true,
    'PENDING',
    'done:Pedido recebido | current:Aguardando pagamento | upcoming:Separação para retirada | upcoming:Retirada na loja',
    'Aguardando pagamento',
  ],
  [
    'PAID',
    false,
    'PAID',
    'done:Pedido recebido | done:Pagamento aprovado | current:Preparando o envio | upcoming:Entrega',
    'Pago',
  ],
  [
    'PAID',
    true,
    'PAID',
    'done:Pedido recebido | done:Pagamento aprovado | current:Separando o pedido para retirada | upcoming:Retirada na loja',
    'Pago',
  ],
  [
    'SHIPPED',
    false,
    'PAID',
    'done:Pedido recebido | done:Pagamento aprovado | done:Pedido enviado | current:A caminho',
    'Enviado',
  ],
  [
    'SHIPPED',
    true,
    'PAID',
    'done:Pedido recebido | done:Pagamento aprovado | done:Pronto para retirada | current:Aguardando a retirada na loja',
    'Pronto para retirada',
  ],
  [
    'DELIVERED',
    false,
    'PARTIALLY_REFUNDED',
    'done:Pedido recebido | done:Pagamento aprovado | done:Pedido enviado | done:Pedido entregue',
    'Entregue',
  ],
  [
    'DELIVERED',
    true,
    'PAID',
    'done:Pedido recebido | done:Pagamento aprovado | done:Pronto para retirada | done:Pedido retirado',
    'Retirado',
  ],
  ['CANCELED', false, 'EXPIRED', 'done:Pedido recebido | failed:Pedido cancelado', 'Cancelado'],
  ['CANCELED', true, 'CANCELED', 'done:Pedido recebido | failed:Pedido cancelado', 'Cancelado'],
  [
    'REFUNDED',
    false,
    'REFUNDED',
    'done:Pedido recebido | done:Pagamento aprovado | done:Pedido enviado | done:Pedido entregue | failed:Pedido reembolsado',
    'Reembolsado',
  ],
];

function describeSteps(
  status: OrderStatusValue,
  pickup: boolean,
  paymentStatus: PaymentStatusValue,
): string {
  return orderSteps(status, new Set(REACHED[status]), { pickup, paymentStatus })
    .map((step) => `${step.state}:${step.label}`)
    .join(' | ');
}

describe('orderSteps', () => {
  it.each(TABLE)(
    'says the same thing in the steps and the headline: %s (pickup %s, payment %s)',
    (status, pickup, paymentStatus, steps, headline) => {
      expect(describeSteps(status, pickup, paymentStatus)).toBe(steps);
      expect(orderStatusHeadline(status, { pickup, paymentStatus })).toBe(headline);
    },
  );

  // Every combination, table or not: the words never contradict the status.
  const DONE_WORDS = /(?<!não )aprovado|enviado|entregue|retirado|Pronto|reembolsado|cancelado/;
  const WAITING_WORDS = /Aguardando|análise|não aprovado|Preparando|Separando|A caminho/;
  for (const status of ORDER_STATUSES) {
    for (const pickup of [false, true]) {
      it(`never marks as current what has not happened, nor as done what is awaited: ${status}${pickup ? ' (pickup)' : ''}`, () => {
        for (const paymentStatus of PAYMENT_STATUSES) {
          const steps = orderSteps(status, new Set(REACHED[status]), { pickup, paymentStatus });
          const current = steps.filter((step) => step.state === 'current');
          expect(current.length).toBeLessThanOrEqual(1);
          for (const step of current) expect(step.label).not.toMatch(DONE_WORDS);
          for (const step of steps.filter((item) => item.state === 'upcoming')) {
            expect(step.label).not.toMatch(DONE_WORDS);
            expect(step.label).not.toMatch(WAITING_WORDS);
          }
          for (const step of steps.filter((item) => item.state === 'done')) {
            expect(step.label).not.toMatch(WAITING_WORDS);
          }
          // An order that waits says what for in the headline and in the current step alike.
          if (status === 'PENDING_PAYMENT') {
            expect(current[0]?.label).toBe(orderStatusHeadline(status, { pickup, paymentStatus }));
          } else {
            expect(orderStatusHeadline(status, { pickup, paymentStatus })).not.toMatch(
              WAITING_WORDS,
            );
          }
        }
      });
    }
  }
});
