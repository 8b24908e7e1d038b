// The order event the database announces (migrations/0015_order_live_events.sql) and the staff's
// /admin/events stream carries: what happened to which order, without personal data or money.
import { fulfilmentStatuses, orderStatuses, paymentStatuses } from '../orders/orders.tables';

/** The channel the orders trigger notifies and every server process listens on. */
export const ORDERS_CHANNEL = 'vitrine_orders';

export const orderLiveEventTypes = ['placed', 'paid', 'changed'] as const;
export type OrderLiveEventType = (typeof orderLiveEventTypes)[number];

export interface OrderLiveEvent {
  /** placed: a new order; paid: its payment status became PAID; changed: any other status change. */
  type: OrderLiveEventType;
  id: string;
  number: string;
  status: (typeof orderStatuses)[number];
  paymentStatus: (typeof paymentStatuses)[number];
  fulfilmentStatus: (typeof fulfilmentStatuses)[number];
  /** ISO 8601 (UTC) instant of the change. */
  at: string;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** The event of a notification's payload, or null when it is not one (never throws). */
export function parseOrderNotification(payload: string): OrderLiveEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (
    !oneOf(orderLiveEventTypes, r.type) ||
    typeof r.id !== 'string' ||
    typeof r.number !== 'string' ||
    !oneOf(orderStatuses, r.status) ||
    !oneOf(paymentStatuses, r.paymentStatus) ||
    !oneOf(fulfilmentStatuses, r.fulfilmentStatus) ||
    typeof r.at !== 'string'
  ) {
    return null;
  }
  return {
    type: r.type,
    id: r.id,
    number: r.number,
    status: r.status,
    paymentStatus: r.paymentStatus,
    fulfilmentStatus: r.fulfilmentStatus,
    at: r.at,
  };
}
