// The order page's returns (the shopper's 7-day returns): the list with what the caller may do
// and each return's NF-e de devolução, and each staff action on a return.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardOrderReturnReceiveMutation,
  DashboardOrderReturnReceiveMutationVariables,
  DashboardOrderReturnRejectMutation,
  DashboardOrderReturnRejectMutationVariables,
  DashboardOrderReturnRetryCarrierMutation,
  DashboardOrderReturnRetryCarrierMutationVariables,
  DashboardOrderReturnSetCodeMutation,
  DashboardOrderReturnSetCodeMutationVariables,
  DashboardOrderReturnsQuery,
  DashboardOrderReturnsQueryVariables,
  DashboardReturnInvoiceRetryMutation,
  DashboardReturnInvoiceRetryMutationVariables,
  ReturnAction,
} from '../../../graphql/generated';

export type ReturnActionName = ReturnAction;

/** A return's NF-e de devolução (an entrada referencing the sale's), as staff see it. */
export type ReturnInvoiceNode = NonNullable<
  DashboardOrderReturnsQuery['orderReturns'][number]['invoice']
>;

export type OrderReturnNode = DashboardOrderReturnsQuery['orderReturns'][number];

export const DASHBOARD_ORDER_RETURNS_QUERY: TypedDocumentNode<
  DashboardOrderReturnsQuery,
  DashboardOrderReturnsQueryVariables
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
  DashboardReturnInvoiceRetryMutation,
  DashboardReturnInvoiceRetryMutationVariables
> = gql`
  mutation DashboardReturnInvoiceRetry($returnId: ID!) {
    returnInvoiceRetry(returnId: $returnId) {
      id
      status
    }
  }
`;

export const ORDER_RETURN_SET_CODE_MUTATION: TypedDocumentNode<
  DashboardOrderReturnSetCodeMutation,
  DashboardOrderReturnSetCodeMutationVariables
> = gql`
  mutation DashboardOrderReturnSetCode($id: ID!, $authorizationCode: String!) {
    orderReturnSetCode(id: $id, authorizationCode: $authorizationCode) {
      id
      status
    }
  }
`;

export const ORDER_RETURN_RETRY_CARRIER_MUTATION: TypedDocumentNode<
  DashboardOrderReturnRetryCarrierMutation,
  DashboardOrderReturnRetryCarrierMutationVariables
> = gql`
  mutation DashboardOrderReturnRetryCarrier($id: ID!) {
    orderReturnRetryCarrier(id: $id) {
      id
      status
    }
  }
`;

export const ORDER_RETURN_RECEIVE_MUTATION: TypedDocumentNode<
  DashboardOrderReturnReceiveMutation,
  DashboardOrderReturnReceiveMutationVariables
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
  DashboardOrderReturnRejectMutation,
  DashboardOrderReturnRejectMutationVariables
> = gql`
  mutation DashboardOrderReturnReject($id: ID!, $reason: String!) {
    orderReturnReject(id: $id, reason: $reason) {
      id
      status
    }
  }
`;
