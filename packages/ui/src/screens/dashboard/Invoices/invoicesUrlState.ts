// The NF-e list's state lives in the URL: status (the filter's tab), tipo (vendas or devolucoes),
// pagina, por. Pure: parse, write, and turn into the `invoices` query's variables.
import type { InvoiceStatusName } from '../Orders/OrderInvoice.graphql';
import type { InvoiceKindName, InvoicesVariables } from './InvoicesScreen.graphql';

export const INVOICE_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_INVOICE_PAGE_SIZE = 25;

/** The filter's tabs after "Todas", in the invoice's life order. */
export const INVOICE_FILTER_LABELS: Record<InvoiceStatusName, string> = {
  PENDING: 'Pendentes',
  PROCESSING: 'Processando',
  AUTHORIZED: 'Autorizadas',
  REJECTED: 'Rejeitadas',
  CANCELED: 'Canceladas',
};

/** The kind filter's words in the URL ('tipo') and on screen. */
export const INVOICE_KIND_PARAMS: Record<InvoiceKindName, string> = {
  SALE: 'vendas',
  RETURN: 'devolucoes',
};
export const INVOICE_KIND_LABELS: Record<InvoiceKindName, string> = {
  SALE: 'Vendas',
  RETURN: 'Devoluções',
};

export interface InvoicesListState {
  /** null: every invoice ("Todas"). */
  status: InvoiceStatusName | null;
  /** null: sales and devoluções. */
  kind: InvoiceKindName | null;
  /** 0-based (the URL's 'pagina' is 1-based). */
  page: number;
  pageSize: number;
}

export const EMPTY_INVOICES_STATE: InvoicesListState = {
  status: null,
  kind: null,
  page: 0,
  pageSize: DEFAULT_INVOICE_PAGE_SIZE,
};

export function parseInvoicesParams(params: URLSearchParams): InvoicesListState {
  const status = params.get('status');
  const kind = (Object.keys(INVOICE_KIND_PARAMS) as InvoiceKindName[]).find(
    (key) => INVOICE_KIND_PARAMS[key] === params.get('tipo'),
  );
  const page = Number(params.get('pagina'));
  const pageSize = Number(params.get('por'));
  return {
    status:
      status !== null && Object.hasOwn(INVOICE_FILTER_LABELS, status)
        ? (status as InvoiceStatusName)
        : null,
    kind: kind ?? null,
    page: Number.isInteger(page) && page >= 1 && page <= 400 ? page - 1 : 0,
    pageSize: (INVOICE_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_INVOICE_PAGE_SIZE,
  };
}

/** Defaults are left out, so the plain list has a plain URL. */
export function invoicesParams(state: InvoicesListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set('status', state.status);
  if (state.kind) params.set('tipo', INVOICE_KIND_PARAMS[state.kind]);
  if (state.page > 0) params.set('pagina', String(state.page + 1));
  if (state.pageSize !== DEFAULT_INVOICE_PAGE_SIZE) params.set('por', String(state.pageSize));
  return params;
}

export function invoicesVariables(state: InvoicesListState): InvoicesVariables {
  return {
    filter: {
      ...(state.status ? { status: state.status } : {}),
      ...(state.kind ? { kind: state.kind } : {}),
    },
    first: state.pageSize,
    offset: state.page * state.pageSize,
  };
}
