import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A single row (id = true) holding the store-wide settings. */
export const storeSettings = pgTable('store_settings', {
  id: boolean('id').primaryKey().default(true),
  storeName: text('store_name').notNull(),
  pixDiscountPercent: numeric('pix_discount_percent', { precision: 5, scale: 2, mode: 'number' })
    .notNull()
    .default(0),
  maxInstallments: integer('max_installments').notNull().default(1),
  minInstallmentCents: integer('min_installment_cents').notNull().default(0),
  freeShippingThresholdCents: integer('free_shipping_threshold_cents'),
  analyticsMeasurementId: text('analytics_measurement_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
