// A pickup method's point, and the point as GraphQL's PickupPoint: its fields (null on a point kept as one line) and how
// the shopper reads it (@vitrine/rules pickupPointView): address lines, one line, what to bring.
import {
  isStructuredPickupPoint,
  pickupPointView,
  type PickupPointSnapshot,
  type PickupPointView,
} from '@vitrine/rules';
import type { ShippingMethodRow } from './shipping.tables';

/** A pickup method's point: its fields, else (a method not edited since 0032) its one line. */
export function pickupPointOfRow(
  row: Pick<ShippingMethodRow, 'kind' | 'pickupPoint' | 'pickupAddress'>,
): PickupPointSnapshot | null {
  if (row.kind !== 'pickup') return null;
  if (row.pickupPoint) return row.pickupPoint;
  return row.pickupAddress ? { address: row.pickupAddress } : null;
}

export interface PickupPointGraphQL extends PickupPointView {
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
  postalCode: string | null;
}

/** The point for GraphQL; `orderNumber` names the order in what to bring (an order's point). */
export function pickupPointGraphQL(
  snapshot: PickupPointSnapshot,
  orderNumber?: string | null,
): PickupPointGraphQL {
  const structured = isStructuredPickupPoint(snapshot) ? snapshot : null;
  return {
    street: structured?.street ?? null,
    number: structured?.number ?? null,
    complement: structured?.complement ?? null,
    district: structured?.district ?? null,
    city: structured?.city ?? null,
    uf: structured?.uf ?? null,
    postalCode: structured?.postalCode ?? null,
    ...pickupPointView(snapshot, orderNumber),
  };
}
