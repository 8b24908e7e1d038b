// The SQL of the category tree's structure (catalog.structure.ts): the tree locked and read, a
// category's siblings, its place, and its name.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { rows } from './catalog.repository';
import { categories, type CategoryRow } from './catalog.tables';

/** Every category, locked (in id order) until the transaction ends. */
export async function lockCategoryTree(tx: Executor): Promise<CategoryRow[]> {
  await rows(tx, sql`SELECT id FROM categories ORDER BY id FOR UPDATE`);
  return tx.select().from(categories);
}

/** The categories under `parentId` (null: the top level) but `exceptId`, in display order. */
export function categorySiblings(
  tx: Executor,
  parentId: string | null,
  exceptId: string,
): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(categories)
    .where(
      and(
        parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId),
        ne(categories.id, exceptId),
      ),
    )
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
}

/** Puts the category at `position` under `parentId` (and stamps updated_at). */
export async function setCategoryPlace(
  tx: Executor,
  id: string,
  parentId: string | null,
  position: number,
): Promise<void> {
  await tx
    .update(categories)
    .set({ position, parentId, updatedAt: sql`now()` })
    .where(eq(categories.id, id));
}

/** The category's name, or undefined when there is none. */
export async function categoryNameById(db: Executor, id: string): Promise<string | undefined> {
  const [category] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, id));
  return category?.name;
}
