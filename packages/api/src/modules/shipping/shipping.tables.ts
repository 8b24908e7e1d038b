// Drizzle definition of the delivery methods table of migrations/0003_commerce.sql and
// 0032_pickup_point.sql, and of the store's boxes of 0042_shipping_boxes.sql (the SQL is the truth).
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Uf } from '@vitrine/rules';
import type { DeliveryRate, PickupPoint, PostalRegion } from '@vitrine/rules';

export const shippingKinds = ['delivery', 'pickup'] as const;
export type ShippingKind = (typeof shippingKinds)[number];

/** The JSON price table of a delivery method (keys are region digits '0'..'9' and UFs). */
export interface ShippingRates {
  byRegion?: Partial<Record<`${PostalRegion}`, DeliveryRate>>;
  byUf?: Partial<Record<Uf, DeliveryRate>>;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const shippingMethods = pgTable('shipping_methods', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind', { enum: shippingKinds }).notNull(),
  description: text('description').notNull().default(''),
  rates: jsonb('rates').$type<ShippingRates>().notNull().default({}),
  handlingBusinessDays: integer('handling_business_days').notNull().default(0),
  readyInBusinessDays: integer('ready_in_business_days').notNull().default(1),
  /** Pickup: the address on one line (kept in step with pickupPoint; the only one before 0032). */
  pickupAddress: text('pickup_address'),
  /** Pickup: the counter's address, hours and instructions (0032); null on older methods. */
  pickupPoint: jsonb('pickup_point').$type<PickupPoint>(),
  freeShippingThresholdCents: integer('free_shipping_threshold_cents'),
  excludedFromFreeShipping: boolean('excluded_from_free_shipping').notNull().default(false),
  /** A carrier that quotes this method (0039): its name and service code, or both null. */
  carrier: text('carrier', { enum: ['melhorenvio', 'correios'] }),
  carrierService: text('carrier_service'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/** The store's boxes (0042): the inside in cm, the empty box's weight and its contents' maximum. */
export const shippingBoxes = pgTable('shipping_boxes', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  lengthCm: integer('length_cm').notNull(),
  widthCm: integer('width_cm').notNull(),
  heightCm: integer('height_cm').notNull(),
  weightGrams: integer('weight_grams').notNull().default(0),
  maxWeightGrams: integer('max_weight_grams').notNull(),
  ...timestamps,
});

export type ShippingBoxRow = typeof shippingBoxes.$inferSelect;
