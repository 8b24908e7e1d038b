// The orders CSV export: the request (the grid's OrderFilter and OrderSort, checked as the
// `orders` query checks them), the single-use ticket that stands for it in the download URL, and
// the CSV stream, read in keyset batches only as fast as the client takes it.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError } from '../../graphql/errors';
import { openStoredSearch, storeSearch } from '../../lib/export-search';
import {
  orderExportBatch,
  type OrderListFilter,
  type OrderSortKey,
} from '../orders/orders.export.repository';
import { checkOrderFilter, orderListFilter } from '../orders/orders.staff.service';
import {
  fulfilmentStatuses,
  orderStatuses,
  paymentMethods,
  paymentStatuses,
} from '../orders/orders.tables';
import { findStaffById } from '../staff/staff.repository';
import { CSV_BOM, csvLine, orderCsvLine, ORDER_CSV_COLUMNS } from './exports.csv';
import { insertExportTicket, recordRowsExported, takeExportTicket } from './exports.repository';

export const EXPORT_TICKET_TTL_SECONDS = 60;
export const EXPORT_BATCH_SIZE = 1_000;
export const EXPORT_FILE_PATH = '/admin/exports/orders.csv';
const SORTS: readonly OrderSortKey[] = [
  'NEWEST',
  'OLDEST',
  'TOTAL_DESC',
  'TOTAL_ASC',
  'EXPIRES_SOONEST',
];

/** A request the client got wrong: 400 with a Portuguese detail naming the field. */
export class ExportInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export interface ExportRequest {
  filter: {
    status: OrderListFilter['status'];
    paymentStatus: OrderListFilter['paymentStatus'];
    fulfilmentStatus: OrderListFilter['fulfilmentStatus'];
    paymentMethod: OrderListFilter['paymentMethod'];
    brandId: string | null;
    dateFrom: string | null;
    dateTo: string | null;
    search: string | null;
    expiresBefore: string | null;
    /** Only when asked for (kept out of the stored filter otherwise). */
    deliveryProblem?: true;
  };
  sort: OrderSortKey;
}

function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  what: string,
): T | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new ExportInputError(`${what} inválido.`, field);
}

function text(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new ExportInputError('Valor inválido.', field);
  return value;
}

/**
 * The body of POST /admin/exports/orders, checked: {filter?, sort?} as in the `orders` query. The
 * JSON's shape (strings, enum values) is checked here, as GraphQL checks the query's variables;
 * the filter's values by the orders module's checkOrderFilter, the query's own check.
 */
export function parseExportRequest(body: unknown): ExportRequest {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ExportInputError('Envie o filtro e a ordem em JSON.', 'filter');
  }
  const raw = (input.filter ?? {}) as Record<string, unknown>;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ExportInputError('Filtro inválido.', 'filter');
  }
  const filter: ExportRequest['filter'] = {
    status: oneOf(raw.status, orderStatuses, 'filter.status', 'Status'),
    paymentStatus: oneOf(
      raw.paymentStatus,
      paymentStatuses,
      'filter.paymentStatus',
      'Status do pagamento',
    ),
    fulfilmentStatus: oneOf(
      raw.fulfilmentStatus,
      fulfilmentStatuses,
      'filter.fulfilmentStatus',
      'Status do envio',
    ),
    paymentMethod: oneOf(
      raw.paymentMethod,
      paymentMethods,
      'filter.paymentMethod',
      'Meio de pagamento',
    ),
    brandId: text(raw.brandId, 'filter.brandId'),
    dateFrom: text(raw.dateFrom, 'filter.dateFrom'),
    dateTo: text(raw.dateTo, 'filter.dateTo'),
    search: text(raw.search, 'filter.search'),
    expiresBefore: text(raw.expiresBefore, 'filter.expiresBefore'),
    ...(raw.deliveryProblem === true ? { deliveryProblem: true as const } : {}),
  };
  let checked;
  try {
    checked = checkOrderFilter(filter);
  } catch (error) {
    if (error instanceof AppGraphQLError && error.code === 'BAD_USER_INPUT') {
      const field = (error.extensions as { field?: unknown } | undefined)?.field;
      throw new ExportInputError(
        error.message,
        typeof field === 'string' ? `filter.${field}` : 'filter',
      );
    }
    throw error;
  }
  return {
    filter: {
      ...filter,
      brandId: checked.brandId ?? null,
      search: checked.search ?? null,
    },
    sort: oneOf(input.sort, SORTS, 'sort', 'Ordem') ?? 'NEWEST',
  };
}

/**
 * The list filter for `principal`: the orders module's orderListFilter, the very one the `orders`
 * query uses (checks and visibility: a BRAND_MANAGER sees only orders with lines of their brands,
 * narrows by one of them only, and never searches by e-mail or CPF).
 */
export function exportListFilter(
  principal: StaffPrincipal,
  request: ExportRequest,
): OrderListFilter {
  return orderListFilter(principal, request.filter);
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Stores a ticket for `request` and answers the URL that downloads it (valid once, 60 s). The
 * search (an e-mail, a CPF, a name...) is stored sealed under the ticket's own key, with its kind.
 */
export async function createExportTicket(
  db: Database,
  principal: StaffPrincipal,
  request: ExportRequest,
  now: Date,
): Promise<{ url: string; expiresInSeconds: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const search = storeSearch(ticket, request.filter.search);
  await insertExportTicket(db, {
    tokenHash: ticketHash(ticket),
    staffId: principal.id,
    request: {
      filter: { ...request.filter, search: null },
      sort: request.sort,
      ...(search ? { search } : {}),
    },
    now,
    expiresAt: new Date(now.getTime() + EXPORT_TICKET_TTL_SECONDS * 1000),
  });
  return {
    url: `${EXPORT_FILE_PATH}?ticket=${encodeURIComponent(ticket)}`,
    expiresInSeconds: EXPORT_TICKET_TTL_SECONDS,
  };
}

/**
 * Takes the ticket (once) and answers who asked and what, with the staff member as they are now
 * (a deactivated account exports nothing); null for an unknown, used or expired ticket.
 */
export async function redeemExportTicket(
  db: Database,
  ticket: string,
  now: Date,
): Promise<{ principal: StaffPrincipal; request: ExportRequest; ticketHash: string } | null> {
  if (!/^[\w-]{20,100}$/.test(ticket)) return null;
  const hash = ticketHash(ticket);
  const row = await takeExportTicket(db, hash, now);
  if (!row) return null;
  const stored = (typeof row.request === 'string' ? JSON.parse(row.request) : row.request) as {
    filter?: Record<string, unknown>;
    search?: unknown;
  };
  const search = openStoredSearch(ticket, stored.search);
  // A search that does not open (altered row) is refused rather than run without it.
  if (search === null) return null;
  const staff = await findStaffById(db, row.staff_id);
  if (!staff || !staff.active) return null;
  return {
    principal: {
      id: staff.id,
      role: staff.role,
      brandIds: staff.brandIds,
      name: staff.name,
      email: staff.email,
    },
    // Checked when the ticket was made; parsed again so the stored JSON is never trusted blindly.
    request: parseExportRequest({ ...stored, filter: { ...stored.filter, search } }),
    ticketHash: hash,
  };
}

/**
 * The CSV (BOM, header, one line per order) as a byte stream: each batch of orders is read only
 * when the client has taken the previous one (Readable.from pulls on demand), so memory stays
 * flat whatever the number of orders.
 */
export function ordersCsvStream(
  db: Database,
  principal: StaffPrincipal,
  request: ExportRequest,
  options: { batchSize?: number; onDone?: (rows: number) => Promise<void> } = {},
): Readable {
  const filter = exportListFilter(principal, request);
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(ORDER_CSV_COLUMNS);
    let after = null;
    let rows = 0;
    do {
      const batch = await orderExportBatch(db, filter, request.sort, size, after);
      let chunk = '';
      for (const order of batch.orders) {
        chunk += orderCsvLine(principal, order, batch.lines.get(order.id) ?? []);
      }
      rows += batch.orders.length;
      if (chunk) yield chunk;
      after = batch.next;
    } while (after);
    await options.onDone?.(rows);
  }
  return Readable.from(lines(), { objectMode: false });
}

export { recordRowsExported };
