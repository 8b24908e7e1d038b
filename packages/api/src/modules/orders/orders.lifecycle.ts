// The order state machine of DESIGN.md as data: which staff action moves an order from which
// statuses, and the Portuguese words used when an action is not allowed.
export type OrderStatus =
  'PENDING_PAYMENT' | 'PAID' | 'SHIPPED' | 'DELIVERED' | 'CANCELED' | 'REFUNDED';

export type OrderAction = 'markPaid' | 'ship' | 'deliver' | 'cancel' | 'refund';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: 'Aguardando pagamento',
  PAID: 'Pago',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELED: 'Cancelado',
  REFUNDED: 'Reembolsado',
};

/** Statuses each action starts from. Refund also applies to a paid order canceled later. */
export const ACTION_FROM: Record<OrderAction, readonly OrderStatus[]> = {
  markPaid: ['PENDING_PAYMENT'],
  ship: ['PAID'],
  deliver: ['SHIPPED'],
  cancel: ['PENDING_PAYMENT', 'PAID'],
  refund: ['PAID', 'SHIPPED', 'DELIVERED'],
};

/** Infinitive used in 'Não é possível <verb> um pedido com status <label>.' */
const ACTION_VERBS: Record<OrderAction, string> = {
  markPaid: 'marcar como pago',
  ship: 'enviar',
  deliver: 'marcar como entregue',
  cancel: 'cancelar',
  refund: 'reembolsar',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && value in ORDER_STATUS_LABELS;
}

export function illegalTransitionMessage(action: OrderAction, status: OrderStatus): string {
  return `Não é possível ${ACTION_VERBS[action]} um pedido com status ${ORDER_STATUS_LABELS[status]}.`;
}

/** Whether `action` may start from this order's state (refund needs money not yet returned). */
export function canAttempt(
  action: OrderAction,
  order: { status: OrderStatus; paymentStatus: string; totalCents: number; refundedCents: number },
): boolean {
  if (action === 'refund') {
    const moneyLeft = order.totalCents - order.refundedCents > 0;
    const paidThenCanceled =
      order.status === 'CANCELED' &&
      (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_REFUNDED');
    return moneyLeft && (ACTION_FROM.refund.includes(order.status) || paidThenCanceled);
  }
  return ACTION_FROM[action].includes(order.status);
}
