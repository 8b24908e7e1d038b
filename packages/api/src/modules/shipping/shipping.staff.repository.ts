// Shipping-method SQL for the staff's management of the methods: list, lock, insert, update, delete.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { shippingMethods, type ShippingMethodRow } from './shipping.tables';

export type NewShippingMethod = Omit<
  typeof shippingMethods.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

export function allShippingMethodsInOrder(db: Executor): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name));
}

/** The method with that id, or null. */
export async function shippingMethodById(
  db: Executor,
  id: string,
): Promise<ShippingMethodRow | null> {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  return row ?? null;
}

/** The method with that id, locked until the transaction ends; undefined when there is none. */
export async function lockShippingMethod(
  tx: Executor,
  id: string,
): Promise<ShippingMethodRow | undefined> {
  const [row] = await tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.id, id))
    .for('update');
  return row;
}

export async function insertShippingMethod(
  db: Executor,
  values: NewShippingMethod,
): Promise<ShippingMethodRow> {
  const [row] = await db.insert(shippingMethods).values(values).returning();
  return row!;
}

/** Rewrites the method and stamps updated_at; null when no method has that id. */
export async function updateShippingMethodById(
  db: Executor,
  id: string,
  values: NewShippingMethod,
): Promise<ShippingMethodRow | null> {
  const [row] = await db
    .update(shippingMethods)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shippingMethods.id, id))
    .returning();
  return row ?? null;
}

/** Whether a method with that id existed (and is now gone). */
export async function deleteShippingMethodById(db: Executor, id: string): Promise<boolean> {
  const deleted = await db
    .delete(shippingMethods)
    .where(eq(shippingMethods.id, id))
    .returning({ id: shippingMethods.id });
  return deleted.length > 0;
}
