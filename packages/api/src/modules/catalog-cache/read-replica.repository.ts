// The read replica's lag, as the replica itself knows it: 0 when it has replayed all it received
// (an idle primary sends nothing, so the time since the last replayed transaction would grow
// without any lag), else the time since the last transaction it replayed; 0 on a server that is
// not a replica (a primary named as its own replica, or a test's second pool).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db';

export async function replicaLagMs(db: Database): Promise<number> {
  const result = await db.execute<{ lag_ms: number | string | null }>(sql`
    SELECT CASE
      WHEN NOT pg_is_in_recovery() THEN 0
      WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
      ELSE coalesce(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0)
    END AS lag_ms`);
  return Math.max(0, Number(result.rows[0]?.lag_ms ?? 0));
}
