// The periodic fold of the storefront's facet counts (catalog.facets.fold.repository.ts): every
// product change appends its delta rows, and this job replaces them by their sums so that a
// reader sums a few thousand rows however busy the day was. Readers are exact between folds too
// (they sum the deltas); the fold only bounds the table. Every 30 seconds, and only when the table
// has grown by more than FOLD_GROWTH rows since this instance last folded it (a quiet store's
// counts are not rewritten for nothing).
//
// After a bulk load (a catalog imported from another platform) the folded table keeps the size of
// its peak of deltas, and PostgreSQL reads it as that large (docs/database.md): when it is
// (facetCountsBloat), the job compacts it, once, waiting at most half a second for the table.
//
// A rewrite reclaims only rows no open transaction may still see: while one that began before
// the rows were removed stays open (an analyst's session left idle in a transaction, a long
// report), the table comes out of CLUSTER as large as it went in. The job then says so once,
// naming that transaction where the role may see it, and does not rewrite the table again (each
// time its whole size under an exclusive lock, for nothing) until that transaction has ended, or
// COMPACT_RETRY_MS has passed when it cannot be seen.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import {
  compactFacetCounts,
  FACET_COUNTS_BLOAT,
  facetCountsBloat,
  foldFacetCounts,
  horizonHeldSince,
  horizonHolder,
} from './catalog.facets.fold.repository';

export interface FacetCountsPluginOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to look; default 30 seconds. */
  intervalMs?: number;
  /** When the table is worth compacting; default FACET_COUNTS_BLOAT (tests lower it). */
  bloat?: typeof FACET_COUNTS_BLOAT;
  /** How long to wait after a rewrite that reclaimed nothing, when what held it cannot be seen. */
  compactRetryMs?: number;
}

export interface FoldResult {
  /** Rows before and after the fold (the same when it did nothing). */
  before: number;
  after: number;
  /** The table was rewritten compactly after it. */
  compacted: boolean;
  /** It was rewritten and came out as large: an open transaction still holds the removed rows. */
  held?: boolean;
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

/** After a rewrite that reclaimed nothing, and nothing visible held it: the next try. */
const COMPACT_RETRY_MS = 10 * 60_000;

export const facetCountsPlugin = fp<FacetCountsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    let folded = 0;
    const limits = opts.bloat ?? FACET_COUNTS_BLOAT;
    // A role that does not own the table cannot compact it: said once, not tried again.
    let mayCompact = true;
    // Looked at after a start, after a fold that rewrote rows, and again after readers held it.
    let look = true;
    const retryMs = opts.compactRetryMs ?? COMPACT_RETRY_MS;
    // After a rewrite that reclaimed nothing: what held the rows (its start, when seen) and when.
    let held: { since: string | null; at: number } | null = null;
    const stillHeld = async (): Promise<boolean> => {
      if (!held) return false;
      const waiting = held.since
        ? await horizonHeldSince(app.db, held.since)
        : performance.now() - held.at < retryMs;
      if (!waiting) held = null;
      return waiting;
    };
    const compactIfBloated = async (): Promise<Omit<FoldResult, 'before' | 'after'>> => {
      if (!mayCompact || !look) return { compacted: false };
      if (await stillHeld()) return { compacted: false, held: true };
      look = false;
      const bloat = await facetCountsBloat(app.db, limits);
      if (!bloat.bloated) return { compacted: false };
      const started = performance.now();
      const outcome = await compactFacetCounts(app.db, { lockTimeoutMs: COMPACT_LOCK_WAIT_MS });
      if (outcome === 'not-owner') {
        mayCompact = false;
        app.log.warn(
          { bytes: bloat.bytes, rows: bloat.rows },
          'Facet counts table is bloated and the database role does not own it: run CLUSTER as its owner (docs/database.md)',
        );
        return { compacted: false };
      }
      if (outcome === 'busy') {
        look = true; // readers held it: the next turn tries again
        return { compacted: false };
      }
      const after = await facetCountsBloat(app.db, limits);
      const ms = Math.round(performance.now() - started);
      if (after.bloated) {
        const holder = await horizonHolder(app.db);
        held = { since: holder?.since ?? null, at: performance.now() };
        look = true; // tried again once what held the rows is gone
        app.log.warn(
          { before: bloat.bytes, after: after.bytes, rows: after.rows, ms, holder },
          holder
            ? `Facet counts table rewritten but not smaller: a transaction open for ${Math.round(holder.seconds)} s (pid ${holder.pid}) still holds its removed rows; not rewritten again until it ends (docs/database.md)`
            : `Facet counts table rewritten but not smaller: an open transaction this role cannot see still holds its removed rows; not rewritten again for ${Math.round(retryMs / 1000)} s (docs/database.md)`,
        );
        return { compacted: false, held: true };
      }
      app.log.info(
        { before: bloat.bytes, after: after.bytes, rows: bloat.rows, ms },
        'Facet counts table compacted',
      );
      return { compacted: true };
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
        return { ...result, ...(await compactIfBloated()) };
      },
    });
    if (!app.hasDecorator('foldFacetCounts')) app.decorate('foldFacetCounts', run);
  },
  { name: 'vitrine-facet-counts', dependencies: ['vitrine-db'] },
);
