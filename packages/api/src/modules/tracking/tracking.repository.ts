// Database access of the tracking worker: claiming the shipped orders due for a look, their
// carrier events kept once each, and the latest status on the order.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { orders, shipmentEvents, type OrderRow } from '../orders/orders.tables';
import type { CarrierTrackingEvent } from '../shipping/carriers/provider';

export interface DueShipment {
  id: string;
  number: string;
  trackingCode: string;
}

/**
 * Claims up to `limit` shipped delivery orders with a Correios-shaped code that are due, moving
 * their next check to `nextCheckAt` in the same statement (rows another worker holds are skipped),
 * so two instances never ask about the same parcel at once.
 */
export async function claimDueShipments(
  db: Executor,
  now: Date,
  nextCheckAt: Date,
  limit: number,
): Promise<DueShipment[]> {
  const result = await db.execute<{ id: string; number: string; tracking_code: string }>(sql`
    UPDATE orders SET tracking_next_check_at = ${nextCheckAt.toISOString()}
    WHERE id IN (
      SELECT id FROM orders
      WHERE status = 'SHIPPED' AND tracking_code IS NOT NULL
        AND shipping_method_kind = 'delivery'
        AND tracking_code ~ '^[A-Z]{2}[0-9]{9}[A-Z]{2}$'
        AND (tracking_next_check_at IS NULL OR tracking_next_check_at <= ${now.toISOString()})
      ORDER BY tracking_next_check_at NULLS FIRST, shipped_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, number, tracking_code`);
  return result.rows.map((row) => ({
    id: row.id,
    number: row.number,
    trackingCode: row.tracking_code,
  }));
}

/** The order locked for the change; null when it is gone. */
export async function lockTrackedOrder(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/** Keeps the events not kept yet; answers those that are new. */
export async function insertShipmentEvents(
  db: Executor,
  orderId: string,
  carrier: string,
  events: readonly CarrierTrackingEvent[],
): Promise<CarrierTrackingEvent[]> {
  if (events.length === 0) return [];
  const inserted = await db
    .insert(shipmentEvents)
    .values(
      events.map((event) => ({
        orderId,
        carrier,
        code: event.code,
        status: event.status,
        description: event.description,
        location: event.location,
        occurredAt: event.occurredAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ code: shipmentEvents.code, occurredAt: shipmentEvents.occurredAt });
  const fresh = new Set(inserted.map((row) => `${row.code}|${row.occurredAt.getTime()}`));
  return events.filter((event) => fresh.has(`${event.code}|${event.occurredAt.getTime()}`));
}

export async function setTrackingState(
  db: Executor,
  orderId: string,
  state: { status: OrderRow['trackingStatus']; checkedAt: Date },
): Promise<void> {
  await db
    .update(orders)
    .set({ trackingStatus: state.status, trackingCheckedAt: state.checkedAt })
    .where(and(eq(orders.id, orderId)));
}
