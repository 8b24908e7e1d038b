// The NF-e list's state lives in the URL: status (the filter's tab), tipo (vendas or devolucoes),
// pagina, por. Pure: parse, write, and turn into the `invoices` query's variables.
import { defineListCodec, listParam, pageVariables } from '../shared/list';
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

export const invoicesCodec = defineListCodec<InvoicesListState>({
  status: listParam.oneOf('status', INVOICE_FILTER_LABELS),
  kind: listParam.worded('tipo', INVOICE_KIND_PARAMS),
  page: listParam.page(400),
  pageSize: listParam.pageSize(INVOICE_PAGE_SIZES, DEFAULT_INVOICE_PAGE_SIZE),
});

export const EMPTY_INVOICES_STATE: InvoicesListState = invoicesCodec.empty;
export const parseInvoicesParams = invoicesCodec.parse;

/** Defaults are left out, so the plain list has a plain URL. */
export const invoicesParams = invoicesCodec.write;

export function invoicesVariables(state: InvoicesListState): InvoicesVariables {
  return {
    filter: {
      ...(state.status ? { status: state.status } : {}),
      ...(state.kind ? { kind: state.kind } : {}),
    },
    ...pageVariables(state),
  };
}
