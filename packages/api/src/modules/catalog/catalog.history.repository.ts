// The SQL of the catalog's history (catalog.history.ts): the append-only rows and the staff's
// pages of them.
import { and, arrayContains, arrayContained, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { catalogHistory } from './catalog.tables';

export type CatalogHistoryRow = typeof catalogHistory.$inferSelect;

/** Appends one entry (the values as given); answers the row. */
export async function insertCatalogHistory(
  tx: Executor,
  values: typeof catalogHistory.$inferInsert,
): Promise<CatalogHistoryRow> {
  const [row] = await tx.insert(catalogHistory).values(values).returning();
  return row!;
}

/**
 * A page of entries, newest first: those naming `productId` when given, and, with `brandIds`,
 * only those touching some brand and no brand outside them.
 */
export function catalogHistoryPage(
  db: Executor,
  filter: { productId: string | null; brandIds: readonly string[] | null },
  first: number,
  offset: number,
): Promise<CatalogHistoryRow[]> {
  const where: SQL[] = [];
  if (filter.productId !== null) {
    where.push(arrayContains(catalogHistory.productIds, [filter.productId]));
  }
  if (filter.brandIds !== null) {
    where.push(sql`cardinality(${catalogHistory.brandIds}) > 0`);
    where.push(arrayContained(catalogHistory.brandIds, [...filter.brandIds]));
  }
  return db
    .select()
    .from(catalogHistory)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(catalogHistory.createdAt), desc(catalogHistory.id))
    .limit(first)
    .offset(offset);
}
