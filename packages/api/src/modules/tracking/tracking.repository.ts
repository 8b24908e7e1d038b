// Database access of the tracking worker: claiming the shipped orders due for a look, their
// carrier events kept once each, and the latest status on the order.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { orders, shipmentEvents, type OrderRow } from '../orders/orders.tables';
import type { CarrierName, CarrierTrackingEvent } from '../shipping/carriers/provider';

export interface DueShipment {
  id: string;
  number: string;
  trackingCode: string;
  /** Who is asked: Melhor Envio for a label it sold, else the Correios for an S10 code. */
  carrier: CarrierName;
}

/**
 * Claims up to `limit` shipped delivery orders that are due and that a configured carrier can
 * tell about (a label bought from Melhor Envio, or a Correios-shaped code), moving their next
 * check to `nextCheckAt` in the same statement (rows another worker holds are skipped), so two
 * instances never ask about the same parcel at once.
 */
export async function claimDueShipments(
  db: Executor,
  now: Date,
  nextCheckAt: Date,
  limit: number,
  carriers: ReadonlySet<CarrierName> = new Set(['correios']),
): Promise<DueShipment[]> {
  const melhorEnvio = carriers.has('melhorenvio');
  const correios = carriers.has('correios');
  const chosen = sql`CASE
      WHEN ${melhorEnvio} AND EXISTS (
        SELECT 1 FROM shipping_labels l
        WHERE l.order_id = orders.id AND l.status = 'PURCHASED' AND l.carrier = 'melhorenvio'
          AND l.tracking_code = orders.tracking_code
      ) THEN 'melhorenvio'
      WHEN ${correios} AND tracking_code ~ '^[A-Z]{2}[0-9]{9}[A-Z]{2}$' THEN 'correios'
    END`;
  const result = await db.execute<{
    id: string;
    number: string;
    tracking_code: string;
    carrier: CarrierName;
  }>(sql`
    UPDATE orders SET tracking_next_check_at = ${nextCheckAt.toISOString()}
    FROM (
      SELECT id AS due_id, ${chosen} AS due_carrier FROM orders
      WHERE status = 'SHIPPED' AND tracking_code IS NOT NULL
        AND shipping_method_kind = 'delivery'
        AND ${chosen} IS NOT NULL
        AND (tracking_next_check_at IS NULL OR tracking_next_check_at <= ${now.toISOString()})
      ORDER BY tracking_next_check_at NULLS FIRST, shipped_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE orders.id = due.due_id
    RETURNING orders.id, orders.number, orders.tracking_code, due.due_carrier AS carrier`);
  return result.rows.map((row) => ({
    id: row.id,
    number: row.number,
    trackingCode: row.tracking_code,
    carrier: row.carrier,
  }));
}

/**
 * A Melhor Envio webhook's shipment made due at once: the SHIPPED order whose live label is that
 * shipment. Answers the order's id, or null when no shipped order has it.
 */
export async function markLabelShipmentDue(
  db: Executor,
  carrierReference: string,
  now: Date,
): Promise<string | null> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE orders SET tracking_next_check_at = ${now.toISOString()}
    WHERE status = 'SHIPPED' AND id = (
      SELECT order_id FROM shipping_labels
      WHERE carrier = 'melhorenvio' AND status = 'PURCHASED' AND carrier_reference = ${carrierReference}
      LIMIT 1
    )
    RETURNING id`);
  return result.rows[0]?.id ?? null;
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
