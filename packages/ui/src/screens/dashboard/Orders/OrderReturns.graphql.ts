// The order page's returns (the shopper's 7-day returns): the list with what the caller may do
// and each return's NF-e de devolução, and each staff action on a return.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ReturnStatus } from '@vitrine/rules';

import type { InvoiceActionName, InvoiceStatusName } from './OrderInvoice.graphql';

export type ReturnActionName = 'SET_CODE' | 'RETRY_CARRIER' | 'RECEIVE' | 'REJECT';

/** A return's NF-e de devolução (an entrada referencing the sale's), as staff see it. */
export interface ReturnInvoiceNode {
  id: string;
  status: InvoiceStatusName;
  statusLabel: string;
  environment: string;
  series: number | null;
  number: number | null;
  accessKey: string | null;
  rejectionCode: string | null;
  rejectionMessage: string | null;
  danfeUrl: string | null;
  xmlUrl: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  allowedActions: InvoiceActionName[];
}

export interface OrderReturnNode {
  id: string;
  number: number;
  status: ReturnStatus;
  statusLabel: string;
  reason: string;
  wholeOrder: boolean;
  lines: {
    lineId: string;
    productName: string;
    variantLabel: string;
    sku: string;
    imageUrl: string | null;
    quantity: number;
    refundCents: number | null;
  }[];
  refundCents: number | null;
  shippingRefundCents: number | null;
  carrier: string | null;
  carrierLabel: string | null;
  authorizationCode: string | null;
  trackingCode: string | null;
  labelUrl: string | null;
  authorizationExpiresAt: string | null;
  carrierAttempts: number;
  carrierError: string | null;
  carrierNextAttemptAt: string | null;
  rejectionReason: string | null;
  requestedAt: string;
  labelIssuedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  rejectedAt: string | null;
  staffName: string | null;
  allowedActions: ReturnActionName[];
  /** ADMIN and SUPPORT: the NF-e de devolução once issued; null before (and for others). */
  invoice: ReturnInvoiceNode | null;
}

export const DASHBOARD_ORDER_RETURNS_QUERY: TypedDocumentNode<
  { orderReturns: OrderReturnNode[] },
  { orderId: string }
> = gql`
  query DashboardOrderReturns($orderId: ID!) {
    orderReturns(orderId: $orderId) {
      id
      number
      status
      statusLabel
      reason
      wholeOrder
      lines {
        lineId
        productName
        variantLabel
        sku
        imageUrl
        quantity
        refundCents
      }
      refundCents
      shippingRefundCents
      carrier
      carrierLabel
      authorizationCode
      trackingCode
      labelUrl
      authorizationExpiresAt
      carrierAttempts
      carrierError
      carrierNextAttemptAt
      rejectionReason
      requestedAt
      labelIssuedAt
      receivedAt
      refundedAt
      rejectedAt
      staffName
      allowedActions
      invoice {
        id
        status
        statusLabel
        environment
        series
        number
        accessKey
        rejectionCode
        rejectionMessage
        danfeUrl
        xmlUrl
        lastError
        nextAttemptAt
        allowedActions
      }
    }
  }
`;

export const RETURN_INVOICE_RETRY_MUTATION: TypedDocumentNode<
  { returnInvoiceRetry: { id: string; status: InvoiceStatusName } },
  { returnId: string }
> = gql`
  mutation DashboardReturnInvoiceRetry($returnId: ID!) {
    returnInvoiceRetry(returnId: $returnId) {
      id
      status
    }
  }
`;

export const ORDER_RETURN_SET_CODE_MUTATION: TypedDocumentNode<
  { orderReturnSetCode: { id: string; status: ReturnStatus } },
  { id: string; authorizationCode: string }
> = gql`
  mutation DashboardOrderReturnSetCode($id: ID!, $authorizationCode: String!) {
    orderReturnSetCode(id: $id, authorizationCode: $authorizationCode) {
      id
      status
    }
  }
`;

export const ORDER_RETURN_RETRY_CARRIER_MUTATION: TypedDocumentNode<
  { orderReturnRetryCarrier: { id: string; status: ReturnStatus } },
  { id: string }
> = gql`
  mutation DashboardOrderReturnRetryCarrier($id: ID!) {
    orderReturnRetryCarrier(id: $id) {
      id
      status
    }
  }
`;

export const ORDER_RETURN_RECEIVE_MUTATION: TypedDocumentNode<
  { orderReturnReceive: { id: string; status: ReturnStatus; refundCents: number | null } },
  { id: string }
> = gql`
  mutation DashboardOrderReturnReceive($id: ID!) {
    orderReturnReceive(id: $id) {
      id
      status
      refundCents
    }
  }
`;

export const ORDER_RETURN_REJECT_MUTATION: TypedDocumentNode<
  { orderReturnReject: { id: string; status: ReturnStatus } },
  { id: string; reason: string }
> = gql`
  mutation DashboardOrderReturnReject($id: ID!, $reason: String!) {
    orderReturnReject(id: $id, reason: $reason) {
      id
      status
    }
  }
`;
