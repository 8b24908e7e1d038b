// The SQL of the store's boxes (shipping_boxes) for their staff management
// (shipping.staff.boxes.ts) and the packing (packing.ts).
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { shippingBoxes, type ShippingBoxRow } from './shipping.tables';

export type NewShippingBox = Omit<
  typeof shippingBoxes.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** The boxes in the order the packing tries them: smallest (by volume) first, then by name. */
export function listShippingBoxes(db: Executor): Promise<ShippingBoxRow[]> {
  return db
    .select()
    .from(shippingBoxes)
    .orderBy(
      asc(sql`${shippingBoxes.lengthCm} * ${shippingBoxes.widthCm} * ${shippingBoxes.heightCm}`),
      asc(shippingBoxes.name),
    );
}

/** The id of the box named `name` (case ignored, as the unique index does), or undefined. */
export async function shippingBoxIdByName(db: Executor, name: string): Promise<string | undefined> {
  const [other] = await db
    .select({ id: shippingBoxes.id })
    .from(shippingBoxes)
    .where(sql`lower(${shippingBoxes.name}) = lower(${name})`);
  return other?.id;
}

/** The box, locked until the transaction ends; null when there is none. */
export async function lockShippingBox(tx: Executor, id: string): Promise<ShippingBoxRow | null> {
  const [row] = await tx.select().from(shippingBoxes).where(eq(shippingBoxes.id, id)).for('update');
  return row ?? null;
}

export async function insertShippingBox(
  tx: Executor,
  values: NewShippingBox,
): Promise<ShippingBoxRow> {
  const [row] = await tx.insert(shippingBoxes).values(values).returning();
  return row!;
}

/** Sets the box's values (and updated_at to now()); answers the row as it is now. */
export async function updateShippingBoxById(
  tx: Executor,
  id: string,
  values: NewShippingBox,
): Promise<ShippingBoxRow> {
  const [row] = await tx
    .update(shippingBoxes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shippingBoxes.id, id))
    .returning();
  return row!;
}

export async function deleteShippingBoxById(tx: Executor, id: string): Promise<void> {
  await tx.delete(shippingBoxes).where(eq(shippingBoxes.id, id));
}
