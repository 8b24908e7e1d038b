// The NF-e list's document: whether the store issues invoices (with how many wait or were
// rejected) and one page of invoices, latest change first: the orders' sale NF-e and the returns'
// NF-e de devolução. Sending one again is the order page's mutation: a sale's by its order
// (INVOICE_RETRY_MUTATION, Orders/OrderInvoice.graphql.ts), a devolução's by its return
// (RETURN_INVOICE_RETRY_MUTATION, Orders/OrderReturns.graphql.ts).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardInvoicesQuery,
  DashboardInvoicesQueryVariables,
  InvoiceKind,
} from '../../../graphql/generated';

/** SALE: the order's NF-e; RETURN: the NF-e de devolução of one of its returns. */
export type InvoiceKindName = InvoiceKind;

export type InvoiceRowNode = DashboardInvoicesQuery['invoices']['nodes'][number];

export type InvoicesOverview = DashboardInvoicesQuery['invoicing'];

export type InvoicesVariables = DashboardInvoicesQueryVariables;

export const DASHBOARD_INVOICES_QUERY: TypedDocumentNode<
  DashboardInvoicesQuery,
  DashboardInvoicesQueryVariables
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
