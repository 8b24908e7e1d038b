// A product CSV uploaded as it is (POST /admin/imports/products), for files past what a GraphQL
// request carries: the body is written to a temporary file as it arrives (its size bounded, its
// encoding checked on the way), the import is created PREVIEWING, and the file is read back as a
// stream in the background, batch by batch, each batch's rows stored with the counts in one
// transaction, so memory holds a batch and the previewer's keys, never the file. The import ends
// READY (or FAILED with the reason, its rows gone); a process that stops while reading leaves a
// lease that runs out, and the next look fails the import so the staff member sends it again.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db';
import type { AuditedPrincipal } from '../audit/audit';
import { insertImportRows, type ProductImportRecord } from './imports.repository';
import { auditImport } from './imports.service';
import { ImportPreviewer } from './imports.previewer';
import {
  abandonedPreviews,
  addPreviewBatch,
  failPreview,
  finishPreview,
  insertPreviewingImport,
} from './imports.stream.repository';
import { readProductCsvStream } from './products.csv-stream';
import { ProductCsvError } from './products.csv';

/** Rows compared and stored per transaction. */
export const STREAM_BATCH_ROWS = 1000;
/** How long the reading process holds the import without renewing it (each batch renews it). */
export const PREVIEW_LEASE_SECONDS = 60;
export const PREVIEW_INTERRUPTED_MESSAGE =
  'A leitura do arquivo foi interrompida porque o servidor reiniciou: envie o arquivo de novo.';
/** An unexpected error while reading (the database, the disk): said as such, not as a restart. */
export const PREVIEW_ERROR_MESSAGE =
  'A leitura do arquivo falhou por um erro no servidor: envie o arquivo de novo.';

/** An upload kept on disk until its preview is read. */
export interface SpooledFile {
  path: string;
  bytes: number;
  /** Every byte is valid UTF-8 (else it is read as Windows-1252). */
  utf8: boolean;
}

export class UploadTooLargeError extends Error {}

/**
 * Writes `source` to a new temporary file, `maxBytes` at most (UploadTooLargeError past it, the
 * file removed), checking on the way whether it is UTF-8. Rejects as the source does (a client
 * that went away), the file removed.
 */
export async function spoolUpload(
  source: Readable,
  maxBytes: number,
  dir = tmpdir(),
): Promise<SpooledFile> {
  const path = join(dir, `vitrine-import-${randomUUID()}.csv`);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let utf8 = true;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) {
        done(new UploadTooLargeError());
        return;
      }
      if (utf8) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          utf8 = false;
        }
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, check, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    if (utf8) {
      try {
        decoder.decode();
      } catch {
        utf8 = false;
      }
    }
  } catch (error) {
    await unlink(path).catch(() => {});
    throw error;
  }
  return { path, bytes, utf8 };
}

export interface StreamedImportStart {
  principal: AuditedPrincipal;
  fileName: string;
  file: SpooledFile;
  owner: string;
  now: Date;
}

/** The import a streamed preview fills, PREVIEWING and held by `owner`. */
export function createStreamedImport(
  db: Database,
  { principal, fileName, owner, now }: StreamedImportStart,
): Promise<ProductImportRecord> {
  return insertPreviewingImport(db, {
    staffId: principal.id,
    staffName: principal.name,
    staffRole: principal.role,
    staffBrandIds: principal.brandIds,
    fileName,
    owner,
    leaseSeconds: PREVIEW_LEASE_SECONDS,
    now,
  });
}

class PreviewStopped extends Error {}

export interface StreamPreviewOptions {
  shouldStop(): boolean;
  /** Rows per batch (STREAM_BATCH_ROWS; tests pass fewer). */
  batchRows?: number;
}

/**
 * Reads the uploaded file into `record`'s preview, batch by batch, then READY; FAILED with the
 * reason when the file cannot be read, with PREVIEW_INTERRUPTED_MESSAGE when `shouldStop` (the
 * process closing), or with PREVIEW_ERROR_MESSAGE (and rejects) on an unexpected error. The file is removed at the end, whatever happened.
 */
export async function previewStreamedImport(
  db: Database,
  record: ProductImportRecord,
  start: StreamedImportStart,
  options: StreamPreviewOptions,
): Promise<ProductImportRecord | null> {
  const { principal, file, owner } = start;
  try {
    const previewer = await ImportPreviewer.open(db, {
      role: principal.role,
      brandIds: principal.brandIds,
    });
    const batches = readProductCsvStream(
      createReadStream(file.path, { highWaterMark: 64 * 1024 }),
      {
        utf8: file.utf8,
        batchRows: options.batchRows ?? STREAM_BATCH_ROWS,
      },
    );
    for await (const batch of batches) {
      if (options.shouldStop()) throw new PreviewStopped();
      const { rows, counts } = await previewer.preview(batch);
      const held = await db.transaction(async (tx) => {
        if (
          !(await addPreviewBatch(tx, record.id, owner, rows.length, counts, PREVIEW_LEASE_SECONDS))
        ) {
          return false;
        }
        await insertImportRows(tx, record.id, rows);
        return true;
      });
      // Failed or taken over meanwhile: nothing more to write.
      if (!held) return null;
    }
    return await db.transaction(async (tx) => {
      const ready = await finishPreview(tx, record.id, owner);
      if (ready) {
        await auditImport(
          tx,
          principal,
          ready,
          'import.create',
          `Importação ${ready.fileName}: prévia de ${ready.totalRows} ${ready.totalRows === 1 ? 'linha' : 'linhas'}`,
        );
      }
      return ready;
    });
  } catch (error) {
    const message =
      error instanceof ProductCsvError
        ? error.message
        : error instanceof PreviewStopped
          ? PREVIEW_INTERRUPTED_MESSAGE
          : null;
    if (message === null) {
      await failStreamedImport(db, record.id, owner, PREVIEW_ERROR_MESSAGE).catch(() => null);
      throw error;
    }
    return failStreamedImport(db, record.id, owner, message, principal);
  } finally {
    await unlink(file.path).catch(() => {});
  }
}

/** FAILED with `message`, audited as the import's refusal (as a file read at once). */
async function failStreamedImport(
  db: Database,
  id: string,
  owner: string | null,
  message: string,
  principal?: AuditedPrincipal,
): Promise<ProductImportRecord | null> {
  return db.transaction(async (tx) => {
    const failed = await failPreview(tx, id, owner, message);
    if (failed && principal) {
      await auditImport(
        tx,
        principal,
        failed,
        'import.create',
        `Importação ${failed.fileName} recusada: ${message}`,
      );
    }
    return failed;
  });
}

/** Fails the previews a stopped process left (their lease ran out); answers how many. */
export async function failAbandonedPreviews(db: Database): Promise<number> {
  let failed = 0;
  for (const id of await abandonedPreviews(db, 100)) {
    if (await failStreamedImport(db, id, null, PREVIEW_INTERRUPTED_MESSAGE)) failed += 1;
  }
  return failed;
}
