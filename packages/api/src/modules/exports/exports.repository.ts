// Database access of the export tickets (migration 0014): only a ticket's SHA-256 is stored; a
// ticket is taken once, atomically, before it expires.
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

/** Marks the ticket used and answers it, when it exists, is unused and has not expired at `now`. */
export async function takeExportTicket(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<ExportTicketRow | null> {
  const result = await db.execute<ExportTicketRow>(sql`
    UPDATE order_export_tickets SET used_at = ${now.toISOString()}::timestamptz
    WHERE token_hash = ${tokenHash} AND used_at IS NULL
      AND expires_at > ${now.toISOString()}::timestamptz
    RETURNING staff_id, request`);
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
