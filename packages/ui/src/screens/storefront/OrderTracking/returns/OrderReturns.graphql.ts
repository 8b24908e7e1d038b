// The tracking page's return documents: what the order allows (the 7-day window, the units each
// line can still give back, the returns asked), read through the same orderStatus lookup, and the
// shopper's request.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ReturnStatus } from '@vitrine/rules';

const CUSTOMER_RETURN_SELECTION = `
  id
  number
  status
  statusLabel
  reason
  refundCents
  shippingRefundCents
  carrierLabel
  authorizationCode
  trackingCode
  labelUrl
  authorizationExpiresAt
  instructions
  rejectionReason
  requestedAt
  labelIssuedAt
  receivedAt
  refundedAt
  rejectedAt
  lines {
    lineId
    productName
    variantLabel
    quantity
  }
`;

export interface CustomerReturnNode {
  id: string;
  number: number;
  status: ReturnStatus;
  statusLabel: string;
  reason: string;
  refundCents: number;
  shippingRefundCents: number;
  carrierLabel: string | null;
  authorizationCode: string | null;
  trackingCode: string | null;
  labelUrl: string | null;
  authorizationExpiresAt: string | null;
  instructions: string | null;
  rejectionReason: string | null;
  requestedAt: string;
  labelIssuedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  rejectedAt: string | null;
  lines: { lineId: string; productName: string; variantLabel: string; quantity: number }[];
}

export interface ReturnableLineNode {
  lineId: string;
  productName: string;
  brandName: string;
  variantLabel: string;
  sku: string;
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  returnableQuantity: number;
}

export interface OrderReturnsInfo {
  number: string;
  returnWindowEndsAt: string | null;
  returnable: boolean;
  returnableLines: ReturnableLineNode[];
  returns: CustomerReturnNode[];
}

export const ORDER_RETURNS_QUERY: TypedDocumentNode<
  { orderStatus: OrderReturnsInfo },
  { number: string; email: string }
> = gql`
  query StorefrontOrderReturns($number: String!, $email: String!) {
    orderStatus(number: $number, email: $email) {
      number
      returnWindowEndsAt
      returnable
      returnableLines {
        lineId
        productName
        brandName
        variantLabel
        sku
        imageUrl
        unitPriceCents
        quantity
        returnableQuantity
      }
      returns {
        ${CUSTOMER_RETURN_SELECTION}
      }
    }
  }
`;

export interface ReturnRequestInputNode {
  reason: string;
  lines?: { lineId: string; quantity: number }[] | null;
}

export const REQUEST_ORDER_RETURN_MUTATION: TypedDocumentNode<
  { requestOrderReturn: CustomerReturnNode },
  { number: string; email: string; input: ReturnRequestInputNode }
> = gql`
  mutation StorefrontRequestOrderReturn(
    $number: String!
    $email: String!
    $input: ReturnRequestInput!
  ) {
    requestOrderReturn(number: $number, email: $email, input: $input) {
      ${CUSTOMER_RETURN_SELECTION}
    }
  }
`;
