// The audit log's filter and page (auditLog, and the log's CSV export), once for the server and
// the ui's mocks: who, which brand, which kind of object and which one, the action's code or
// prefix, the days and the search, each refusal in the server's Portuguese words on its field
// ('filter.range.from'), in the server's order. What an id looks like is each side's own (the
// server's UUIDs, the mock's names), passed as `isId`.
import { parseIsoDay } from './orders.input';
import type { RuleResult } from './variant';
import { checkWholeNumber } from './rule';

export const AUDIT_INPUT_LIMITS = {
  defaultPage: 50,
  page: 200,
  offset: 10_000,
  search: 200,
  action: 80,
  entityId: 200,
  /** Words of the search that count. */
  words: 10,
} as const;

const L = AUDIT_INPUT_LIMITS;

export const AUDIT_INPUT_MESSAGES = {
  value: 'Valor inválido.',
  filter: 'Filtro inválido.',
  actor: 'Pessoa inválida.',
  brand: 'Marca inválida.',
  entity: 'Tipo de objeto inválido.',
  entityWithoutKind: 'Informe também o tipo do objeto.',
  entityIdTooLong: 'Identificador longo demais.',
  action: "Ação inválida: use um código como order.ship ou um prefixo terminado em '.', como auth.",
  range: 'Período inválido.',
  day: 'Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.',
  dateOrder: 'A data inicial deve ser anterior ou igual à final.',
  search: `Busque com até ${L.search} caracteres.`,
  page: `Peça de 0 a ${L.page} registros por vez.`,
  offset: 'O deslocamento vai de 0 a 10.000.',
} as const;

const M = AUDIT_INPUT_MESSAGES;

const ACTION_CODE = /^[a-z_]+(\.[a-z_]+)+$/;
const ACTION_PREFIX = /^[a-z_]+(\.[a-z_]+)*\.$/;

export interface AuditFilterRuleInput {
  actorId?: unknown;
  brandId?: unknown;
  entity?: unknown;
  entityId?: unknown;
  action?: unknown;
  range?: unknown;
  search?: unknown;
}

/** The filter checked and normalised. */
export interface CheckedAuditFilter {
  actorId: string | null;
  brandId: string | null;
  entity: string | null;
  entityId: string | null;
  /** An exact code, or a prefix when it ends in '.'. */
  action: string | null;
  from: string | null;
  to: string | null;
  /** The search's first 10 distinct words. */
  words: string[];
}

class Refusal {
  constructor(
    readonly field: string,
    readonly message: string,
  ) {}
}

function optionalText(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Refusal(field, M.value);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function day(value: unknown, field: string): string | null {
  const text = optionalText(value, field);
  if (text === null) return null;
  const parsed = parseIsoDay(text);
  if (!parsed) throw new Refusal(field, M.day);
  return parsed;
}

function readFilter(
  raw: AuditFilterRuleInput,
  prefix: string,
  isId: (id: string) => boolean,
  entities: readonly string[] | null,
): CheckedAuditFilter {
  const at = (field: string) => `${prefix}.${field}`;
  const actorId = optionalText(raw.actorId, at('actorId'));
  if (actorId !== null && !isId(actorId)) throw new Refusal(at('actorId'), M.actor);
  const brandId = optionalText(raw.brandId, at('brandId'));
  if (brandId !== null && !isId(brandId)) throw new Refusal(at('brandId'), M.brand);
  const entity = optionalText(raw.entity, at('entity'));
  if (entity !== null && entities && !entities.includes(entity)) {
    throw new Refusal(at('entity'), M.entity);
  }
  const entityId = optionalText(raw.entityId, at('entityId'));
  if (entityId !== null && entity === null) throw new Refusal(at('entityId'), M.entityWithoutKind);
  if (entityId !== null && entityId.length > L.entityId) {
    throw new Refusal(at('entityId'), M.entityIdTooLong);
  }
  const action = optionalText(raw.action, at('action'));
  if (
    action !== null &&
    (action.length > L.action || !(ACTION_CODE.test(action) || ACTION_PREFIX.test(action)))
  ) {
    throw new Refusal(at('action'), M.action);
  }
  let from: string | null = null;
  let to: string | null = null;
  if (raw.range !== null && raw.range !== undefined) {
    if (typeof raw.range !== 'object') throw new Refusal(at('range'), M.range);
    const range = raw.range as { from?: unknown; to?: unknown };
    from = day(range.from, at('range.from'));
    to = day(range.to, at('range.to'));
    if (from && to && from > to) throw new Refusal(at('range.from'), M.dateOrder);
  }
  const search = optionalText(raw.search, at('search'));
  if (search !== null && search.length > L.search) throw new Refusal(at('search'), M.search);
  const words = search ? [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, L.words) : [];
  return { actorId, brandId, entity, entityId, action, from, to, words };
}

/**
 * Checks the audit log's filter; `prefix` is the input's path ('filter'), `isId` what an actor's
 * or a brand's id looks like, `entities` the kinds of object (null: the schema's enum checked).
 */
export function checkAuditFilter(
  input: unknown,
  options: {
    prefix?: string;
    isId?: (id: string) => boolean;
    entities?: readonly string[] | null;
  } = {},
): RuleResult<CheckedAuditFilter> {
  const prefix = options.prefix ?? 'filter';
  const raw = input ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, issue: { field: prefix, message: M.filter } };
  }
  try {
    const value = readFilter(
      raw as AuditFilterRuleInput,
      prefix,
      options.isId ?? (() => true),
      options.entities ?? null,
    );
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, issue: { field: error.field, message: error.message } };
  }
}

/** The log's page: 0 to 200 entries (50 by default) from 0 to 10.000. */
export function checkAuditPage(
  first: number | null | undefined,
  offset: number | null | undefined,
): RuleResult<{ first: number; offset: number }> {
  const size = checkWholeNumber(first, {
    fallback: L.defaultPage,
    min: 0,
    max: L.page,
    field: 'first',
    message: M.page,
  });
  if (!size.ok) return size;
  const skip = checkWholeNumber(offset, {
    fallback: 0,
    min: 0,
    max: L.offset,
    field: 'offset',
    message: M.offset,
  });
  if (!skip.ok) return skip;
  return { ok: true, value: { first: size.value, offset: skip.value } };
}
