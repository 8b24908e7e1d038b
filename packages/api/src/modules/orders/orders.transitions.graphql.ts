// Staff order transitions over GraphQL: role checks here, the rules in the service. Confirming a
// payment and refunding are the store's money: ADMIN only (STORE_MONEY_ROLES), FORBIDDEN to the
// others before the order is even looked up.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext, StaffPrincipal } from '../../graphql/context';
import { STORE_MONEY_ROLES } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import {
  addOrderNote,
  assertMayChangeOrder,
  cancelOrder,
  correctOrderTracking,
  deliverOrder,
  markOrderPaid,
  refundOrder,
  shipOrder,
  staffActor,
  type FulfilmentDeps,
} from './orders.transitions';
import { combinedRefund } from './gateway-refunds';
import {
  markOrdersPaid,
  resendLastMail,
  shipOrders,
  timeBudget,
  type BulkOptions,
} from './orders.bulk';

const ORDER_ROLES = ['ADMIN', 'SUPPORT', 'BRAND_MANAGER'] as const;

async function authorise(
  ctx: GraphQLContext,
  orderId: string,
  roles: readonly StaffPrincipal['role'][] = ORDER_ROLES,
) {
  const principal = requireAuditedStaff(ctx, roles);
  await assertMayChangeOrder(ctx.db, principal, orderId);
  return staffActor(principal);
}

/** Sends the mails the committed change put in the outbox, without waiting for them. */
async function committed<T>(ctx: GraphQLContext, change: Promise<T>): Promise<T> {
  const result = await change;
  ctx.request.server.mail.kick();
  return result;
}

/** Bulk actions stop starting orders while the operation's budget still has time to answer. */
function bulkOptions(ctx: GraphQLContext): BulkOptions {
  return { log: ctx.request.log, keepGoing: timeBudget(ctx.config.graphqlTimeoutMs) };
}

function deps(ctx: GraphQLContext): FulfilmentDeps {
  return {
    publicUrl: ctx.config.publicUrl,
    // The PSP's Pix first (orders it paid), then the card gateway's.
    refundAtGateway: combinedRefund([
      ctx.request.server.orderPixRefund,
      ctx.request.server.orderGatewayRefund,
    ]),
  };
}

export const resolvers: Resolvers = {
  Mutation: {
    async orderMarkPaid(_root, args, ctx) {
      const actor = await authorise(ctx, args.id, STORE_MONEY_ROLES);
      return committed(ctx, markOrderPaid(ctx.db, deps(ctx), actor, args.id, args.note));
    },
    async orderShip(_root, args, ctx) {
      const actor = await authorise(ctx, args.id);
      return committed(ctx, shipOrder(ctx.db, deps(ctx), actor, args.id, args));
    },
    async orderTrackingUpdate(_root, args, ctx) {
      const actor = await authorise(ctx, args.id);
      return committed(ctx, correctOrderTracking(ctx.db, deps(ctx), actor, args.id, args));
    },
    async orderDeliver(_root, args, ctx) {
      const actor = await authorise(ctx, args.id);
      return committed(ctx, deliverOrder(ctx.db, deps(ctx), actor, args.id, args.note));
    },
    async orderCancel(_root, args, ctx) {
      const actor = await authorise(ctx, args.id);
      return committed(ctx, cancelOrder(ctx.db, deps(ctx), actor, args.id, args.reason));
    },
    async orderRefund(_root, args, ctx) {
      const actor = await authorise(ctx, args.id, STORE_MONEY_ROLES);
      return committed(ctx, refundOrder(ctx.db, deps(ctx), actor, args.id, args));
    },
    async orderAddNote(_root, args, ctx) {
      const actor = await authorise(ctx, args.id);
      return addOrderNote(ctx.db, actor, args.id, args.note);
    },
    async ordersShip(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, ORDER_ROLES);
      return committed(ctx, shipOrders(ctx.db, deps(ctx), principal, args.items, bulkOptions(ctx)));
    },
    async ordersMarkPaid(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, STORE_MONEY_ROLES);
      return committed(
        ctx,
        markOrdersPaid(ctx.db, deps(ctx), principal, args.ids, args.note, bulkOptions(ctx)),
      );
    },
    async orderResendLastMail(_root, args, ctx) {
      await authorise(ctx, args.id);
      return committed(ctx, resendLastMail(ctx.db, requireAuditedStaff(ctx), args.id));
    },
  },
};
