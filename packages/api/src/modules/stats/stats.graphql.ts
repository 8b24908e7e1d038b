// Staff dashboard figures.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { dashboardStats, withoutMoney } from './stats.service';

export const resolvers: Resolvers = {
  Query: {
    async dashboardStats(_root, args, ctx) {
      const principal = requireStaff(ctx);
      const source = ctx.request.server.dashboardSalesSource ?? 'rollup';
      const stats = await dashboardStats(ctx.db, principal, args, source);
      // SUPPORT sees no revenue (DESIGN): counts only, every money figure null.
      return principal.role === 'SUPPORT' ? withoutMoney(stats) : stats;
    },
  },
};
