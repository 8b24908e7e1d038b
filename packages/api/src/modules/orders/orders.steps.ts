// The steps every order transition takes (orders.transitions.ts): who acts, the lock and the
// check that the action may be attempted, the conditional update, the timeline event with its
// audit entry, and the parts of the mails.
import { checkOrderNote, checkOrderText, ORDER_INPUT_LIMITS } from '@vitrine/rules';
import { isUuid } from '../../lib/ids';
import type { Executor } from '../../db';
import { badUserInput, forbidden, notFound } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import type { OrderRow } from './orders.tables';
import { getStoreSettings } from '../settings/settings.repository';
import { auditActorOfStaff, recordAudit, type AuditOrigin } from '../audit/audit';
import type { MailContext, MailOrder, MailPickup } from './orders.mail';
import {
  insertOrderEvent,
  lockOrderById,
  orderExists,
  orderLineBrandIds,
  orderNumberOf,
  orderLinesOf,
  updateOrderIfStatusIn,
  type OrderChanges,
} from './orders.repository';
import {
  canAttempt,
  illegalTransitionMessage,
  type OrderAction,
  type OrderStatus,
} from './orders.lifecycle';

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
export const NOTE_MAX = ORDER_INPUT_LIMITS.note;
export const REASON_MAX = ORDER_INPUT_LIMITS.reason;

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
  const number = (await orderNumberOf(tx, event.orderId)) ?? event.orderId;
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

/** A step's note (@vitrine/rules checkOrderNote: trimmed, at most 1000, blank is none). */
export function cleanNote(note: string | null | undefined): string | null {
  const checked = checkOrderNote(note);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  return checked.value;
}

/** A text a step requires (@vitrine/rules checkOrderText), trimmed. */
export function requiredText(value: string, field: string, what: string, max: number): string {
  const checked = checkOrderText(value, field, what, max);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  return checked.value;
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

export async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const row = await lockOrderById(tx, orderId);
  if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

export function assertCanAttempt(action: OrderAction, order: OrderRow): void {
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
export async function conditionalUpdate(
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

export async function mailParts(
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
