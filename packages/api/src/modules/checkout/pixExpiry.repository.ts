// The payment expiry's SQL (pixExpiry.ts keeps the job, the lock order and the mail): the page of
// orders past their deadline, the claim of one of them, and the writes that cancel it (the order's
// row, its stock back, its coupon use released).
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import { orders, type OrderRow } from '../orders/orders.tables';

/** The deadline of an unpaid order (rows from before migration 0005 only have the Pix one). */
const deadline = sql`coalesce(${orders.paymentExpiresAt}, ${orders.pixExpiresAt})`;
/**
 * Still waiting for money: a card payment authorised (or in review) at the gateway is left to
 * the gateway's verdict rather than canceled under it.
 */
const stillUnpaid = sql`${orders.status} = 'PENDING_PAYMENT' AND ${orders.paymentStatus} IN ('PENDING', 'FAILED', 'CANCELED')`;

/** An order waiting for payment and its deadline (as text: the page's cursor). */
export interface ExpiryCandidate {
  id: string;
  at: string;
}

/**
 * Up to `limit` orders waiting for payment whose deadline is at or before `cutoff` (ISO), by
 * (deadline, id), after the cursor `after` (the last candidate of the previous page).
 */
export async function expiryCandidates(
  db: Database,
  cutoff: string,
  after: ExpiryCandidate | null,
  limit: number,
): Promise<ExpiryCandidate[]> {
  const result = await db.execute<{ id: string; at: string }>(sql`
    SELECT id, ${deadline}::text AS at FROM orders
    WHERE status = 'PENDING_PAYMENT' AND ${deadline} <= ${cutoff}::timestamptz
      ${after ? sql`AND (${deadline}, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    ORDER BY ${deadline}, id
    LIMIT ${limit}`);
  return result.rows;
}

/**
 * Claims the order if it is still unpaid and past the deadline: its row, locked `for update`;
 * nothing when another transaction holds it (SKIP LOCKED) or it was paid or canceled meanwhile.
 */
export async function claimExpiredOrder(
  tx: Executor,
  id: string,
  cutoff: string,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(sql`${orders.id} = ${id} AND ${stillUnpaid} AND ${deadline} <= ${cutoff}::timestamptz`)
    .for('update', { skipLocked: true });
  return order;
}

/** Cancels the order as expired if it is still unpaid; answers whether it did. */
export async function markOrderExpired(
  tx: Executor,
  orderId: string,
  reason: string,
): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({
      status: 'CANCELED',
      paymentStatus: 'EXPIRED',
      fulfilmentStatus: 'CANCELED',
      canceledAt: sql`now()`,
      cancelReason: reason,
      updatedAt: sql`now()`,
    })
    .where(sql`${orders.id} = ${orderId} AND ${stillUnpaid}`)
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Puts units back in stock, one variant per statement in the order given (the lock order). */
export async function returnStock(
  tx: Executor,
  restock: readonly (readonly [variantId: string, quantity: number])[],
): Promise<void> {
  for (const [variantId, quantity] of restock) {
    await tx.execute(
      sql`UPDATE variants SET stock = stock + ${quantity}, updated_at = now() WHERE id = ${variantId}`,
    );
  }
}

/** Deletes the order's coupon use and gives the coupon its use back; answers whether one was. */
export async function releaseCouponUse(
  tx: Executor,
  orderId: string,
  couponId: string,
): Promise<boolean> {
  const released = await tx.execute(
    sql`DELETE FROM coupon_redemptions WHERE order_id = ${orderId} RETURNING id`,
  );
  if (released.rows.length === 0) return false;
  await tx.execute(
    sql`UPDATE coupons SET used_count = greatest(used_count - 1, 0), updated_at = now() WHERE id = ${couponId}`,
  );
  return true;
}
