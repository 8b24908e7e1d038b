// GraphQL of the shopper's 7-day return. Public: requestOrderReturn, identified and throttled
// exactly like the orderStatus tracking (number + e-mail, wrong guesses counted), and the return
// fields of CustomerOrder. Staff: orderReturns and the actions, with the orders module's role
// rules: SUPPORT, ADMIN and the BRAND_MANAGER of an order made only of their brands type a code,
// ask the carrier again or refuse; receiving the goods refunds the store's money, ADMIN only.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { systemClock } from '../../clock';
import type { GraphQLContext } from '../../graphql/context';
import { notFound } from '../../graphql/errors';
import { STORE_MONEY_ROLES } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { combinedRefund } from '../orders/gateway-refunds';
import { findOrderByNumber } from '../orders/orders.repository';
import type { OrderRow } from '../orders/orders.tables';
import { trackOrder } from '../orders/orders.tracking';
import { assertMayChangeOrder, staffActor } from '../orders/orders.transitions';
import { visibleOrder } from '../orders/orders.staff.service';
import { findReturn } from './returns.repository';
import {
  receiveReturn,
  rejectReturn,
  requestReturn,
  retryAuthorization,
  RETURN_NOT_FOUND_MESSAGE,
  setReturnCode,
  type ReturnsDeps,
} from './returns.service';
import { customerReturnsView, staffReturnsView } from './returns.views';
import { isUuid } from '../../lib/ids';
import type { OrderReturnRow } from './returns.tables';
import type { StaffPrincipal } from '../../graphql/context';

/** A return as the staff see it: OrderReturn's parent (mappers of resolvers.generated.ts). */
export type StaffReturnView = Awaited<ReturnType<typeof staffReturnsView>>[number];

type Ctx = GraphQLContext;

const ORDER_ROLES = ['ADMIN', 'SUPPORT', 'BRAND_MANAGER'] as const;
const NOT_FOUND_ORDER =
  'Pedido não encontrado: confira o número do pedido e o e-mail usado na compra.';

function now(ctx: Ctx): Date {
  const server = ctx.request.server;
  return new Date((server.hasDecorator('clock') ? server.clock : systemClock).now());
}

function logisticsOf(ctx: Ctx) {
  const server = ctx.request.server;
  return server.hasDecorator('orderReturns') ? server.orderReturns.logistics : null;
}

function deps(ctx: Ctx): ReturnsDeps {
  const server = ctx.request.server;
  return {
    publicUrl: ctx.config.publicUrl,
    // The PSP's Pix first (orders it paid), then the card gateway's: as orderRefund.
    refundAtGateway: combinedRefund([server.orderPixRefund, server.orderGatewayRefund]),
    logistics: logisticsOf(ctx),
    now: () => now(ctx),
  };
}

/** The mails the committed change put in the outbox go now, and the carrier is asked soon. */
async function committed<T>(ctx: Ctx, change: Promise<T>): Promise<T> {
  const result = await change;
  const server = ctx.request.server;
  server.mail.kick();
  if (server.hasDecorator('orderReturns')) server.orderReturns.kick();
  return result;
}

/** The shopper's view of the order's returns, once per order in a request. */
function customerView(ctx: Ctx, parent: { number: string }) {
  return ctx.loaders.get(`returns:customer:${parent.number}`, async () => {
    const order = await findOrderByNumber(ctx.db, parent.number);
    if (!order) return null;
    return customerReturnsView(ctx.db, order, {
      now: now(ctx),
      publicUrl: ctx.config.publicUrl,
      logistics: logisticsOf(ctx),
    });
  });
}

async function staffViews(ctx: Ctx, principal: StaffPrincipal, order: OrderRow) {
  const mayChange = await assertMayChangeOrder(ctx.db, principal, order.id).then(
    () => true,
    () => false,
  );
  return staffReturnsView(ctx.db, principal, order, {
    mayChange,
    logistics: logisticsOf(ctx),
  });
}

async function staffView(ctx: Ctx, principal: StaffPrincipal, order: OrderRow, id: string) {
  const views = await staffViews(ctx, principal, order);
  const view = views.find((item) => item.id === id);
  if (!view) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  return view;
}

/** The return and its order, the caller allowed to change the order (else FORBIDDEN). */
async function authorise(
  ctx: Ctx,
  returnId: string,
  roles: readonly StaffPrincipal['role'][] = ORDER_ROLES,
): Promise<{ principal: StaffPrincipal; ret: OrderReturnRow }> {
  const principal = requireAuditedStaff(ctx, roles);
  const ret = isUuid(returnId) ? await findReturn(ctx.db, returnId) : null;
  if (!ret) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  await assertMayChangeOrder(ctx.db, principal, ret.orderId);
  return { principal, ret };
}

async function answer(ctx: Ctx, principal: StaffPrincipal, ret: OrderReturnRow) {
  const order = await visibleOrder(ctx.db, principal, ret.orderId);
  if (!order) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  return staffView(ctx, principal, order, ret.id);
}

export const resolvers: Resolvers = {
  Query: {
    async orderReturns(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, ORDER_ROLES);
      const order = await visibleOrder(ctx.db, principal, args.orderId);
      if (!order) throw notFound('Pedido não encontrado.');
      return staffViews(ctx, principal, order);
    },
  },
  Mutation: {
    async requestOrderReturn(_root, args, ctx) {
      const server = ctx.request.server;
      const order = await trackOrder(
        ctx.db,
        { limits: server.rateLimits, clientAddress: ctx.request.ip, now: now(ctx).getTime() },
        args.number,
        args.email,
      );
      if (!order) throw notFound(NOT_FOUND_ORDER);
      const ret = await committed(ctx, requestReturn(ctx.db, deps(ctx), order.id, args.input));
      const view = await customerView(ctx, order);
      const created = view?.returns.find((item) => item.id === ret.id);
      // The schema's CustomerReturn! : a missing one is a bug, said as such (not a null).
      if (!created) throw new Error(`return ${ret.id} is not in order ${order.number}'s view`);
      return created;
    },
    async orderReturnSetCode(_root, args, ctx) {
      const { principal } = await authorise(ctx, args.id);
      const ret = await committed(
        ctx,
        setReturnCode(ctx.db, deps(ctx), staffActor(principal), args.id, args),
      );
      return answer(ctx, principal, ret);
    },
    async orderReturnRetryCarrier(_root, args, ctx) {
      const { principal } = await authorise(ctx, args.id);
      const ret = await committed(
        ctx,
        retryAuthorization(ctx.db, deps(ctx), staffActor(principal), args.id),
      );
      return answer(ctx, principal, ret);
    },
    async orderReturnReceive(_root, args, ctx) {
      // Receiving refunds the store's money: ADMIN only, before the return is even looked up.
      const { principal } = await authorise(ctx, args.id, STORE_MONEY_ROLES);
      const ret = await committed(
        ctx,
        receiveReturn(ctx.db, deps(ctx), staffActor(principal), args.id),
      );
      return answer(ctx, principal, ret);
    },
    async orderReturnReject(_root, args, ctx) {
      const { principal } = await authorise(ctx, args.id);
      const ret = await committed(
        ctx,
        rejectReturn(ctx.db, deps(ctx), staffActor(principal), args.id, args.reason),
      );
      return answer(ctx, principal, ret);
    },
  },
  // The parent is the shopper's view of an order (orderStatus, placeOrder), already authorised.
  CustomerOrder: {
    async returnWindowEndsAt(parent, _args, ctx) {
      return (await customerView(ctx, parent))?.returnWindowEndsAt ?? null;
    },
    async returnable(parent, _args, ctx) {
      return (await customerView(ctx, parent))?.returnable ?? false;
    },
    async returnableLines(parent, _args, ctx) {
      return (await customerView(ctx, parent))?.returnableLines ?? [];
    },
    async returns(parent, _args, ctx) {
      return (await customerView(ctx, parent))?.returns ?? [];
    },
  },
};
