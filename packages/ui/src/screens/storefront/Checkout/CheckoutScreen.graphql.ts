// The checkout's documents: the CEP look-up, the ways to pay, and placing the order. The order's
// selection (CustomerOrder) is shared with the confirmation and tracking pages.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { OrderStatus, PaymentMethod, PaymentStatus } from '../../../graphql/generated';
import type { CartItemInput } from '../Cart/CartScreen.graphql';
import { PICKUP_POINT_SELECTION, type PickupPointNode } from '../shared/pickupPoint.graphql';

/** The schema's enums (generated from the SDL). */
export type OrderStatusValue = OrderStatus;
export type PaymentMethodValue = PaymentMethod;
export type PaymentStatusValue = PaymentStatus;

export interface CustomerInvoiceNode {
  number: number;
  series: number;
  danfeUrl: string;
  xmlUrl: string;
}

export interface CustomerOrderNode {
  number: string;
  status: OrderStatusValue;
  paymentStatus: PaymentStatusValue;
  paymentMethod: PaymentMethodValue;
  /** CARD: the instalments chosen; 1 otherwise. */
  installments: number;
  /** CARD: the plan's interest, part of totalCents; 0 otherwise. */
  interestCents: number;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  lines: {
    productName: string;
    brandName: string;
    variantLabel: string;
    sku: string;
    imageUrl: string | null;
    unitPriceCents: number;
    compareAtPriceCents: number | null;
    quantity: number;
    lineTotalCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  couponCode: string | null;
  address: {
    postalCode: string;
    street: string;
    number: string;
    complement: string | null;
    district: string;
    city: string;
    uf: string;
  };
  shippingMethodName: string;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
  shippingBusinessDays: number;
  /** Pickup: where to collect, as kept when the order was placed; null on a delivery. */
  pickupPoint: PickupPointNode | null;
  trackingCarrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  /** The carrier's latest status of the parcel; null until one is read. */
  trackingStatus: ShipmentStatusValue | null;
  /** The carrier's events of the parcel, oldest first. */
  shipmentEvents: ShipmentEventNode[];
  /** The authorised NF-e's DANFE and XML (links the shopper opens); null until authorised. */
  invoice: CustomerInvoiceNode | null;
  cancelReason: string | null;
  pix: {
    code: string;
    /** The QR code image's link (drawn by the server when the browser loads it). */
    qrCodeUrl: string;
    amountCents: number;
    txid: string;
    expiresAt: string;
  } | null;
  /** A boleto order still waiting for the boleto orderPay issued. */
  boleto: { url: string | null; barcode: string | null; expiresAt: string | null } | null;
  timeline: { type: string; status: OrderStatusValue | null; label: string; createdAt: string }[];
}

export type ShipmentStatusValue =
  'POSTED' | 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'DELIVERY_FAILED' | 'RETURNING';

/** One event of the parcel, as the carrier tells it (ShipmentEvent). */
export interface ShipmentEventNode {
  status: ShipmentStatusValue;
  label: string;
  description: string;
  location: string | null;
  occurredAt: string;
}

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

export interface AddressByCepQuery {
  addressByCep: {
    postalCode: string;
    street: string;
    district: string;
    city: string;
    uf: string;
  } | null;
}

export const ADDRESS_BY_CEP_QUERY: TypedDocumentNode<AddressByCepQuery, { postalCode: string }> =
  gql`
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

export interface PaymentMethodsQuery {
  paymentMethods: {
    method: PaymentMethodValue;
    label: string;
    provider: string | null;
    /** CARD: the key the gateway's browser SDK tokenises with. */
    publicKey: string | null;
  }[];
}

export const PAYMENT_METHODS_QUERY: TypedDocumentNode<
  PaymentMethodsQuery,
  Record<string, never>
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

export interface PlaceOrderInput {
  items: CartItemInput[];
  customer: { name: string; email: string; cpf: string; phone: string };
  address: {
    postalCode: string;
    street: string;
    number: string;
    complement: string | null;
    district: string;
    city: string;
    uf: string;
  };
  shippingMethodId: string;
  paymentMethod: PaymentMethodValue;
  /** CARD only: from 1 up to the cart's installment offer. */
  installments?: number | null;
  couponCode: string | null;
  idempotencyKey: string;
}

export interface PlaceOrderMutation {
  placeOrder: CustomerOrderNode;
}

export const PLACE_ORDER_MUTATION: TypedDocumentNode<
  PlaceOrderMutation,
  { input: PlaceOrderInput }
> = gql`
  mutation StorefrontPlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      ${CUSTOMER_ORDER_SELECTION}
    }
  }
`;

export interface OrderStatusQuery {
  orderStatus: CustomerOrderNode;
}

export const ORDER_STATUS_QUERY: TypedDocumentNode<
  OrderStatusQuery,
  { number: string; email: string }
> = gql`
  query StorefrontOrderStatus($number: String!, $email: String!) {
    orderStatus(number: $number, email: $email) {
      ${CUSTOMER_ORDER_SELECTION}
    }
  }
`;

export interface OrderPaymentInput {
  number: string;
  email: string;
  method: PaymentMethodValue;
  cardToken?: string | null;
  paymentMethodId?: string | null;
  installments?: number | null;
}

export interface OrderPaymentResultNode {
  /** pending, authorized, approved, rejected, cancelled or refunded. */
  status: string;
  providerPaymentId: string;
  statusDetail: string | null;
  orderStatus: OrderStatusValue;
  boletoUrl: string | null;
  boletoBarcode: string | null;
  boletoExpiresAt: string | null;
}

export const ORDER_PAY_MUTATION: TypedDocumentNode<
  { orderPay: OrderPaymentResultNode },
  { input: OrderPaymentInput }
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
