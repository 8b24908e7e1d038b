// Drizzle definitions of the commerce tables; migrations/0003_commerce.sql is the source of truth
// (checks, the order number sequence and partial indexes live there).
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PostalRegion, DeliveryRate } from '../shipping/cep';
import type { Uf } from '../orders/pure/uf';

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

export const shippingKinds = ['delivery', 'pickup'] as const;
export type ShippingKind = (typeof shippingKinds)[number];

export const couponKinds = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const orderEventActors = ['staff', 'system', 'customer', 'provider'] as const;
export type OrderEventActor = (typeof orderEventActors)[number];

/** The JSON price table of a delivery method (keys are region digits '0'..'9' and UFs). */
export interface ShippingRates {
  byRegion?: Partial<Record<`${PostalRegion}`, DeliveryRate>>;
  byUf?: Partial<Record<Uf, DeliveryRate>>;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const paymentSettings = pgTable('payment_settings', {
  id: boolean('id').primaryKey().default(true),
  pixKey: text('pix_key'),
  pixMerchantName: text('pix_merchant_name').notNull().default('Vitrine'),
  pixMerchantCity: text('pix_merchant_city').notNull().default('Sao Paulo'),
  pixExpiryHours: integer('pix_expiry_hours').notNull().default(24),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  updatedByName: text('updated_by_name'),
});

export const shippingMethods = pgTable('shipping_methods', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind', { enum: shippingKinds }).notNull(),
  description: text('description').notNull().default(''),
  rates: jsonb('rates').$type<ShippingRates>().notNull().default({}),
  handlingBusinessDays: integer('handling_business_days').notNull().default(0),
  readyInBusinessDays: integer('ready_in_business_days').notNull().default(1),
  pickupAddress: text('pickup_address'),
  freeShippingThresholdCents: integer('free_shipping_threshold_cents'),
  excludedFromFreeShipping: boolean('excluded_from_free_shipping').notNull().default(false),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: couponKinds }).notNull(),
  percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
  amountCents: integer('amount_cents'),
  freeShipping: boolean('free_shipping').notNull().default(false),
  minSubtotalCents: integer('min_subtotal_cents'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  perEmailLimit: integer('per_email_limit'),
  brandIds: uuid('brand_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  categoryIds: uuid('category_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  usedCount: integer('used_count').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

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
  uf: text('uf').$type<Uf>().notNull(),
  shippingMethodId: uuid('shipping_method_id').references(() => shippingMethods.id, {
    onDelete: 'set null',
  }),
  shippingMethodName: text('shipping_method_name').notNull(),
  shippingMethodKind: text('shipping_method_kind', { enum: shippingKinds }).notNull(),
  shippingBusinessDays: integer('shipping_business_days').notNull(),
  billableWeightGrams: integer('billable_weight_grams').notNull().default(0),
  subtotalCents: integer('subtotal_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  pixDiscountCents: integer('pix_discount_cents').notNull().default(0),
  shippingCents: integer('shipping_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
  installments: integer('installments').notNull().default(1),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  couponCode: text('coupon_code'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  pixCode: text('pix_code'),
  pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
  /** Unpaid orders of any method are canceled ('expirado') after this (0005). */
  paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
  trackingCarrier: text('tracking_carrier'),
  trackingCode: text('tracking_code'),
  trackingUrl: text('tracking_url'),
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

export const couponRedemptions = pgTable('coupon_redemptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
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

export const paymentEvents = pgTable('payment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  providerPaymentId: text('provider_payment_id'),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  payload: jsonb('payload').$type<unknown>().notNull().default({}),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
