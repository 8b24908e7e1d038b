// The dashboard's sales rollup on a running server: its periodic fold (every order change appends
// delta rows to dashboard_sales, and this job replaces the rows of the days that received some by
// their sums, so a reader sums a bounded number of rows however busy the day was; readers are exact
// between folds too), and where dashboardStats reads its sales: the rollup, or the orders' rows
// ('rows': the definition the rollup reproduces, which bench/orders-grid.ts measures as "before").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { foldDashboardSales } from './stats.repository';

export type SalesSourceName = 'rollup' | 'rows';

export interface DashboardSalesPluginOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to fold; default one minute. */
  intervalMs?: number;
  /** Where dashboardStats reads its sales; default the rollup. */
  source?: SalesSourceName;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Folds the dashboard's sales rollup once now (also what the interval calls). */
    foldDashboardSales(): Promise<{ before: number; after: number }>;
    /** Where dashboardStats reads its sales (the rollup when the plugin is not registered). */
    dashboardSalesSource?: SalesSourceName;
  }
}

export const dashboardSalesPlugin = fp<DashboardSalesPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const run = periodicJob(app, {
      name: 'Dashboard sales fold',
      enabled: opts.enabled,
      ...(opts.intervalMs === undefined ? {} : { intervalMs: opts.intervalMs }),
      fallback: { before: 0, after: 0 },
      work: () => foldDashboardSales(app.db),
    });
    if (!app.hasDecorator('foldDashboardSales')) app.decorate('foldDashboardSales', run);
    if (!app.hasDecorator('dashboardSalesSource')) {
      app.decorate('dashboardSalesSource', opts.source ?? 'rollup');
    }
  },
  { name: 'vitrine-dashboard-sales', dependencies: ['vitrine-db'] },
);
