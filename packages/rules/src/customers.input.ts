// The staff's customer inputs (customers, a customer's orders, customerAnonymize), once for the
// server and the ui's mocks: the list's page and search, how many of a customer's orders, and why
// an anonymisation (LGPD) is refused. Each refusal is the server's Portuguese message on its
// field, in the server's order.
import type { RuleIssue, RuleResult } from './variant';
import { ruleRefusal as refuse } from './rule';

export const CUSTOMER_INPUT_LIMITS = {
  defaultPageSize: 25,
  pageSize: 100,
  offset: 10_000,
  search: 200,
  defaultOrders: 20,
} as const;

const L = CUSTOMER_INPUT_LIMITS;

export const CUSTOMER_INPUT_MESSAGES = {
  pageSize: `Peça de 1 a ${L.pageSize} clientes por página.`,
  offset: `O deslocamento vai de 0 a ${L.offset}.`,
  search: `A busca pode ter no máximo ${L.search} caracteres.`,
  orders: `Peça de 1 a ${L.pageSize} pedidos.`,
  alreadyAnonymized: 'Este cliente já foi anonimizado.',
  confirmation: 'Para confirmar, digite o e-mail do cliente exatamente como aparece na ficha.',
} as const;

const M = CUSTOMER_INPUT_MESSAGES;

const isCount = (value: number, max: number, min = 1) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The customers list's page: 1 to 100 (25 by default) from 0 to 10.000. */
export function checkCustomerPage(page: {
  first?: number | null;
  offset?: number | null;
}): RuleResult<{ first: number; offset: number }> {
  const first = page.first ?? L.defaultPageSize;
  if (!isCount(first, L.pageSize)) return refuse('first', M.pageSize);
  const offset = page.offset ?? 0;
  if (!isCount(offset, L.offset, 0)) return refuse('offset', M.offset);
  return { ok: true, value: { first, offset } };
}

/** The list's search, trimmed and its runs of spaces one space (null: none), at most 200. */
export function checkCustomerSearch(raw: string | null | undefined): RuleResult<string | null> {
  const text = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (text.length > L.search) return refuse('filter.search', M.search);
  return { ok: true, value: text === '' ? null : text };
}

/** How many of a customer's orders (Customer.orders): 1 to 100, 20 by default. */
export function checkCustomerOrdersFirst(first: number | null | undefined): RuleResult<number> {
  const size = first ?? L.defaultOrders;
  return isCount(size, L.pageSize) ? { ok: true, value: size } : refuse('first', M.orders);
}

/**
 * Why a customer cannot be anonymised (null: they can): once is enough, and the confirmation is
 * their e-mail as the record has it (spaces and capitals aside).
 */
export function customerAnonymizeRefusal(
  customer: { anonymized: boolean; email: string },
  confirmation: string,
): RuleIssue | null {
  if (customer.anonymized) return { field: 'id', message: M.alreadyAnonymized };
  if (confirmation.trim().toLowerCase() !== customer.email.toLowerCase()) {
    return { field: 'confirmation', message: M.confirmation };
  }
  return null;
}
