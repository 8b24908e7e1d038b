// Staff dashboard figures.
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { dashboardStats } from './stats.service';

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async dashboardStats(
      _root: unknown,
      args: { range: { from: string; to: string }; lowStockThreshold?: number | null },
      ctx: GraphQLContext,
    ) {
      const principal = requireStaff(ctx);
      return dashboardStats(ctx.db, principal, args);
    },
  },
};
