// Parity table of the orders domain: a staff action on an order in a given state, and what the API
// answers. The same rows run through the real server (packages/api/test/parity.test.ts, on a real
// database) and through the MSW mocks (packages/ui/src/mocks/parity.test.ts): a mock that answers
// otherwise than the server fails a test. The answers are written out here, not derived from the
// rules, so a rule changed on one side only is caught too.
import type { OrderAction, OrderStatus, PaymentStatus } from '../src/orders';

export type OrderStateKey = keyof typeof ORDER_STATES;

/** The states an order is put in before the action (the refunded one has its total returned). */
export const ORDER_STATES = {
  pending: { status: 'PENDING_PAYMENT', paymentStatus: 'PENDING', refundedAll: false },
  paid: { status: 'PAID', paymentStatus: 'PAID', refundedAll: false },
  shipped: { status: 'SHIPPED', paymentStatus: 'PAID', refundedAll: false },
  delivered: { status: 'DELIVERED', paymentStatus: 'PAID', refundedAll: false },
  canceledUnpaid: { status: 'CANCELED', paymentStatus: 'CANCELED', refundedAll: false },
  canceledPaid: { status: 'CANCELED', paymentStatus: 'PAID', refundedAll: false },
  refunded: { status: 'REFUNDED', paymentStatus: 'REFUNDED', refundedAll: true },
} as const satisfies Record<
  string,
  { status: OrderStatus; paymentStatus: PaymentStatus; refundedAll: boolean }
>;

/** The mutations both sides receive, word for word; each answers the order's two statuses. */
export const ORDER_ACTION_DOCUMENTS: Record<OrderAction, string> = {
  markPaid: `mutation ($id: ID!) { r: orderMarkPaid(id: $id, note: "Pix conferido") { status paymentStatus } }`,
  ship: `mutation ($id: ID!) { r: orderShip(id: $id, carrier: "Correios SEDEX", trackingCode: "AA123456785BR") { status paymentStatus } }`,
  deliver: `mutation ($id: ID!) { r: orderDeliver(id: $id) { status paymentStatus } }`,
  cancel: `mutation ($id: ID!) { r: orderCancel(id: $id, reason: "Cliente desistiu") { status paymentStatus } }`,
  refund: `mutation ($id: ID!) { r: orderRefund(id: $id, amountCents: 1000, reason: "Avaria") { status paymentStatus } }`,
};

export type ParityAnswer<T> = { data: T } | { code: string; message: string; field?: string };

export interface OrderTransitionCase {
  role: 'ADMIN' | 'SUPPORT';
  state: OrderStateKey;
  action: OrderAction;
  answer: ParityAnswer<{ status: OrderStatus; paymentStatus: PaymentStatus }>;
}

const ok = (status: OrderStatus, paymentStatus: PaymentStatus) => ({
  data: { status, paymentStatus },
});
const refused = (message: string) => ({ code: 'BAD_USER_INPUT', message });
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' };

export const ORDER_TRANSITION_CASES: OrderTransitionCase[] = [
  // An unpaid order: paid or canceled, nothing else.
  { role: 'ADMIN', state: 'pending', action: 'markPaid', answer: ok('PAID', 'PAID') },
  {
    role: 'ADMIN',
    state: 'pending',
    action: 'ship',
    answer: refused('Não é possível enviar um pedido com status Aguardando pagamento.'),
  },
  {
    role: 'ADMIN',
    state: 'pending',
    action: 'deliver',
    answer: refused(
      'Não é possível marcar como entregue um pedido com status Aguardando pagamento.',
    ),
  },
  { role: 'ADMIN', state: 'pending', action: 'cancel', answer: ok('CANCELED', 'CANCELED') },
  {
    role: 'ADMIN',
    state: 'pending',
    action: 'refund',
    answer: refused('Não é possível reembolsar um pedido com status Aguardando pagamento.'),
  },
  // Paid: shipped, canceled (the payment stays recorded as paid) or refunded in part.
  {
    role: 'ADMIN',
    state: 'paid',
    action: 'markPaid',
    answer: refused('Não é possível marcar como pago um pedido com status Pago.'),
  },
  { role: 'ADMIN', state: 'paid', action: 'ship', answer: ok('SHIPPED', 'PAID') },
  {
    role: 'ADMIN',
    state: 'paid',
    action: 'deliver',
    answer: refused('Não é possível marcar como entregue um pedido com status Pago.'),
  },
  { role: 'ADMIN', state: 'paid', action: 'cancel', answer: ok('CANCELED', 'PAID') },
  { role: 'ADMIN', state: 'paid', action: 'refund', answer: ok('PAID', 'PARTIALLY_REFUNDED') },
  // Shipped: delivered or refunded in part.
  {
    role: 'ADMIN',
    state: 'shipped',
    action: 'ship',
    answer: refused('Não é possível enviar um pedido com status Enviado.'),
  },
  { role: 'ADMIN', state: 'shipped', action: 'deliver', answer: ok('DELIVERED', 'PAID') },
  {
    role: 'ADMIN',
    state: 'shipped',
    action: 'cancel',
    answer: refused('Não é possível cancelar um pedido com status Enviado.'),
  },
  {
    role: 'ADMIN',
    state: 'shipped',
    action: 'refund',
    answer: ok('SHIPPED', 'PARTIALLY_REFUNDED'),
  },
  // Delivered: only a refund.
  {
    role: 'ADMIN',
    state: 'delivered',
    action: 'deliver',
    answer: refused('Não é possível marcar como entregue um pedido com status Entregue.'),
  },
  {
    role: 'ADMIN',
    state: 'delivered',
    action: 'cancel',
    answer: refused('Não é possível cancelar um pedido com status Entregue.'),
  },
  {
    role: 'ADMIN',
    state: 'delivered',
    action: 'refund',
    answer: ok('DELIVERED', 'PARTIALLY_REFUNDED'),
  },
  // Canceled: a paid one may still be refunded; an unpaid one is over.
  {
    role: 'ADMIN',
    state: 'canceledUnpaid',
    action: 'markPaid',
    answer: refused('Não é possível marcar como pago um pedido com status Cancelado.'),
  },
  {
    role: 'ADMIN',
    state: 'canceledUnpaid',
    action: 'cancel',
    answer: refused('Não é possível cancelar um pedido com status Cancelado.'),
  },
  {
    role: 'ADMIN',
    state: 'canceledUnpaid',
    action: 'refund',
    answer: refused('Não é possível reembolsar um pedido com status Cancelado.'),
  },
  {
    role: 'ADMIN',
    state: 'canceledPaid',
    action: 'refund',
    answer: ok('CANCELED', 'PARTIALLY_REFUNDED'),
  },
  {
    role: 'ADMIN',
    state: 'canceledPaid',
    action: 'ship',
    answer: refused('Não é possível enviar um pedido com status Cancelado.'),
  },
  // Refunded: nothing is left to do.
  {
    role: 'ADMIN',
    state: 'refunded',
    action: 'refund',
    answer: refused('Não é possível reembolsar um pedido com status Reembolsado.'),
  },
  {
    role: 'ADMIN',
    state: 'refunded',
    action: 'ship',
    answer: refused('Não é possível enviar um pedido com status Reembolsado.'),
  },
  // The store's money is ADMIN's: SUPPORT ships and cancels, never confirms nor refunds.
  { role: 'SUPPORT', state: 'pending', action: 'markPaid', answer: FORBIDDEN },
  { role: 'SUPPORT', state: 'paid', action: 'refund', answer: FORBIDDEN },
  { role: 'SUPPORT', state: 'paid', action: 'ship', answer: ok('SHIPPED', 'PAID') },
  { role: 'SUPPORT', state: 'pending', action: 'cancel', answer: ok('CANCELED', 'CANCELED') },
];

// ---------------------------------------------------------------------------------------------
// The shopper's tracking look-up (orderStatus): a delivered order of TRACKED_EMAIL, looked up by
// its number and an e-mail as typed. The e-mail is judged by the store's rule (checkCustomerEmail)
// before anything is looked up; typed with spaces around or in capitals it still finds the order.

/** The placed order's e-mail (each runner places one, delivered, with it). */
export const TRACKED_EMAIL = 'rastreio.paridade@example.com';

export const ORDER_STATUS_DOCUMENT = `query ($number: String!, $email: String!) {
  r: orderStatus(number: $number, email: $email) { status paymentStatus }
}`;

export interface OrderStatusCase {
  name: string;
  /** The e-mail typed; the number is always the placed order's. */
  email: string;
  answer: ParityAnswer<{ status: OrderStatus; paymentStatus: PaymentStatus }>;
}

const ORDER_STATUS_NOT_FOUND =
  'Pedido não encontrado: confira o número do pedido e o e-mail usado na compra.';

export const ORDER_STATUS_CASES: OrderStatusCase[] = [
  {
    name: 'the e-mail as placed finds the order',
    email: TRACKED_EMAIL,
    answer: ok('DELIVERED', 'PAID'),
  },
  {
    name: 'typed with spaces around and in capitals, it still finds the order',
    email: '  Rastreio.Paridade@EXAMPLE.com ',
    answer: ok('DELIVERED', 'PAID'),
  },
  {
    name: 'a badly formed e-mail is refused on the field, nothing looked up',
    email: 'rastreio.paridade@',
    answer: {
      code: 'BAD_USER_INPUT',
      message: 'Informe um e-mail válido, como nome@exemplo.com.br.',
      field: 'email',
    },
  },
  {
    name: 'a quoted local part is refused on the field',
    email: '"rastreio.paridade"@example.com',
    answer: {
      code: 'BAD_USER_INPUT',
      message: 'Escreva o e-mail sem aspas, como nome@exemplo.com.br.',
      field: 'email',
    },
  },
  {
    name: 'another well-formed e-mail finds nothing',
    email: 'outra.pessoa@example.com',
    answer: { code: 'NOT_FOUND', message: ORDER_STATUS_NOT_FOUND },
  },
];
