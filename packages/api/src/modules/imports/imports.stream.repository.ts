// Database access of a streamed import's preview (a file uploaded as it is, read batch by batch in
// the background): the import created PREVIEWING and held by the process reading it (a lease, as
// the apply's), each batch's rows with the counts and the lease renewed in one statement, the end
// (READY, or FAILED with the reason and no rows), and the previews a stopped process left.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  IMPORT_COLUMNS,
  toRecord,
  type ProductImportRecord,
  type RawImport,
  uuidArrayLiteral,
} from './imports.repository';
import type { PreviewCounts } from './imports.previewer';

export async function insertPreviewingImport(
  db: Executor,
  values: {
    staffId: string;
    staffName: string;
    staffRole: string;
    staffBrandIds: readonly string[];
    fileName: string;
    owner: string;
    leaseSeconds: number;
    now: Date;
  },
): Promise<ProductImportRecord> {
  const result = await db.execute<RawImport>(sql`
    INSERT INTO product_imports (staff_id, staff_name, staff_role, staff_brand_ids, file_name,
                                 status, lease_owner, lease_until, created_at, updated_at)
    VALUES (${values.staffId}, ${values.staffName}, ${values.staffRole},
            ${uuidArrayLiteral(values.staffBrandIds)}::uuid[],
            ${values.fileName}, 'PREVIEWING', ${values.owner},
            now() + make_interval(secs => ${values.leaseSeconds}),
            ${values.now.toISOString()}::timestamptz, now())
    RETURNING ${IMPORT_COLUMNS}`);
  return toRecord(result.rows[0]!);
}

/**
 * A batch read: its counts added and the lease renewed, while the import is still PREVIEWING and
 * `owner`'s. False when it is not (the caller stops).
 */
export async function addPreviewBatch(
  tx: Executor,
  id: string,
  owner: string,
  rows: number,
  counts: PreviewCounts,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await tx.execute<{ id: string }>(sql`
    UPDATE product_imports SET total_rows = total_rows + ${rows},
      create_count = create_count + ${counts.createCount},
      update_count = update_count + ${counts.updateCount},
      unchanged_count = unchanged_count + ${counts.unchangedCount},
      refused_count = refused_count + ${counts.refusedCount},
      lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE id = ${id}::uuid AND status = 'PREVIEWING' AND lease_owner = ${owner}
    RETURNING id`);
  return result.rows.length === 1;
}

/** PREVIEWING -> READY when `owner` holds it; null otherwise. */
export async function finishPreview(
  tx: Executor,
  id: string,
  owner: string,
): Promise<ProductImportRecord | null> {
  const result = await tx.execute<RawImport>(sql`
    UPDATE product_imports SET status = 'READY', lease_owner = NULL, lease_until = NULL,
      updated_at = now()
    WHERE id = ${id}::uuid AND status = 'PREVIEWING' AND lease_owner = ${owner}
    RETURNING ${IMPORT_COLUMNS}`);
  return result.rows[0] ? toRecord(result.rows[0]) : null;
}

/**
 * PREVIEWING -> FAILED with `error`, its rows and counts gone (a file read in part is of no use);
 * `owner` null: one whose lease ran out. Null when it was not PREVIEWING (or not `owner`'s).
 */
export async function failPreview(
  tx: Executor,
  id: string,
  owner: string | null,
  error: string,
): Promise<ProductImportRecord | null> {
  const result = await tx.execute<RawImport>(sql`
    UPDATE product_imports SET status = 'FAILED', error = ${error}, total_rows = 0,
      create_count = 0, update_count = 0, unchanged_count = 0, refused_count = 0,
      lease_owner = NULL, lease_until = NULL, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'PREVIEWING'
      AND (lease_owner = ${owner} OR (${owner}::text IS NULL AND lease_until < now()))
    RETURNING ${IMPORT_COLUMNS}`);
  if (!result.rows[0]) return null;
  await tx.execute(sql`DELETE FROM product_import_rows WHERE import_id = ${id}::uuid`);
  return toRecord(result.rows[0]);
}

/** The previews whose process stopped reading them (their lease ran out), oldest first. */
export async function abandonedPreviews(db: Executor, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM product_imports
    WHERE status = 'PREVIEWING' AND lease_until < now()
    ORDER BY lease_until LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}
