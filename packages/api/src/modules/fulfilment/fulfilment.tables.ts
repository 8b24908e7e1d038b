// Drizzle definition of the refunds table of migrations/0004_fulfilment.sql (the SQL is the truth).
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
