// The audit log's reader (ADMIN): the filter (checked once, for the `auditLog` query and the CSV
// export alike) and the page asked for; audit.repository.ts reads the page of entries newest first
// with the total count, and the keyset batches for the export.
import { badUserInput } from '../../graphql/errors';
import { parseIsoDay } from '../../lib/dates';
import { isUuid } from '../../lib/ids';
import { auditEntities, type AuditEntity, type AuditLogRow } from './audit.tables';

/** The GraphQL AuditFilter as it arrives (every field optional). */
export interface AuditFilterInput {
  actorId?: string | null;
  brandId?: string | null;
  entity?: string | null;
  entityId?: string | null;
  action?: string | null;
  range?: { from?: string | null; to?: string | null } | null;
  search?: string | null;
}

/** The filter checked and normalised. */
export interface AuditFilter {
  actorId: string | null;
  brandId: string | null;
  entity: AuditEntity | null;
  entityId: string | null;
  /** An exact code, or a prefix when it ends in '.'. */
  action: string | null;
  from: string | null;
  to: string | null;
  words: string[];
}

export const AUDIT_DEFAULT_PAGE = 50;
export const AUDIT_MAX_PAGE = 200;
export const AUDIT_MAX_OFFSET = 10_000;
const SEARCH_MAX = 200;
const ACTION_CODE = /^[a-z_]+(\.[a-z_]+)+$/;
const ACTION_PREFIX = /^[a-z_]+(\.[a-z_]+)*\.$/;

function optionalText(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw badUserInput('Valor inválido.', field);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function day(value: unknown, field: string): string | null {
  const text = optionalText(value, field);
  if (text === null) return null;
  const parsed = parseIsoDay(text);
  if (!parsed) {
    throw badUserInput('Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.', field);
  }
  return parsed;
}

/**
 * Checks an AuditFilter; BAD_USER_INPUT naming the field (`filter.actorId`, `filter.range.from`,
 * ...) when a value is wrong. `prefix` is the input's path ('filter').
 */
export function checkAuditFilter(
  input: AuditFilterInput | null | undefined,
  prefix = 'filter',
): AuditFilter {
  const raw = input ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badUserInput('Filtro inválido.', prefix);
  const actorId = optionalText(raw.actorId, `${prefix}.actorId`);
  if (actorId !== null && !isUuid(actorId)) {
    throw badUserInput('Pessoa inválida.', `${prefix}.actorId`);
  }
  const brandId = optionalText(raw.brandId, `${prefix}.brandId`);
  if (brandId !== null && !isUuid(brandId)) {
    throw badUserInput('Marca inválida.', `${prefix}.brandId`);
  }
  const entityText = optionalText(raw.entity, `${prefix}.entity`);
  if (entityText !== null && !(auditEntities as readonly string[]).includes(entityText)) {
    throw badUserInput('Tipo de objeto inválido.', `${prefix}.entity`);
  }
  const entity = entityText as AuditEntity | null;
  const entityId = optionalText(raw.entityId, `${prefix}.entityId`);
  if (entityId !== null) {
    if (entity === null) {
      throw badUserInput('Informe também o tipo do objeto.', `${prefix}.entityId`);
    }
    if (entityId.length > 200)
      throw badUserInput('Identificador longo demais.', `${prefix}.entityId`);
  }
  const action = optionalText(raw.action, `${prefix}.action`);
  if (
    action !== null &&
    (action.length > 80 || !(ACTION_CODE.test(action) || ACTION_PREFIX.test(action)))
  ) {
    throw badUserInput(
      "Ação inválida: use um código como order.ship ou um prefixo terminado em '.', como auth.",
      `${prefix}.action`,
    );
  }
  let from: string | null = null;
  let to: string | null = null;
  if (raw.range !== null && raw.range !== undefined) {
    if (typeof raw.range !== 'object') throw badUserInput('Período inválido.', `${prefix}.range`);
    from = day(raw.range.from, `${prefix}.range.from`);
    to = day(raw.range.to, `${prefix}.range.to`);
    if (from && to && from > to) {
      throw badUserInput(
        'A data inicial deve ser anterior ou igual à final.',
        `${prefix}.range.from`,
      );
    }
  }
  const search = optionalText(raw.search, `${prefix}.search`);
  if (search !== null && search.length > SEARCH_MAX) {
    throw badUserInput(`Busque com até ${SEARCH_MAX} caracteres.`, `${prefix}.search`);
  }
  const words = search ? [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, 10) : [];
  return { actorId, brandId, entity, entityId, action, from, to, words };
}

export function checkAuditPage(
  first: number | null | undefined,
  offset: number | null | undefined,
): { first: number; offset: number } {
  const size = first ?? AUDIT_DEFAULT_PAGE;
  if (!Number.isInteger(size) || size < 0 || size > AUDIT_MAX_PAGE) {
    throw badUserInput(`Peça de 0 a ${AUDIT_MAX_PAGE} registros por vez.`, 'first');
  }
  const skip = offset ?? 0;
  if (!Number.isInteger(skip) || skip < 0 || skip > AUDIT_MAX_OFFSET) {
    throw badUserInput(
      `O deslocamento vai de 0 a ${AUDIT_MAX_OFFSET.toLocaleString('pt-BR')}.`,
      'offset',
    );
  }
  return { first: size, offset: skip };
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** GraphQL resolvers of AuditEntry (an AuditLogRow underneath). */
export const auditEntryResolvers = {
  at: (row: AuditLogRow) => row.at.toISOString(),
  brandIds: (row: AuditLogRow) => row.brandIds ?? [],
  before: (row: AuditLogRow) => json(row.before),
  after: (row: AuditLogRow) => json(row.after),
};
