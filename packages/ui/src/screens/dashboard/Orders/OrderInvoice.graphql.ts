// The order page's NF-e: whether the store issues invoices, the order's invoice with what the
// caller may do, and each staff action (send again, cancel, carta de correção).
import { gql, type TypedDocumentNode } from '@apollo/client';

export type InvoiceStatusName = 'PENDING' | 'PROCESSING' | 'AUTHORIZED' | 'REJECTED' | 'CANCELED';
export type InvoiceActionName = 'RETRY' | 'CANCEL' | 'CORRECT';

export interface OrderInvoiceNode {
  id: string;
  status: InvoiceStatusName;
  statusLabel: string;
  environment: string;
  series: number | null;
  number: number | null;
  accessKey: string | null;
  protocol: string | null;
  rejectionCode: string | null;
  rejectionMessage: string | null;
  danfeUrl: string | null;
  xmlUrl: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  authorizedAt: string | null;
  cancelDeadline: string | null;
  canceledAt: string | null;
  cancelReason: string | null;
  cancelSuggested: boolean;
  corrections: {
    sequence: number;
    text: string;
    protocol: string | null;
    staffName: string;
    createdAt: string;
  }[];
  allowedActions: InvoiceActionName[];
}

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
  {
    invoicing: { configured: boolean; environment: string | null };
    orderInvoice: OrderInvoiceNode | null;
  },
  { orderId: string }
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
  { invoiceRetry: OrderInvoiceNode },
  { orderId: string }
> = gql`
  mutation DashboardInvoiceRetry($orderId: ID!) {
    invoiceRetry(orderId: $orderId) {
      ${INVOICE_FIELDS}
    }
  }
`;

export const INVOICE_CANCEL_MUTATION: TypedDocumentNode<
  { invoiceCancel: OrderInvoiceNode },
  { id: string; reason: string }
> = gql`
  mutation DashboardInvoiceCancel($id: ID!, $reason: String!) {
    invoiceCancel(id: $id, reason: $reason) {
      ${INVOICE_FIELDS}
    }
  }
`;

export const INVOICE_CORRECT_MUTATION: TypedDocumentNode<
  { invoiceCorrect: OrderInvoiceNode },
  { id: string; text: string }
> = gql`
  mutation DashboardInvoiceCorrect($id: ID!, $text: String!) {
    invoiceCorrect(id: $id, text: $text) {
      ${INVOICE_FIELDS}
    }
  }
`;
