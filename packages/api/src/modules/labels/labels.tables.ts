// Shipping labels bought from a carrier, in batches (migrations/0041_shipping_labels.sql).
import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables';

/** PDF bytes (bytea): a Buffer from the database, a Uint8Array to it. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

export const LABEL_STATUSES = ['PURCHASED', 'FAILED'] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

export const labelBatches = pgTable('label_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id'),
  staffName: text('staff_name').notNull(),
  requested: integer('requested').notNull(),
  purchased: integer('purchased').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  pdf: bytea('pdf'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shippingLabels = pgTable('shipping_labels', {
  id: uuid('id').primaryKey().defaultRandom(),
  batchId: uuid('batch_id')
    .notNull()
    .references(() => labelBatches.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  carrier: text('carrier', { enum: ['melhorenvio', 'correios'] }).notNull(),
  service: text('service').notNull(),
  status: text('status', { enum: LABEL_STATUSES }).notNull(),
  carrierReference: text('carrier_reference'),
  trackingCode: text('tracking_code'),
  error: text('error'),
  pdf: bytea('pdf'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LabelBatchRow = typeof labelBatches.$inferSelect;
export type ShippingLabelRow = typeof shippingLabels.$inferSelect;
