// The staff's order inputs, once for the server and the ui's mocks: a step's texts (the note, the
// carrier, a cancellation's or a refund's reason), the tracking correction's refusals, and the
// `orders` list's page (first, offset, after) and filter (search, days, deadline), and the bulk
// actions' lists of orders (ordersShip, ordersMarkPaid). Each refusal is
// the server's Portuguese message on its field, the first broken rule in the server's order. How a
// cursor is read is each side's own (the server's keyset, the mock's index); a bad one is refused
// with ORDER_INPUT_MESSAGES.cursor.
import type { RuleIssue, RuleResult } from './variant';
import { checkWholeNumber, ruleRefusal as refuse } from './rule';

export const ORDER_INPUT_LIMITS = {
  note: 1000,
  reason: 500,
  carrier: 60,
  defaultPageSize: 20,
  pageSize: 100,
  offset: 10_000,
  search: 100,
  /** Orders of one bulk action. */
  bulk: 100,
} as const;

const L = ORDER_INPUT_LIMITS;

export const ORDER_INPUT_MESSAGES = {
  noteTooLong: `A observação pode ter no máximo ${L.note} caracteres.`,
  pageSize: `Peça de 1 a ${L.pageSize} pedidos por página.`,
  offset: 'A posição deve ser um número de 0 a 10.000.',
  offsetAndAfter: 'Use a posição (offset) ou o cursor (after), não os dois.',
  cursor: 'Cursor de paginação inválido: recomece da primeira página.',
  search: `A busca pode ter no máximo ${L.search} caracteres.`,
  day: 'Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.',
  instant:
    'Data e hora inválidas: use o formato ISO 8601 com fuso, como 2026-01-31T12:00:00-03:00.',
  dateOrder: 'A data inicial deve ser anterior ou igual à final.',
  trackingPickup:
    'Este pedido é para retirada na loja: não tem código de rastreamento para corrigir.',
  trackingNotShipped: 'Só dá para corrigir o rastreamento de um pedido enviado (status Enviado).',
  trackingUnchanged: 'Nada mudou: a transportadora e o código são os mesmos de antes.',
  bulkEmpty: 'Escolha ao menos um pedido.',
  bulkTooMany: `Escolha no máximo ${L.bulk} pedidos de uma vez.`,
  bulkDuplicate: 'Um pedido aparece mais de uma vez na lista.',
} as const;

const M = ORDER_INPUT_MESSAGES;

/** A step's optional note: trimmed, at most 1000 characters; blank is none. On 'note'. */
export function checkOrderNote(note: string | null | undefined): RuleResult<string | null> {
  if (note === null || note === undefined) return { ok: true, value: null };
  const text = note.trim();
  if (text.length > L.note) return refuse('note', M.noteTooLong);
  return { ok: true, value: text === '' ? null : text };
}

/**
 * A text a step requires, trimmed, at most `max` characters; `what` names it with its article
 * ('a transportadora'): 'Informe a transportadora.', 'A transportadora pode ter no máximo 60
 * caracteres.'.
 */
export function checkOrderText(
  value: unknown,
  field: string,
  what: string,
  max: number,
): RuleResult<string> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return refuse(field, `Informe ${what}.`);
  if (text.length > max) {
    return refuse(
      field,
      `${what.charAt(0).toUpperCase()}${what.slice(1)} pode ter no máximo ${max} caracteres.`,
    );
  }
  return { ok: true, value: text };
}

/**
 * Why a shipped delivery's carrier and code cannot be corrected (null: they can): a pickup order
 * has none, only a SHIPPED order's are corrected, and the new ones must differ.
 */
export function trackingCorrectionRefusal(
  order: { pickup: boolean; status: string },
  unchanged: boolean,
): RuleIssue | null {
  if (order.pickup) return { field: '', message: M.trackingPickup };
  if (order.status !== 'SHIPPED') return { field: '', message: M.trackingNotShipped };
  return unchanged ? { field: 'trackingCode', message: M.trackingUnchanged } : null;
}

export interface OrderPageInput {
  first?: number | null;
  offset?: number | null;
  after?: string | null;
}

/** The `orders` list's page: 1 to 100 rows (20 by default), from 0 to 10.000, offset or after. */
export function checkOrderPage(
  page: OrderPageInput,
): RuleResult<{ first: number; offset: number }> {
  const first = checkWholeNumber(page.first, {
    fallback: L.defaultPageSize,
    min: 1,
    max: L.pageSize,
    field: 'first',
    message: M.pageSize,
  });
  if (!first.ok) return first;
  const offset = checkWholeNumber(page.offset, {
    fallback: 0,
    min: 0,
    max: L.offset,
    field: 'offset',
    message: M.offset,
  });
  if (!offset.ok) return offset;
  if (page.offset !== null && page.offset !== undefined && page.after) {
    return refuse('offset', M.offsetAndAfter);
  }
  return { ok: true, value: { first: first.value, offset: offset.value } };
}

/** 'AAAA-MM-DD', a real day of the years 2000 to 2100, or null. */
export function parseIsoDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid && year >= 2000 && year <= 2100 ? value : null;
}

// An instant with its zone: '2026-01-31T12:00:00Z', '2026-01-31T09:00-03:00'.
const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

export interface OrderListFilterInput {
  search?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  expiresBefore?: string | null;
}

export interface CheckedOrderListFilter {
  /** Trimmed; null when blank. */
  search: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  expiresBefore: Date | null;
}

/**
 * The `orders` list's (and its CSV export's) search, days and payment deadline, in the server's
 * order: search, dateFrom, dateTo, the two days' order, expiresBefore. Which brand a filter may
 * name is the caller's question.
 */
export function checkOrderListFilter(
  filter: OrderListFilterInput | null | undefined,
): RuleResult<CheckedOrderListFilter> {
  const search = filter?.search?.trim() ?? '';
  if (search.length > L.search) return refuse('search', M.search);
  const days: (string | null)[] = [];
  for (const field of ['dateFrom', 'dateTo'] as const) {
    const value = filter?.[field];
    const day = value === null || value === undefined || value === '' ? null : parseIsoDay(value);
    if (value && !day) return refuse(field, M.day);
    days.push(day);
  }
  const [dateFrom = null, dateTo = null] = days;
  if (dateFrom && dateTo && dateFrom > dateTo) return refuse('dateFrom', M.dateOrder);
  let expiresBefore: Date | null = null;
  const deadline = filter?.expiresBefore;
  if (deadline !== null && deadline !== undefined && deadline !== '') {
    expiresBefore =
      ISO_INSTANT.test(deadline) && parseIsoDay(deadline.slice(0, 10)) ? new Date(deadline) : null;
    if (!expiresBefore || Number.isNaN(expiresBefore.getTime())) {
      return refuse('expiresBefore', M.instant);
    }
  }
  return { ok: true, value: { search: search || null, dateFrom, dateTo, expiresBefore } };
}

/**
 * A bulk action's orders (ordersShip's 'items', ordersMarkPaid's 'ids'): 1 to 100, none twice
 * (ids compared trimmed, without case). The refusal is on `field`.
 */
export function checkBulkOrderIds(
  ids: readonly string[],
  field: string,
): RuleResult<readonly string[]> {
  if (ids.length === 0) return refuse(field, M.bulkEmpty);
  if (ids.length > L.bulk) return refuse(field, M.bulkTooMany);
  const seen = new Set<string>();
  for (const id of ids) {
    const key = id.trim().toLowerCase();
    if (seen.has(key)) return refuse(field, M.bulkDuplicate);
    seen.add(key);
  }
  return { ok: true, value: ids };
}
