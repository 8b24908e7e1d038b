// The mail outbox's page and filter (mailOutbox, the dashboard's E-mails screen), once for the
// server and the ui's mocks: 0 to 100 mails (25 by default) from 0 to 10.000, a known status, a
// search of at most 200 characters read as its first 10 distinct words; each refusal in the
// server's Portuguese words on its field, in the server's order.
import type { RuleResult } from './variant';
import { checkWholeNumber, ruleRefusal as refuse } from './rule';

export const MAIL_INPUT_LIMITS = {
  defaultPage: 25,
  page: 100,
  offset: 10_000,
  search: 200,
  /** Words of the search that count. */
  words: 10,
} as const;

const L = MAIL_INPUT_LIMITS;

/** The outbox's statuses (MailStatus). */
export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED', 'NOT_CONFIGURED'] as const;
export type MailStatusName = (typeof MAIL_STATUSES)[number];

export const MAIL_INPUT_MESSAGES = {
  page: `Peça de 0 a ${L.page} e-mails por vez.`,
  offset: 'O deslocamento vai de 0 a 10.000.',
  status: 'Situação inválida.',
  search: `Busque com até ${L.search} caracteres.`,
} as const;

const M = MAIL_INPUT_MESSAGES;

export interface MailOutboxInput {
  filter?: { status?: string | null; search?: string | null } | null;
  first?: number | null;
  offset?: number | null;
}

export interface CheckedMailOutboxInput {
  first: number;
  offset: number;
  status: MailStatusName | null;
  /** The search's first 10 distinct words (none: every mail). */
  words: string[];
}

/** The page (first, offset), then the filter's status and search. */
export function checkMailOutboxInput(input: MailOutboxInput): RuleResult<CheckedMailOutboxInput> {
  const first = checkWholeNumber(input.first, {
    fallback: L.defaultPage,
    min: 0,
    max: L.page,
    field: 'first',
    message: M.page,
  });
  if (!first.ok) return first;
  const offset = checkWholeNumber(input.offset, {
    fallback: 0,
    min: 0,
    max: L.offset,
    field: 'offset',
    message: M.offset,
  });
  if (!offset.ok) return offset;
  const status = input.filter?.status ?? null;
  if (status !== null && !(MAIL_STATUSES as readonly string[]).includes(status)) {
    return refuse('filter.status', M.status);
  }
  const search = (input.filter?.search ?? '').trim();
  if (search.length > L.search) return refuse('filter.search', M.search);
  const words = [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, L.words);
  return {
    ok: true,
    value: {
      first: first.value,
      offset: offset.value,
      status: status as MailStatusName | null,
      words,
    },
  };
}
