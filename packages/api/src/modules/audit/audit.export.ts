// The audit log's CSV export, as the orders one: the request ({filter}, the AuditFilter checked as
// the `auditLog` query checks it), the single-use ticket that stands for it in the download URL
// (audit_export_tickets, migration 0023), and the CSV stream, read in keyset batches only as fast
// as the client takes it. The filter's search is stored sealed (lib/export-search.ts) and leaves
// the row when the ticket is taken.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError } from '../../graphql/errors';
import { CSV_BOM, csvLine, saoPauloDate, saoPauloTime } from '../../lib/csv';
import { openStoredSearch, storeSearch } from '../../lib/export-search';
import { auditLogBatch, type AuditCursor } from './audit.repository';
import { checkAuditFilter, type AuditFilter, type AuditFilterInput } from './audit.service';
import {
  auditBrandNames,
  findAuditExportStaff,
  insertAuditExportTicket,
  setAuditExportRowsExported,
  takeAuditExportTicket,
} from './audit.export.repository';
import type { AuditEntity, AuditLogRow } from './audit.tables';

export const AUDIT_EXPORT_TTL_SECONDS = 60;
export const AUDIT_EXPORT_BATCH_SIZE = 1_000;
export const AUDIT_EXPORT_FILE_PATH = '/admin/exports/audit.csv';
/** As the orders export's. */
export const AUDIT_INVALID_TICKET_MESSAGE = 'Link de exportação inválido ou expirado.';

/** A request the client got wrong: 400 with a Portuguese detail naming the field. */
export class AuditExportInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export const AUDIT_CSV_COLUMNS = [
  'Data',
  'Hora',
  'Pessoa',
  'E-mail',
  'Endereço IP',
  'Navegador',
  'Ação',
  'Objeto',
  'Identificador',
  'Descrição',
  'Marcas',
  'Resumo',
  'Antes',
  'Depois',
] as const;

const ENTITY_LABELS: Record<AuditEntity, string> = {
  PRODUCT: 'Produto',
  VARIANT: 'Variante',
  BRAND: 'Marca',
  CATEGORY: 'Categoria',
  PRODUCT_IMPORT: 'Importação de produtos',
  ORDER: 'Pedido',
  BANK_STATEMENT: 'Extrato bancário',
  SETTINGS: 'Configurações',
  COUPON: 'Cupom',
  SHIPPING_METHOD: 'Frete',
  STAFF: 'Equipe',
  CUSTOMER: 'Cliente',
  EXPORT: 'Exportação',
  MAIL: 'E-mail',
  SESSION: 'Sessão',
};

export interface AuditExportRequest {
  filter: AuditFilterInput;
}

/** The body of POST /admin/exports/audit, checked: {filter?} as in the `auditLog` query. */
export function parseAuditExportRequest(body: unknown): {
  request: AuditExportRequest;
  filter: AuditFilter;
} {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new AuditExportInputError('Envie o filtro em JSON.', 'filter');
  }
  const raw = input.filter ?? {};
  try {
    const filter = checkAuditFilter(raw as AuditFilterInput);
    return { request: { filter: raw as AuditFilterInput }, filter };
  } catch (error) {
    if (error instanceof AppGraphQLError && error.code === 'BAD_USER_INPUT') {
      const field = (error.extensions as { field?: unknown } | undefined)?.field;
      throw new AuditExportInputError(error.message, typeof field === 'string' ? field : 'filter');
    }
    throw error;
  }
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Stores a ticket for `request` and answers the URL that downloads it (valid once, 60 s). */
export async function createAuditExportTicket(
  db: Executor,
  principal: StaffPrincipal,
  request: AuditExportRequest,
  now: Date,
): Promise<{ url: string; expiresInSeconds: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const search = storeSearch(ticket, request.filter.search);
  const stored = {
    filter: { ...request.filter, search: null },
    ...(search ? { search } : {}),
  };
  await insertAuditExportTicket(db, {
    hash: ticketHash(ticket),
    staffId: principal.id,
    stored,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUDIT_EXPORT_TTL_SECONDS * 1000),
  });
  return {
    url: `${AUDIT_EXPORT_FILE_PATH}?ticket=${encodeURIComponent(ticket)}`,
    expiresInSeconds: AUDIT_EXPORT_TTL_SECONDS,
  };
}

/**
 * Takes the ticket (once) and answers who asked and what, with the staff member as they are now
 * (a deactivated account, or one no longer ADMIN, exports nothing); null otherwise.
 */
export async function redeemAuditExportTicket(
  db: Database,
  ticket: string,
  now: Date,
): Promise<{
  principal: StaffPrincipal;
  request: AuditExportRequest;
  filter: AuditFilter;
  ticketHash: string;
} | null> {
  if (!/^[\w-]{20,100}$/.test(ticket)) return null;
  const hash = ticketHash(ticket);
  // Taken once; the row keeps its request without the sealed search (only its kind).
  const row = await takeAuditExportTicket(db, hash, now);
  if (!row) return null;
  const stored = (typeof row.request === 'string' ? JSON.parse(row.request) : row.request) as {
    filter?: AuditFilterInput;
    search?: unknown;
  };
  const search = openStoredSearch(ticket, stored.search);
  // A search that does not open (altered row) is refused rather than run without it.
  if (search === null) return null;
  // The staff member as they are now (read here: the audit module depends on no other module).
  const staff = await findAuditExportStaff(db, row.staff_id);
  if (!staff || !staff.active || staff.role !== 'ADMIN') return null;
  // Checked when the ticket was made; parsed again so the stored JSON is never trusted blindly.
  const parsed = parseAuditExportRequest({ filter: { ...stored.filter, search } });
  return {
    principal: {
      id: staff.id,
      role: staff.role,
      brandIds: staff.brand_ids ?? [],
      name: staff.name,
      email: staff.email,
    },
    request: parsed.request,
    filter: parsed.filter,
    ticketHash: hash,
  };
}

export async function recordAuditRowsExported(
  db: Executor,
  hash: string,
  rows: number,
): Promise<void> {
  await setAuditExportRowsExported(db, hash, rows);
}

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

export function auditCsvLine(row: AuditLogRow, brandNames: Map<string, string>): string {
  return csvLine([
    saoPauloDate(row.at),
    saoPauloTime(row.at),
    row.actorName ?? (row.actorId ? '' : 'Sistema'),
    row.actorEmail ?? '',
    row.ip ?? '',
    row.userAgent ?? '',
    row.action,
    ENTITY_LABELS[row.entity] ?? row.entity,
    row.entityId ?? '',
    row.entityLabel ?? '',
    (row.brandIds ?? []).map((id) => brandNames.get(id) ?? id).join(', '),
    row.summary,
    json(row.before),
    json(row.after),
  ]);
}

async function brandNamesOf(db: Executor, rows: AuditLogRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.brandIds ?? []))];
  if (ids.length === 0) return new Map();
  return auditBrandNames(db, ids);
}

/** The CSV (BOM, header, one line per entry, newest first) as a byte stream read on demand. */
export function auditCsvStream(
  db: Database,
  filter: AuditFilter,
  options: { batchSize?: number; onDone?: (rows: number) => Promise<void> } = {},
): Readable {
  const size = options.batchSize ?? AUDIT_EXPORT_BATCH_SIZE;
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(AUDIT_CSV_COLUMNS);
    let after: AuditCursor | null = null;
    let rows = 0;
    do {
      const batch = await auditLogBatch(db, filter, size, after);
      const names = await brandNamesOf(db, batch.rows);
      const chunk = batch.rows.map((row) => auditCsvLine(row, names)).join('');
      rows += batch.rows.length;
      if (chunk) yield chunk;
      after = batch.next;
    } while (after);
    await options.onDone?.(rows);
  }
  return Readable.from(lines(), { objectMode: false });
}
