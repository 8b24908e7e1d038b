import type { CustomerSort } from '../../../graphql/generated';
import { defineListCodec, listParam, pageVariables } from '../shared/list';
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

export const customersCodec = defineListCodec<CustomersListState>({
  search: listParam.text('q'),
  situation: listParam.oneOf('situacao', CUSTOMER_SITUATION_LABELS),
  sort: listParam.sort('ordem', CUSTOMER_SORT_LABELS, DEFAULT_CUSTOMER_SORT),
  page: listParam.page(400),
  pageSize: listParam.pageSize(CUSTOMER_PAGE_SIZES, DEFAULT_CUSTOMER_PAGE_SIZE),
});

export const EMPTY_CUSTOMERS_STATE: CustomersListState = customersCodec.empty;

export const parseCustomersParams = customersCodec.parse;

/** Defaults are left out, so the plain list has a plain URL. */
export const customersParams = customersCodec.write;

export function customersVariables(state: CustomersListState) {
  const search = state.search.trim();
  return {
    filter: {
      ...(search ? { search } : {}),
      ...(state.situation ? { anonymized: state.situation === 'anonimizados' } : {}),
    },
    sort: state.sort,
    ...pageVariables(state),
  };
}

export function hasCustomerFilters(state: CustomersListState): boolean {
  return Boolean(state.search.trim() || state.situation);
}
