// The periodic fold of the storefront's facet counts (catalog.facets.repository.ts): every
// product change appends its delta rows, and this job replaces them by their sums so that a
// reader sums a few thousand rows however busy the day was. Readers are exact between folds too
// (they sum the deltas); the fold only bounds the table. Every 30 seconds, and only when the table
// has grown by more than FOLD_GROWTH rows since this instance last folded it (a quiet store's
// counts are not rewritten for nothing).
//
// After a bulk load (a catalog imported from another platform) the folded table keeps the size of
// its peak of deltas, and PostgreSQL reads it as that large (docs/database.md): when it is
// (facetCountsBloat), the job compacts it, once, waiting at most half a second for the table.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import {
  compactFacetCounts,
  FACET_COUNTS_BLOAT,
  facetCountsBloat,
  foldFacetCounts,
} from './catalog.facets.repository';

export interface FacetCountsPluginOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to look; default 30 seconds. */
  intervalMs?: number;
  /** When the table is worth compacting; default FACET_COUNTS_BLOAT (tests lower it). */
  bloat?: typeof FACET_COUNTS_BLOAT;
}

export interface FoldResult {
  /** Rows before and after the fold (the same when it did nothing). */
  before: number;
  after: number;
  /** The table was rewritten compactly after it. */
  compacted: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Folds the facet counts once now (also what the interval calls). */
    foldFacetCounts(): Promise<FoldResult>;
  }
}

/** Rows appended since the last fold that make the next one worth it. */
const FOLD_GROWTH = 500;

/** How long a compaction waits for readers to let go of the table before it tries next time. */
const COMPACT_LOCK_WAIT_MS = 500;

export const facetCountsPlugin = fp<FacetCountsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    let folded = 0;
    const limits = opts.bloat ?? FACET_COUNTS_BLOAT;
    // A role that does not own the table cannot compact it: said once, not tried again.
    let mayCompact = true;
    // Looked at after a start, after a fold that rewrote rows, and again after readers held it.
    let look = true;
    const compactIfBloated = async (): Promise<boolean> => {
      if (!mayCompact || !look) return false;
      look = false;
      const bloat = await facetCountsBloat(app.db, limits);
      if (!bloat.bloated) return false;
      const started = performance.now();
      const outcome = await compactFacetCounts(app.db, { lockTimeoutMs: COMPACT_LOCK_WAIT_MS });
      if (outcome === 'not-owner') {
        mayCompact = false;
        app.log.warn(
          { bytes: bloat.bytes, rows: bloat.rows },
          'Facet counts table is bloated and the database role does not own it: run CLUSTER as its owner (docs/database.md)',
        );
        return false;
      }
      if (outcome === 'busy') {
        look = true; // readers held it: the next turn tries again
        return false;
      }
      const after = await facetCountsBloat(app.db, limits);
      app.log.info(
        {
          before: bloat.bytes,
          after: after.bytes,
          rows: bloat.rows,
          ms: Math.round(performance.now() - started),
        },
        'Facet counts table compacted',
      );
      return true;
    };
    const run = periodicJob<FoldResult>(app, {
      name: 'Facet counts fold',
      enabled: opts.enabled,
      intervalMs: opts.intervalMs ?? 30_000,
      fallback: { before: 0, after: 0, compacted: false },
      work: async () => {
        const result = await foldFacetCounts(app.db, folded + FOLD_GROWTH);
        folded = result.after;
        if (result.before !== result.after) look = true;
        return { ...result, compacted: await compactIfBloated() };
      },
    });
    if (!app.hasDecorator('foldFacetCounts')) app.decorate('foldFacetCounts', run);
  },
  { name: 'vitrine-facet-counts', dependencies: ['vitrine-db'] },
);
