// Database access of orders (a placed order is written by checkout.repository.ts): an order's
// reads (by number, its lines, its events), and the writes of the staff transitions (guarded
// status changes, manual payments, refunds, restocks and coupon releases).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db';
import { stockMovements, variants } from '../catalog/catalog.tables';
import { couponRedemptions, coupons } from '../coupons/coupons.tables';
import {
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  payments,
  shipmentEvents,
  type OrderEventRow,
  type ShipmentEventRow,
  type OrderLineRow,
  type OrderRefundRow,
  type OrderRow,
  type OrderStatus,
} from './orders.tables';

export async function findOrderByIdempotencyKey(
  db: Executor,
  key: string,
): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function findOrderByNumber(db: Executor, number: string): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return rows[0] ?? null;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

/** Writes one event of an order's timeline and returns it as stored. */
export async function insertOrderEvent(db: Executor, event: NewOrderEvent): Promise<OrderEventRow> {
  const [row] = await db.insert(orderEvents).values(event).returning();
  return row!;
}

export async function orderLinesOf(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

export async function orderEventsOf(db: Executor, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** The carrier's events of the order's parcel, oldest first. */
export async function shipmentEventsOf(db: Executor, orderId: string): Promise<ShipmentEventRow[]> {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.orderId, orderId))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
}

export async function orderExists(db: Executor, orderId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return found !== undefined;
}

/** The brand of each of the order's lines (null for a line whose brand was deleted). */
export async function orderLineBrandIds(db: Executor, orderId: string): Promise<(string | null)[]> {
  const lines = await db
    .select({ brandId: orderLines.brandId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return lines.map((line) => line.brandId);
}

/** Reads the order and locks its row (`for update`) until the transaction ends. */
export async function lockOrderById(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export type OrderChanges = PgUpdateSetSource<typeof orders>;

/**
 * Applies the changes (and a new updated_at) only while the order is still in one of the allowed
 * statuses; null when it no longer is.
 */
export async function updateOrderIfStatusIn(
  db: Executor,
  orderId: string,
  allowed: readonly OrderStatus[],
  changes: OrderChanges,
): Promise<OrderRow | null> {
  const [updated] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...allowed])))
    .returning();
  return updated ?? null;
}

/** The database's now(), as a value of an order change (paidAt, shippedAt...). */
export const sqlNow = () => sql`now()`;

/** The order's refunded_cents plus `amount`, added in SQL (the database checks it too). */
export const refundedCentsPlus = (amount: number) =>
  sql`coalesce(${orders.refundedCents}, 0) + ${amount}`;

/** Bumps the order's updated_at (a note was added); null when the order is gone. */
export async function touchOrder(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [updated] = await db
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return updated ?? null;
}

export type NewPayment = typeof payments.$inferInsert;

/** Inserts the payment unless it conflicts with one recorded already (then nothing happens). */
export async function insertPaymentUnlessRecorded(
  db: Executor,
  payment: NewPayment,
): Promise<void> {
  await db.insert(payments).values(payment).onConflictDoNothing();
}

/** Adds refunded money to a payment, never past the payment's amount. */
export async function addPaymentRefundUpToAmount(
  db: Executor,
  paymentId: string,
  amountCents: number,
): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedCents: sql`least(${payments.amountCents}, ${payments.refundedCents} + ${amountCents})`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}

export type NewOrderRefund = typeof orderRefunds.$inferInsert;

export async function insertOrderRefund(
  db: Executor,
  refund: NewOrderRefund,
): Promise<OrderRefundRow> {
  const [row] = await db.insert(orderRefunds).values(refund).returning();
  return row!;
}

/** What each line of the order took from stock (variant null when deleted from the catalog). */
export async function orderLineQuantities(
  db: Executor,
  orderId: string,
): Promise<{ variantId: string | null; quantity: number }[]> {
  return db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

/** Puts units back on the variant's stock; false when the variant no longer exists. */
export async function returnVariantStock(
  db: Executor,
  variantId: string,
  quantity: number,
): Promise<boolean> {
  const touched = await db
    .update(variants)
    .set({ stock: sql`${variants.stock} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(variants.id, variantId))
    .returning({ id: variants.id });
  return touched.length > 0;
}

export async function insertStockMovement(
  db: Executor,
  movement: typeof stockMovements.$inferInsert,
): Promise<void> {
  await db.insert(stockMovements).values(movement);
}

/** Deletes the order's coupon redemption; the coupon it had used, or null when there was none. */
export async function deleteCouponRedemptionOf(
  db: Executor,
  orderId: string,
): Promise<string | null> {
  const released = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  return released[0]?.couponId ?? null;
}

/** Gives one use back to the coupon; false when it had none counted. */
export async function releaseCouponUse(db: Executor, couponId: string): Promise<boolean> {
  const decremented = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.id, couponId), sql`${coupons.usedCount} > 0`))
    .returning({ id: coupons.id });
  return decremented.length > 0;
}

/** An order's number (null when there is no such order). */
export async function orderNumberOf(db: Executor, orderId: string): Promise<string | null> {
  const [order] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(sql`${orders.id} = ${orderId}::uuid`);
  return order?.number ?? null;
}
