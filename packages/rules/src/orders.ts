// The order's words and state machine, once for every side: the server's transitions and CSV
// export, the dashboard's chips and the mocks (DESIGN.md, "Order state machine"). Which staff
// action moves an order from which statuses, who may move the store's money, and the Portuguese
// said when an action is not allowed.

export type OrderStatus =
  'PENDING_PAYMENT' | 'PAID' | 'SHIPPED' | 'DELIVERED' | 'CANCELED' | 'REFUNDED';

export type PaymentStatus =
  | 'PENDING'
  | 'AUTHORIZED'
  | 'PAID'
  | 'FAILED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export type FulfilmentStatus =
  'UNFULFILLED' | 'READY_FOR_PICKUP' | 'SHIPPED' | 'DELIVERED' | 'CANCELED' | 'RETURNED';

export type OrderAction = 'markPaid' | 'ship' | 'deliver' | 'cancel' | 'refund';

/** Every staff action, in the order the server lists an order's allowedActions. */
export const ORDER_ACTIONS: readonly OrderAction[] = [
  'markPaid',
  'ship',
  'deliver',
  'cancel',
  'refund',
];

/** The actions that move the store's money: ADMIN only. */
export const MONEY_ACTIONS: ReadonlySet<OrderAction> = new Set<OrderAction>(['markPaid', 'refund']);

/** The staff's names of an order's statuses (dashboard, CSV export, error messages). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: 'Aguardando pagamento',
  PAID: 'Pago',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELED: 'Cancelado',
  REFUNDED: 'Reembolsado',
};

/** The shopper's names of the same statuses (confirmation, tracking page, timeline). */
export const ORDER_STATUS_SHOPPER_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: 'Aguardando pagamento',
  PAID: 'Pagamento aprovado',
  SHIPPED: 'Pedido enviado',
  DELIVERED: 'Pedido entregue',
  CANCELED: 'Pedido cancelado',
  REFUNDED: 'Pedido reembolsado',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pendente',
  AUTHORIZED: 'Autorizado',
  PAID: 'Pago',
  FAILED: 'Recusado',
  CANCELED: 'Cancelado',
  EXPIRED: 'Expirado',
  REFUNDED: 'Reembolsado',
  PARTIALLY_REFUNDED: 'Reembolso parcial',
};

export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  // Said of every order not sent yet, paid or not: an unpaid one is not "to ship".
  UNFULFILLED: 'Não enviado',
  READY_FOR_PICKUP: 'Pronto para retirada',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELED: 'Cancelado',
  RETURNED: 'Devolvido',
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
