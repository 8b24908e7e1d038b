// Database access of saved views: always scoped to one staff member.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { staffSavedViews, type SavedViewRow, type SavedViewScreen } from './views.tables';

export async function listSavedViews(
  db: Executor,
  staffId: string,
  screen: SavedViewScreen,
): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(staffSavedViews)
    .where(and(eq(staffSavedViews.staffId, staffId), eq(staffSavedViews.screen, screen)))
    .orderBy(asc(staffSavedViews.createdAt), asc(staffSavedViews.id));
}

/** Queues concurrent creations of one staff member's views (the count and name checks). */
export async function lockStaffViews(db: Executor, staffId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`saved-views:${staffId}`}))`);
}

export async function countSavedViews(
  db: Executor,
  staffId: string,
  screen: SavedViewScreen,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffSavedViews)
    .where(and(eq(staffSavedViews.staffId, staffId), eq(staffSavedViews.screen, screen)));
  return Number(row?.count ?? 0);
}

export async function savedViewNameTaken(
  db: Executor,
  staffId: string,
  screen: SavedViewScreen,
  name: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSavedViews.id })
    .from(staffSavedViews)
    .where(
      and(
        eq(staffSavedViews.staffId, staffId),
        eq(staffSavedViews.screen, screen),
        sql`lower(${staffSavedViews.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertSavedView(
  db: Executor,
  view: { staffId: string; screen: SavedViewScreen; name: string; query: string },
): Promise<SavedViewRow> {
  const [row] = await db.insert(staffSavedViews).values(view).returning();
  return row!;
}

/** Deletes the view when it is this staff member's; false otherwise (missing or another's). */
export async function deleteOwnSavedView(
  db: Executor,
  staffId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(staffSavedViews)
    .where(and(eq(staffSavedViews.id, id), eq(staffSavedViews.staffId, staffId)))
    .returning({ id: staffSavedViews.id });
  return deleted.length > 0;
}
