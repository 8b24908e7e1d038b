import type { CustomerSort } from '../../../graphql/generated';
// The customers list's state lives in the URL: q, situacao (ativos | anonimizados), ordem,
// pagina, por. Pure: parse, write, and turn into the `customers` query's variables.
export const CUSTOMER_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_CUSTOMER_PAGE_SIZE = 25;

export type { CustomerSort };

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  LAST_ORDER_DESC: 'Último pedido (mais recente)',
  LAST_ORDER_ASC: 'Último pedido (mais antigo)',
  TOTAL_SPENT_DESC: 'Maior valor gasto',
  ORDERS_COUNT_DESC: 'Mais pedidos',
  NAME_ASC: 'Nome (A–Z)',
};

export type CustomerSituation = 'ativos' | 'anonimizados';

export const CUSTOMER_SITUATION_LABELS: Record<CustomerSituation, string> = {
  ativos: 'Ativos',
  anonimizados: 'Anonimizados',
};

export interface CustomersListState {
  search: string;
  situation: CustomerSituation | null;
  sort: CustomerSort;
  /** 0-based (the URL's 'pagina' is 1-based). */
  page: number;
  pageSize: number;
}

export const DEFAULT_CUSTOMER_SORT: CustomerSort = 'LAST_ORDER_DESC';

export const EMPTY_CUSTOMERS_STATE: CustomersListState = {
  search: '',
  situation: null,
  sort: DEFAULT_CUSTOMER_SORT,
  page: 0,
  pageSize: DEFAULT_CUSTOMER_PAGE_SIZE,
};

function oneOf<T extends string>(labels: Record<T, string>, value: string | null): T | null {
  return value !== null && Object.hasOwn(labels, value) ? (value as T) : null;
}

export function parseCustomersParams(params: URLSearchParams): CustomersListState {
  const page = Number(params.get('pagina'));
  const pageSize = Number(params.get('por'));
  return {
    search: params.get('q')?.slice(0, 100) ?? '',
    situation: oneOf(CUSTOMER_SITUATION_LABELS, params.get('situacao')),
    sort: oneOf(CUSTOMER_SORT_LABELS, params.get('ordem')) ?? DEFAULT_CUSTOMER_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 400 ? page - 1 : 0,
    pageSize: (CUSTOMER_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_CUSTOMER_PAGE_SIZE,
  };
}

/** Defaults are left out, so the plain list has a plain URL. */
export function customersParams(state: CustomersListState): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('q', search);
  if (state.situation) params.set('situacao', state.situation);
  if (state.sort !== DEFAULT_CUSTOMER_SORT) params.set('ordem', state.sort);
  if (state.page > 0) params.set('pagina', String(state.page + 1));
  if (state.pageSize !== DEFAULT_CUSTOMER_PAGE_SIZE) params.set('por', String(state.pageSize));
  return params;
}

export function customersVariables(state: CustomersListState) {
  const search = state.search.trim();
  return {
    filter: {
      ...(search ? { search } : {}),
      ...(state.situation ? { anonymized: state.situation === 'anonimizados' } : {}),
    },
    sort: state.sort,
    first: state.pageSize,
    offset: state.page * state.pageSize,
  };
}

export function hasCustomerFilters(state: CustomersListState): boolean {
  return Boolean(state.search.trim() || state.situation);
}
