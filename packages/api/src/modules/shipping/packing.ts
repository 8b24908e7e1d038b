// An order's (or a bag's) parcels on the server: the store's boxes read from the database and the
// units packed by @vitrine/rules packParcels (docs/api/shipping-carriers.md, "Caixas e
// empacotamento"). The checkout's carrier quotes and the labels call parcelsForItems; a store
// without boxes gets one parcel, its units stacked, as before boxes existed.
import { packParcels, type PackedParcel, type PackingBox, type ParcelItem } from '@vitrine/rules';
import type { Executor } from '../../db';
import { listShippingBoxes } from './shipping.staff.boxes';
import type { CarrierParcel } from './carriers/provider';

export interface StoreBox extends PackingBox {
  id: string;
}

/** The store's boxes, smallest first (the order the packing tries them in). */
export async function loadBoxes(db: Executor): Promise<StoreBox[]> {
  const rows = await listShippingBoxes(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    lengthCm: row.lengthCm,
    widthCm: row.widthCm,
    heightCm: row.heightCm,
    weightGrams: row.weightGrams,
    maxWeightGrams: row.maxWeightGrams,
  }));
}

/**
 * The parcels these items go in, each with its box (null: no box), contents (the items given,
 * with units), size, real and billable weight. Null when a unit's dimensions are unknown (or a
 * wholesale quantity, see MAX_PACKED_UNITS): such an order is priced by the store's tables and
 * packed by hand.
 */
export async function parcelsForItems<T extends ParcelItem>(
  db: Executor,
  items: readonly T[],
): Promise<PackedParcel<T, StoreBox>[] | null> {
  if (items.length === 0) return null;
  return packParcels(items, await loadBoxes(db));
}

/** What a carrier is asked to price for a packed parcel: its size and billable weight. */
export function carrierParcelOf(parcel: PackedParcel<ParcelItem, PackingBox>): CarrierParcel {
  return {
    weightGrams: parcel.billableWeightGrams,
    lengthCm: parcel.lengthCm,
    widthCm: parcel.widthCm,
    heightCm: parcel.heightCm,
  };
}
