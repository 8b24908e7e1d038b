// Staff dashboard figures.
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { dashboardStats, withoutMoney } from './stats.service';

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async dashboardStats(
      _root: unknown,
      args: {
        range: { from: string; to: string };
        lowStockThreshold?: number | null;
        brandId?: string | null;
      },
      ctx: GraphQLContext,
    ) {
      const principal = requireStaff(ctx);
      const source = ctx.request.server.dashboardSalesSource ?? 'rollup';
      const stats = await dashboardStats(ctx.db, principal, args, source);
      // SUPPORT sees no revenue (DESIGN): counts only, every money figure null.
      return principal.role === 'SUPPORT' ? withoutMoney(stats) : stats;
    },
  },
};
