// Public payment operations: the ways to pay offered now, and paying a card or boleto order.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { pendingBoletoOf, PaymentsService } from './payments.service';

const pixOnly = new PaymentsService(null);

/** Without the payments plugin registered there is no gateway: Pix only. */
function service(ctx: GraphQLContext): PaymentsService {
  return ctx.request.server.payments ?? pixOnly;
}

export const resolvers: Resolvers = {
  Query: {
    async paymentMethods(_root, _args, ctx) {
      return service(ctx).availableMethods(ctx.db);
    },
  },
  Mutation: {
    async orderPay(_root, args, ctx) {
      const result = await service(ctx).payOrder(ctx.db, ctx.config.publicUrl, args.input);
      // An approval at once put the paid mail in the outbox: send it.
      ctx.request.server.mail.kick();
      return result;
    },
  },
  CustomerOrder: {
    // Only boleto orders still waiting ask the database; every other order answers null at once.
    async boleto(order, _args, ctx) {
      if (order.paymentMethod !== 'BOLETO' || order.status !== 'PENDING_PAYMENT') return null;
      return pendingBoletoOf(ctx.db, order.number);
    },
  },
};
