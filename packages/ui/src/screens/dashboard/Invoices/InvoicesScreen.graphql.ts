// The NF-e list's document: whether the store issues invoices (with how many wait or were
// rejected) and one page of invoices, latest change first: the orders' sale NF-e and the returns'
// NF-e de devolução. Sending one again is the order page's mutation: a sale's by its order
// (INVOICE_RETRY_MUTATION, Orders/OrderInvoice.graphql.ts), a devolução's by its return
// (RETURN_INVOICE_RETRY_MUTATION, Orders/OrderReturns.graphql.ts).
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { InvoiceActionName, InvoiceStatusName } from '../Orders/OrderInvoice.graphql';

/** SALE: the order's NF-e; RETURN: the NF-e de devolução of one of its returns. */
export type InvoiceKindName = 'SALE' | 'RETURN';

export interface InvoiceRowNode {
  id: string;
  kind: InvoiceKindName;
  orderId: string;
  orderNumber: string;
  /** The return's number within the order (Devolução 1, 2...); null for the sale. */
  returnNumber: number | null;
  /** The return a devolução is of; null for the sale. */
  returnId: string | null;
  status: InvoiceStatusName;
  statusLabel: string;
  environment: string;
  series: number | null;
  number: number | null;
  rejectionCode: string | null;
  rejectionMessage: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  allowedActions: InvoiceActionName[];
  updatedAt: string;
}

export interface InvoicesOverview {
  configured: boolean;
  environment: string | null;
  pendingCount: number;
  processingCount: number;
  rejectedCount: number;
}

export interface InvoicesVariables {
  filter: { status?: InvoiceStatusName; kind?: InvoiceKindName };
  first: number;
  offset: number;
}

export const DASHBOARD_INVOICES_QUERY: TypedDocumentNode<
  {
    invoicing: InvoicesOverview;
    invoices: { totalCount: number; nodes: InvoiceRowNode[] };
  },
  InvoicesVariables
> = gql`
  query DashboardInvoices($filter: InvoiceFilter, $first: Int, $offset: Int) {
    invoicing {
      configured
      environment
      pendingCount
      processingCount
      rejectedCount
    }
    invoices(filter: $filter, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        kind
        orderId
        orderNumber
        returnNumber
        returnId
        status
        statusLabel
        environment
        series
        number
        rejectionCode
        rejectionMessage
        lastError
        nextAttemptAt
        allowedActions
        updatedAt
      }
    }
  }
`;
