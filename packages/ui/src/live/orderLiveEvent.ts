// What GET /admin/events announces about an order (packages/api/src/modules/live/live.events.ts):
// no personal data and no money; a screen that shows more reloads the order.
import type { FulfilmentStatus, OrderStatus, PaymentStatus } from '../graphql/generated';

export type OrderLiveEventType = 'placed' | 'paid' | 'changed';

export interface OrderLiveEvent {
  /** placed: a new order; paid: its payment became PAID; changed: any other status change. */
  type: OrderLiveEventType;
  id: string;
  /** e.g. 'VT-1042' */
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  /** ISO 8601 instant of the change (show it with packages/ui/src/format). */
  at: string;
}

const TYPES: readonly string[] = ['placed', 'paid', 'changed'];

/** The event in an `event: order` message's data, or null when it is not one. */
export function parseOrderLiveEvent(data: string): OrderLiveEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (
    typeof r.type !== 'string' ||
    !TYPES.includes(r.type) ||
    typeof r.id !== 'string' ||
    typeof r.number !== 'string' ||
    typeof r.status !== 'string' ||
    typeof r.paymentStatus !== 'string' ||
    typeof r.fulfilmentStatus !== 'string' ||
    typeof r.at !== 'string'
  ) {
    return null;
  }
  return {
    type: r.type as OrderLiveEventType,
    id: r.id,
    number: r.number,
    status: r.status as OrderStatus,
    paymentStatus: r.paymentStatus as PaymentStatus,
    fulfilmentStatus: r.fulfilmentStatus as FulfilmentStatus,
    at: r.at,
  };
}
