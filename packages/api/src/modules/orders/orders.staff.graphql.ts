// Staff order queries (`orders`, `order`) and the Order type's fields, batched per request.
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { fieldsOf } from '../../lib/graphql-fields';
import { Batcher } from '../../lib/batcher';
import type { OrderEventRow, OrderLineRow, OrderRow, PaymentRow } from './orders.tables';
import type { OrderRefundRow } from './orders.tables';
import { canAttempt, type OrderAction } from './orders.lifecycle';
import {
  eventsByOrderIds,
  linesByOrderIds,
  paymentsByOrderIds,
  refundsByOrderIds,
} from './orders.staff.repository';
import { ordersConnection, visibleOrder, type OrdersArgs } from './orders.staff.service';

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
    lines: new Batcher<string, OrderLineRow[]>(
      async (ids) => groupByOrder(await linesByOrderIds(db, ids)),
      () => [],
    ),
    events: new Batcher<string, OrderEventRow[]>(
      async (ids) => groupByOrder(await eventsByOrderIds(db, ids)),
      () => [],
    ),
    payments: new Batcher<string, PaymentRow[]>(
      async (ids) => groupByOrder(await paymentsByOrderIds(db, ids)),
      () => [],
    ),
    refunds: new Batcher<string, OrderRefundRow[]>(
      async (ids) => groupByOrder(await refundsByOrderIds(db, ids)),
      () => [],
    ),
  };
}

function orderLoaders(ctx: GraphQLContext) {
  return ctx.loaders.get('staff-orders', () => createOrderLoaders(ctx));
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

const ACTIONS: OrderAction[] = ['markPaid', 'ship', 'deliver', 'cancel', 'refund'];

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async orders(_root: unknown, args: OrdersArgs, ctx: GraphQLContext) {
      const principal = requireStaff(ctx);
      return ordersConnection(ctx.db, principal, args);
    },
    async order(_root: unknown, args: { id: string }, ctx: GraphQLContext) {
      const principal = requireStaff(ctx);
      return visibleOrder(ctx.db, principal, args.id);
    },
  },
  Order: fieldsOf<OrderRow>({
    customer: (order: OrderRow) => ({
      name: order.customerName,
      email: order.customerEmail,
      cpf: order.customerCpf,
      phone: order.customerPhone,
    }),
    address: (order: OrderRow) => ({
      postalCode: order.postalCode,
      street: order.street,
      number: order.streetNumber,
      complement: order.complement,
      district: order.district,
      city: order.city,
      uf: order.uf,
    }),
    shippingMethodKind: (order: OrderRow) => order.shippingMethodKind.toUpperCase(),
    refundedCents: (order: OrderRow) => order.refundedCents ?? 0,
    createdAt: (order: OrderRow) => order.createdAt.toISOString(),
    updatedAt: (order: OrderRow) => order.updatedAt.toISOString(),
    paidAt: (order: OrderRow) => iso(order.paidAt),
    shippedAt: (order: OrderRow) => iso(order.shippedAt),
    deliveredAt: (order: OrderRow) => iso(order.deliveredAt),
    canceledAt: (order: OrderRow) => iso(order.canceledAt),
    refundedAt: (order: OrderRow) => iso(order.refundedAt),
    lines: (order: OrderRow, _args: unknown, ctx: GraphQLContext) =>
      orderLoaders(ctx).lines.load(order.id),
    timeline: (order: OrderRow, _args: unknown, ctx: GraphQLContext) =>
      orderLoaders(ctx).events.load(order.id),
    payments: (order: OrderRow, _args: unknown, ctx: GraphQLContext) =>
      orderLoaders(ctx).payments.load(order.id),
    refunds: (order: OrderRow, _args: unknown, ctx: GraphQLContext) =>
      orderLoaders(ctx).refunds.load(order.id),
    async allowedActions(order: OrderRow, _args: unknown, ctx: GraphQLContext) {
      const principal = requireStaff(ctx);
      if (principal.role === 'BRAND_MANAGER') {
        const own = new Set(principal.brandIds);
        const lines = await orderLoaders(ctx).lines.load(order.id);
        const solelyOwn =
          lines.length > 0 && lines.every((line) => line.brandId !== null && own.has(line.brandId));
        if (!solelyOwn) return [];
      }
      const state = {
        status: order.status,
        paymentStatus: order.paymentStatus,
        totalCents: order.totalCents,
        refundedCents: order.refundedCents ?? 0,
      };
      return ACTIONS.filter((action) => canAttempt(action, state));
    },
  }),
  OrderEvent: fieldsOf<OrderEventRow>({
    createdAt: (event: OrderEventRow) => event.createdAt.toISOString(),
  }),
  OrderPayment: fieldsOf<PaymentRow>({
    createdAt: (payment: PaymentRow) => payment.createdAt.toISOString(),
    updatedAt: (payment: PaymentRow) => payment.updatedAt.toISOString(),
  }),
  OrderRefund: fieldsOf<OrderRefundRow>({
    createdAt: (refund: OrderRefundRow) => refund.createdAt.toISOString(),
  }),
};
