// The audit screen's state lives in the URL: pessoa, marca, objeto, acao, de, ate, q, pagina,
// por. Pure: parse, write, and turn into the `auditLog` query's filter (also the CSV export's).
import { BRAND_SCOPE_PARAM } from '../../../routes/dashboardPaths';
import { defineListCodec, listParam, pageVariables } from '../shared/list';
import { addDays, MAX_RANGE_DAYS, todayInSaoPaulo } from '../shared/period';
import { AUDIT_ENTITY_LABELS, type AuditEntity } from './auditLabels';

export const AUDIT_PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

export interface AuditListState {
  actorId: string | null;
  brandId: string | null;
  entity: AuditEntity | null;
  /** An action code or a prefix ending in '.'. */
  action: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  search: string;
  page: number;
  pageSize: number;
}

export const auditCodec = defineListCodec<AuditListState>({
  actorId: listParam.id('pessoa'),
  brandId: listParam.id(BRAND_SCOPE_PARAM),
  entity: listParam.oneOf('objeto', AUDIT_ENTITY_LABELS),
  action: {
    param: 'acao',
    read: (raw) => {
      const action = raw?.trim() ?? '';
      return /^[a-z_.]{1,80}$/.test(action) ? action : null;
    },
    write: (value) => value,
  },
  dateFrom: listParam.day('de'),
  dateTo: listParam.day('ate'),
  search: listParam.text('q'),
  page: listParam.page(200),
  pageSize: listParam.pageSize(AUDIT_PAGE_SIZES, DEFAULT_AUDIT_PAGE_SIZE),
});

export const EMPTY_AUDIT_STATE: AuditListState = auditCodec.empty;
export const parseAuditParams = auditCodec.parse;
export const auditParams = auditCodec.write;

/**
 * The period as DateRangeInput (both ends, at most 366 days): a start alone runs to today (or
 * 366 days on), an end alone starts 366 days before.
 */
export function auditRange(
  state: Pick<AuditListState, 'dateFrom' | 'dateTo'>,
  now: Date = new Date(),
): { from: string; to: string } | null {
  const { dateFrom, dateTo } = state;
  if (!dateFrom && !dateTo) return null;
  if (dateFrom && dateTo)
    return dateFrom <= dateTo ? { from: dateFrom, to: dateTo } : { from: dateTo, to: dateFrom };
  if (dateFrom) {
    const today = todayInSaoPaulo(now);
    const limit = addDays(dateFrom, MAX_RANGE_DAYS - 1);
    return { from: dateFrom, to: today < dateFrom ? dateFrom : today < limit ? today : limit };
  }
  return { from: addDays(dateTo!, -(MAX_RANGE_DAYS - 1)), to: dateTo! };
}

export function auditFilter(state: AuditListState, now: Date = new Date()) {
  const search = state.search.trim();
  const range = auditRange(state, now);
  return {
    ...(state.actorId ? { actorId: state.actorId } : {}),
    ...(state.brandId ? { brandId: state.brandId } : {}),
    ...(state.entity ? { entity: state.entity } : {}),
    ...(state.action ? { action: state.action } : {}),
    ...(range ? { range } : {}),
    ...(search ? { search } : {}),
  };
}

export function auditVariables(state: AuditListState) {
  return {
    filter: auditFilter(state),
    ...pageVariables(state),
  };
}

export function hasAuditFilters(state: AuditListState): boolean {
  return Boolean(
    state.actorId ||
    state.brandId ||
    state.entity ||
    state.action ||
    state.dateFrom ||
    state.dateTo ||
    state.search.trim(),
  );
}
