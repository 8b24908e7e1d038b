// Database access of the export tickets (migration 0014): only a ticket's SHA-256 is stored; a
// ticket is taken once, atomically, before it expires. Its search is stored sealed
// (lib/export-search.ts) and the sealed words leave the row when the ticket is taken.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';

export type ExportTicketRow = {
  staff_id: string;
  request: unknown;
};

export async function insertExportTicket(
  db: Executor,
  values: { tokenHash: string; staffId: string; request: unknown; now: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO order_export_tickets (token_hash, staff_id, request, created_at, expires_at)
    VALUES (${values.tokenHash}, ${values.staffId}, ${JSON.stringify(values.request)}::jsonb,
            ${values.now.toISOString()}::timestamptz, ${values.expiresAt.toISOString()}::timestamptz)`);
}

/**
 * Marks the ticket used and answers it as it was stored, when it exists, is unused and has not
 * expired at `now`; the row keeps its request without the sealed search (only its kind).
 */
export async function takeExportTicket(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<ExportTicketRow | null> {
  const result = await db.execute<ExportTicketRow>(sql`
    UPDATE order_export_tickets t SET used_at = ${now.toISOString()}::timestamptz,
      request = t.request #- '{search,sealed}'
    FROM (SELECT token_hash, request FROM order_export_tickets
      WHERE token_hash = ${tokenHash} AND used_at IS NULL
        AND expires_at > ${now.toISOString()}::timestamptz
      FOR UPDATE) stored
    WHERE t.token_hash = stored.token_hash AND t.used_at IS NULL
    RETURNING t.staff_id, stored.request`);
  return result.rows[0] ?? null;
}

export async function recordRowsExported(
  db: Executor,
  tokenHash: string,
  rows: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE order_export_tickets SET rows_exported = ${rows} WHERE token_hash = ${tokenHash}`,
  );
}
