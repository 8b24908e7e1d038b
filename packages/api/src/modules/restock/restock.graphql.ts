// The public "Avise-me quando chegar" mutations (restock.service.ts).
import type { IResolvers } from 'mercurius';
import { systemClock } from '../../clock';
import type { GraphQLContext } from '../../graphql/context';
import { getStoreSettings } from '../settings/settings.repository';
import { confirmRestockAlert, requestRestockAlert } from './restock.service';

type Ctx = GraphQLContext;

function now(ctx: Ctx): number {
  const server = ctx.request.server;
  return (server.hasDecorator('clock') ? server.clock : systemClock).now();
}

export const resolvers: IResolvers<unknown, Ctx> = {
  Mutation: {
    requestRestockAlert: async (
      _root: unknown,
      args: { variantId: string; email: string },
      ctx: Ctx,
    ) => {
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
    confirmRestockAlert: (_root: unknown, args: { token: string }, ctx: Ctx) =>
      confirmRestockAlert(ctx.db, args.token, now(ctx)),
  },
};
