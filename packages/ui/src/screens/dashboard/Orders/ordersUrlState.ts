// The orders grid's state lives in the URL (a copied link opens the same view; back and forward
// work): q, status, pagamento, envio, metodo, problema, marca, de, ate, ordem, pagina, por. Pure:
// parse, write, and turn into the `orders` query's variables.
import { BRAND_SCOPE_PARAM } from '../../../routes/dashboardPaths';
import {
  FULFILMENT_STATUS_LABELS,
  ORDER_SORT_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type FulfilmentStatus,
  type OrderSort,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from './orderLabels';
import type { OrderFilter } from '../../../graphql/generated';

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_SORT: OrderSort = 'NEWEST';

export interface OrdersListState {
  search: string;
  status: OrderStatus | null;
  paymentStatus: PaymentStatus | null;
  fulfilmentStatus: FulfilmentStatus | null;
  paymentMethod: PaymentMethod | null;
  /** Only shipped orders the carrier could not deliver or that go back ('problema=1'). */
  deliveryProblem: boolean;
  brandId: string | null;
  /** YYYY-MM-DD, São Paulo days, both included. */
  dateFrom: string | null;
  dateTo: string | null;
  sort: OrderSort;
  /** 0-based (the URL's 'pagina' is 1-based). */
  page: number;
  pageSize: number;
}

export const EMPTY_ORDERS_STATE: OrdersListState = {
  search: '',
  status: null,
  paymentStatus: null,
  fulfilmentStatus: null,
  paymentMethod: null,
  deliveryProblem: false,
  brandId: null,
  dateFrom: null,
  dateTo: null,
  sort: DEFAULT_SORT,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

export const PARAMS = {
  search: 'q',
  status: 'status',
  paymentStatus: 'pagamento',
  fulfilmentStatus: 'envio',
  paymentMethod: 'metodo',
  deliveryProblem: 'problema',
  brandId: BRAND_SCOPE_PARAM,
  dateFrom: 'de',
  dateTo: 'ate',
  sort: 'ordem',
  page: 'pagina',
  pageSize: 'por',
} as const satisfies Record<keyof OrdersListState, string>;

function oneOf<T extends string>(labels: Record<T, string>, value: string | null): T | null {
  return value !== null && Object.hasOwn(labels, value) ? (value as T) : null;
}

function day(value: string | null): string | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? null : value;
}

/** The state a URL describes; unknown or malformed values are ignored (the default applies). */
export function parseOrdersParams(params: URLSearchParams): OrdersListState {
  const page = Number(params.get(PARAMS.page));
  const pageSize = Number(params.get(PARAMS.pageSize));
  return {
    search: params.get(PARAMS.search)?.slice(0, 100) ?? '',
    status: oneOf(ORDER_STATUS_LABELS, params.get(PARAMS.status)),
    paymentStatus: oneOf(PAYMENT_STATUS_LABELS, params.get(PARAMS.paymentStatus)),
    fulfilmentStatus: oneOf(FULFILMENT_STATUS_LABELS, params.get(PARAMS.fulfilmentStatus)),
    paymentMethod: oneOf(PAYMENT_METHOD_LABELS, params.get(PARAMS.paymentMethod)),
    deliveryProblem: params.get(PARAMS.deliveryProblem) === '1',
    brandId: params.get(PARAMS.brandId) || null,
    dateFrom: day(params.get(PARAMS.dateFrom)),
    dateTo: day(params.get(PARAMS.dateTo)),
    sort: oneOf(ORDER_SORT_LABELS, params.get(PARAMS.sort)) ?? DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 500 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL parameters of a state: defaults are left out, so the plain list has a plain URL. */
export function ordersParams(state: OrdersListState): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set(PARAMS.search, search);
  if (state.status) params.set(PARAMS.status, state.status);
  if (state.paymentStatus) params.set(PARAMS.paymentStatus, state.paymentStatus);
  if (state.fulfilmentStatus) params.set(PARAMS.fulfilmentStatus, state.fulfilmentStatus);
  if (state.paymentMethod) params.set(PARAMS.paymentMethod, state.paymentMethod);
  if (state.deliveryProblem) params.set(PARAMS.deliveryProblem, '1');
  if (state.brandId) params.set(PARAMS.brandId, state.brandId);
  if (state.dateFrom) params.set(PARAMS.dateFrom, state.dateFrom);
  if (state.dateTo) params.set(PARAMS.dateTo, state.dateTo);
  if (state.sort !== DEFAULT_SORT) params.set(PARAMS.sort, state.sort);
  if (state.page > 0) params.set(PARAMS.page, String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAMS.pageSize, String(state.pageSize));
  return params;
}

/** The OrderFilter of the `orders` query (and of the CSV export). */
export function ordersFilter(state: OrdersListState) {
  const search = state.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.paymentStatus ? { paymentStatus: state.paymentStatus } : {}),
    ...(state.fulfilmentStatus ? { fulfilmentStatus: state.fulfilmentStatus } : {}),
    ...(state.paymentMethod ? { paymentMethod: state.paymentMethod } : {}),
    ...(state.deliveryProblem ? { deliveryProblem: true } : {}),
    ...(state.brandId ? { brandId: state.brandId } : {}),
    ...(state.dateFrom ? { dateFrom: state.dateFrom } : {}),
    ...(state.dateTo ? { dateTo: state.dateTo } : {}),
  };
}

export type OrdersFilterInput = OrderFilter;

/** The variables of the `orders` query for this state. */
export function ordersVariables(state: OrdersListState) {
  return {
    filter: ordersFilter(state),
    sort: state.sort,
    first: state.pageSize,
    offset: state.page * state.pageSize,
  };
}

/** True when any filter or search narrows the list (the brand scope is not a filter here). */
export function hasFilters(state: OrdersListState): boolean {
  return Boolean(
    state.search.trim() ||
    state.status ||
    state.paymentStatus ||
    state.fulfilmentStatus ||
    state.paymentMethod ||
    state.deliveryProblem ||
    state.dateFrom ||
    state.dateTo,
  );
}

/** The state without filters, search or page; the brand scope, sort and page size stay. */
export function clearedFilters(state: OrdersListState): OrdersListState {
  return {
    ...EMPTY_ORDERS_STATE,
    brandId: state.brandId,
    sort: state.sort,
    pageSize: state.pageSize,
  };
}

/** A saved view's query: the list's parameters without the page and the brand scope. */
export function savedViewQuery(state: OrdersListState): string {
  const params = ordersParams({ ...state, page: 0, brandId: null });
  return params.toString();
}

/** The state a saved view opens: its query, in the current brand scope, on the first page. */
export function applySavedView(query: string, current: OrdersListState): OrdersListState {
  const params = new URLSearchParams(query);
  params.delete(PARAMS.page);
  params.delete(PARAMS.brandId);
  return { ...parseOrdersParams(params), brandId: current.brandId };
}

/** Views every staff member has, without saving them. */
export const BUILT_IN_VIEWS = [
  {
    id: 'builtin-pix',
    name: 'Pix a conferir',
    query: 'status=PENDING_PAYMENT&metodo=PIX&ordem=EXPIRES_SOONEST',
  },
  { id: 'builtin-to-ship', name: 'A enviar', query: 'status=PAID&envio=UNFULFILLED&ordem=OLDEST' },
] as const;

/** Whether the state shows exactly what `query` describes (to mark the current view). */
export function isViewActive(query: string, state: OrdersListState): boolean {
  return savedViewQuery(applySavedView(query, state)) === savedViewQuery(state);
}
