// The order as its shopper sees it (placeOrder's answer and the public orderStatus tracking):
// no CPF, no staff names, no internal notes; the Pix code only while the payment is awaited.
import type { Executor } from '../../db';
import type {
  FulfilmentStatus,
  OrderEventRow,
  OrderLineRow,
  OrderPaymentStatus,
  OrderRow,
  OrderStatus,
  PaymentMethodCode,
  ShipmentEventRow,
} from './orders.tables';
import { pickupPointGraphQL, type PickupPointGraphQL } from '../shipping/shipping.pickup';
import type { ShippingKind } from '../shipping/shipping.tables';
import {
  checkCustomerEmail,
  orderNumber,
  parseOrderNumber,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
} from '@vitrine/rules';
import { badUserInput } from '../../graphql/errors';
import { txidFromOrderNumber } from '../../lib/pix';
import {
  findOrderByNumber,
  orderEventsOf,
  orderLinesOf,
  shipmentEventsOf,
} from './orders.repository';

export interface PixChargeView {
  code: string;
  amountCents: number;
  txid: string;
  expiresAt: string;
}

export interface CustomerOrderLineView {
  productName: string;
  brandName: string;
  variantLabel: string;
  sku: string;
  imageUrl: string | null;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  lineTotalCents: number;
}

export interface CustomerOrderEventView {
  type: string;
  status: OrderStatus | null;
  label: string;
  createdAt: string;
}

export interface CustomerOrderView {
  number: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentMethod: PaymentMethodCode;
  /** Card: the instalments chosen; 1 otherwise. */
  installments: number;
  /** Card: the plan's interest, part of totalCents; 0 otherwise. */
  interestCents: number;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  lines: CustomerOrderLineView[];
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
  shippingMethodKind: Uppercase<ShippingKind>;
  shippingBusinessDays: number;
  /** Pickup: where to collect, as kept when the order was placed; null on a delivery. */
  pickupPoint: PickupPointGraphQL | null;
  trackingCarrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  cancelReason: string | null;
  pix: PixChargeView | null;
  timeline: CustomerOrderEventView[];
  /** The carrier's events of the parcel, oldest first (read by the tracking worker). */
  shipmentEvents: ShipmentEventView[];
  /** The carrier's latest status; null until one is read. */
  trackingStatus: ShipmentStatus | null;
}

export interface ShipmentEventView {
  status: ShipmentStatus;
  /** 'Saiu para entrega'. */
  label: string;
  /** The carrier's own words. */
  description: string;
  location: string | null;
  occurredAt: string;
}

export function shipmentEventView(event: ShipmentEventRow): ShipmentEventView {
  return {
    status: event.status,
    label: SHIPMENT_STATUS_LABELS[event.status],
    description: event.description,
    location: event.location,
    occurredAt: event.occurredAt.toISOString(),
  };
}

/** What each kind of timeline event is called for the shopper; other kinds stay internal. */
const CUSTOMER_EVENT_LABELS: Record<string, string> = {
  placed: 'Pedido recebido',
  paid: 'Pagamento confirmado',
  shipped: 'Pedido enviado',
  ready_for_pickup: 'Pronto para retirada',
  delivered: 'Pedido entregue',
  canceled: 'Pedido cancelado',
  refunded: 'Reembolso realizado',
};

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function customerOrderView(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  events: readonly OrderEventRow[],
  shipments: readonly ShipmentEventRow[] = [],
): CustomerOrderView {
  const awaitingPix =
    order.paymentMethod === 'PIX' &&
    order.status === 'PENDING_PAYMENT' &&
    order.pixCode !== null &&
    order.pixExpiresAt !== null;
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    paymentMethod: order.paymentMethod,
    installments: order.installments,
    interestCents: order.interestCents,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    createdAt: iso(order.createdAt),
    lines: lines.map((line) => ({
      productName: line.productName,
      brandName: line.brandName,
      variantLabel: line.variantLabel,
      sku: line.sku,
      imageUrl: line.imageUrl,
      unitPriceCents: line.unitPriceCents,
      compareAtPriceCents: line.compareAtPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    pixDiscountCents: order.pixDiscountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    couponCode: order.couponCode,
    address: {
      postalCode: order.postalCode,
      street: order.street,
      number: order.streetNumber,
      complement: order.complement,
      district: order.district,
      city: order.city,
      uf: order.uf,
    },
    shippingMethodName: order.shippingMethodName,
    shippingMethodKind: order.shippingMethodKind === 'pickup' ? 'PICKUP' : 'DELIVERY',
    shippingBusinessDays: order.shippingBusinessDays,
    pickupPoint:
      order.shippingMethodKind === 'pickup' && order.pickupPoint
        ? pickupPointGraphQL(order.pickupPoint, order.number)
        : null,
    trackingCarrier: order.trackingCarrier,
    trackingCode: order.trackingCode,
    trackingUrl: order.trackingUrl,
    cancelReason: order.cancelReason,
    pix: awaitingPix
      ? {
          code: order.pixCode!,
          amountCents: order.totalCents,
          txid: txidFromOrderNumber(order.number),
          expiresAt: iso(order.pixExpiresAt!),
        }
      : null,
    timeline: events
      .filter((event) => event.type in CUSTOMER_EVENT_LABELS)
      .map((event) => ({
        type: event.type,
        status: event.toStatus,
        label: CUSTOMER_EVENT_LABELS[event.type]!,
        createdAt: iso(event.createdAt),
      })),
    shipmentEvents: shipments.map(shipmentEventView),
    trackingStatus: order.trackingStatus,
  };
}

/** The shopper's view of an order; its lines and events are read unless given (a new order's). */
export async function loadCustomerOrder(
  db: Executor,
  order: OrderRow,
  lines?: readonly OrderLineRow[],
  events?: readonly OrderEventRow[],
): Promise<CustomerOrderView> {
  const [orderLines, orderEvents, shipments] = await Promise.all([
    lines ? Promise.resolve(lines) : orderLinesOf(db, order.id),
    events ? Promise.resolve(events) : orderEventsOf(db, order.id),
    // A new order (its events given) has no parcel yet.
    events || order.trackingCode === null ? Promise.resolve([]) : shipmentEventsOf(db, order.id),
  ]);
  return customerOrderView(order, orderLines, orderEvents, shipments);
}

/**
 * The e-mail a shopper typed to find an order, by the store's one rule (@vitrine/rules
 * checkCustomerEmail: checkEmail, lower-cased as the checkout stores it); a quoted local part,
 * an invisible character or no e-mail at all is BAD_USER_INPUT on `email`, before anything is
 * looked up.
 */
export function customerEmailInput(emailInput: unknown): string {
  const checked = checkCustomerEmail(emailInput);
  if (!checked.ok) throw badUserInput(checked.message, 'email');
  return checked.email;
}

/**
 * The order of that number placed with that e-mail, or null. Both mismatches look the same to
 * the caller, so the tracking page never confirms that a number exists. An e-mail the store's
 * rule refuses is BAD_USER_INPUT (customerEmailInput).
 */
export async function findOrderForCustomer(
  db: Executor,
  numberInput: unknown,
  emailInput: unknown,
): Promise<OrderRow | null> {
  const email = customerEmailInput(emailInput);
  if (typeof numberInput !== 'string') return null;
  const sequence = parseOrderNumber(numberInput);
  if (sequence === null) return null;
  const order = await findOrderByNumber(db, orderNumber(sequence));
  if (!order) return null;
  return order.customerEmail === email ? order : null;
}
