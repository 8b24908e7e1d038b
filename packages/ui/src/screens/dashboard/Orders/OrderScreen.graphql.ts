// The order page's documents: the order as staff see it, and each action on it.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ShipmentStatus } from '@vitrine/rules';

import type {
  FulfilmentStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  StaffRole,
} from './orderLabels';

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

export interface OrderAddressNode {
  postalCode: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  uf: string;
}

export interface OrderLineNode {
  id: string;
  brandName: string;
  productName: string;
  variantLabel: string;
  sku: string;
  imageUrl: string | null;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  lineTotalCents: number;
  discountCents: number;
}

export interface OrderEventNode {
  id: string;
  type: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  actor: string;
  actorName: string | null;
  note: string | null;
  /** What the event changed (a tracking correction's before and after), in Portuguese. */
  detail: string | null;
  createdAt: string;
}

/** One event of the parcel, as the carrier tells it (ShipmentEvent). */
export interface OrderShipmentEventNode {
  status: ShipmentStatus;
  /** The status in Portuguese ('Saiu para entrega'). */
  label: string;
  /** The carrier's own words. */
  description: string;
  /** 'Belo Horizonte/MG'; null when the carrier gives none. */
  location: string | null;
  occurredAt: string;
}

/** The order's Pix charge at the bank's API (PSP); null without a PSP. */
export interface OrderPixChargeNode {
  /** TO_CREATE, ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP, EXPIRED, FAILED. */
  status: string;
  txid: string;
  endToEndId: string | null;
  receivedCents: number | null;
  paidAt: string | null;
  lastError: string | null;
  attempts: number;
}

export interface OrderShippingLabelNode {
  id: string;
  carrierName: string;
  status: 'PURCHASED' | 'FAILED';
  trackingCode: string | null;
  /** FAILED: the carrier's reason. */
  error: string | null;
  /** PURCHASED: the PDF (fetched with the staff's token). */
  pdfPath: string | null;
  createdAt: string;
}

export interface OrderDetail {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentMethod: PaymentMethod;
  installments: number;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
  customer: { name: string; email: string | null; cpf: string | null; phone: string | null };
  address: OrderAddressNode;
  shippingMethodName: string;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
  shippingBusinessDays: number;
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  shippingCents: number | null;
  /** The card plan's interest, part of totalCents; 0 when none; null for a brand's share. */
  interestCents: number | null;
  totalCents: number;
  refundedCents: number | null;
  couponCode: string | null;
  trackingCarrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  /** The carrier's latest status of the parcel; null until the carrier is read. */
  trackingStatus: ShipmentStatus | null;
  /** The carrier's events of the parcel, oldest first. */
  shipmentEvents: OrderShipmentEventNode[];
  /** The label bought (or the last attempt) for ADMIN and SUPPORT; null otherwise. */
  shippingLabel: OrderShippingLabelNode | null;
  cancelReason: string | null;
  lines: OrderLineNode[];
  timeline: OrderEventNode[];
  payments: {
    id: string;
    provider: string;
    providerPaymentId: string;
    /** A payment staff confirmed: who, and whether from a statement; null otherwise. */
    confirmation: string | null;
    method: PaymentMethod;
    status: string;
    amountCents: number;
    refundedCents: number;
    createdAt: string;
  }[];
  refunds: {
    id: string;
    amountCents: number;
    reason: string;
    staffName: string | null;
    createdAt: string;
  }[];
  allowedActions: string[];
  itemCount: number;
  pixTxid: string | null;
  paymentExpiresAt: string | null;
  lastMailSubject: string | null;
  pixCharge: OrderPixChargeNode | null;
}

export interface DashboardOrderQuery {
  order: OrderDetail | null;
  me: { id: string; role: StaffRole };
}

export const DASHBOARD_ORDER_QUERY: TypedDocumentNode<DashboardOrderQuery, { id: string }> = gql`
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
  { orderMarkPaid: { id: string; status: OrderStatus } },
  { id: string; note: string | null }
> = gql`
  mutation DashboardOrderMarkPaid($id: ID!, $note: String) {
    orderMarkPaid(id: $id, note: $note) {
      id
      status
    }
  }
`;

export const ORDER_SHIP_MUTATION: TypedDocumentNode<
  { orderShip: { id: string; status: OrderStatus } },
  { id: string; carrier: string; trackingCode: string | null; note: string | null }
> = gql`
  mutation DashboardOrderShip($id: ID!, $carrier: String!, $trackingCode: String, $note: String) {
    orderShip(id: $id, carrier: $carrier, trackingCode: $trackingCode, note: $note) {
      id
      status
    }
  }
`;

export const ORDER_TRACKING_UPDATE_MUTATION: TypedDocumentNode<
  {
    orderTrackingUpdate: {
      id: string;
      status: OrderStatus;
      trackingCarrier: string | null;
      trackingCode: string | null;
    };
  },
  { id: string; carrier: string; trackingCode: string; note: string | null }
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
  { orderDeliver: { id: string; status: OrderStatus } },
  { id: string }
> = gql`
  mutation DashboardOrderDeliver($id: ID!) {
    orderDeliver(id: $id) {
      id
      status
    }
  }
`;

export const ORDER_CANCEL_MUTATION: TypedDocumentNode<
  { orderCancel: { id: string; status: OrderStatus } },
  { id: string; reason: string }
> = gql`
  mutation DashboardOrderCancel($id: ID!, $reason: String!) {
    orderCancel(id: $id, reason: $reason) {
      id
      status
    }
  }
`;

export const ORDER_REFUND_MUTATION: TypedDocumentNode<
  { orderRefund: { id: string; status: OrderStatus; refundedCents: number | null } },
  { id: string; amountCents: number; reason: string }
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
  { orderAddNote: { id: string } },
  { id: string; note: string }
> = gql`
  mutation DashboardOrderAddNote($id: ID!, $note: String!) {
    orderAddNote(id: $id, note: $note) {
      id
    }
  }
`;

export const ORDER_RESEND_LAST_MAIL_MUTATION: TypedDocumentNode<
  { orderResendLastMail: { id: string; lastMailSubject: string | null } },
  { id: string }
> = gql`
  mutation DashboardOrderResendLastMail($id: ID!) {
    orderResendLastMail(id: $id) {
      id
      lastMailSubject
    }
  }
`;
