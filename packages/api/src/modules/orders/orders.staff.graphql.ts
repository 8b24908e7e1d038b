// Staff order queries (`orders`, `order`) and the Order type's fields, batched per request.
import { stackedParcel } from '@vitrine/rules';
import { schemaEnum } from '../../lib/graphql-fields';
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { handlesStoreMoney, requireStaff } from '../../graphql/guards';
import type DataLoader from 'dataloader';
import { keyedLoader } from '../../lib/keyed-loader';
import { txidFromOrderNumber } from '../../lib/pix';
import type { OrderEventRow, OrderLineRow, OrderRow, PaymentRow } from './orders.tables';
import type { OrderRefundRow } from './orders.tables';
import { canAttempt, MONEY_ACTIONS, ORDER_ACTIONS } from './orders.lifecycle';
import { shipmentEventsOf } from './orders.repository';
import { shipmentEventView } from './orders.service';
import {
  eventsByOrderIds,
  lastMailSubjectsByOrderIds,
  linesByOrderIds,
  paymentsByOrderIds,
  refundsByOrderIds,
  variantSizesByIds,
  type VariantSizeRow,
} from './orders.staff.repository';
import {
  brandShare,
  maskedCpf,
  ordersConnection,
  visibleOrder,
  type BrandShare,
} from './orders.staff.service';

function groupByOrder<T extends { orderId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.orderId);
    if (group) group.push(row);
    else groups.set(row.orderId, [row]);
  }
  return groups;
}

function createOrderLoaders(ctx: Pick<GraphQLContext, 'db'>) {
  const db = ctx.db;
  return {
    lines: keyedLoader<string, OrderLineRow[]>(
      async (ids) => groupByOrder(await linesByOrderIds(db, ids)),
      () => [],
    ),
    events: keyedLoader<string, OrderEventRow[]>(
      async (ids) => groupByOrder(await eventsByOrderIds(db, ids)),
      () => [],
    ),
    payments: keyedLoader<string, PaymentRow[]>(
      async (ids) => groupByOrder(await paymentsByOrderIds(db, ids)),
      () => [],
    ),
    refunds: keyedLoader<string, OrderRefundRow[]>(
      async (ids) => groupByOrder(await refundsByOrderIds(db, ids)),
      () => [],
    ),
    variantSizes: keyedLoader<string, VariantSizeRow | null>(
      async (ids) => new Map((await variantSizesByIds(db, ids)).map((row) => [row.id, row])),
      () => null,
    ),
    lastMailSubject: keyedLoader<string, string | null>(
      async (ids) =>
        new Map(
          (await lastMailSubjectsByOrderIds(db, ids)).map((row) => [row.orderId, row.subject]),
        ),
      () => null,
    ),
  };
}

function orderLoaders(ctx: GraphQLContext) {
  return ctx.loaders.get('staff-orders', () => createOrderLoaders(ctx));
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A BRAND_MANAGER's share of an order that mixes brands; null when the caller sees it whole. */
async function shareOf(order: OrderRow, ctx: GraphQLContext): Promise<BrandShare | null> {
  const principal = requireStaff(ctx);
  if (principal.role !== 'BRAND_MANAGER') return null;
  return brandShare(principal, order, await orderLoaders(ctx).lines.load(order.id));
}

/** A figure of the whole order, or of a BRAND_MANAGER's share of it in a mixed order. */
function figure(whole: (order: OrderRow) => number, share: (share: BrandShare) => number) {
  return async (order: OrderRow, _args: unknown, ctx: GraphQLContext) => {
    const own = await shareOf(order, ctx);
    return own ? share(own) : whole(order);
  };
}

/** A figure of the whole order only: null for a BRAND_MANAGER in a mixed order. */
function wholeFigure(whole: (order: OrderRow) => number) {
  return async (order: OrderRow, _args: unknown, ctx: GraphQLContext) =>
    (await shareOf(order, ctx)) ? null : whole(order);
}

/** The lines the caller sees: a BRAND_MANAGER's own in a mixed order, else all of them. */
async function visibleLines(order: OrderRow, ctx: GraphQLContext): Promise<OrderLineRow[]> {
  const own = await shareOf(order, ctx);
  return own ? own.lines : orderLoaders(ctx).lines.load(order.id);
}

/**
 * The store's money records (payments, refunds): never a BRAND_MANAGER's, even of an order made
 * only of their brands (payments are the store's; a refund's reason may name the customer).
 */
function moneyList<T>(load: (ctx: GraphQLContext) => DataLoader<string, T[]>) {
  return async (order: OrderRow, _args: unknown, ctx: GraphQLContext) =>
    requireStaff(ctx).role === 'BRAND_MANAGER' ? [] : load(ctx).load(order.id);
}

/** Timeline events about the store's money: a BRAND_MANAGER sees the status change, not the note. */
const MONEY_EVENTS: ReadonlySet<string> = new Set(['paid', 'refunded']);

export const resolvers: Resolvers = {
  Query: {
    async orders(_root, args, ctx) {
      const principal = requireStaff(ctx);
      return ordersConnection(ctx.db, principal, args);
    },
    async order(_root, args, ctx) {
      const principal = requireStaff(ctx);
      return visibleOrder(ctx.db, principal, args.id);
    },
  },
  Order: {
    // Of the customer, a BRAND_MANAGER sees only what shipping needs (the name here, the address
    // below); CPF in full only to ADMIN, masked to SUPPORT.
    customer: (order, _args, ctx) => {
      const { role } = requireStaff(ctx);
      const manager = role === 'BRAND_MANAGER';
      return {
        name: order.customerName,
        email: manager ? null : order.customerEmail,
        cpf: role === 'ADMIN' ? order.customerCpf : manager ? null : maskedCpf(order.customerCpf),
        phone: manager ? null : order.customerPhone,
      };
    },
    address: (order) => ({
      postalCode: order.postalCode,
      street: order.street,
      number: order.streetNumber,
      complement: order.complement,
      district: order.district,
      city: order.city,
      uf: order.uf,
    }),
    shippingMethodKind: (order) => schemaEnum(order.shippingMethodKind),
    weightGrams: (order) => order.billableWeightGrams,
    // The lines the caller sees, stacked (@vitrine/rules stackedParcel); null when a line's
    // variant has no dimensions (or is gone).
    parcel: async (order, _args, ctx) => {
      const lines = await visibleLines(order, ctx);
      const loaders = orderLoaders(ctx);
      const sizes = await Promise.all(
        lines.map((line) => (line.variantId ? loaders.variantSizes.load(line.variantId) : null)),
      );
      if (sizes.some((size) => size === null)) return null;
      return stackedParcel(
        lines.map((line, index) => ({ ...sizes[index]!, weightGrams: 0, quantity: line.quantity })),
      );
    },
    subtotalCents: figure(
      (order) => order.subtotalCents,
      (own) => own.subtotalCents,
    ),
    discountCents: figure(
      (order) => order.discountCents,
      (own) => own.discountCents,
    ),
    pixDiscountCents: figure(
      (order) => order.pixDiscountCents,
      (own) => own.pixDiscountCents,
    ),
    totalCents: figure(
      (order) => order.totalCents,
      (own) => own.totalCents,
    ),
    shippingCents: wholeFigure((order) => order.shippingCents),
    interestCents: wholeFigure((order) => order.interestCents),
    shipmentEvents: async (order, _args, ctx) =>
      order.trackingCode === null
        ? []
        : (await shipmentEventsOf(ctx.db, order.id)).map(shipmentEventView),
    refundedCents: wholeFigure((order) => order.refundedCents ?? 0),
    createdAt: (order) => order.createdAt.toISOString(),
    updatedAt: (order) => order.updatedAt.toISOString(),
    paidAt: (order) => iso(order.paidAt),
    shippedAt: (order) => iso(order.shippedAt),
    deliveredAt: (order) => iso(order.deliveredAt),
    canceledAt: (order) => iso(order.canceledAt),
    refundedAt: (order) => iso(order.refundedAt),
    lines: (order, _args, ctx) => visibleLines(order, ctx),
    async itemCount(order, _args, ctx) {
      return (await visibleLines(order, ctx)).reduce((sum, line) => sum + line.quantity, 0);
    },
    async brandNames(order, _args, ctx) {
      const names = (await visibleLines(order, ctx)).map((line) => line.brandName);
      return [...new Set(names.filter((name) => name !== ''))];
    },
    pixTxid: (order) => (order.paymentMethod === 'PIX' ? txidFromOrderNumber(order.number) : null),
    // The deadline matters only while the order waits for its payment (as the expiry job reads it).
    paymentExpiresAt: (order) =>
      order.status === 'PENDING_PAYMENT' ? iso(order.paymentExpiresAt ?? order.pixExpiresAt) : null,
    lastMailSubject: (order, _args, ctx) => orderLoaders(ctx).lastMailSubject.load(order.id),
    // In an order that mixes brands, a BRAND_MANAGER sees the status changes only: no staff
    // notes, refund or cancellation reasons, payments (they concern the whole order).
    // Of an order of their brands only, they see every event but the notes about the money (a
    // payment's confirmation note, a refund's reason) and the gateway's payment events (which
    // change no status).
    async timeline(order, _args, ctx) {
      const events = await orderLoaders(ctx).events.load(order.id);
      if (requireStaff(ctx).role !== 'BRAND_MANAGER') return events;
      if (!(await shareOf(order, ctx))) {
        return events
          .filter((event) => event.type !== 'payment')
          .map((event) => (MONEY_EVENTS.has(event.type) ? { ...event, note: null } : event));
      }
      return events
        .filter((event) => event.toStatus !== null && event.type !== 'note')
        .map((event) => ({ ...event, note: null }));
    },
    payments: moneyList((ctx) => orderLoaders(ctx).payments),
    refunds: moneyList((ctx) => orderLoaders(ctx).refunds),
    // The transitions the caller may attempt: confirming the payment and refunding for ADMIN only.
    async allowedActions(order, _args, ctx) {
      const principal = requireStaff(ctx);
      if (principal.role === 'BRAND_MANAGER') {
        const lines = await orderLoaders(ctx).lines.load(order.id);
        if (lines.length === 0 || brandShare(principal, order, lines)) return [];
      }
      const state = {
        status: order.status,
        paymentStatus: order.paymentStatus,
        totalCents: order.totalCents,
        refundedCents: order.refundedCents ?? 0,
      };
      const money = handlesStoreMoney(principal.role);
      return ORDER_ACTIONS.filter(
        (action) => (money || !MONEY_ACTIONS.has(action)) && canAttempt(action, state),
      );
    },
  },
  OrderEvent: {
    createdAt: (event) => event.createdAt.toISOString(),
    detail: (event) => orderEventDetail(event),
  },
  OrderPayment: {
    confirmation: (payment) => manualConfirmation(payment),
    createdAt: (payment) => payment.createdAt.toISOString(),
    updatedAt: (payment) => payment.updatedAt.toISOString(),
  },
  OrderRefund: {
    createdAt: (refund) => refund.createdAt.toISOString(),
  },
};

/** One side of a tracking correction, as 'AA123456785BR (Correios)'. */
function trackingSide(value: unknown): string {
  const side = (value ?? {}) as { carrier?: unknown; trackingCode?: unknown };
  const code = typeof side.trackingCode === 'string' && side.trackingCode ? side.trackingCode : '—';
  return typeof side.carrier === 'string' && side.carrier ? `${code} (${side.carrier})` : code;
}

/** What an event changed, in Portuguese, for the kinds that record it (a tracking correction). */
export function orderEventDetail(event: Pick<OrderEventRow, 'type' | 'data'>): string | null {
  if (event.type !== 'tracking_corrected') return null;
  const data = (event.data ?? {}) as { before?: unknown; after?: unknown };
  return `De ${trackingSide(data.before)} para ${trackingSide(data.after)}`;
}

/**
 * A payment staff confirmed by hand, as people read it: who, and whether from a bank statement
 * ('Conferido no extrato por Ana Souza') or by hand ('Confirmado manualmente por Ana Souza');
 * null for a gateway's or Pix provider's payment. Its providerPaymentId (manual-<order id>) is only
 * a key, never shown as a txid.
 */
export function manualConfirmation(payment: Pick<PaymentRow, 'provider' | 'raw'>): string | null {
  // Paid through the PSP's Pix API (payments/pix-psp): the bank said so, nobody clicked.
  if (payment.provider === 'pix-psp') return 'Confirmado pelo banco (Pix)';
  if (payment.provider !== 'manual') return null;
  const raw = (payment.raw ?? {}) as { confirmedBy?: unknown; bankStatementImportId?: unknown };
  const who =
    typeof raw.confirmedBy === 'string' && raw.confirmedBy ? ` por ${raw.confirmedBy}` : '';
  return raw.bankStatementImportId
    ? `Conferido no extrato do banco${who}`
    : `Confirmado manualmente${who}`;
}
