// Order life cycle after checkout: the staff transitions (paid, shipped, delivered, canceled,
// refunded), each in one transaction with its timeline event, stock ledger rows and outbox mail.
import type { Database, Executor, Transaction } from '../../db';
import { badUserInput } from '../../graphql/errors';
import type { OrderRow } from './orders.tables';
import {
  checkTrackingCode,
  formatBRL,
  ORDER_INPUT_MESSAGES,
  trackingCorrectionRefusal,
} from '@vitrine/rules';
import {
  orderCanceledMail,
  orderPaidMail,
  orderRefundedMail,
  orderShippedMail,
  orderTrackingCorrectedMail,
  trackingUrl,
} from './orders.mail';
import {
  addPaymentRefundUpToAmount,
  deleteCouponRedemptionOf,
  insertOrderRefund,
  insertPaymentUnlessRecorded,
  insertStockMovement,
  orderLineQuantities,
  refundedCentsPlus,
  releaseCouponUse,
  returnVariantStock,
  sqlNow,
  touchOrder,
  updateOrderIfStatusIn,
  type OrderChanges,
} from './orders.repository';
import { ACTION_FROM, type OrderStatus } from './orders.lifecycle';
import { enqueueOutboxMail } from './orders.outbox';
import {
  cleanNote,
  appendOrderEvent,
  NOTE_MAX,
  REASON_MAX,
  requiredText,
  lockOrder,
  assertCanAttempt,
  conditionalUpdate,
  mailParts,
  type Actor,
  type FulfilmentDeps,
} from './orders.steps';

export {
  ORDER_NOT_FOUND_MESSAGE,
  staffActor,
  cleanNote,
  assertMayChangeOrder,
  appendOrderEvent,
  mailPickupOf,
  type Actor,
  type GatewayRefund,
  type FulfilmentDeps,
} from './orders.steps';

/**
 * PENDING_PAYMENT -> PAID, inside `tx`. Staff confirmations record a 'manual' payment; the
 * webhook passes `recordManualPayment: false` because the gateway's payment row already exists.
 */
export async function applyOrderPaid(
  tx: Transaction,
  deps: FulfilmentDeps,
  actor: Actor,
  order: OrderRow,
  options: { note?: string | null; recordManualPayment: boolean; data?: Record<string, unknown> },
): Promise<OrderRow> {
  assertCanAttempt('markPaid', order);
  const updated = await conditionalUpdate(tx, 'markPaid', order, ACTION_FROM.markPaid, {
    status: 'PAID',
    paymentStatus: 'PAID',
    paidAt: sqlNow(),
  });
  if (options.recordManualPayment) {
    await insertPaymentUnlessRecorded(tx, {
      orderId: order.id,
      provider: 'manual',
      providerPaymentId: `manual-${order.id}`,
      method: order.paymentMethod,
      status: 'approved',
      amountCents: order.totalCents,
      // Who confirmed it and, from a bank statement, which one (OrderPayment.confirmation).
      raw: { confirmedBy: actor.name, ...(options.data ?? {}) },
    });
  }
  await appendOrderEvent(tx, {
    orderId: order.id,
    type: 'paid',
    actor,
    fromStatus: order.status,
    toStatus: 'PAID',
    note: options.note ?? null,
    data: options.data ?? {},
  });
  const parts = await mailParts(tx, deps, updated);
  await enqueueOutboxMail(tx, orderPaidMail(parts.ctx, parts.order));
  return updated;
}

export async function markOrderPaid(
  db: Database,
  deps: FulfilmentDeps,
  actor: Actor,
  orderId: string,
  note?: string | null,
): Promise<OrderRow> {
  const cleaned = cleanNote(note);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    return applyOrderPaid(tx, deps, actor, order, { note: cleaned, recordManualPayment: true });
  });
}

/** A tracking code checked for its carrier (Correios: the S10 check digit), normalised. */
function checkedTrackingCode(carrier: string, rawCode: string): string {
  const checked = checkTrackingCode(carrier, rawCode);
  if (!checked.ok) throw badUserInput(checked.message, 'trackingCode');
  return checked.code;
}

export async function shipOrder(
  db: Database,
  deps: FulfilmentDeps,
  actor: Actor,
  orderId: string,
  input: { carrier: string; trackingCode?: string | null; note?: string | null },
): Promise<OrderRow> {
  const carrier = requiredText(input.carrier, 'carrier', 'a transportadora', 60);
  const note = cleanNote(input.note);
  const rawCode = input.trackingCode?.trim() ?? '';
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertCanAttempt('ship', order);
    const pickup = order.shippingMethodKind === 'pickup';
    const code = rawCode === '' && pickup ? null : checkedTrackingCode(carrier, rawCode);
    const url = code === null ? null : trackingUrl(carrier, code);
    const updated = await conditionalUpdate(tx, 'ship', order, ACTION_FROM.ship, {
      status: 'SHIPPED',
      fulfilmentStatus: pickup ? 'READY_FOR_PICKUP' : 'SHIPPED',
      trackingCarrier: carrier,
      trackingCode: code,
      trackingUrl: url,
      shippedAt: sqlNow(),
    });
    await appendOrderEvent(tx, {
      orderId: order.id,
      // The shopper's tracking page calls a pickup order 'Pronto para retirada'.
      type: pickup ? 'ready_for_pickup' : 'shipped',
      actor,
      fromStatus: order.status,
      toStatus: 'SHIPPED',
      note,
      data: { carrier, trackingCode: code, trackingUrl: url },
    });
    const parts = await mailParts(tx, deps, updated);
    await enqueueOutboxMail(
      tx,
      orderShippedMail(parts.ctx, parts.order, { carrier, trackingCode: code, pickup }),
    );
    return updated;
  });
}

export const TRACKING_NOT_SHIPPED_MESSAGE = ORDER_INPUT_MESSAGES.trackingNotShipped;
export const TRACKING_PICKUP_MESSAGE = ORDER_INPUT_MESSAGES.trackingPickup;
export const TRACKING_UNCHANGED_MESSAGE = ORDER_INPUT_MESSAGES.trackingUnchanged;

/**
 * Corrects the carrier and tracking code of a SHIPPED delivery order (a typo on the label, the
 * wrong carrier): the timeline and the audit log keep the before and after and who changed it,
 * and the shopper is mailed the corrected code.
 */
export async function correctOrderTracking(
  db: Database,
  deps: FulfilmentDeps,
  actor: Actor,
  orderId: string,
  input: { carrier: string; trackingCode: string; note?: string | null },
): Promise<OrderRow> {
  const carrier = requiredText(input.carrier, 'carrier', 'a transportadora', 60);
  const code = checkedTrackingCode(carrier, input.trackingCode ?? '');
  const note = cleanNote(input.note);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    // @vitrine/rules: no code for a pickup, only a SHIPPED order's, and a change.
    const refusal = trackingCorrectionRefusal(
      { pickup: order.shippingMethodKind === 'pickup', status: order.status },
      order.trackingCarrier === carrier && order.trackingCode === code,
    );
    if (refusal) throw badUserInput(refusal.message, refusal.field);
    const url = trackingUrl(carrier, code);
    const updated = await updateOrderIfStatusIn(tx, order.id, ['SHIPPED'], {
      trackingCarrier: carrier,
      trackingCode: code,
      trackingUrl: url,
    });
    if (!updated) throw badUserInput(TRACKING_NOT_SHIPPED_MESSAGE);
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'tracking_corrected',
      actor,
      note,
      data: {
        before: {
          carrier: order.trackingCarrier,
          trackingCode: order.trackingCode,
          trackingUrl: order.trackingUrl,
        },
        after: { carrier, trackingCode: code, trackingUrl: url },
      },
    });
    const parts = await mailParts(tx, deps, updated);
    await enqueueOutboxMail(
      tx,
      orderTrackingCorrectedMail(parts.ctx, parts.order, { carrier, trackingCode: code }),
    );
    return updated;
  });
}

export async function deliverOrder(
  db: Database,
  _deps: FulfilmentDeps,
  actor: Actor,
  orderId: string,
  note?: string | null,
): Promise<OrderRow> {
  const cleaned = cleanNote(note);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertCanAttempt('deliver', order);
    const updated = await conditionalUpdate(tx, 'deliver', order, ACTION_FROM.deliver, {
      status: 'DELIVERED',
      fulfilmentStatus: 'DELIVERED',
      deliveredAt: sqlNow(),
    });
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'delivered',
      actor,
      fromStatus: order.status,
      toStatus: 'DELIVERED',
      note: cleaned,
    });
    return updated;
  });
}

/**
 * Returns every line to stock (one ledger row per variant, in variant id order so concurrent
 * restocks and checkouts touch rows in the same order) and releases the coupon use.
 */
async function restockAndReleaseCoupon(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
): Promise<{ restocked: { variantId: string; quantity: number }[]; couponReleased: boolean }> {
  const lines = await orderLineQuantities(tx, order.id);
  const byVariant = new Map<string, number>();
  for (const line of lines) {
    // A variant deleted from the catalog since has nothing to return to.
    if (line.variantId === null) continue;
    byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  }
  const restocked: { variantId: string; quantity: number }[] = [];
  for (const variantId of [...byVariant.keys()].sort()) {
    const quantity = byVariant.get(variantId)!;
    if (!(await returnVariantStock(tx, variantId, quantity))) continue;
    await insertStockMovement(tx, {
      variantId,
      delta: quantity,
      reason: `Pedido ${order.number} cancelado`,
      kind: 'CANCEL',
      staffId: actor.kind === 'staff' ? actor.staffId : null,
    });
    restocked.push({ variantId, quantity });
  }

  let couponReleased = false;
  const couponId = (await deleteCouponRedemptionOf(tx, order.id)) ?? order.couponId;
  if (couponId) {
    couponReleased = await releaseCouponUse(tx, couponId);
  }
  return { restocked, couponReleased };
}

/** PENDING_PAYMENT or PAID -> CANCELED, inside `tx` (also used by the Pix expiry job). */
export async function applyOrderCanceled(
  tx: Transaction,
  deps: FulfilmentDeps,
  actor: Actor,
  order: OrderRow,
  reason: string,
): Promise<OrderRow> {
  assertCanAttempt('cancel', order);
  const wasPaid = order.status === 'PAID';
  const updated = await conditionalUpdate(tx, 'cancel', order, ACTION_FROM.cancel, {
    status: 'CANCELED',
    fulfilmentStatus: 'CANCELED',
    // Money already received stays recorded as paid until it is refunded.
    paymentStatus: wasPaid ? order.paymentStatus : 'CANCELED',
    canceledAt: sqlNow(),
    cancelReason: reason,
  });
  const { restocked, couponReleased } = await restockAndReleaseCoupon(tx, actor, order);
  await appendOrderEvent(tx, {
    orderId: order.id,
    type: 'canceled',
    actor,
    fromStatus: order.status,
    toStatus: 'CANCELED',
    note: reason,
    data: { restocked, couponReleased },
  });
  const parts = await mailParts(tx, deps, updated);
  await enqueueOutboxMail(tx, orderCanceledMail(parts.ctx, parts.order, reason, wasPaid));
  return updated;
}

export async function cancelOrder(
  db: Database,
  deps: FulfilmentDeps,
  actor: Actor,
  orderId: string,
  reasonInput: string,
): Promise<OrderRow> {
  const reason = requiredText(reasonInput, 'reason', 'o motivo do cancelamento', REASON_MAX);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    return applyOrderCanceled(tx, deps, actor, order, reason);
  });
}

export async function refundOrder(
  db: Database,
  deps: FulfilmentDeps,
  actor: Actor,
  orderId: string,
  input: { amountCents: number; reason: string },
): Promise<OrderRow> {
  const reason = requiredText(input.reason, 'reason', 'o motivo do reembolso', REASON_MAX);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw badUserInput(
      'O valor do reembolso deve ser um número inteiro de centavos maior que zero.',
      'amountCents',
    );
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const refunded = await applyOrderRefund(tx, deps, actor, order, {
      amountCents: input.amountCents,
      reason,
    });
    return refunded.order;
  });
}

export interface OrderRefundOptions {
  /** More of the refund's timeline event (e.g. the return it settles). */
  data?: Record<string, unknown>;
  /** More changes to the order with the refund's (e.g. fulfilmentStatus RETURNED). */
  changes?: OrderChanges;
  /** false: the caller mails the shopper itself (a received return's mail tells the refund). */
  mail?: boolean;
}

/**
 * A refund of `amountCents` on the order locked in `tx`: the order's refunded total and status
 * (REFUNDED once nothing is left), the refund row, the money back at the gateway or by Pix
 * devolução when it was paid there (deps.refundAtGateway), the timeline event and the shopper's
 * mail. refundOrder's and a received return's (one transaction with its restock).
 */
export async function applyOrderRefund(
  tx: Executor,
  deps: FulfilmentDeps,
  actor: Actor,
  order: OrderRow,
  input: { amountCents: number; reason: string },
  options: OrderRefundOptions = {},
): Promise<{ order: OrderRow; refundId: string; full: boolean }> {
  const { amountCents: amount, reason } = input;
  const already = order.refundedCents ?? 0;
  assertCanAttempt('refund', order);
  const left = order.totalCents - already;
  if (amount > left) {
    throw badUserInput(
      `O reembolso de ${formatBRL(amount)} passa do valor que ainda pode ser devolvido (${formatBRL(left)}).`,
      'amountCents',
    );
  }
  const full = amount === left;
  const nextStatus: OrderStatus = full && order.status !== 'CANCELED' ? 'REFUNDED' : order.status;
  const allowed: OrderStatus[] =
    order.status === 'CANCELED' ? ['CANCELED'] : [...ACTION_FROM.refund];
  const updated = await conditionalUpdate(tx, 'refund', order, allowed, {
    ...options.changes,
    status: nextStatus,
    paymentStatus: full ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    // Added in SQL and checked against the total by the database as well.
    refundedCents: refundedCentsPlus(amount),
    refundReason: reason,
    refundedAt: sqlNow(),
  });
  if ((updated.refundedCents ?? 0) > updated.totalCents) {
    throw badUserInput('O reembolso passa do total do pedido.', 'amountCents');
  }
  const refund = await insertOrderRefund(tx, {
    orderId: order.id,
    amountCents: amount,
    reason,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    staffName: actor.name,
  });
  const gatewayRefund = deps.refundAtGateway
    ? await deps.refundAtGateway(tx, order.id, refund.id, amount)
    : {};
  await appendOrderEvent(tx, {
    orderId: order.id,
    type: 'refunded',
    actor,
    fromStatus: order.status,
    toStatus: nextStatus,
    note: reason,
    data: { amountCents: amount, full, refundId: refund.id, ...gatewayRefund, ...options.data },
  });
  if (options.mail !== false) {
    const parts = await mailParts(tx, deps, updated);
    await enqueueOutboxMail(tx, orderRefundedMail(parts.ctx, parts.order, amount, full));
  }
  return { order: updated, refundId: refund.id, full };
}

/**
 * The gateway reports the money of a PAID, SHIPPED or DELIVERED order returned (a refund made at
 * the gateway, or a chargeback): the order becomes REFUNDED with what was still unrefunded,
 * recorded as a refund row and a timeline event, and the shopper is mailed. Null when the order
 * is in no state to be refunded or nothing is left to refund (the caller notes the event).
 */
export async function applyProviderRefund(
  tx: Transaction,
  deps: FulfilmentDeps,
  actor: Actor,
  order: OrderRow,
  input: { reason: string; paymentId: string | null; data: Record<string, unknown> },
): Promise<OrderRow | null> {
  const left = order.totalCents - (order.refundedCents ?? 0);
  if (!ACTION_FROM.refund.includes(order.status) || left <= 0) return null;
  const updated = await conditionalUpdate(tx, 'refund', order, ACTION_FROM.refund, {
    status: 'REFUNDED',
    paymentStatus: 'REFUNDED',
    refundedCents: order.totalCents,
    refundReason: input.reason,
    refundedAt: sqlNow(),
  });
  const refund = await insertOrderRefund(tx, {
    orderId: order.id,
    amountCents: left,
    reason: input.reason,
    staffId: null,
    staffName: actor.name,
    paymentId: input.paymentId,
  });
  if (input.paymentId) {
    await addPaymentRefundUpToAmount(tx, input.paymentId, left);
  }
  await appendOrderEvent(tx, {
    orderId: order.id,
    type: 'refunded',
    actor,
    fromStatus: order.status,
    toStatus: 'REFUNDED',
    note: input.reason,
    data: { ...input.data, amountCents: left, full: true, refundId: refund.id },
  });
  const parts = await mailParts(tx, deps, updated);
  await enqueueOutboxMail(tx, orderRefundedMail(parts.ctx, parts.order, left, true));
  return updated;
}

export async function addOrderNote(
  db: Database,
  actor: Actor,
  orderId: string,
  noteInput: string,
): Promise<OrderRow> {
  const note = requiredText(noteInput, 'note', 'a observação', NOTE_MAX);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await appendOrderEvent(tx, { orderId: order.id, type: 'note', actor, note });
    const updated = await touchOrder(tx, order.id);
    return updated ?? order;
  });
}
