// The SQL of the unique Pix totals (pix-unique.ts): the advisory lock per real and the totals of
// the Pix orders waiting for payment.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';

/** Waits for (and holds until the transaction ends) the lock of the Pix totals of one real. */
export async function lockPixTotalsOfReal(tx: Executor, real: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pix-total:${real}`}))`);
}

/** The totals of the Pix orders waiting for payment between `low` and `high` centavos. */
export async function waitingPixTotalsBetween(
  tx: Executor,
  low: number,
  high: number,
): Promise<Set<number>> {
  const taken = await tx.execute<{ total_cents: number }>(sql`
    SELECT total_cents FROM orders
     WHERE status = 'PENDING_PAYMENT' AND payment_method = 'PIX'
       AND total_cents BETWEEN ${low} AND ${high}`);
  return new Set(taken.rows.map((row) => Number(row.total_cents)));
}
