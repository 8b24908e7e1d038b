// A statement timeout on the PostgreSQL connections the server's pool hands out, so a statement
// sent for a request cannot outlive the request's deadline (GRAPHQL_TIMEOUT_MS). PGlite runs in
// this process, one statement at a time, and has nothing to cancel: there it is a no-op.
import pg from 'pg';
import type { Database } from '../db';

interface PoolTimeouts {
  /** The timeouts asked for, latest last; the latest is in effect (0, none, when empty). */
  wanted: number[];
  /** The timeout each connection was last set to (unset: the one it was opened with). */
  applied: WeakMap<pg.PoolClient, number>;
  /** The pool's own statement_timeout, sent when each connection opens (openDatabase); 0: none. */
  opened: number;
}

const pools = new WeakMap<pg.Pool, PoolTimeouts>();

/**
 * From now on, a pool connection checked out runs `SET statement_timeout` when its current value
 * is not the one in effect: pg queues a client's queries in order, so the SET always runs before
 * the query that checked it out. A pool opened with that timeout (the server's, openDatabase's
 * statementTimeoutMs) never needs the SET: a query sent while another runs is deprecated in pg.
 * Returns the function that withdraws this timeout (the app's close), or null when there is
 * nothing to do (PGlite, or 0).
 */
export function applyStatementTimeout(db: Database, timeoutMs: number): (() => void) | null {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool) || !(timeoutMs > 0)) return null;
  let state = pools.get(pool);
  if (!state) {
    const opened = Number((pool.options as { statement_timeout?: number }).statement_timeout ?? 0);
    const created: PoolTimeouts = { wanted: [], applied: new WeakMap(), opened };
    pool.on('acquire', (connection) => {
      const want = created.wanted.at(-1) ?? created.opened;
      if ((created.applied.get(connection) ?? created.opened) === want) return;
      created.applied.set(connection, want);
      // On a broken connection the query queued behind it fails too: nothing more to do here.
      connection.query(`SET statement_timeout = ${want}`).catch(() => undefined);
    });
    pools.set(pool, created);
    state = created;
  }
  const entry = Math.floor(timeoutMs);
  state.wanted.push(entry);
  const owner = state;
  let withdrawn = false;
  return () => {
    if (withdrawn) return;
    withdrawn = true;
    const index = owner.wanted.lastIndexOf(entry);
    if (index >= 0) owner.wanted.splice(index, 1);
  };
}
