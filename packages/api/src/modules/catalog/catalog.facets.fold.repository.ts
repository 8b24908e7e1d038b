// The facet counts' upkeep (catalog.facets.repository.ts reads them): the fold that replaces
// their delta rows by their sums, and the compaction of the table after a bulk load left it far
// larger than its rows. The periodic job that runs both is catalog.facets.plugin.ts.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { rows } from './catalog.repository';

/** Serialises the folds of every instance (pg_advisory_xact_lock key). */
const FOLD_LOCK_KEY = 7_346_112_048;

/** What compactFacetCounts did: rewrote the table, or could not (not its owner, or readers held it). */
export type CompactOutcome = 'compacted' | 'not-owner' | 'busy';

/**
 * Rewrites the counts' table compactly in (kind, value) order, after a bulk load (the seed, a
 * catalog import): the load's deltas, folded, leave their pages empty but the table as large
 * (217 MB for 76,000 rows at 100,000 products), and PostgreSQL plans reads of such a table as
 * larger than they are: a price range's facets went to parallel workers, 44 req/s at 10
 * connections against 132 on the compacted table. Takes the table's exclusive lock for its
 * duration (~1 s at 100,000 products); with `lockTimeoutMs`, gives up ('busy') rather than keep
 * readers queued behind it longer than that while it waits for the lock.
 */
export async function compactFacetCounts(
  db: Executor,
  options: { lockTimeoutMs?: number } = {},
): Promise<CompactOutcome> {
  try {
    await db.transaction(async (tx) => {
      // Not a request: the pool's statement_timeout is not its own (as the fold's).
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      if (options.lockTimeoutMs !== undefined) {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${Math.floor(options.lockTimeoutMs)}`));
      }
      // Not beside a fold (another instance's): it would wait for the table all the same.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
      await tx.execute(sql`CLUSTER catalog_facet_counts USING catalog_facet_counts_kind_idx`);
      await tx.execute(sql`ANALYZE catalog_facet_counts`);
    });
  } catch (error) {
    const failed = error as { code?: string; cause?: { code?: string } };
    // Drizzle wraps the driver's error in `cause`.
    const code = failed.code ?? failed.cause?.code;
    // Only the table's owner may rewrite it (docs/database.md: a server role that does not own
    // the tables); the counts stay right, only larger.
    if (code === '42501') return 'not-owner';
    if (code === '55P03') return 'busy'; // lock_timeout
    throw error;
  }
  return 'compacted';
}

/**
 * When the counts' table is worth compacting: over `minBytes` and over `ratio` times what its rows
 * need (`rowBytes` each, a row with its tuple header and line pointer is about 100). The periodic
 * fold keeps it within about twice its rows; a bulk load's deltas leave it 25 times (217 MB for
 * 76,000 rows), a store's ordinary day never near 4.
 */
export const FACET_COUNTS_BLOAT = { minBytes: 16 * 1024 * 1024, ratio: 4, rowBytes: 128 };

/** The table's size on disk and, when that passes `minBytes`, its rows and whether it is bloated. */
export async function facetCountsBloat(
  db: Executor,
  limits: typeof FACET_COUNTS_BLOAT = FACET_COUNTS_BLOAT,
): Promise<{ bytes: number; rows: number | null; bloated: boolean }> {
  const [size] = await rows<{ bytes: string | number }>(
    db,
    sql`SELECT pg_relation_size('catalog_facet_counts') AS bytes`,
  );
  const bytes = Number(size?.bytes ?? 0);
  // The size is a file's length; counting the rows reads the table, so only when it may matter.
  if (bytes <= limits.minBytes) return { bytes, rows: null, bloated: false };
  const [counted] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM catalog_facet_counts`,
  );
  const present = Number(counted?.n ?? 0);
  return { bytes, rows: present, bloated: bytes > limits.ratio * present * limits.rowBytes };
}

/**
 * Replaces the counts' rows by their sums (one row per brand, category, kind, value and price;
 * none where they sum to nothing), when there are more than `minRows` of them. Rows appended
 * meanwhile by other transactions are not seen by the DELETE and stay. Answers the rows before
 * and after (the same number when it did nothing).
 *
 * The sums are written in the order readers look them up, (kind, value): a reader of one kind
 * then reads that kind's few table pages, not rows strewn over the whole table. In hash order,
 * the 3,800 rows of a kind lay on 440 of the table's 950 pages at 100,000 products, and two sizes
 * in a colour over a category took 58-62 ms where they take 26-37 ms in order (docs/benchmarks.md).
 */
export async function foldFacetCounts(
  db: Executor,
  minRows = 0,
): Promise<{ before: number; after: number }> {
  return db.transaction(async (tx) => {
    // A background job, not a request: the request's deadline (the pool's statement_timeout) is
    // not its own. A bulk load's deltas (the seed's, an import's) take longer than a request to
    // fold: at 100,000 products the seed's fold passed 10 s on a loaded machine and was cancelled,
    // and a fold cancelled at every turn would leave the deltas to pile up for readers to sum.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    const [counted] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM catalog_facet_counts`,
    );
    const present = Number(counted?.n ?? 0);
    if (present <= minRows) return { before: present, after: present };
    const result = await rows<{ before: number; after: number }>(
      tx,
      sql`WITH gone AS (DELETE FROM catalog_facet_counts RETURNING *),
        kept AS (
          INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
          SELECT brand_id, category_id, kind, value, cents, sum(products), sum(in_stock)
          FROM gone GROUP BY brand_id, category_id, kind, value, cents
          HAVING sum(products) <> 0 OR sum(in_stock) <> 0
          ORDER BY kind, value, cents, brand_id, category_id
          RETURNING 1)
        SELECT (SELECT count(*) FROM gone)::int AS before, (SELECT count(*) FROM kept)::int AS after`,
    );
    return { before: Number(result[0]?.before ?? 0), after: Number(result[0]?.after ?? 0) };
  });
}

/** The oldest transaction that keeps removed rows from being reclaimed, where the role may see it. */
export interface HorizonHolder {
  pid: number;
  database: string | null;
  state: string | null;
  /** How long it has been open. */
  seconds: number;
  /** When it began (PostgreSQL's clock, ISO 8601). */
  since: string;
}

/**
 * A pg_stat_activity row of another session whose open transaction holds back what a rewrite of
 * this database's tables may reclaim: one of this database with a snapshot, or one of any
 * database with a transaction ID (every snapshot taken here counts it as running).
 */
const HOLDS_HORIZON = sql`pid <> pg_backend_pid() AND xact_start IS NOT NULL
  AND (backend_xid IS NOT NULL OR (backend_xmin IS NOT NULL AND datname = current_database()))`;

/**
 * The oldest open transaction that holds back what a rewrite may reclaim (HOLDS_HORIZON). None
 * when there is none, or when the role may not see it (another role's sessions, without
 * pg_read_all_stats).
 */
export async function horizonHolder(db: Executor): Promise<HorizonHolder | null> {
  const [holder] = await rows<{
    pid: number;
    database: string | null;
    state: string | null;
    seconds: number | string;
    since: string;
  }>(
    db,
    sql`SELECT pid, datname AS database, state,
          extract(epoch FROM now() - xact_start)::float8 AS seconds,
          to_char(xact_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS since
        FROM pg_stat_activity
        WHERE ${HOLDS_HORIZON}
        ORDER BY xact_start
        LIMIT 1`,
  );
  return holder ? { ...holder, seconds: Number(holder.seconds) } : null;
}

/** Whether a transaction that began at or before `since` (horizonHolder's) is still open. */
export async function horizonHeldSince(db: Executor, since: string): Promise<boolean> {
  const [held] = await rows<{ held: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM pg_stat_activity
          WHERE ${HOLDS_HORIZON} AND xact_start <= ${since}::timestamptz) AS held`,
  );
  return Boolean(held?.held);
}
