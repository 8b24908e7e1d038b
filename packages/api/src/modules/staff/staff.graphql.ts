import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { unauthenticated } from '../../graphql/errors';
import { findStaffById, revokeTokens } from './staff.repository';

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async me(_root: unknown, _args: unknown, ctx: GraphQLContext) {
      const principal = requireStaff(ctx);
      const row = await findStaffById(ctx.db, principal.id);
      if (!row) throw unauthenticated();
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        active: row.active,
        brandIds: row.brandIds,
      };
    },
  },
  Mutation: {
    async signOutEverywhere(_root: unknown, _args: unknown, ctx: GraphQLContext) {
      const principal = requireStaff(ctx);
      await revokeTokens(ctx.db, principal.id);
      return true;
    },
  },
};
