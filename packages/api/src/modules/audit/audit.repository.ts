// The audit log's SQL: the entries' insert (audit.ts recordAudit), the staff's pages of entries and
// the CSV export's batches (audit.service.ts checks the filter they take).
import { and, arrayContains, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { STORE_TIME_ZONE } from '../../lib/dates';
import type { AuditFilter } from './audit.service';
import { auditLog, type AuditLogRow } from './audit.tables';

/** Appends one entry (the values as given); answers the row. */
export async function insertAuditLog(
  db: Executor,
  values: typeof auditLog.$inferInsert,
): Promise<AuditLogRow | undefined> {
  const [row] = await db.insert(auditLog).values(values).returning();
  return row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.brandId) where.push(arrayContains(auditLog.brandIds, [filter.brandId]));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.action) {
    where.push(
      filter.action.endsWith('.')
        ? sql`starts_with(${auditLog.action}, ${filter.action})`
        : eq(auditLog.action, filter.action),
    );
  }
  if (filter.from) {
    where.push(
      sql`${auditLog.at} >= (${filter.from}::date::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`,
    );
  }
  if (filter.to) {
    where.push(
      sql`${auditLog.at} < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`,
    );
  }
  for (const word of filter.words) {
    const like = `%${escapeLike(word)}%`;
    where.push(or(ilike(auditLog.summary, like), ilike(auditLog.entityLabel, like))!);
  }
  return where;
}

/** A page of entries, newest first, and how many match. */
export async function auditLogPage(
  db: Executor,
  filter: AuditFilter,
  first: number,
  offset: number,
): Promise<{ nodes: AuditLogRow[]; totalCount: number }> {
  const where = conditions(filter);
  const condition = where.length > 0 ? and(...where) : undefined;
  const [nodes, total] = await Promise.all([
    first === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(first)
          .offset(offset),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { nodes, totalCount: Number(total[0]?.n ?? 0) };
}

export interface AuditCursor {
  at: Date;
  id: string;
}

/** Up to `size` entries after `after` (newest first), for the CSV export. */
export async function auditLogBatch(
  db: Executor,
  filter: AuditFilter,
  size: number,
  after: AuditCursor | null,
): Promise<{ rows: AuditLogRow[]; next: AuditCursor | null }> {
  const where = conditions(filter);
  if (after) {
    where.push(
      sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size);
  const last = rows.at(-1);
  return { rows, next: rows.length === size && last ? { at: last.at, id: last.id } : null };
}
