// The order page's documents: the order as staff see it, and each action on it.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardOrderAddNoteMutation,
  DashboardOrderAddNoteMutationVariables,
  DashboardOrderCancelMutation,
  DashboardOrderCancelMutationVariables,
  DashboardOrderDeliverMutation,
  DashboardOrderDeliverMutationVariables,
  DashboardOrderMarkPaidMutation,
  DashboardOrderMarkPaidMutationVariables,
  DashboardOrderQuery,
  DashboardOrderQueryVariables,
  DashboardOrderRefundMutation,
  DashboardOrderRefundMutationVariables,
  DashboardOrderResendLastMailMutation,
  DashboardOrderResendLastMailMutationVariables,
  DashboardOrderShipMutation,
  DashboardOrderShipMutationVariables,
  DashboardOrderTrackingUpdateMutation,
  DashboardOrderTrackingUpdateMutationVariables,
} from '../../../graphql/generated';

/** The order's fields as a selection to interpolate (the client runs without __typename). */
export const ORDER_DETAIL_SELECTION = `
  id
  number
  status
  paymentStatus
  fulfilmentStatus
  paymentMethod
  installments
  createdAt
  paidAt
  shippedAt
  deliveredAt
  canceledAt
  customer {
    name
    email
    cpf
    phone
  }
  address {
    postalCode
    street
    number
    complement
    district
    city
    uf
  }
  shippingMethodName
  shippingMethodKind
  shippingBusinessDays
  subtotalCents
  discountCents
  pixDiscountCents
  shippingCents
  interestCents
  totalCents
  refundedCents
  couponCode
  trackingCarrier
  trackingCode
  trackingUrl
  trackingStatus
  shippingLabel {
    id
    carrierName
    status
    trackingCode
    error
    pdfPath
    createdAt
  }
  shipmentEvents {
    status
    label
    description
    location
    occurredAt
  }
  cancelReason
  lines {
    id
    brandName
    productName
    variantLabel
    sku
    imageUrl
    unitPriceCents
    compareAtPriceCents
    quantity
    lineTotalCents
    discountCents
  }
  timeline {
    id
    type
    fromStatus
    toStatus
    actor
    actorName
    note
    detail
    createdAt
  }
  payments {
    id
    provider
    providerPaymentId
    confirmation
    method
    status
    amountCents
    refundedCents
    createdAt
  }
  refunds {
    id
    amountCents
    reason
    staffName
    createdAt
  }
  allowedActions
  itemCount
  pixTxid
  paymentExpiresAt
  lastMailSubject
  pixCharge {
    status
    txid
    endToEndId
    receivedCents
    paidAt
    lastError
    attempts
  }
`;

export type OrderAddressNode = NonNullable<DashboardOrderQuery['order']>['address'];

export type OrderLineNode = NonNullable<DashboardOrderQuery['order']>['lines'][number];

export type OrderEventNode = NonNullable<DashboardOrderQuery['order']>['timeline'][number];

/** One event of the parcel, as the carrier tells it (ShipmentEvent). */
export type OrderShipmentEventNode = NonNullable<
  DashboardOrderQuery['order']
>['shipmentEvents'][number];

/** The order's Pix charge at the bank's API (PSP); null without a PSP. */
export type OrderPixChargeNode = NonNullable<
  NonNullable<DashboardOrderQuery['order']>['pixCharge']
>;

export type OrderShippingLabelNode = NonNullable<
  NonNullable<DashboardOrderQuery['order']>['shippingLabel']
>;

export type OrderDetail = NonNullable<DashboardOrderQuery['order']>;

export type { DashboardOrderQuery };

export const DASHBOARD_ORDER_QUERY: TypedDocumentNode<
  DashboardOrderQuery,
  DashboardOrderQueryVariables
> = gql`
  query DashboardOrder($id: ID!) {
    order(id: $id) {
      ${ORDER_DETAIL_SELECTION}
    }
    me {
      id
      role
    }
  }
`;

export const ORDER_MARK_PAID_MUTATION: TypedDocumentNode<
  DashboardOrderMarkPaidMutation,
  DashboardOrderMarkPaidMutationVariables
> = gql`
  mutation DashboardOrderMarkPaid($id: ID!, $note: String) {
    orderMarkPaid(id: $id, note: $note) {
      id
      status
    }
  }
`;

export const ORDER_SHIP_MUTATION: TypedDocumentNode<
  DashboardOrderShipMutation,
  DashboardOrderShipMutationVariables
> = gql`
  mutation DashboardOrderShip($id: ID!, $carrier: String!, $trackingCode: String, $note: String) {
    orderShip(id: $id, carrier: $carrier, trackingCode: $trackingCode, note: $note) {
      id
      status
    }
  }
`;

export const ORDER_TRACKING_UPDATE_MUTATION: TypedDocumentNode<
  DashboardOrderTrackingUpdateMutation,
  DashboardOrderTrackingUpdateMutationVariables
> = gql`
  mutation DashboardOrderTrackingUpdate(
    $id: ID!
    $carrier: String!
    $trackingCode: String!
    $note: String
  ) {
    orderTrackingUpdate(id: $id, carrier: $carrier, trackingCode: $trackingCode, note: $note) {
      id
      status
      trackingCarrier
      trackingCode
    }
  }
`;

export const ORDER_DELIVER_MUTATION: TypedDocumentNode<
  DashboardOrderDeliverMutation,
  DashboardOrderDeliverMutationVariables
> = gql`
  mutation DashboardOrderDeliver($id: ID!) {
    orderDeliver(id: $id) {
      id
      status
    }
  }
`;

export const ORDER_CANCEL_MUTATION: TypedDocumentNode<
  DashboardOrderCancelMutation,
  DashboardOrderCancelMutationVariables
> = gql`
  mutation DashboardOrderCancel($id: ID!, $reason: String!) {
    orderCancel(id: $id, reason: $reason) {
      id
      status
    }
  }
`;

export const ORDER_REFUND_MUTATION: TypedDocumentNode<
  DashboardOrderRefundMutation,
  DashboardOrderRefundMutationVariables
> = gql`
  mutation DashboardOrderRefund($id: ID!, $amountCents: Int!, $reason: String!) {
    orderRefund(id: $id, amountCents: $amountCents, reason: $reason) {
      id
      status
      refundedCents
    }
  }
`;

export const ORDER_ADD_NOTE_MUTATION: TypedDocumentNode<
  DashboardOrderAddNoteMutation,
  DashboardOrderAddNoteMutationVariables
> = gql`
  mutation DashboardOrderAddNote($id: ID!, $note: String!) {
    orderAddNote(id: $id, note: $note) {
      id
    }
  }
`;

export const ORDER_RESEND_LAST_MAIL_MUTATION: TypedDocumentNode<
  DashboardOrderResendLastMailMutation,
  DashboardOrderResendLastMailMutationVariables
> = gql`
  mutation DashboardOrderResendLastMail($id: ID!) {
    orderResendLastMail(id: $id) {
      id
      lastMailSubject
    }
  }
`;
