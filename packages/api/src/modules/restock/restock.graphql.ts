// The public "Avise-me quando chegar" mutations (restock.service.ts).
import type { Resolvers } from '../../graphql/resolvers.generated';
import { systemClock } from '../../clock';
import type { GraphQLContext } from '../../graphql/context';
import { getStoreSettings } from '../settings/settings.repository';
import { confirmRestockAlert, requestRestockAlert } from './restock.service';

type Ctx = GraphQLContext;

function now(ctx: Ctx): number {
  const server = ctx.request.server;
  return (server.hasDecorator('clock') ? server.clock : systemClock).now();
}

export const resolvers: Resolvers = {
  Mutation: {
    requestRestockAlert: async (_root, args, ctx) => {
      const settings = await getStoreSettings(ctx.db);
      const asked = await requestRestockAlert(
        ctx.db,
        {
          limits: ctx.request.server.rateLimits,
          clientAddress: ctx.request.ip,
          now: now(ctx),
          publicUrl: ctx.config.publicUrl,
          storeName: settings.storeName,
        },
        args.variantId,
        args.email,
      );
      // The confirmation mail goes now, not at the outbox's next periodic run.
      ctx.request.server.mail.kick();
      return asked;
    },
    confirmRestockAlert: (_root, args, ctx) => confirmRestockAlert(ctx.db, args.token, now(ctx)),
  },
};
