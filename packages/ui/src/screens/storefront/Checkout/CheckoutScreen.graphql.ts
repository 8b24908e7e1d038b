// The checkout's documents: the CEP look-up, the ways to pay, and placing the order. The order's
// selection (CustomerOrder) is shared with the confirmation and tracking pages.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type {
  OrderPaymentInput,
  PlaceOrderInput,
  ShipmentStatus,
  StorefrontAddressByCepQuery,
  StorefrontAddressByCepQueryVariables,
  StorefrontOrderPayMutation,
  StorefrontOrderPayMutationVariables,
  StorefrontOrderStatusQuery,
  StorefrontOrderStatusQueryVariables,
  StorefrontPaymentMethodsQuery,
  StorefrontPaymentMethodsQueryVariables,
  StorefrontPlaceOrderMutation,
  StorefrontPlaceOrderMutationVariables,
} from '../../../graphql/generated';
import { PICKUP_POINT_SELECTION } from '../shared/pickupPoint.graphql';

/** The schema's enums (generated from the SDL). */
export type OrderStatusValue = StorefrontPlaceOrderMutation['placeOrder']['status'];
export type PaymentMethodValue = StorefrontPaymentMethodsQuery['paymentMethods'][number]['method'];
export type PaymentStatusValue = StorefrontPlaceOrderMutation['placeOrder']['paymentStatus'];

export type CustomerInvoiceNode = NonNullable<
  StorefrontPlaceOrderMutation['placeOrder']['invoice']
>;

export type CustomerOrderNode = StorefrontPlaceOrderMutation['placeOrder'];

export type ShipmentStatusValue = ShipmentStatus;

/** One event of the parcel, as the carrier tells it (ShipmentEvent). */
export type ShipmentEventNode =
  StorefrontPlaceOrderMutation['placeOrder']['shipmentEvents'][number];

export const CUSTOMER_ORDER_SELECTION = `
  number
  status
  paymentStatus
  paymentMethod
  installments
  interestCents
  customerName
  customerEmail
  createdAt
  lines {
    productName
    brandName
    variantLabel
    sku
    imageUrl
    unitPriceCents
    compareAtPriceCents
    quantity
    lineTotalCents
  }
  subtotalCents
  discountCents
  pixDiscountCents
  shippingCents
  totalCents
  couponCode
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
  pickupPoint {
    ${PICKUP_POINT_SELECTION}
  }
  trackingCarrier
  trackingCode
  trackingUrl
  trackingStatus
  invoice {
    number
    series
    danfeUrl
    xmlUrl
  }
  shipmentEvents {
    status
    label
    description
    location
    occurredAt
  }
  cancelReason
  pix {
    code
    qrCodeUrl
    amountCents
    txid
    expiresAt
  }
  boleto {
    url
    barcode
    expiresAt
  }
  timeline {
    type
    status
    label
    createdAt
  }
`;

export type AddressByCepQuery = StorefrontAddressByCepQuery;

export const ADDRESS_BY_CEP_QUERY: TypedDocumentNode<
  StorefrontAddressByCepQuery,
  StorefrontAddressByCepQueryVariables
> = gql`
  query StorefrontAddressByCep($postalCode: String!) {
    addressByCep(postalCode: $postalCode) {
      postalCode
      street
      district
      city
      uf
    }
  }
`;

export type PaymentMethodsQuery = StorefrontPaymentMethodsQuery;

export const PAYMENT_METHODS_QUERY: TypedDocumentNode<
  StorefrontPaymentMethodsQuery,
  StorefrontPaymentMethodsQueryVariables
> = gql`
  query StorefrontPaymentMethods {
    paymentMethods {
      method
      label
      provider
      publicKey
    }
  }
`;

export type { PlaceOrderInput };

export type PlaceOrderMutation = StorefrontPlaceOrderMutation;

export const PLACE_ORDER_MUTATION: TypedDocumentNode<
  StorefrontPlaceOrderMutation,
  StorefrontPlaceOrderMutationVariables
> = gql`
  mutation StorefrontPlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      ${CUSTOMER_ORDER_SELECTION}
    }
  }
`;

export type OrderStatusQuery = StorefrontOrderStatusQuery;

export const ORDER_STATUS_QUERY: TypedDocumentNode<
  StorefrontOrderStatusQuery,
  StorefrontOrderStatusQueryVariables
> = gql`
  query StorefrontOrderStatus($number: String!, $email: String!) {
    orderStatus(number: $number, email: $email) {
      ${CUSTOMER_ORDER_SELECTION}
    }
  }
`;

export type { OrderPaymentInput };

export type OrderPaymentResultNode = StorefrontOrderPayMutation['orderPay'];

export const ORDER_PAY_MUTATION: TypedDocumentNode<
  StorefrontOrderPayMutation,
  StorefrontOrderPayMutationVariables
> = gql`
  mutation StorefrontOrderPay($input: OrderPaymentInput!) {
    orderPay(input: $input) {
      status
      providerPaymentId
      statusDetail
      orderStatus
      boletoUrl
      boletoBarcode
      boletoExpiresAt
    }
  }
`;
