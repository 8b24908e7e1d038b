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
import { defineListCodec, listParam, pageVariables, savedViewQueries } from '../shared/list';
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

export const ordersCodec = defineListCodec<OrdersListState>({
  search: listParam.text('q'),
  status: listParam.oneOf('status', ORDER_STATUS_LABELS),
  paymentStatus: listParam.oneOf('pagamento', PAYMENT_STATUS_LABELS),
  fulfilmentStatus: listParam.oneOf('envio', FULFILMENT_STATUS_LABELS),
  paymentMethod: listParam.oneOf('metodo', PAYMENT_METHOD_LABELS),
  deliveryProblem: listParam.flag('problema'),
  brandId: listParam.id(BRAND_SCOPE_PARAM),
  dateFrom: listParam.day('de'),
  dateTo: listParam.day('ate'),
  sort: listParam.sort('ordem', ORDER_SORT_LABELS, DEFAULT_SORT),
  page: listParam.page(500),
  pageSize: listParam.pageSize(PAGE_SIZES, DEFAULT_PAGE_SIZE),
});

export const EMPTY_ORDERS_STATE: OrdersListState = ordersCodec.empty;
export const PARAMS = ordersCodec.params;

/** The state a URL describes; unknown or malformed values are ignored (the default applies). */
export const parseOrdersParams = ordersCodec.parse;

/** The URL parameters of a state: defaults are left out, so the plain list has a plain URL. */
export const ordersParams = ordersCodec.write;

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
    ...pageVariables(state),
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

/** The saved views' queries: the brand scope is neither kept nor changed by a view. */
export const ordersViews = savedViewQueries(ordersCodec, ['brandId']);

/** A saved view's query: the list's parameters without the page and the brand scope. */
export const savedViewQuery = ordersViews.query;

/** The state a saved view opens: its query, in the current brand scope, on the first page. */
export const applySavedView = ordersViews.apply;

/** Whether the state shows exactly what `query` describes (to mark the current view). */
export const isViewActive = ordersViews.isActive;

/** Views every staff member has, without saving them. */
export const BUILT_IN_VIEWS = [
  {
    id: 'builtin-pix',
    name: 'Pix a conferir',
    query: 'status=PENDING_PAYMENT&metodo=PIX&ordem=EXPIRES_SOONEST',
  },
  { id: 'builtin-to-ship', name: 'A enviar', query: 'status=PAID&envio=UNFULFILLED&ordem=OLDEST' },
] as const;
