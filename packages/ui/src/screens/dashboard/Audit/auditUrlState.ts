// The audit screen's state lives in the URL: pessoa, marca, objeto, acao, de, ate, q, pagina,
// por. Pure: parse, write, and turn into the `auditLog` query's filter (also the CSV export's).
import { BRAND_SCOPE_PARAM } from '../../../routes/dashboardPaths';
import { addDays, isDay, MAX_RANGE_DAYS, todayInSaoPaulo } from '../shared/period';
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

export const EMPTY_AUDIT_STATE: AuditListState = {
  actorId: null,
  brandId: null,
  entity: null,
  action: null,
  dateFrom: null,
  dateTo: null,
  search: '',
  page: 0,
  pageSize: DEFAULT_AUDIT_PAGE_SIZE,
};

const PARAMS = {
  actorId: 'pessoa',
  brandId: BRAND_SCOPE_PARAM,
  entity: 'objeto',
  action: 'acao',
  dateFrom: 'de',
  dateTo: 'ate',
  search: 'q',
  page: 'pagina',
  pageSize: 'por',
} as const satisfies Record<keyof AuditListState, string>;

function day(value: string | null): string | null {
  return value !== null && isDay(value) ? value : null;
}

export function parseAuditParams(params: URLSearchParams): AuditListState {
  const page = Number(params.get(PARAMS.page));
  const pageSize = Number(params.get(PARAMS.pageSize));
  const entity = params.get(PARAMS.entity);
  const action = params.get(PARAMS.action)?.trim() ?? '';
  return {
    actorId: params.get(PARAMS.actorId) || null,
    brandId: params.get(PARAMS.brandId) || null,
    entity:
      entity !== null && Object.hasOwn(AUDIT_ENTITY_LABELS, entity)
        ? (entity as AuditEntity)
        : null,
    action: /^[a-z_.]{1,80}$/.test(action) ? action : null,
    dateFrom: day(params.get(PARAMS.dateFrom)),
    dateTo: day(params.get(PARAMS.dateTo)),
    search: params.get(PARAMS.search)?.slice(0, 100) ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= 200 ? page - 1 : 0,
    pageSize: (AUDIT_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_AUDIT_PAGE_SIZE,
  };
}

export function auditParams(state: AuditListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.actorId) params.set(PARAMS.actorId, state.actorId);
  if (state.brandId) params.set(PARAMS.brandId, state.brandId);
  if (state.entity) params.set(PARAMS.entity, state.entity);
  if (state.action) params.set(PARAMS.action, state.action);
  if (state.dateFrom) params.set(PARAMS.dateFrom, state.dateFrom);
  if (state.dateTo) params.set(PARAMS.dateTo, state.dateTo);
  const search = state.search.trim();
  if (search) params.set(PARAMS.search, search);
  if (state.page > 0) params.set(PARAMS.page, String(state.page + 1));
  if (state.pageSize !== DEFAULT_AUDIT_PAGE_SIZE)
    params.set(PARAMS.pageSize, String(state.pageSize));
  return params;
}

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
    first: state.pageSize,
    offset: state.page * state.pageSize,
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
