// Database access of the shopper's returns: an order's returns and their lines, the units asked
// back so far, the guarded status changes and the worker's claim of the requests due at the
// carrier (SKIP LOCKED, so instances never ask twice at once).
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { orderLines, orders, type OrderRow } from '../orders/orders.tables';
import type { ReturnStatus } from '@vitrine/rules';
import {
  orderReturnLines,
  orderReturns,
  type OrderReturnLineRow,
  type OrderReturnRow,
} from './returns.tables';

export type NewOrderReturn = typeof orderReturns.$inferInsert;
export type OrderReturnChanges = Partial<Omit<NewOrderReturn, 'id' | 'orderId' | 'number'>>;

/** A return's line with what the order's line says of it. */
export interface ReturnLineDetail extends OrderReturnLineRow {
  productName: string;
  variantLabel: string;
  sku: string;
  imageUrl: string | null;
  brandId: string | null;
  variantId: string | null;
  unitPriceCents: number;
}

export async function returnsOfOrder(db: Executor, orderId: string): Promise<OrderReturnRow[]> {
  return db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(asc(orderReturns.number));
}

export async function findReturn(db: Executor, id: string): Promise<OrderReturnRow | null> {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id));
  return row ?? null;
}

/** Reads the return and locks its row until the transaction ends. */
export async function lockReturn(db: Executor, id: string): Promise<OrderReturnRow | null> {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
  return row ?? null;
}

/** The lines of these returns, in the order's line order. */
export async function linesOfReturns(
  db: Executor,
  returnIds: readonly string[],
): Promise<ReturnLineDetail[]> {
  if (returnIds.length === 0) return [];
  return db
    .select({
      returnId: orderReturnLines.returnId,
      orderLineId: orderReturnLines.orderLineId,
      quantity: orderReturnLines.quantity,
      refundCents: orderReturnLines.refundCents,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      sku: orderLines.sku,
      imageUrl: orderLines.imageUrl,
      brandId: orderLines.brandId,
      variantId: orderLines.variantId,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderReturnLines)
    .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.orderLineId))
    .where(inArray(orderReturnLines.returnId, [...returnIds]))
    .orderBy(asc(orderLines.position));
}

/**
 * The units of each of the order's lines in its returns of these statuses (all but REJECTED by
 * default: what was asked back), a return left out when given.
 */
export async function returnedQuantities(
  db: Executor,
  orderId: string,
  options: { statuses?: readonly ReturnStatus[]; except?: string } = {},
): Promise<Record<string, number>> {
  const rows = await db
    .select({
      lineId: orderReturnLines.orderLineId,
      quantity: sql<number>`sum(${orderReturnLines.quantity})::int`,
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        options.statuses
          ? inArray(orderReturns.status, [...options.statuses])
          : ne(orderReturns.status, 'REJECTED'),
        options.except ? ne(orderReturns.id, options.except) : undefined,
      ),
    )
    .groupBy(orderReturnLines.orderLineId);
  return Object.fromEntries(rows.map((row) => [row.lineId, Number(row.quantity)]));
}

/** The next return's number within the order (1 for the first). */
export async function nextReturnNumber(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(orderReturns.number) })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId));
  return (row?.last ?? 0) + 1;
}

export async function insertReturn(
  db: Executor,
  values: NewOrderReturn,
  lines: { orderLineId: string; quantity: number; refundCents: number }[],
): Promise<OrderReturnRow> {
  const [row] = await db.insert(orderReturns).values(values).returning();
  await db.insert(orderReturnLines).values(lines.map((line) => ({ ...line, returnId: row!.id })));
  return row!;
}

/** Applies the changes while the return is in one of `from`; null when it no longer is. */
export async function updateReturnIfStatusIn(
  db: Executor,
  id: string,
  from: readonly ReturnStatus[],
  changes: OrderReturnChanges,
): Promise<OrderReturnRow | null> {
  const [row] = await db
    .update(orderReturns)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orderReturns.id, id), inArray(orderReturns.status, [...from])))
    .returning();
  return row ?? null;
}

export async function setReturnLineRefunds(
  db: Executor,
  returnId: string,
  refunds: { lineId: string; refundCents: number }[],
): Promise<void> {
  for (const refund of refunds) {
    await db
      .update(orderReturnLines)
      .set({ refundCents: refund.refundCents })
      .where(
        and(
          eq(orderReturnLines.returnId, returnId),
          eq(orderReturnLines.orderLineId, refund.lineId),
        ),
      );
  }
}

/**
 * Claims up to `limit` open requests due at the carrier, moving their next attempt to
 * `leaseUntil` in the same statement (another instance skips the rows held), so a slow carrier
 * call is never made twice at once; the caller sets the real next attempt after the call.
 */
export async function claimDueAuthorizations(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE order_returns SET carrier_next_attempt_at = ${leaseUntil.toISOString()}
    WHERE id IN (
      SELECT id FROM order_returns
      WHERE status = 'REQUESTED' AND carrier_next_attempt_at IS NOT NULL
        AND carrier_next_attempt_at <= ${now.toISOString()}
      ORDER BY carrier_next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return result.rows.map((row) => row.id);
}

/** The order a return belongs to. */
export async function orderOfReturn(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** A failed ask at the carrier: the attempts, its reason, and when to ask again (null: not). */
export async function recordCarrierFailure(
  db: Executor,
  id: string,
  failure: { attempts: number; error: string; nextAttemptAt: Date | null },
): Promise<void> {
  await db
    .update(orderReturns)
    .set({
      carrierAttempts: failure.attempts,
      carrierError: failure.error.slice(0, 500),
      carrierNextAttemptAt: failure.nextAttemptAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'REQUESTED')));
}
