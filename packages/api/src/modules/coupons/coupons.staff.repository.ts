// Coupon SQL for the staff's management of coupons: look-ups, writes and the delete's locked
// check. Only this file (and the checkout/orders repositories) touch the coupon tables.
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { couponRedemptions, coupons, type CouponRow } from './coupons.tables';

export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'usedCount' | 'createdAt'>;

/** The id of a coupon whose code is `code` (already upper-case), ignoring case; null if none. */
export async function findCouponIdByCode(db: Executor, code: string): Promise<string | null> {
  const [other] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code}`)
    .limit(1);
  return other?.id ?? null;
}

export function allCouponsNewestFirst(db: Executor): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code));
}

export async function findCoupon(db: Executor, id: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row ?? null;
}

export async function insertCoupon(db: Executor, values: NewCoupon): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

/** Rewrites the coupon and stamps updated_at; null when no coupon has that id. */
export async function updateCouponById(
  db: Executor,
  id: string,
  values: NewCoupon,
): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning();
  return row ?? null;
}

/** The coupon, locked (`for update`) until the transaction ends; null if none. */
export async function lockCoupon(tx: Transaction, id: string): Promise<CouponRow | null> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row ?? null;
}

export async function couponHasRedemptions(db: Executor, couponId: string): Promise<boolean> {
  const [used] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId))
    .limit(1);
  return used !== undefined;
}

export async function deleteCouponById(db: Executor, id: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id));
}
