// The periodic fold of the storefront's facet counts (catalog.facets.repository.ts): every
// product change appends its delta rows, and this job replaces them by their sums so that a
// reader sums a few thousand rows however busy the day was. Readers are exact between folds too
// (they sum the deltas); the fold only bounds the table.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { foldFacetCounts } from './catalog.facets.repository';

export interface FacetCountsPluginOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to fold; default one minute. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Folds the facet counts once now (also what the interval calls). */
    foldFacetCounts(): Promise<{ before: number; after: number }>;
  }
}

export const facetCountsPlugin = fp<FacetCountsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const run = periodicJob(app, {
      name: 'Facet counts fold',
      enabled: opts.enabled,
      ...(opts.intervalMs === undefined ? {} : { intervalMs: opts.intervalMs }),
      fallback: { before: 0, after: 0 },
      work: () => foldFacetCounts(app.db),
    });
    if (!app.hasDecorator('foldFacetCounts')) app.decorate('foldFacetCounts', run);
  },
  { name: 'vitrine-facet-counts', dependencies: ['vitrine-db'] },
);
