// The tracking page's return documents: what the order allows (the 7-day window, the units each
// line can still give back, the returns asked), read through the same orderStatus lookup, and the
// shopper's request.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ReturnRequestInput,
  StorefrontOrderReturnsQuery,
  StorefrontOrderReturnsQueryVariables,
  StorefrontRequestOrderReturnMutation,
  StorefrontRequestOrderReturnMutationVariables,
} from '../../../../graphql/generated';

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

export type CustomerReturnNode = StorefrontOrderReturnsQuery['orderStatus']['returns'][number];

export type ReturnableLineNode =
  StorefrontOrderReturnsQuery['orderStatus']['returnableLines'][number];

export type OrderReturnsInfo = StorefrontOrderReturnsQuery['orderStatus'];

export const ORDER_RETURNS_QUERY: TypedDocumentNode<
  StorefrontOrderReturnsQuery,
  StorefrontOrderReturnsQueryVariables
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

export type ReturnRequestInputNode = ReturnRequestInput;

export const REQUEST_ORDER_RETURN_MUTATION: TypedDocumentNode<
  StorefrontRequestOrderReturnMutation,
  StorefrontRequestOrderReturnMutationVariables
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
