// The order page's NF-e: whether the store issues invoices, the order's invoice with what the
// caller may do, and each staff action (send again, cancel, carta de correção).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardInvoiceCancelMutation,
  DashboardInvoiceCancelMutationVariables,
  DashboardInvoiceCorrectMutation,
  DashboardInvoiceCorrectMutationVariables,
  DashboardInvoiceRetryMutation,
  DashboardInvoiceRetryMutationVariables,
  DashboardOrderInvoiceQuery,
  DashboardOrderInvoiceQueryVariables,
  InvoiceAction,
  InvoiceStatus,
} from '../../../graphql/generated';

export type InvoiceStatusName = InvoiceStatus;
export type InvoiceActionName = InvoiceAction;

export type OrderInvoiceNode = NonNullable<DashboardOrderInvoiceQuery['orderInvoice']>;

/** The invoice's fields every document asks for (interpolated as text, not a fragment). */
const INVOICE_FIELDS = `
    id
    status
    statusLabel
    environment
    series
    number
    accessKey
    protocol
    rejectionCode
    rejectionMessage
    danfeUrl
    xmlUrl
    attempts
    lastError
    nextAttemptAt
    authorizedAt
    cancelDeadline
    canceledAt
    cancelReason
    cancelSuggested
    corrections {
      sequence
      text
      protocol
      staffName
      createdAt
    }
    allowedActions
`;

export const DASHBOARD_ORDER_INVOICE_QUERY: TypedDocumentNode<
  DashboardOrderInvoiceQuery,
  DashboardOrderInvoiceQueryVariables
> = gql`
  query DashboardOrderInvoice($orderId: ID!) {
    invoicing {
      configured
      environment
    }
    orderInvoice(orderId: $orderId) {
      ${INVOICE_FIELDS}
    }
  }
`;

export const INVOICE_RETRY_MUTATION: TypedDocumentNode<
  DashboardInvoiceRetryMutation,
  DashboardInvoiceRetryMutationVariables
> = gql`
  mutation DashboardInvoiceRetry($orderId: ID!) {
    invoiceRetry(orderId: $orderId) {
      ${INVOICE_FIELDS}
    }
  }
`;

export const INVOICE_CANCEL_MUTATION: TypedDocumentNode<
  DashboardInvoiceCancelMutation,
  DashboardInvoiceCancelMutationVariables
> = gql`
  mutation DashboardInvoiceCancel($id: ID!, $reason: String!) {
    invoiceCancel(id: $id, reason: $reason) {
      ${INVOICE_FIELDS}
    }
  }
`;

export const INVOICE_CORRECT_MUTATION: TypedDocumentNode<
  DashboardInvoiceCorrectMutation,
  DashboardInvoiceCorrectMutationVariables
> = gql`
  mutation DashboardInvoiceCorrect($id: ID!, $text: String!) {
    invoiceCorrect(id: $id, text: $text) {
      ${INVOICE_FIELDS}
    }
  }
`;
