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

// ---------------------------------------------------------------------------------------------
// A step's texts and the tracking correction: the note, the carrier and the code of a shipment,
// a cancellation's and a refund's reason, and correcting a shipped parcel's carrier and code.
// Each row puts an order in `state` (a pickup one when `pickup`), takes the `before` steps (each
// must succeed) and then the step under test.

const RASTREIO_A = 'AA123456785BR';
/** Another valid Correios code (S10 check digit 6). */
const RASTREIO_B = 'BR987654326BR';

export const ORDER_STEP_DOCUMENTS = {
  markPaid: `mutation ($id: ID!, $note: String) {
    r: orderMarkPaid(id: $id, note: $note) { status paymentStatus }
  }`,
  ship: `mutation ($id: ID!, $carrier: String!, $trackingCode: String, $note: String) {
    r: orderShip(id: $id, carrier: $carrier, trackingCode: $trackingCode, note: $note) {
      status trackingCarrier trackingCode
    }
  }`,
  correct: `mutation ($id: ID!, $carrier: String!, $trackingCode: String!, $note: String) {
    r: orderTrackingUpdate(id: $id, carrier: $carrier, trackingCode: $trackingCode, note: $note) {
      status trackingCarrier trackingCode
    }
  }`,
  cancel: `mutation ($id: ID!, $reason: String!) {
    r: orderCancel(id: $id, reason: $reason) { status paymentStatus }
  }`,
  refund: `mutation ($id: ID!, $amountCents: Int!, $reason: String!) {
    r: orderRefund(id: $id, amountCents: $amountCents, reason: $reason) { status paymentStatus }
  }`,
  deliver: `mutation ($id: ID!) { r: orderDeliver(id: $id) { status paymentStatus } }`,
} as const;

export type OrderStepKind = keyof typeof ORDER_STEP_DOCUMENTS;

export interface OrderStep {
  step: OrderStepKind;
  variables: Record<string, unknown>;
}

export interface OrderStepCase extends OrderStep {
  name: string;
  state: OrderStateKey;
  pickup?: boolean;
  before?: OrderStep[];
  answer: ParityAnswer<unknown>;
}

const onField = (field: string, message: string) => ({
  code: 'BAD_USER_INPUT',
  message,
  field,
});

const SHIPPED_A: OrderStep = {
  step: 'ship',
  variables: { carrier: 'Correios SEDEX', trackingCode: RASTREIO_A },
};

export const ORDER_STEP_CASES: OrderStepCase[] = [
  {
    name: 'a payment confirmed with a blank note has none',
    state: 'pending',
    step: 'markPaid',
    variables: { note: '   ' },
    answer: ok('PAID', 'PAID'),
  },
  {
    name: 'a note of 1,001 characters is refused on the note',
    state: 'pending',
    step: 'markPaid',
    variables: { note: 'x'.repeat(1001) },
    answer: onField('note', 'A observação pode ter no máximo 1000 caracteres.'),
  },
  {
    name: 'a shipment without a carrier is refused on the carrier',
    state: 'paid',
    step: 'ship',
    variables: { carrier: '   ', trackingCode: RASTREIO_A },
    answer: onField('carrier', 'Informe a transportadora.'),
  },
  {
    name: 'a carrier of 61 characters is refused',
    state: 'paid',
    step: 'ship',
    variables: { carrier: 'C'.repeat(61), trackingCode: RASTREIO_A },
    answer: onField('carrier', 'A transportadora pode ter no máximo 60 caracteres.'),
  },
  {
    name: 'a Correios code whose check digit does not match is refused on the code',
    state: 'paid',
    step: 'ship',
    variables: { carrier: 'Correios PAC', trackingCode: 'AA123456789BR' },
    answer: onField(
      'trackingCode',
      'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
    ),
  },
  {
    name: 'a code typed in lower case with spaces is stored normalised',
    state: 'paid',
    step: 'ship',
    variables: { carrier: 'Correios SEDEX', trackingCode: ' aa 123456785 br ' },
    answer: {
      data: { status: 'SHIPPED', trackingCarrier: 'Correios SEDEX', trackingCode: RASTREIO_A },
    },
  },
  {
    name: 'a cancellation without a reason is refused on the reason',
    state: 'paid',
    step: 'cancel',
    variables: { reason: '  ' },
    answer: onField('reason', 'Informe o motivo do cancelamento.'),
  },
  {
    name: 'a cancellation reason of 501 characters is refused',
    state: 'paid',
    step: 'cancel',
    variables: { reason: 'm'.repeat(501) },
    answer: onField('reason', 'O motivo do cancelamento pode ter no máximo 500 caracteres.'),
  },
  {
    name: 'a refund of nothing is refused on the amount',
    state: 'paid',
    step: 'refund',
    variables: { amountCents: 0, reason: 'Avaria' },
    answer: onField(
      'amountCents',
      'O valor do reembolso deve ser um número inteiro de centavos maior que zero.',
    ),
  },
  {
    name: 'a refund without a reason is refused on the reason',
    state: 'paid',
    step: 'refund',
    variables: { amountCents: 1000, reason: '' },
    answer: onField('reason', 'Informe o motivo do reembolso.'),
  },
  {
    name: 'a shipped parcel gets another carrier and code',
    state: 'paid',
    before: [SHIPPED_A],
    step: 'correct',
    variables: { carrier: 'Correios PAC', trackingCode: RASTREIO_B, note: 'Etiqueta trocada' },
    answer: {
      data: { status: 'SHIPPED', trackingCarrier: 'Correios PAC', trackingCode: RASTREIO_B },
    },
  },
  {
    name: 'a correction to the same carrier and code (typed otherwise) changes nothing',
    state: 'paid',
    before: [SHIPPED_A],
    step: 'correct',
    variables: { carrier: 'Correios SEDEX', trackingCode: 'aa123456785br' },
    answer: onField(
      'trackingCode',
      'Nada mudou: a transportadora e o código são os mesmos de antes.',
    ),
  },
  {
    name: 'a correction with a wrong check digit is refused on the code',
    state: 'paid',
    before: [SHIPPED_A],
    step: 'correct',
    variables: { carrier: 'Correios SEDEX', trackingCode: 'BR987654321BR' },
    answer: onField(
      'trackingCode',
      'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
    ),
  },
  {
    name: 'an order not shipped has no tracking to correct',
    state: 'paid',
    step: 'correct',
    variables: { carrier: 'Correios SEDEX', trackingCode: RASTREIO_A },
    answer: refused('Só dá para corrigir o rastreamento de um pedido enviado (status Enviado).'),
  },
  {
    name: 'a delivered order has no tracking to correct',
    state: 'paid',
    before: [SHIPPED_A, { step: 'deliver', variables: {} }],
    step: 'correct',
    variables: { carrier: 'Correios SEDEX', trackingCode: RASTREIO_A },
    answer: refused('Só dá para corrigir o rastreamento de um pedido enviado (status Enviado).'),
  },
  {
    name: 'a pickup order has no tracking code to correct',
    state: 'paid',
    pickup: true,
    before: [{ step: 'ship', variables: { carrier: 'Retirada na loja' } }],
    step: 'correct',
    variables: { carrier: 'Correios SEDEX', trackingCode: RASTREIO_A },
    answer: refused(
      'Este pedido é para retirada na loja: não tem código de rastreamento para corrigir.',
    ),
  },
];
