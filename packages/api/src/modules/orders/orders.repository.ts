// Database access of orders: numbering, the idempotent insert of a placed order with its lines
// and timeline, and an order's reads (by number, its lines, its events).
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  orderEvents,
  orderLines,
  orders,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from './orders.tables';

export async function nextOrderSequence(db: Executor): Promise<number> {
  const result = await db.execute<{ value: string | number }>(
    sql`SELECT nextval('order_number_seq') AS value`,
  );
  return Number(result.rows[0]!.value);
}

export async function lockIdempotencyKey(db: Executor, key: string): Promise<void> {
  // Requests carrying the same key queue here, so the second one sees the first one's order.
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`order:${key}`}))`);
}

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
export type NewOrderLine = typeof orderLines.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

/** Inserts the order unless its idempotency key exists already (then null). */
export async function insertOrder(db: Executor, order: NewOrder): Promise<OrderRow | null> {
  const rows = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  return rows[0] ?? null;
}

export async function insertOrderLines(
  db: Executor,
  lines: readonly NewOrderLine[],
): Promise<OrderLineRow[]> {
  const rows = await db
    .insert(orderLines)
    .values([...lines])
    .returning();
  return rows.sort((x, y) => x.position - y.position);
}

export async function insertOrderEvent(db: Executor, event: NewOrderEvent): Promise<void> {
  await db.insert(orderEvents).values(event);
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
