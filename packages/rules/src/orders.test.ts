import { describe, expect, it } from 'vitest';

import {
  canAttempt,
  illegalTransitionMessage,
  ORDER_ACTIONS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from './orders';

const order = (status: OrderStatus, paymentStatus = 'PAID', refundedCents = 0) => ({
  status,
  paymentStatus,
  totalCents: 10000,
  refundedCents,
});

describe('order state machine', () => {
  it('allows from each status exactly the actions of DESIGN.md', () => {
    const allowed = (status: OrderStatus, paymentStatus?: string) =>
      ORDER_ACTIONS.filter((action) => canAttempt(action, order(status, paymentStatus)));
    expect(allowed('PENDING_PAYMENT', 'PENDING')).toEqual(['markPaid', 'cancel']);
    expect(allowed('PAID')).toEqual(['ship', 'cancel', 'refund']);
    expect(allowed('SHIPPED')).toEqual(['deliver', 'refund']);
    expect(allowed('DELIVERED')).toEqual(['refund']);
    expect(allowed('CANCELED', 'CANCELED')).toEqual([]);
    expect(allowed('CANCELED', 'PAID')).toEqual(['refund']);
    expect(allowed('REFUNDED', 'REFUNDED')).toEqual([]);
  });

  it('refuses a refund once the whole total went back', () => {
    expect(canAttempt('refund', order('PAID', 'PARTIALLY_REFUNDED', 4000))).toBe(true);
    expect(canAttempt('refund', order('PAID', 'REFUNDED', 10000))).toBe(false);
  });

  it('says which action and which status, in Portuguese', () => {
    expect(illegalTransitionMessage('ship', 'PENDING_PAYMENT')).toBe(
      'Não é possível enviar um pedido com status Aguardando pagamento.',
    );
    expect(Object.keys(ORDER_STATUS_LABELS)).toHaveLength(6);
  });
});
