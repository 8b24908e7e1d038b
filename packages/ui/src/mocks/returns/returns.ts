// The 7-day returns of the GraphQL mock (spread into the orders domain, orders/orders.ts), as
// the server answers them and with @vitrine/rules' window, limits and refund: the return fields
// of CustomerOrder, requestOrderReturn (the reverse carrier's code "issued" right after, as the
// server's worker does within instants), and the staff's orderReturns and actions with the role
// rules (receiving is ADMIN's). The window is judged at RETURNS_MOCK_NOW.
import {
  checkCustomerEmail,
  checkReturnCodeInput,
  checkReturnLines,
  checkReturnRejectionReason,
  checkRules,
  isWithinReturnWindow,
  OPEN_RETURN_STATUSES,
  orderNumber,
  parseOrderNumber,
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  SETTLED_RETURN_STATUSES,
  returnRefund,
  returnRequestSchema,
  returnWindowClosedMessage,
  returnWindowEndsAt,
  type ReturnStatus,
  type ReturnStepCheck,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import type { OrdersState } from '../orders/orders.fixtures';
import {
  CORREIOS_REVERSE_INSTRUCTIONS,
  makeReturnInvoice,
  MANUAL_REVERSE_INSTRUCTIONS,
  returnLineId,
  RETURNS_MOCK_NOW,
  type ReturnFixture,
} from './returns.fixtures';
import { invoiceNumberOf } from '../invoices/invoices.fixtures';
import { STAFF_ORDERS_NOW, type StaffOrderFixture } from '../orders/staffOrders.fixtures';
import type { CustomerOrderFixture } from '../catalog/storefront.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { returnsOf } from './returnsWorld';
import {
  actionsOf,
  invoiceOfOrder,
  refuseResend,
  returnInvoiceView,
} from '../invoices/staffInvoices';

const NOT_FOUND_ORDER =
  'Pedido não encontrado: confira o número do pedido e o e-mail usado na compra.';
export const RETURN_NOT_FOUND_MESSAGE = 'Devolução não encontrada.';
const FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
const POLICY_URL = 'https://loja.exemplo.com.br/trocas-e-devolucoes';

const now = () => new Date(RETURNS_MOCK_NOW);

function deliveredAtOf(order: CustomerOrderFixture): Date | null {
  const event = order.timeline.find((item) => item.type === 'delivered');
  return order.status === 'DELIVERED' || order.status === 'REFUNDED'
    ? new Date(event?.createdAt ?? order.createdAt)
    : null;
}

function askedBack(returns: ReturnFixture[]): Record<string, number> {
  const asked: Record<string, number> = {};
  for (const ret of returns) {
    if (ret.status === 'REJECTED') continue;
    for (const line of ret.lines) asked[line.lineId] = (asked[line.lineId] ?? 0) + line.quantity;
  }
  return asked;
}

function refundLines(order: CustomerOrderFixture) {
  return order.lines.map((line, index) => ({
    id: returnLineId(order.number, index),
    quantity: line.quantity,
    lineTotalCents: line.lineTotalCents,
    discountCents: 0,
  }));
}

function blocker(order: CustomerOrderFixture): string | null {
  const delivered = deliveredAtOf(order);
  if (order.status !== 'DELIVERED' || !delivered) return RETURN_MESSAGES.notDelivered;
  if (!isWithinReturnWindow(delivered, now())) {
    return returnWindowClosedMessage(returnWindowEndsAt(delivered), POLICY_URL);
  }
  return null;
}

/** CustomerOrder's return fields for an order orderStatus found. */
export function withReturnFields(order: CustomerOrderFixture, orders: OrdersState) {
  const returns = returnsOf(orders, order.number);
  const asked = askedBack(returns);
  const delivered = deliveredAtOf(order);
  const returnableLines = order.lines.map((line, index) => {
    const lineId = returnLineId(order.number, index);
    return {
      lineId,
      productName: line.productName,
      brandName: line.brandName,
      variantLabel: line.variantLabel,
      sku: line.sku,
      imageUrl: line.imageUrl,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      returnableQuantity: Math.max(0, line.quantity - (asked[lineId] ?? 0)),
    };
  });
  return {
    ...order,
    returnWindowEndsAt: delivered ? returnWindowEndsAt(delivered).toISOString() : null,
    returnable:
      blocker(order) === null &&
      !returns.some((ret) => OPEN_RETURN_STATUSES.includes(ret.status)) &&
      returnableLines.some((line) => line.returnableQuantity > 0),
    returnableLines,
    returns,
  };
}

function requestReturn(
  { number, email, input }: { number: string; email: string; input: unknown },
  { world }: RequestContext,
) {
  // As the server: the e-mail by the store's rule first (nothing is looked up before), then the
  // order by its number however typed ('vt 10023') and that e-mail.
  const typed = checkCustomerEmail(email);
  if (!typed.ok) throw badInput(typed.message, 'email');
  const sequence = parseOrderNumber(number);
  const wanted = sequence === null ? null : orderNumber(sequence);
  const order = world.orders.orders.find(
    (item) => item.number === wanted && item.customerEmail.toLowerCase() === typed.email,
  );
  if (!order) throw new GraphQLError(NOT_FOUND_ORDER, { extensions: { code: 'NOT_FOUND' } });
  const checked = checkRules(returnRequestSchema, input);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const blocked = blocker(order);
  if (blocked) throw badInput(blocked);
  const returns = returnsOf(world.orders, order.number);
  if (returns.some((ret) => OPEN_RETURN_STATUSES.includes(ret.status))) {
    throw badInput(RETURN_MESSAGES.alreadyOpen);
  }
  const asked = askedBack(returns);
  const lines = refundLines(order);
  const check = checkReturnLines(
    lines.map((line) => ({ id: line.id, quantity: line.quantity, returned: asked[line.id] ?? 0 })),
    checked.value.lines,
  );
  if (!check.ok) throw badInput(check.message, check.field);
  const refund = returnRefund(order, lines, check.returning, asked);
  const created: ReturnFixture = {
    invoice: null,
    id: `return-${order.number}-${returns.length + 1}`,
    number: returns.length + 1,
    status: 'REQUESTED',
    statusLabel: RETURN_STATUS_LABELS.REQUESTED,
    reason: checked.value.reason,
    wholeOrder: refund.wholeOrder,
    lines: refund.lines.map((line) => {
      const index = lines.findIndex((item) => item.id === line.lineId);
      const source = order.lines[index]!;
      return {
        lineId: line.lineId,
        productName: source.productName,
        variantLabel: source.variantLabel,
        sku: source.sku,
        imageUrl: source.imageUrl,
        quantity: line.quantity,
        refundCents: line.refundCents,
      };
    }),
    refundCents: refund.totalCents,
    shippingRefundCents: refund.shippingCents,
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
  };
  // The answer is the request as committed; the worker issues the code within instants.
  const answer = structuredClone(created);
  returns.push(
    Object.assign(created, {
      status: 'LABEL_ISSUED' as ReturnStatus,
      statusLabel: RETURN_STATUS_LABELS.LABEL_ISSUED,
      authorizationCode: 'LR987654321BR',
      trackingCode: 'LR987654321BR',
      authorizationExpiresAt: '2024-06-28T02:59:59.000Z',
      instructions: CORREIOS_REVERSE_INSTRUCTIONS,
      labelIssuedAt: RETURNS_MOCK_NOW,
    }),
  );
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Staff.

function forbidden(): GraphQLError {
  return new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
}

function staffOrderOf(orders: OrdersState, id: string): StaffOrderFixture {
  const order = orders.staffOrders.find((item) => item.id === id);
  if (!order) {
    throw new GraphQLError('Pedido não encontrado.', { extensions: { code: 'NOT_FOUND' } });
  }
  return order;
}

function findReturn(orders: OrdersState, id: string) {
  for (const order of orders.staffOrders) {
    const ret = returnsOf(orders, order.number).find((item) => item.id === id);
    if (ret) return { order, ret };
  }
  throw new GraphQLError(RETURN_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
}

/** The return's NF-e de devolução as SEFAZ authorises it (numbered after every sale's). */
function devolucaoOf(ret: ReturnFixture) {
  return makeReturnInvoice('authorized', {
    id: `inv-${ret.id}`,
    number: invoiceNumberOf('VT-10100') + ret.number,
  });
}

function staffView(ret: ReturnFixture, role: string) {
  const open = OPEN_RETURN_STATUSES.includes(ret.status);
  const money = role !== 'BRAND_MANAGER';
  const actions: string[] = [];
  if (open) {
    actions.push('SET_CODE');
    if (ret.status === 'REQUESTED' && ret.carrier === 'correios' && !ret.carrierNextAttemptAt) {
      actions.push('RETRY_CARRIER');
    }
    if (role === 'ADMIN') actions.push('RECEIVE');
    actions.push('REJECT');
  }
  return {
    ...ret,
    // The NF-e de devolução: ADMIN and SUPPORT (who may only send it again).
    invoice:
      role === 'BRAND_MANAGER' || !ret.invoice
        ? null
        : { ...ret.invoice, allowedActions: actionsOf(role, ret.invoice.allowedActions) },
    refundCents: money ? ret.refundCents : null,
    shippingRefundCents: money ? ret.shippingRefundCents : null,
    lines: ret.lines.map((line) => ({ ...line, refundCents: money ? line.refundCents : null })),
    allowedActions: actions,
  };
}

/** The order's timeline entry of a staff action on a return (newest last, as the API lists). */
function logEvent(
  order: StaffOrderFixture,
  staff: { id: string; name: string },
  type: string,
  note: string | null,
) {
  order.timeline.push({
    id: `${order.id}-ev-${order.timeline.length}`,
    type,
    fromStatus: null,
    toStatus: null,
    actor: 'staff',
    actorStaffId: staff.id,
    actorName: staff.name,
    note,
    createdAt: STAFF_ORDERS_NOW,
  });
}

/**
 * The open return a staff step is on, checked in the server's order: the role, the return, the
 * step's own input (`input`, read by @vitrine/rules), then whether the return is still open.
 */
function openReturn<T = null>(
  context: RequestContext,
  id: string,
  { roles, input }: { roles?: string[]; input?: ReturnStepCheck<T> } = {},
) {
  const staff = requireStaff(context);
  if (roles && !roles.includes(staff.role)) throw forbidden();
  const found = findReturn(context.world.orders, id);
  if (input && !input.ok) throw badInput(input.message, input.field);
  if (!OPEN_RETURN_STATUSES.includes(found.ret.status)) throw badInput(RETURN_MESSAGES.notOpen);
  return { ...found, staff, value: (input?.ok ? input.value : null) as T };
}

const staffResolvers = {
  orderReturns: ({ orderId }: { orderId: string }, context: RequestContext) => {
    const staff = requireStaff(context);
    const order = staffOrderOf(context.world.orders, orderId);
    return returnsOf(context.world.orders, order.number).map((ret) => staffView(ret, staff.role));
  },
  orderReturnSetCode: (
    { id, ...input }: { id: string; authorizationCode: string; note?: string | null },
    context: RequestContext,
  ) => {
    // The code, then the note (@vitrine/rules checkReturnCodeInput, the server's reading).
    const { ret, order, staff, value } = openReturn(context, id, {
      input: checkReturnCodeInput(input),
    });
    const { authorizationCode: code, note } = value;
    Object.assign(ret, {
      status: 'LABEL_ISSUED',
      statusLabel: RETURN_STATUS_LABELS.LABEL_ISSUED,
      carrier: 'manual',
      carrierLabel: 'Informado pela loja',
      authorizationCode: code,
      instructions: MANUAL_REVERSE_INSTRUCTIONS,
      carrierNextAttemptAt: null,
      carrierError: null,
      labelIssuedAt: STAFF_ORDERS_NOW,
    });
    logEvent(order, staff, 'return_code_set', note);
    return staffView(ret, staff.role);
  },
  orderReturnRetryCarrier: ({ id }: { id: string }, context: RequestContext) => {
    const { ret, staff } = openReturn(context, id);
    Object.assign(ret, { carrierNextAttemptAt: STAFF_ORDERS_NOW });
    return staffView(ret, staff.role);
  },
  orderReturnReceive: ({ id }: { id: string }, context: RequestContext) => {
    const { ret, order, staff } = openReturn(context, id, { roles: ['ADMIN'] });
    const amount = Math.min(ret.refundCents ?? 0, order.totalCents - order.refundedCents);
    order.refundedCents += amount;
    const full = order.refundedCents >= order.totalCents;
    order.paymentStatus = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    if (full) order.status = 'REFUNDED';
    if (ret.wholeOrder) order.fulfilmentStatus = 'RETURNED';
    logEvent(order, staff, 'return_received', null);
    if (amount > 0) logEvent(order, staff, 'refunded', `Devolução ${ret.number}: ${ret.reason}`);
    order.refunds.push({
      id: `${ret.id}-refund`,
      amountCents: amount,
      reason: `Devolução ${ret.number}: ${ret.reason}`,
      staffName: staff.name,
      createdAt: STAFF_ORDERS_NOW,
    });
    Object.assign(ret, {
      status: amount > 0 ? 'REFUNDED' : 'RECEIVED',
      statusLabel: RETURN_STATUS_LABELS[amount > 0 ? 'REFUNDED' : 'RECEIVED'],
      refundCents: amount,
      receivedAt: STAFF_ORDERS_NOW,
      refundedAt: amount > 0 ? STAFF_ORDERS_NOW : null,
      carrierNextAttemptAt: null,
      staffName: staff.name,
    });
    // The server issues the devolução on its worker's next pass: here at once, when the sale's
    // NF-e is authorised.
    if (invoiceOfOrder(context.world.orders, order)?.status === 'AUTHORIZED') {
      ret.invoice = devolucaoOf(ret);
      order.timeline.push({
        id: `${order.id}-ev-${order.timeline.length}`,
        type: 'return_invoice_authorized',
        fromStatus: null,
        toStatus: null,
        actor: 'provider',
        actorStaffId: null,
        actorName: 'Emissor de NF-e',
        note: null,
        createdAt: STAFF_ORDERS_NOW,
      });
    }
    return staffView(ret, staff.role);
  },
  returnInvoiceRetry: ({ returnId }: { returnId: string }, context: RequestContext) => {
    const staff = requireStaff(context);
    if (staff.role === 'BRAND_MANAGER') throw forbidden();
    const { ret, order } = findReturn(context.world.orders, returnId);
    if (!ret.invoice) {
      if (!SETTLED_RETURN_STATUSES.includes(ret.status)) {
        throw badInput('A NF-e de devolução é emitida quando a devolução é recebida.');
      }
      if (invoiceOfOrder(context.world.orders, order)?.status !== 'AUTHORIZED') {
        throw badInput('A NF-e de venda deste pedido não está autorizada: não há nota a devolver.');
      }
    } else {
      refuseResend(ret.invoice.status);
    }
    // Sent again and authorised within instants, as the stand-in answers.
    const invoice = devolucaoOf(ret);
    ret.invoice = invoice;
    logEvent(order, staff, 'invoice_retry', null);
    return returnInvoiceView(staff.role, order, { ...ret, invoice });
  },
  orderReturnReject: ({ id, reason }: { id: string; reason: string }, context: RequestContext) => {
    const {
      ret,
      order,
      staff,
      value: text,
    } = openReturn(context, id, { input: checkReturnRejectionReason(reason) });
    Object.assign(ret, {
      status: 'REJECTED',
      statusLabel: RETURN_STATUS_LABELS.REJECTED,
      rejectionReason: text,
      rejectedAt: STAFF_ORDERS_NOW,
      carrierNextAttemptAt: null,
      staffName: staff.name,
    });
    logEvent(order, staff, 'return_rejected', text);
    return staffView(ret, staff.role);
  },
};

export const returnResolvers = {
  requestOrderReturn: requestReturn,
  ...staffResolvers,
} satisfies RootResolvers;
