// The audit export's SQL (audit.export.ts): its single-use tickets (audit_export_tickets, migration
// 0023), the staff member a ticket names, and the brand names of a CSV batch.
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';

/** Stores a ticket's hash with its request (JSON, without the plain search). */
export async function insertAuditExportTicket(
  db: Executor,
  ticket: { hash: string; staffId: string; stored: unknown; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_export_tickets (token_hash, staff_id, request, created_at, expires_at)
    VALUES (${ticket.hash}, ${ticket.staffId}::uuid, ${JSON.stringify(ticket.stored)}::jsonb,
            ${ticket.createdAt.toISOString()}::timestamptz,
            ${ticket.expiresAt.toISOString()}::timestamptz)`);
}

/**
 * Takes an unused, unexpired ticket once: marks it used and drops its sealed search from the row;
 * answers who made it and its request as stored (with the sealed search), or undefined.
 */
export async function takeAuditExportTicket(
  db: Database,
  hash: string,
  now: Date,
): Promise<{ staff_id: string; request: unknown } | undefined> {
  const taken = await db.execute<{ staff_id: string; request: unknown }>(sql`
    UPDATE audit_export_tickets t SET used_at = ${now.toISOString()}::timestamptz,
      request = t.request #- '{search,sealed}'
    FROM (SELECT token_hash, request FROM audit_export_tickets
      WHERE token_hash = ${hash} AND used_at IS NULL
        AND expires_at > ${now.toISOString()}::timestamptz
      FOR UPDATE) stored
    WHERE t.token_hash = stored.token_hash AND t.used_at IS NULL
    RETURNING t.staff_id, stored.request`);
  return taken.rows[0];
}

/** The staff member as they are now (read here: the audit module depends on no other module). */
export async function findAuditExportStaff(
  db: Database,
  id: string,
): Promise<
  | {
      id: string;
      role: StaffPrincipal['role'];
      brand_ids: string[] | null;
      name: string;
      email: string;
      active: boolean;
    }
  | undefined
> {
  const found = await db.execute<{
    id: string;
    role: StaffPrincipal['role'];
    brand_ids: string[] | null;
    name: string;
    email: string;
    active: boolean;
  }>(sql`SELECT id, role, brand_ids, name, email, active FROM staff WHERE id = ${id}::uuid`);
  return found.rows[0];
}

export async function setAuditExportRowsExported(
  db: Executor,
  hash: string,
  rows: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE audit_export_tickets SET rows_exported = ${rows} WHERE token_hash = ${hash}`,
  );
}

/** The names of the brands `ids` (not empty), by id. */
export async function auditBrandNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const found = await db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM brands WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(found.rows.map((brand) => [brand.id, brand.name]));
}
