// The 7-day returns the GraphQL mock knows: a delivered order the shopper can return, returns in
// every status (as the server's OrderReturn / CustomerReturn), seeded on an order fixture with
// withReturns(), and the instant the mock judges the 7-day window at (stable screenshots).
import { RETURN_STATUS_LABELS, returnRefund } from '@vitrine/rules';

import type {
  OrderReturnNode,
  ReturnInvoiceNode,
} from '../../screens/dashboard/Orders/OrderReturns.graphql';
import { accessKeyOf, makeInvoice } from '../invoices/invoices.fixtures';
import {
  makeStaffOrders,
  STAFF_ORDERS_NOW,
  type StaffOrderFixture,
} from '../orders/staffOrders.fixtures';
import {
  makeCustomerOrder,
  storefrontProduct,
  type CustomerOrderFixture,
} from '../catalog/storefront.fixtures';

/** The mock's "now" for the window: four days after the delivered fixtures were delivered. */
export const RETURNS_MOCK_NOW = '2024-06-12T15:00:00.000Z';
/** Delivered on 08/06/2024: the window ends on 15/06/2024 at 23:59 (São Paulo). */
export const DELIVERED_AT = '2024-06-08T14:00:00.000Z';
/** Delivered on 20/05/2024: the window ended on 27/05/2024. */
export const DELIVERED_LONG_AGO = '2024-05-20T14:00:00.000Z';

export const CORREIOS_REVERSE_INSTRUCTIONS =
  'Embale os produtos e leve o pacote a qualquer agência dos Correios informando o código de autorização: a postagem é paga pela loja, você não paga nada.';
export const MANUAL_REVERSE_INSTRUCTIONS =
  'Embale os produtos e leve o pacote a uma agência dos Correios informando o código: a postagem é paga pela loja.';

/**
 * A return with every field of the server's OrderReturn (the shopper's is a part of it): the
 * order page's node, less what the mock works out per caller (allowedActions), plus the
 * shopper's posting instructions.
 */
export type ReturnFixture = Omit<OrderReturnNode, 'allowedActions'> & {
  instructions: string | null;
};

/** An order fixture with the returns the mock starts from. */
export type WithReturns<T> = T & { seededReturns?: ReturnFixture[] };

export function withReturns<T extends object>(order: T, returns: ReturnFixture[]): WithReturns<T> {
  return { ...order, seededReturns: returns };
}

/** The mock's id of an order line (the server's are UUIDs). */
export function returnLineId(orderNumber: string, index: number): string {
  return `${orderNumber}-line-${index}`;
}

/**
 * A delivered order (VT-9998, Pix): 2 × Camiseta básica and 1 × Vestido midi, R$ 19,90 of
 * shipping; delivered on 08/06/2024, so returnable until 15/06 at RETURNS_MOCK_NOW.
 */
export function makeDeliveredOrder(
  overrides: Partial<CustomerOrderFixture> = {},
): CustomerOrderFixture {
  const shirt = storefrontProduct('camiseta-basica-algodao');
  const dress = storefrontProduct('vestido-midi-linho');
  const deliveredAt = overrides.timeline?.find((event) => event.type === 'delivered')?.createdAt;
  return makeCustomerOrder({
    number: 'VT-9998',
    status: 'DELIVERED',
    paymentStatus: 'PAID',
    fulfilmentStatus: 'DELIVERED',
    pix: null,
    lines: [
      {
        productName: shirt.name,
        brandName: shirt.brand.name,
        variantLabel: 'Tamanho M · Cor Branco',
        sku: 'AUR-1-BRA-M',
        imageUrl: shirt.images[0]?.url ?? null,
        unitPriceCents: 7990,
        compareAtPriceCents: null,
        quantity: 2,
        lineTotalCents: 15980,
      },
      {
        productName: dress.name,
        brandName: dress.brand.name,
        variantLabel: 'Tamanho P · Cor Terracota',
        sku: 'AUR-2-TER-P',
        imageUrl: dress.images[0]?.url ?? null,
        unitPriceCents: 18990,
        compareAtPriceCents: null,
        quantity: 1,
        lineTotalCents: 18990,
      },
    ],
    subtotalCents: 34970,
    pixDiscountCents: 1749,
    shippingCents: 1990,
    totalCents: 35211,
    trackingCarrier: 'Correios',
    trackingCode: 'QB123456785BR',
    trackingUrl: 'https://rastreamento.correios.com.br/app/index.php',
    timeline: [
      {
        type: 'placed',
        status: 'PENDING_PAYMENT',
        label: 'Pedido recebido',
        createdAt: '2024-06-01T13:00:00.000Z',
      },
      {
        type: 'paid',
        status: 'PAID',
        label: 'Pagamento aprovado',
        createdAt: '2024-06-01T13:20:00.000Z',
      },
      {
        type: 'shipped',
        status: 'SHIPPED',
        label: 'Pedido enviado',
        createdAt: '2024-06-03T18:00:00.000Z',
      },
      {
        type: 'delivered',
        status: 'DELIVERED',
        label: 'Pedido entregue',
        createdAt: deliveredAt ?? DELIVERED_AT,
      },
    ],
    ...overrides,
  });
}

/** The same order delivered long ago: past its 7 days. */
export function makeLongDeliveredOrder(): CustomerOrderFixture {
  const order = makeDeliveredOrder();
  return {
    ...order,
    timeline: order.timeline.map((event) =>
      event.type === 'delivered' ? { ...event, createdAt: DELIVERED_LONG_AGO } : event,
    ),
  };
}

/** A return of VT-9998's shirts (both), asked on 12/06/2024, in `status`. */
export function makeReturn(overrides: Partial<ReturnFixture> = {}): ReturnFixture {
  const shirt = storefrontProduct('camiseta-basica-algodao');
  const status = overrides.status ?? 'REQUESTED';
  return {
    id: 'return-1',
    number: 1,
    status,
    statusLabel: RETURN_STATUS_LABELS[status],
    reason: 'Não serviu: ficou apertada nos ombros',
    wholeOrder: false,
    lines: [
      {
        lineId: returnLineId('VT-9998', 0),
        productName: shirt.name,
        variantLabel: 'Tamanho M · Cor Branco',
        sku: 'AUR-1-BRA-M',
        imageUrl: shirt.images[0]?.url ?? null,
        quantity: 2,
        refundCents: 15181,
      },
    ],
    refundCents: 15181,
    shippingRefundCents: 0,
    carrier: 'correios',
    carrierLabel: 'Correios',
    authorizationCode: null,
    trackingCode: null,
    labelUrl: null,
    authorizationExpiresAt: null,
    instructions: null,
    carrierAttempts: 0,
    carrierError: null,
    carrierNextAttemptAt: null,
    rejectionReason: null,
    requestedAt: RETURNS_MOCK_NOW,
    labelIssuedAt: null,
    receivedAt: null,
    refundedAt: null,
    rejectedAt: null,
    staffName: null,
    invoice: null,
    ...overrides,
  };
}

/**
 * A return's NF-e de devolução, as the API gives it to an ADMIN (who may also cancel or correct an
 * authorised one, as the sale's): authorised, rejected by SEFAZ, or waiting for the provider.
 */
export function makeReturnInvoice(
  state: 'authorized' | 'rejectedBySefaz' | 'pending' = 'authorized',
  overrides: Partial<ReturnInvoiceNode> = {},
): ReturnInvoiceNode {
  const number = overrides.number ?? 1043;
  const invoice = makeInvoice(state, { id: 'inv-return-1', number });
  return {
    id: invoice.id,
    status: invoice.status,
    statusLabel: invoice.statusLabel,
    environment: invoice.environment,
    series: invoice.series,
    number: invoice.number,
    accessKey: invoice.status === 'AUTHORIZED' ? accessKeyOf(number) : null,
    rejectionCode: invoice.rejectionCode,
    rejectionMessage: invoice.rejectionMessage,
    danfeUrl: invoice.danfeUrl?.replace('/abc/', '/devolucao-1/') ?? null,
    xmlUrl: invoice.xmlUrl?.replace('/abc/', '/devolucao-1/') ?? null,
    lastError: invoice.lastError,
    nextAttemptAt: invoice.nextAttemptAt,
    allowedActions: invoice.allowedActions,
    ...overrides,
  };
}

/** The Correios' code issued for a return. */
export function issuedCode(overrides: Partial<ReturnFixture> = {}): Partial<ReturnFixture> {
  return {
    status: 'LABEL_ISSUED',
    statusLabel: RETURN_STATUS_LABELS.LABEL_ISSUED,
    authorizationCode: 'LR123456785BR',
    trackingCode: 'LR123456785BR',
    authorizationExpiresAt: '2024-06-28T02:59:59.000Z',
    instructions: CORREIOS_REVERSE_INSTRUCTIONS,
    labelIssuedAt: '2024-06-12T15:01:00.000Z',
    ...overrides,
  };
}

/** A return received and refunded (by Ana Souza, on 18/06/2024). */
function refundedFields(): Partial<ReturnFixture> {
  return {
    ...issuedCode(),
    status: 'REFUNDED',
    statusLabel: RETURN_STATUS_LABELS.REFUNDED,
    receivedAt: '2024-06-18T13:00:00.000Z',
    refundedAt: '2024-06-18T13:00:00.000Z',
    staffName: 'Ana Souza',
  };
}

/** Each status of a return, as the stories show them. */
export const RETURN_STATES = {
  requested: () => makeReturn(),
  labelIssued: () => makeReturn(issuedCode()),
  refunded: () => makeReturn(refundedFields()),
  /** Received and refunded; its NF-e de devolução authorised. */
  refundedWithInvoice: () =>
    makeReturn({
      ...refundedFields(),
      invoice: makeReturnInvoice('authorized'),
    }),
  /** Received and refunded; SEFAZ rejected its NF-e de devolução. */
  invoiceRejected: () =>
    makeReturn({
      ...refundedFields(),
      invoice: makeReturnInvoice('rejectedBySefaz', { number: 1043 }),
    }),
  rejected: () =>
    makeReturn({
      status: 'REJECTED',
      statusLabel: RETURN_STATUS_LABELS.REJECTED,
      rejectionReason: 'O produto voltou com sinais de uso e sem a etiqueta.',
      rejectedAt: '2024-06-18T13:00:00.000Z',
      staffName: 'Ana Souza',
    }),
  /** The Correios did not answer twice: asked again at 15:04. */
  carrierRetrying: () =>
    makeReturn({
      carrierAttempts: 2,
      carrierError: 'Os Correios estão indisponíveis (HTTP 503).',
      carrierNextAttemptAt: '2024-06-12T18:04:00.000Z',
    }),
  /** The Correios refused: the retries stopped. */
  carrierRefused: () =>
    makeReturn({
      carrierAttempts: 1,
      carrierError:
        'Os Correios recusaram a autorização: CEP do remetente não atendido pela logística reversa.',
    }),
  /** No reverse carrier configured: staff type the code. */
  noCarrier: () => makeReturn({ carrier: null, carrierLabel: null }),
} satisfies Record<string, () => ReturnFixture>;

/** The first delivered order of the staff fixtures (the dashboard's returns are of it). */
export function deliveredStaffOrder(): StaffOrderFixture {
  const order = makeStaffOrders().find((item) => item.status === 'DELIVERED');
  if (!order) throw new Error('The staff fixtures have no delivered order.');
  return order;
}

/**
 * The delivered staff order with one return of its first line (all its units) in a state of
 * RETURN_STATES, the refund as the server computes it.
 */
export function makeStaffReturnOrder(
  state: keyof typeof RETURN_STATES = 'requested',
  order: StaffOrderFixture = deliveredStaffOrder(),
): WithReturns<StaffOrderFixture> {
  const line = order.lines[0]!;
  const refund = returnRefund(
    order,
    order.lines.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      lineTotalCents: item.lineTotalCents,
      discountCents: item.discountCents,
    })),
    { [line.id]: line.quantity },
  );
  const ret = RETURN_STATES[state]();
  // The staff fixtures' calendar (March 2026), not the shopper's (June 2024).
  const at = (value: string | null, fromMock: string) =>
    value === null
      ? null
      : new Date(
          Date.parse(STAFF_ORDERS_NOW) + (Date.parse(value) - Date.parse(fromMock)),
        ).toISOString();
  const dates = {
    requestedAt: at(ret.requestedAt, RETURNS_MOCK_NOW)!,
    labelIssuedAt: at(ret.labelIssuedAt, RETURNS_MOCK_NOW),
    authorizationExpiresAt: at(ret.authorizationExpiresAt, RETURNS_MOCK_NOW),
    carrierNextAttemptAt: at(ret.carrierNextAttemptAt, RETURNS_MOCK_NOW),
    receivedAt: at(ret.receivedAt, RETURNS_MOCK_NOW),
    refundedAt: at(ret.refundedAt, RETURNS_MOCK_NOW),
    rejectedAt: at(ret.rejectedAt, RETURNS_MOCK_NOW),
  };
  return withReturns(order, [
    {
      ...ret,
      ...dates,
      id: `return-${order.number}-1`,
      wholeOrder: refund.wholeOrder,
      lines: [
        {
          lineId: line.id,
          productName: line.productName,
          variantLabel: line.variantLabel,
          sku: line.sku,
          imageUrl: line.imageUrl,
          quantity: line.quantity,
          refundCents: refund.lines[0]?.refundCents ?? 0,
        },
      ],
      refundCents: refund.totalCents,
      shippingRefundCents: refund.shippingCents,
    },
  ]);
}
