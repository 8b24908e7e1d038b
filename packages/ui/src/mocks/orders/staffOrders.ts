// The staff half of the orders domain (spread into orders/orders.ts): orders, order and the
// transitions, over OrdersState.staffOrders, answering as the API does: a BRAND_MANAGER sees
// orders with their brands only (their share of a mixed order, no contacts, no payments), SUPPORT
// a masked CPF, illegal transitions the server's Portuguese message; confirming a payment and
// refunding are ADMIN only (FORBIDDEN to the others, never in their allowedActions). The list's
// filter, search and sort are in staffOrdersList.ts.
import {
  canAttempt,
  checkBulkOrderIds,
  checkOrderNote,
  checkOrderPage,
  checkOrderText,
  checkTrackingCode,
  formatBRL,
  illegalTransitionMessage,
  MONEY_ACTIONS,
  ORDER_ACTIONS,
  ORDER_INPUT_MESSAGES,
  trackingCorrectionRefusal,
  type OrderAction,
  type RuleResult,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  correiosTrackingUrl,
  formatMaskedCpf,
  type StaffOrderEventFixture,
  type StaffOrderFixture,
} from './staffOrders.fixtures';
import type { StaffFixture } from '../auth/staff.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import {
  filterStaffOrders,
  sortOrders,
  type OrderFilterInput,
  type OrderSort,
} from './staffOrdersList';

export const STAFF_ORDER_NOT_FOUND_MESSAGE = 'Pedido não encontrado.';
export const FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const MIXED_BRANDS_MESSAGE =
  'Este pedido tem produtos de outras marcas: só o suporte ou um administrador pode alterá-lo.';

/** Timeline events about the money whose notes a BRAND_MANAGER never reads. */
const MONEY_EVENTS: ReadonlySet<string> = new Set(['paid', 'refunded']);

function notFound(): GraphQLError {
  return new GraphQLError(STAFF_ORDER_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
}

function forbidden(message = FORBIDDEN_MESSAGE): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

/** What a BRAND_MANAGER may see of an order: 'none', 'whole' (only their brands) or 'share'. */
function visibilityOf(order: StaffOrderFixture, staff: StaffFixture): 'none' | 'whole' | 'share' {
  if (staff.role !== 'BRAND_MANAGER') return 'whole';
  const own = order.lines.filter((line) => line.brandId && staff.brandIds.includes(line.brandId));
  if (own.length === 0) return 'none';
  return own.length === order.lines.length ? 'whole' : 'share';
}

/** The `Order` the API answers this staff member. */
function present(order: StaffOrderFixture, staff: StaffFixture) {
  const visibility = visibilityOf(order, staff);
  const manager = staff.role === 'BRAND_MANAGER';
  const share = visibility === 'share';
  const lines = share
    ? order.lines.filter((line) => line.brandId && staff.brandIds.includes(line.brandId))
    : order.lines;
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const discountCents = lines.reduce((sum, line) => sum + line.discountCents, 0);
  const pixDiscountCents = share
    ? Math.round((order.pixDiscountCents * subtotalCents) / Math.max(1, order.subtotalCents))
    : order.pixDiscountCents;
  const allowedActions =
    manager && visibility !== 'whole'
      ? []
      : ORDER_ACTIONS.filter(
          (action) =>
            (staff.role === 'ADMIN' || !MONEY_ACTIONS.has(action)) && canAttempt(action, order),
        );
  return {
    ...order,
    customer: {
      name: order.customer.name,
      email: manager ? null : order.customer.email,
      cpf:
        staff.role === 'ADMIN'
          ? order.customer.cpf
          : manager
            ? null
            : formatMaskedCpf(order.customer.cpf),
      phone: manager ? null : order.customer.phone,
    },
    lines,
    subtotalCents: share ? subtotalCents : order.subtotalCents,
    discountCents: share ? discountCents : order.discountCents,
    pixDiscountCents,
    totalCents: share ? subtotalCents - discountCents - pixDiscountCents : order.totalCents,
    shippingCents: share ? null : order.shippingCents,
    interestCents: share ? null : order.interestCents,
    refundedCents: share ? null : order.refundedCents,
    // The carrier's word, as the API: whoever sees the order sees its parcel.
    trackingStatus: order.trackingStatus ?? null,
    shipmentEvents: order.shipmentEvents ?? [],
    // As the API: ADMIN and SUPPORT see the label (it is the whole parcel).
    shippingLabel: manager ? null : (order.shippingLabel ?? null),
    timeline: share
      ? order.timeline
          .filter((event) => event.toStatus !== null && event.type !== 'note')
          .map((event) => ({ ...event, note: null }))
      : manager
        ? order.timeline
            .filter((event) => event.type !== 'payment')
            .map((event) => (MONEY_EVENTS.has(event.type) ? { ...event, note: null } : event))
        : order.timeline,
    // The store's money records: never a BRAND_MANAGER's.
    payments: manager ? [] : order.payments,
    refunds: manager ? [] : order.refunds,
    allowedActions,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    brandNames: [...new Set(lines.map((line) => line.brandName))],
    pixTxid: order.paymentMethod === 'PIX' ? order.number.replace('-', '') : null,
    paymentExpiresAt: order.status === 'PENDING_PAYMENT' ? order.paymentExpiresAt : null,
    // As the API: the PSP's charge of a Pix order, never a BRAND_MANAGER's.
    pixCharge: manager || order.paymentMethod !== 'PIX' ? null : (order.pixCharge ?? null),
  };
}

// ---------------------------------------------------------------------------------------------
// Transitions.

export function findOrder(context: RequestContext, id: string): StaffOrderFixture {
  const order = context.world.orders.staffOrders.find((item) => item.id === id);
  if (!order) throw notFound();
  return order;
}

/** ADMIN only, FORBIDDEN to the others before the order is looked up (as the API). */
function requireMoneyRole(context: RequestContext): StaffFixture {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') throw forbidden();
  return staff;
}

/** ADMIN and SUPPORT change any order; a BRAND_MANAGER only an order made of their brands. */
function changeable(context: RequestContext, id: string): [StaffOrderFixture, StaffFixture] {
  const staff = requireStaff(context);
  const order = findOrder(context, id);
  if (staff.role === 'BRAND_MANAGER') {
    const visibility = visibilityOf(order, staff);
    if (visibility === 'none') throw notFound();
    if (visibility === 'share') throw forbidden(MIXED_BRANDS_MESSAGE);
  }
  return [order, staff];
}

function assertCan(action: OrderAction, order: StaffOrderFixture): void {
  if (!canAttempt(action, order)) throw badInput(illegalTransitionMessage(action, order.status));
}

function nowIso(): string {
  return new Date().toISOString();
}

export function record(
  order: StaffOrderFixture,
  staff: StaffFixture,
  type: string,
  fields: Partial<StaffOrderEventFixture> = {},
): void {
  const createdAt = nowIso();
  order.timeline.push({
    id: `${order.id}-ev-${order.timeline.length}-${Date.now()}`,
    type,
    fromStatus: null,
    toStatus: null,
    actor: 'staff',
    actorStaffId: staff.id,
    actorName: staff.name,
    note: null,
    createdAt,
    ...fields,
  });
  order.updatedAt = createdAt;
}

/** A rule's value, or its refusal as the server throws it (BAD_USER_INPUT on the field). */
function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badInput(result.issue.message, result.issue.field);
  return result.value;
}

/** The server's note and required texts of a step (@vitrine/rules). */
const cleanNote = (note: string | null | undefined) => ruled(checkOrderNote(note));
const requiredText = (value: string, field: string, what: string, max: number) =>
  ruled(checkOrderText(value, field, what, max));

function markPaid(order: StaffOrderFixture, staff: StaffFixture, note?: string | null): void {
  const clean = cleanNote(note);
  assertCan('markPaid', order);
  const when = nowIso();
  order.status = 'PAID';
  order.paymentStatus = 'PAID';
  order.paidAt = when;
  order.paymentExpiresAt = null;
  order.payments.push({
    id: `${order.id}-pay-${order.payments.length + 1}`,
    provider: 'manual',
    providerPaymentId: `manual-${order.id}`,
    confirmation: `Confirmado manualmente por ${staff.name}`,
    method: order.paymentMethod,
    status: 'approved',
    amountCents: order.totalCents,
    refundedCents: 0,
    createdAt: when,
    updatedAt: when,
  });
  record(order, staff, 'paid', { fromStatus: 'PENDING_PAYMENT', toStatus: 'PAID', note: clean });
  order.lastMailSubject = `Pagamento confirmado: pedido ${order.number}`;
}

/** The server's rule (Correios: the S10 check digit); the code normalised. */
function checkedCode(carrier: string, raw: string): string {
  const checked = checkTrackingCode(carrier, raw);
  if (!checked.ok) throw badInput(checked.message, 'trackingCode');
  return checked.code;
}

function ship(
  order: StaffOrderFixture,
  staff: StaffFixture,
  input: { carrier: string; trackingCode?: string | null; note?: string | null },
): void {
  const carrier = requiredText(input.carrier, 'carrier', 'a transportadora', 60);
  const note = cleanNote(input.note);
  const raw = input.trackingCode?.trim() ?? '';
  assertCan('ship', order);
  const pickup = order.shippingMethodKind === 'PICKUP';
  const code = raw === '' && pickup ? null : checkedCode(carrier, raw);
  order.status = 'SHIPPED';
  order.fulfilmentStatus = pickup ? 'READY_FOR_PICKUP' : 'SHIPPED';
  order.trackingCarrier = carrier;
  order.trackingCode = code;
  order.trackingUrl = code === null ? null : correiosTrackingUrl(carrier, code);
  order.shippedAt = nowIso();
  record(order, staff, pickup ? 'ready_for_pickup' : 'shipped', {
    fromStatus: 'PAID',
    toStatus: 'SHIPPED',
    note,
  });
  order.lastMailSubject = pickup
    ? `Seu pedido ${order.number} está pronto para retirada`
    : `Seu pedido ${order.number} foi enviado`;
}

/** A shipped delivery's carrier and code corrected, as orderTrackingUpdate on the server. */
function correctTracking(
  order: StaffOrderFixture,
  staff: StaffFixture,
  input: { carrier: string; trackingCode: string; note?: string | null },
): void {
  const carrier = requiredText(input.carrier, 'carrier', 'a transportadora', 60);
  const code = checkedCode(carrier, input.trackingCode ?? '');
  const note = cleanNote(input.note);
  // The server's refusals (@vitrine/rules trackingCorrectionRefusal), in its order.
  const refusal = trackingCorrectionRefusal(
    { pickup: order.shippingMethodKind === 'PICKUP', status: order.status },
    order.trackingCarrier === carrier && order.trackingCode === code,
  );
  if (refusal) throw badInput(refusal.message, refusal.field);
  const side = (c: string | null, carrierName: string | null) =>
    carrierName ? `${c ?? '—'} (${carrierName})` : (c ?? '—');
  const detail = `De ${side(order.trackingCode, order.trackingCarrier)} para ${side(code, carrier)}`;
  order.trackingCarrier = carrier;
  order.trackingCode = code;
  order.trackingUrl = correiosTrackingUrl(carrier, code);
  record(order, staff, 'tracking_corrected', { note, detail });
  order.lastMailSubject = `Código de rastreamento corrigido — pedido ${order.number}`;
}

function orderOf(context: RequestContext, order: StaffOrderFixture, staff: StaffFixture) {
  void context;
  return present(order, staff);
}

/** A bulk action's orders: the server's rule (@vitrine/rules checkBulkOrderIds), on `field`. */
function bulkIds(ids: string[], field: string): void {
  const checked = checkBulkOrderIds(ids, field);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
}

function bulk(
  context: RequestContext,
  id: string,
  act: (order: StaffOrderFixture, staff: StaffFixture) => void,
) {
  try {
    const [order, staff] = changeable(context, id);
    act(order, staff);
    return { id, ok: true, error: null, order: present(order, staff) };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    const staff = requireStaff(context);
    const order = context.world.orders.staffOrders.find((item) => item.id === id);
    const visible = order && visibilityOf(order, staff) !== 'none';
    return {
      id,
      ok: false,
      error: error.message,
      order: order && visible ? present(order, staff) : null,
    };
  }
}

export const staffOrderResolvers = {
  orders: (
    args: {
      filter?: OrderFilterInput | null;
      sort?: OrderSort | null;
      first?: number | null;
      after?: string | null;
      offset?: number | null;
    },
    context: RequestContext,
  ) => {
    const staff = requireStaff(context);
    // The page as the server reads it (@vitrine/rules checkOrderPage).
    const { first, offset } = ruled(checkOrderPage(args));
    const rows = sortOrders(
      filterStaffOrders(context.world.orders.staffOrders, staff, args.filter ?? {}),
      args.sort ?? 'NEWEST',
    );
    const start = args.after ? Number(args.after) + 1 : offset;
    if (!Number.isInteger(start) || start < 0) {
      throw badInput(ORDER_INPUT_MESSAGES.cursor, 'after');
    }
    const page = rows.slice(start, start + first);
    const edges = page.map((order, index) => ({
      cursor: String(start + index),
      node: present(order, staff),
    }));
    return {
      edges,
      nodes: edges.map((edge) => edge.node),
      pageInfo: {
        hasNextPage: start + first < rows.length,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
      totalCount: rows.length,
    };
  },
  order: ({ id }: { id: string }, context: RequestContext) => {
    const staff = requireStaff(context);
    const order = context.world.orders.staffOrders.find((item) => item.id === id);
    if (!order || visibilityOf(order, staff) === 'none') return null;
    return present(order, staff);
  },
  orderMarkPaid: ({ id, note }: { id: string; note?: string | null }, context: RequestContext) => {
    requireMoneyRole(context);
    const [order, staff] = changeable(context, id);
    markPaid(order, staff, note);
    return orderOf(context, order, staff);
  },
  orderShip: (
    args: { id: string; carrier: string; trackingCode?: string | null; note?: string | null },
    context: RequestContext,
  ) => {
    const [order, staff] = changeable(context, args.id);
    ship(order, staff, args);
    return orderOf(context, order, staff);
  },
  orderTrackingUpdate: (
    args: { id: string; carrier: string; trackingCode: string; note?: string | null },
    context: RequestContext,
  ) => {
    const [order, staff] = changeable(context, args.id);
    correctTracking(order, staff, args);
    return orderOf(context, order, staff);
  },
  orderDeliver: ({ id, note }: { id: string; note?: string | null }, context: RequestContext) => {
    const [order, staff] = changeable(context, id);
    const clean = cleanNote(note);
    assertCan('deliver', order);
    order.status = 'DELIVERED';
    order.fulfilmentStatus = 'DELIVERED';
    order.deliveredAt = nowIso();
    record(order, staff, 'delivered', {
      fromStatus: 'SHIPPED',
      toStatus: 'DELIVERED',
      note: clean,
    });
    return orderOf(context, order, staff);
  },
  orderCancel: ({ id, reason }: { id: string; reason: string }, context: RequestContext) => {
    const text = requiredText(reason, 'reason', 'o motivo do cancelamento', 500);
    const [order, staff] = changeable(context, id);
    assertCan('cancel', order);
    const from = order.status;
    order.status = 'CANCELED';
    order.fulfilmentStatus = 'CANCELED';
    if (order.paymentStatus === 'PENDING') order.paymentStatus = 'CANCELED';
    order.cancelReason = text;
    order.canceledAt = nowIso();
    order.paymentExpiresAt = null;
    record(order, staff, 'canceled', { fromStatus: from, toStatus: 'CANCELED', note: text });
    order.lastMailSubject = `Pedido ${order.number} cancelado`;
    return orderOf(context, order, staff);
  },
  orderRefund: (
    { id, amountCents, reason }: { id: string; amountCents: number; reason: string },
    context: RequestContext,
  ) => {
    requireMoneyRole(context);
    const text = requiredText(reason, 'reason', 'o motivo do reembolso', 500);
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
      throw badInput(
        'O valor do reembolso deve ser um número inteiro de centavos maior que zero.',
        'amountCents',
      );
    }
    const [order, staff] = changeable(context, id);
    assertCan('refund', order);
    const left = order.totalCents - order.refundedCents;
    if (amountCents > left) {
      throw badInput(
        `O reembolso de ${formatBRL(amountCents)} passa do valor que ainda pode ser devolvido (${formatBRL(left)}).`,
        'amountCents',
      );
    }
    const full = amountCents === left;
    const from = order.status;
    if (full && order.status !== 'CANCELED') order.status = 'REFUNDED';
    order.paymentStatus = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    order.refundedCents += amountCents;
    order.refundedAt = nowIso();
    order.refunds.push({
      id: `${order.id}-refund-${order.refunds.length + 1}`,
      amountCents,
      reason: text,
      staffName: staff.name,
      createdAt: order.refundedAt,
    });
    const gateway = order.payments.find(
      (payment) => payment.provider !== 'manual' && payment.provider !== 'pix',
    );
    if (gateway) {
      gateway.refundedCents += amountCents;
      gateway.status = full ? 'refunded' : gateway.status;
      gateway.updatedAt = order.refundedAt;
    }
    record(order, staff, 'refunded', {
      fromStatus: from,
      toStatus: order.status === from ? null : order.status,
      note: text,
    });
    order.lastMailSubject = full
      ? `Reembolso do pedido ${order.number}`
      : `Reembolso parcial do pedido ${order.number}`;
    return orderOf(context, order, staff);
  },
  orderAddNote: ({ id, note }: { id: string; note: string }, context: RequestContext) => {
    const text = requiredText(note, 'note', 'a observação', 1000);
    const staff = requireStaff(context);
    const order = findOrder(context, id);
    if (visibilityOf(order, staff) !== 'whole') throw forbidden(MIXED_BRANDS_MESSAGE);
    record(order, staff, 'note', { note: text });
    return orderOf(context, order, staff);
  },
  ordersShip: (
    { items }: { items: { id: string; carrier: string; trackingCode?: string | null }[] },
    context: RequestContext,
  ) => {
    requireStaff(context);
    bulkIds(
      items.map((item) => item.id),
      'items',
    );
    return items.map((item) => bulk(context, item.id, (order, staff) => ship(order, staff, item)));
  },
  ordersMarkPaid: (
    { ids, note }: { ids: string[]; note?: string | null },
    context: RequestContext,
  ) => {
    requireMoneyRole(context);
    bulkIds(ids, 'ids');
    return ids.map((id) => bulk(context, id, (order, staff) => markPaid(order, staff, note)));
  },
  orderResendLastMail: ({ id }: { id: string }, context: RequestContext) => {
    const staff = requireStaff(context);
    const order = findOrder(context, id);
    if (visibilityOf(order, staff) !== 'whole') throw forbidden(MIXED_BRANDS_MESSAGE);
    if (!order.lastMailSubject) {
      throw badInput('Este pedido ainda não tem e-mail para reenviar.');
    }
    record(order, staff, 'mail_resent', { note: `E-mail reenviado: ${order.lastMailSubject}` });
    return orderOf(context, order, staff);
  },
} satisfies RootResolvers;
