// The audit log's reader (ADMIN): the filter (checked once, for the `auditLog` query and the CSV
// export alike) and the page asked for; audit.repository.ts reads the page of entries newest first
// with the total count, and the keyset batches for the export.
import {
  AUDIT_INPUT_LIMITS,
  checkAuditFilter as checkAuditFilterRule,
  checkAuditPage as checkAuditPageRule,
} from '@vitrine/rules';
import { badUserInput } from '../../graphql/errors';
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

export const AUDIT_DEFAULT_PAGE = AUDIT_INPUT_LIMITS.defaultPage;
export const AUDIT_MAX_PAGE = AUDIT_INPUT_LIMITS.page;
export const AUDIT_MAX_OFFSET = AUDIT_INPUT_LIMITS.offset;

/**
 * Checks an AuditFilter (@vitrine/rules checkAuditFilter: actor and brand UUIDs, the kinds of
 * object, the action's code or prefix, the days, the search); BAD_USER_INPUT naming the field
 * (`filter.actorId`, `filter.range.from`, ...) when a value is wrong. `prefix` is the input's path.
 */
export function checkAuditFilter(
  input: AuditFilterInput | null | undefined,
  prefix = 'filter',
): AuditFilter {
  const checked = checkAuditFilterRule(input, { prefix, isId: isUuid, entities: auditEntities });
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  return { ...checked.value, entity: checked.value.entity as AuditEntity | null };
}

export function checkAuditPage(
  first: number | null | undefined,
  offset: number | null | undefined,
): { first: number; offset: number } {
  const checked = checkAuditPageRule(first, offset);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  return checked.value;
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
