// Drizzle definitions of the order tables: orders, their lines, timeline, payments and refunds.
// migrations/0003_commerce.sql and 0004_fulfilment.sql are the source of truth (checks, the order
// number sequence and partial indexes live there). The payments table is the ledger of an
// order's money (a staff confirmation or the gateway's record), kept here with the order so that
// the payments module depends on orders and never the other way round.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coupons } from '../coupons/coupons.tables';
import { shippingKinds, shippingMethods } from '../shipping/shipping.tables';
import { SHIPMENT_STATUSES, type PickupPointSnapshot, type Uf } from '@vitrine/rules';

export const orderStatuses = [
  'PENDING_PAYMENT',
  'PAID',
  'SHIPPED',
  'DELIVERED',
  'CANCELED',
  'REFUNDED',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = [
  'PENDING',
  'AUTHORIZED',
  'PAID',
  'FAILED',
  'CANCELED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;
export type OrderPaymentStatus = (typeof paymentStatuses)[number];

export const fulfilmentStatuses = [
  'UNFULFILLED',
  'READY_FOR_PICKUP',
  'SHIPPED',
  'DELIVERED',
  'CANCELED',
  'RETURNED',
] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

export const paymentMethods = ['PIX', 'CARD', 'BOLETO'] as const;
export type PaymentMethodCode = (typeof paymentMethods)[number];

export const orderEventActors = ['staff', 'system', 'customer', 'provider'] as const;
export type OrderEventActor = (typeof orderEventActors)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number')
    .notNull()
    .unique()
    .default(sql`('VT-' || nextval('order_number_seq')::text)`),
  status: text('status', { enum: orderStatuses }).notNull().default('PENDING_PAYMENT'),
  paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('PENDING'),
  fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses })
    .notNull()
    .default('UNFULFILLED'),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  customerCpf: text('customer_cpf').notNull(),
  customerPhone: text('customer_phone').notNull(),
  postalCode: text('postal_code').notNull(),
  street: text('street').notNull(),
  streetNumber: text('street_number').notNull(),
  complement: text('complement'),
  district: text('district').notNull(),
  city: text('city').notNull(),
  // '' (like street to city) on a pickup order, which needs no delivery address (migration 0008);
  // a pickup order's CEP may be '' too (0032).
  uf: text('uf').$type<Uf | ''>().notNull(),
  shippingMethodId: uuid('shipping_method_id').references(() => shippingMethods.id, {
    onDelete: 'set null',
  }),
  shippingMethodName: text('shipping_method_name').notNull(),
  shippingMethodKind: text('shipping_method_kind', { enum: shippingKinds }).notNull(),
  shippingBusinessDays: integer('shipping_business_days').notNull(),
  /** Pickup: where to collect, as the method said when the order was placed (0032). */
  pickupPoint: jsonb('pickup_point').$type<PickupPointSnapshot>(),
  billableWeightGrams: integer('billable_weight_grams').notNull().default(0),
  subtotalCents: integer('subtotal_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  pixDiscountCents: integer('pix_discount_cents').notNull().default(0),
  shippingCents: integer('shipping_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
  installments: integer('installments').notNull().default(1),
  /** The interest of a card plan past the interest-free instalments, part of totalCents (0038). */
  interestCents: integer('interest_cents').notNull().default(0),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  couponCode: text('coupon_code'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  pixCode: text('pix_code'),
  pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
  /** Unpaid orders of any method are canceled ('expirado') after this (0005). */
  paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
  /** request.ip of the placeOrder (0010): unpaid orders are limited per client address. */
  clientAddress: text('client_address'),
  trackingCarrier: text('tracking_carrier'),
  trackingCode: text('tracking_code'),
  trackingUrl: text('tracking_url'),
  /** The carrier's latest status of the parcel, when the tracking worker has read one (0040). */
  trackingStatus: text('tracking_status', { enum: SHIPMENT_STATUSES }),
  trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
  trackingNextCheckAt: timestamp('tracking_next_check_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  shippedAt: timestamp('shipped_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  refundedCents: integer('refunded_cents'),
  refundReason: text('refund_reason'),
  ...timestamps,
});

export const orderLines = pgTable('order_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  variantId: uuid('variant_id'),
  productId: uuid('product_id'),
  brandId: uuid('brand_id'),
  categoryId: uuid('category_id'),
  productName: text('product_name').notNull(),
  brandName: text('brand_name').notNull().default(''),
  variantLabel: text('variant_label').notNull().default(''),
  sku: text('sku').notNull(),
  imageUrl: text('image_url'),
  unitPriceCents: integer('unit_price_cents').notNull(),
  compareAtPriceCents: integer('compare_at_price_cents'),
  quantity: integer('quantity').notNull(),
  lineTotalCents: integer('line_total_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
});

export const orderEvents = pgTable('order_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  fromStatus: text('from_status', { enum: orderStatuses }),
  toStatus: text('to_status', { enum: orderStatuses }),
  actor: text('actor', { enum: orderEventActors }).notNull(),
  actorStaffId: uuid('actor_staff_id'),
  actorName: text('actor_name'),
  note: text('note'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerPaymentId: text('provider_payment_id').notNull(),
  method: text('method', { enum: paymentMethods }).notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  raw: jsonb('raw').$type<unknown>().notNull().default({}),
  ...timestamps,
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export const orderRefunds = pgTable('order_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  staffId: uuid('staff_id'),
  staffName: text('staff_name'),
  paymentId: uuid('payment_id'),
  providerRefundId: text('provider_refund_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/** The carrier's events of a shipped order's parcel (migrations/0040_shipment_tracking.sql). */
export const shipmentEvents = pgTable('shipment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  carrier: text('carrier').notNull(),
  code: text('code').notNull(),
  status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
  description: text('description').notNull(),
  location: text('location'),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;
