// The SQL of the Pix charges at the PSP (pix_charges): the worker's rows (pix-charges.service.ts),
// the order's code they replace, and what the GraphQL fields read.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db';
import { orders, type OrderRow } from '../../orders/orders.tables';
import { pixCharges, type PixChargeRow, type PixChargeRowStatus } from './pix-charges.tables';

/** Writes an order's charge row unless it has one. */
export async function insertPixChargeOnce(
  db: Executor,
  charge: typeof pixCharges.$inferInsert,
): Promise<void> {
  await db.insert(pixCharges).values(charge).onConflictDoNothing();
}

export async function pixOrderById(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** Pix orders still waiting for payment without a charge row, oldest first. */
export function pendingPixOrdersWithoutCharge(db: Executor, limit: number) {
  return db
    .select()
    .from(orders)
    .leftJoin(pixCharges, eq(pixCharges.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'PENDING_PAYMENT'),
        eq(orders.paymentMethod, 'PIX'),
        isNull(pixCharges.orderId),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/**
 * Up to `limit` charges to create or to poll whose next attempt is due at `now`, soonest first,
 * locked until the transaction ends (SKIP LOCKED).
 */
export function lockDuePixCharges(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<{ txid: string; status: PixChargeRowStatus }[]> {
  return tx
    .select({ txid: pixCharges.txid, status: pixCharges.status })
    .from(pixCharges)
    .where(
      and(inArray(pixCharges.status, ['TO_CREATE', 'ATIVA']), lte(pixCharges.nextAttemptAt, now)),
    )
    .orderBy(asc(pixCharges.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Moves the charges' next attempt to `at` (the lease of the worker that took them). */
export async function setPixChargesNextAttempt(
  tx: Executor,
  txids: string[],
  at: Date,
): Promise<void> {
  await tx.update(pixCharges).set({ nextAttemptAt: at }).where(inArray(pixCharges.txid, txids));
}

export async function pixChargeByTxid(db: Executor, txid: string): Promise<PixChargeRow | null> {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  return row ?? null;
}

/** The charge row, locked until the transaction ends; undefined when there is none. */
export async function lockPixCharge(tx: Executor, txid: string): Promise<PixChargeRow | undefined> {
  const [row] = await tx.select().from(pixCharges).where(eq(pixCharges.txid, txid)).for('update');
  return row;
}

/** Sets values of the charge (its updated_at among them, as given). */
export async function updatePixCharge(
  db: Executor,
  txid: string,
  values: Partial<PixChargeRow>,
): Promise<void> {
  await db.update(pixCharges).set(values).where(eq(pixCharges.txid, txid));
}

/** Sets values of the charge while it is still TO_CREATE (the PSP's answer to its creation). */
export async function updatePixChargeToCreate(
  tx: Executor,
  txid: string,
  values: Partial<PixChargeRow>,
): Promise<void> {
  await tx
    .update(pixCharges)
    .set(values)
    .where(and(eq(pixCharges.txid, txid), eq(pixCharges.status, 'TO_CREATE')));
}

/** The order's Pix code while it still waits for payment. */
export async function setPendingOrderPixCode(
  tx: Executor,
  orderId: string,
  code: string,
): Promise<void> {
  await tx
    .update(orders)
    .set({ pixCode: code })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING_PAYMENT')));
}

/** In the mails to `toAddress` not sent yet, the code `previous` becomes `code`. */
export async function replacePixCodeInPendingMails(
  tx: Executor,
  toAddress: string,
  previous: string,
  code: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE mail_outbox
       SET text_body = replace(text_body, ${previous}, ${code}),
           html_body = replace(html_body, ${previous}, ${code})
     WHERE sent_at IS NULL AND to_address = ${toAddress}
       AND strpos(text_body, ${previous}) > 0`);
}

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
