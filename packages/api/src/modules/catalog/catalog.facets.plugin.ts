// The periodic fold of the storefront's facet counts (catalog.facets.repository.ts): every
// product change appends its delta rows, and this job replaces them by their sums so that a
// reader sums a few thousand rows however busy the day was. Readers are exact between folds too
// (they sum the deltas); the fold only bounds the table. Every 30 seconds, and only when the table
// has grown by more than FOLD_GROWTH rows since this instance last folded it (a quiet store's
// counts are not rewritten for nothing).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { foldFacetCounts } from './catalog.facets.repository';

export interface FacetCountsPluginOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to look; default 30 seconds. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Folds the facet counts once now (also what the interval calls). */
    foldFacetCounts(): Promise<{ before: number; after: number }>;
  }
}

/** Rows appended since the last fold that make the next one worth it. */
const FOLD_GROWTH = 500;

export const facetCountsPlugin = fp<FacetCountsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    let folded = 0;
    const run = periodicJob(app, {
      name: 'Facet counts fold',
      enabled: opts.enabled,
      intervalMs: opts.intervalMs ?? 30_000,
      fallback: { before: 0, after: 0 },
      work: async () => {
        const result = await foldFacetCounts(app.db, folded + FOLD_GROWTH);
        folded = result.after;
        return result;
      },
    });
    if (!app.hasDecorator('foldFacetCounts')) app.decorate('foldFacetCounts', run);
  },
  { name: 'vitrine-facet-counts', dependencies: ['vitrine-db'] },
);
