// Order life cycle after checkout: the staff transitions (paid, shipped, delivered, canceled,
// refunded), each in one transaction with its timeline event, stock ledger rows and outbox mail.
import { isUuid } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db';
import { badUserInput, forbidden, notFound } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import { orders, type OrderRow } from './orders.tables';
import { checkTrackingCode, formatBRL } from '@vitrine/rules';
import { getStoreSettings } from '../settings/settings.repository';
import { auditActorOfStaff, recordAudit, type AuditOrigin } from '../audit/audit';
import {
  orderCanceledMail,
  orderPaidMail,
  orderRefundedMail,
  orderShippedMail,
  orderTrackingCorrectedMail,
  trackingUrl,
  type MailContext,
  type MailOrder,
  type MailPickup,
} from './orders.mail';
import {
  addPaymentRefundUpToAmount,
  deleteCouponRedemptionOf,
  insertOrderEvent,
  insertOrderRefund,
  insertPaymentUnlessRecorded,
  insertStockMovement,
  lockOrderById,
  orderExists,
  orderLineBrandIds,
  orderLineQuantities,
  orderLinesOf,
  releaseCouponUse,
  returnVariantStock,
  touchOrder,
  updateOrderIfStatusIn,
  type OrderChanges,
} from './orders.repository';
import {
  ACTION_FROM,
  canAttempt,
  illegalTransitionMessage,
  type OrderAction,
  type OrderStatus,
} from './orders.lifecycle';
import { enqueueOutboxMail } from './orders.outbox';

/**
 * Who changed an order, as written to the timeline. A staff member's change is also written to
 * the audit log (with their e-mail and, from an AuditedPrincipal, the request's origin).
 */
export type Actor =
  | { kind: 'staff'; staffId: string; name: string; email?: string; origin?: AuditOrigin }
  | { kind: 'system'; name: string }
  | { kind: 'provider'; name: string };

/**
 * Returns a staff refund's money at the card/boleto gateway when the order was paid there, and
 * what the timeline should record of it ({} when the order was not paid through the gateway).
 * Runs inside the refund's transaction, as its last step; throws a BAD_USER_INPUT to roll the
 * refund back. The payments module provides it (payments depends on orders, not the reverse).
 */
export type GatewayRefund = (
  tx: Executor,
  orderId: string,
  refundId: string,
  amountCents: number,
) => Promise<Record<string, unknown>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the payments plugin: null without a gateway (refunds are then recorded only). */
    orderGatewayRefund?: GatewayRefund | null;
    /** Set by the Pix PSP plugin: refunds of orders the PSP's Pix paid, by Pix devolução. */
    orderPixRefund?: GatewayRefund;
  }
}

export interface FulfilmentDeps {
  /** Public origin of the store, for links in mails. */
  publicUrl: string;
  /** The configured card/boleto gateway's refund: refunds of its payments go through it. */
  refundAtGateway?: GatewayRefund | null;
}

export const ORDER_NOT_FOUND_MESSAGE = 'Pedido não encontrado.';
const NOTE_MAX = 1000;
const REASON_MAX = 500;

export function staffActor(principal: StaffPrincipal & { origin?: AuditOrigin }): Actor {
  return {
    kind: 'staff',
    staffId: principal.id,
    name: principal.name,
    email: principal.email,
    origin: principal.origin,
  };
}

/** Timeline event types and the audit log's action code and wording for each. */
const AUDITED_EVENTS: Record<string, { action: string; summary: (number: string) => string }> = {
  paid: { action: 'order.mark_paid', summary: (n) => `Pedido ${n} marcado como pago` },
  shipped: { action: 'order.ship', summary: (n) => `Pedido ${n} enviado` },
  tracking_corrected: {
    action: 'order.tracking_correct',
    summary: (n) => `Rastreamento do pedido ${n} corrigido`,
  },
  ready_for_pickup: {
    action: 'order.ship',
    summary: (n) => `Pedido ${n} pronto para retirada`,
  },
  delivered: { action: 'order.deliver', summary: (n) => `Pedido ${n} entregue` },
  canceled: { action: 'order.cancel', summary: (n) => `Pedido ${n} cancelado` },
  refunded: { action: 'order.refund', summary: (n) => `Reembolso no pedido ${n}` },
  note: { action: 'order.note', summary: (n) => `Observação no pedido ${n}` },
  label_purchased: {
    action: 'order.label_buy',
    summary: (n) => `Etiqueta de envio do pedido ${n} comprada`,
  },
  mail_resent: {
    action: 'order.mail_resend',
    summary: (n) => `Último e-mail do pedido ${n} reenviado`,
  },
  return_code_set: {
    action: 'order.return_code',
    summary: (n) => `Código de postagem da devolução do pedido ${n} informado`,
  },
  return_received: {
    action: 'order.return_receive',
    summary: (n) => `Devolução do pedido ${n} recebida`,
  },
  return_rejected: {
    action: 'order.return_reject',
    summary: (n) => `Devolução do pedido ${n} recusada`,
  },
  invoice_retry: { action: 'invoice.retry', summary: (n) => `NF-e do pedido ${n} reenviada` },
  invoice_canceled: { action: 'invoice.cancel', summary: (n) => `NF-e do pedido ${n} cancelada` },
  invoice_corrected: {
    action: 'invoice.correct',
    summary: (n) => `Carta de correção da NF-e do pedido ${n}`,
  },
};

/**
 * A staff member's order change in the audit log, in the change's transaction: the order by its
 * number (never the customer's data: the log outlives an LGPD anonymisation), its lines' brands,
 * the status change and the event's data (amounts, tracking, mail ids). Notes stay on the timeline.
 */
async function auditOrderEvent(
  tx: Executor,
  event: {
    orderId: string;
    type: string;
    actor: Extract<Actor, { kind: 'staff' }>;
    fromStatus?: OrderStatus | null;
    toStatus?: OrderStatus | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  const [order] = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(sql`${orders.id} = ${event.orderId}::uuid`);
  const number = order?.number ?? event.orderId;
  const audited = AUDITED_EVENTS[event.type] ?? {
    action: `order.${event.type.replace(/[^a-z_]/g, '_') || 'change'}`,
    summary: (n: string) => `Pedido ${n} alterado`,
  };
  const brandIds = (await orderLineBrandIds(tx, event.orderId)).filter(
    (id): id is string => id !== null,
  );
  const { actor } = event;
  // A correction (no status change) records its own before and after (tracking_corrected).
  const correction =
    !event.fromStatus && !event.toStatus && event.data && 'before' in event.data
      ? (event.data as { before?: Record<string, unknown>; after?: Record<string, unknown> })
      : null;
  await recordAudit(
    tx,
    auditActorOfStaff({
      id: actor.staffId,
      name: actor.name,
      email: actor.email,
      origin: actor.origin,
    }),
    {
      action: audited.action,
      entity: 'ORDER',
      entityId: event.orderId,
      entityLabel: number,
      brandIds,
      summary: audited.summary(number),
      before: correction
        ? correction.before
        : event.fromStatus
          ? { status: event.fromStatus }
          : undefined,
      after: correction
        ? correction.after
        : event.toStatus || (event.data && Object.keys(event.data).length > 0)
          ? { ...(event.toStatus ? { status: event.toStatus } : {}), ...(event.data ?? {}) }
          : undefined,
    },
  );
}

export function cleanNote(note: string | null | undefined): string | null {
  if (note === null || note === undefined) return null;
  const text = note.trim();
  if (text.length > NOTE_MAX) {
    throw badUserInput(`A observação pode ter no máximo ${NOTE_MAX} caracteres.`, 'note');
  }
  return text === '' ? null : text;
}

function requiredText(value: string, field: string, what: string, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw badUserInput(`Informe ${what}.`, field);
  if (text.length > max) {
    throw badUserInput(`${capitalise(what)} pode ter no máximo ${max} caracteres.`, field);
  }
  return text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * ADMIN and SUPPORT may change any order; a BRAND_MANAGER only an order made solely of their
 * brands. Answers NOT_FOUND for an unknown id.
 */
export async function assertMayChangeOrder(
  db: Executor,
  principal: StaffPrincipal,
  orderId: string,
): Promise<void> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (!(await orderExists(db, orderId))) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (principal.role === 'ADMIN' || principal.role === 'SUPPORT') return;
  if (principal.role !== 'BRAND_MANAGER') throw forbidden();
  const brandIds = await orderLineBrandIds(db, orderId);
  const own = new Set(principal.brandIds);
  if (brandIds.length === 0 || brandIds.some((brandId) => brandId === null || !own.has(brandId))) {
    throw forbidden(
      'Este pedido tem produtos de outras marcas: só o suporte ou um administrador pode alterá-lo.',
    );
  }
}

async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const row = await lockOrderById(tx, orderId);
  if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

function assertCanAttempt(action: OrderAction, order: OrderRow): void {
  if (
    !canAttempt(action, {
      status: order.status,
      paymentStatus: order.paymentStatus,
      totalCents: order.totalCents,
      refundedCents: order.refundedCents ?? 0,
    })
  ) {
    throw badUserInput(illegalTransitionMessage(action, order.status));
  }
}

/**
 * The guard every transition goes through: only rows still in an allowed status change, so of
 * two staff racing the same transition exactly one wins and the other gets the clear error.
 */
async function conditionalUpdate(
  tx: Executor,
  action: OrderAction,
  order: OrderRow,
  allowed: readonly OrderStatus[],
  changes: OrderChanges,
): Promise<OrderRow> {
  const updated = await updateOrderIfStatusIn(tx, order.id, allowed, changes);
  if (!updated) throw badUserInput(illegalTransitionMessage(action, order.status));
  return updated;
}

export async function appendOrderEvent(
  tx: Executor,
  event: {
    orderId: string;
    type: string;
    actor: Actor;
    fromStatus?: OrderStatus | null;
    toStatus?: OrderStatus | null;
    note?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await insertOrderEvent(tx, {
    orderId: event.orderId,
    type: event.type,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    actor: event.actor.kind,
    actorStaffId: event.actor.kind === 'staff' ? event.actor.staffId : null,
    actorName: event.actor.name,
    note: event.note ?? null,
    data: event.data ?? {},
  });
  if (event.actor.kind === 'staff') await auditOrderEvent(tx, { ...event, actor: event.actor });
}

async function mailParts(
  tx: Executor,
  deps: FulfilmentDeps,
  order: OrderRow,
): Promise<{ ctx: MailContext; order: MailOrder }> {
  const settings = await getStoreSettings(tx);
  const lines = await orderLinesOf(tx, order.id);
  return {
    ctx: { storeName: settings.storeName, publicUrl: deps.publicUrl },
    order: {
      number: order.number,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      totalCents: order.totalCents,
      lines: lines.map((line) => ({
        productName: line.productName,
        variantLabel: line.variantLabel || null,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
      })),
      pickup: mailPickupOf(order),
    },
  };
}

/** A pickup order's point for its mails; still to be collected until delivered or closed. */
export function mailPickupOf(
  order: Pick<OrderRow, 'shippingMethodKind' | 'pickupPoint' | 'status'>,
): MailPickup | null {
  if (order.shippingMethodKind !== 'pickup' || !order.pickupPoint) return null;
  return {
    point: order.pickupPoint,
    toCollect: ['PENDING_PAYMENT', 'PAID', 'SHIPPED'].includes(order.status),
  };
}

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
    paidAt: sql`now()`,
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
      shippedAt: sql`now()`,
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

export const TRACKING_NOT_SHIPPED_MESSAGE =
  'Só dá para corrigir o rastreamento de um pedido enviado (status Enviado).';
export const TRACKING_PICKUP_MESSAGE =
  'Este pedido é para retirada na loja: não tem código de rastreamento para corrigir.';
export const TRACKING_UNCHANGED_MESSAGE =
  'Nada mudou: a transportadora e o código são os mesmos de antes.';

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
    if (order.shippingMethodKind === 'pickup') throw badUserInput(TRACKING_PICKUP_MESSAGE);
    if (order.status !== 'SHIPPED') throw badUserInput(TRACKING_NOT_SHIPPED_MESSAGE);
    if (order.trackingCarrier === carrier && order.trackingCode === code) {
      throw badUserInput(TRACKING_UNCHANGED_MESSAGE, 'trackingCode');
    }
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
      deliveredAt: sql`now()`,
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
    canceledAt: sql`now()`,
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
    refundedCents: sql`coalesce(${orders.refundedCents}, 0) + ${amount}`,
    refundReason: reason,
    refundedAt: sql`now()`,
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
    refundedAt: sql`now()`,
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
