// Drizzle definitions of the coupon tables of migrations/0003_commerce.sql (the SQL is the truth).
import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const couponKinds = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof couponKinds)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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

export const couponRedemptions = pgTable('coupon_redemptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  // References orders(id) ON DELETE CASCADE in the SQL; not repeated here, so that coupons
  // imports nothing of orders (orders depends on coupons).
  orderId: uuid('order_id').notNull().unique(),
  email: text('email').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CouponRow = typeof coupons.$inferSelect;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
