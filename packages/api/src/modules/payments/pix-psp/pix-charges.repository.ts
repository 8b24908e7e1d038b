// The SQL of the Pix charges at the PSP (pix_charges): what the GraphQL fields read.
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db';
import { pixCharges, type PixChargeRow } from './pix-charges.tables';

/** The charges of the orders `orderIds`, by order id. */
export async function pixChargesOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, PixChargeRow>> {
  const rows = await db
    .select()
    .from(pixCharges)
    .where(inArray(pixCharges.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}

/** How many charges wait to be created, are open, or failed, by status (absent: none). */
export async function countPixChargesByStatus(db: Executor): Promise<Map<string, number>> {
  const result = await db.execute<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM pix_charges
         WHERE status IN ('TO_CREATE', 'ATIVA', 'FAILED') GROUP BY status`,
  );
  return new Map(result.rows.map((row) => [row.status, Number(row.n)]));
}
