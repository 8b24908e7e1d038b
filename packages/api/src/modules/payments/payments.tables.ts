// Drizzle definition of the gateway notifications table of migrations/0003_commerce.sql (the SQL
// is the truth): one row per event, unique per (provider, event_id), so each applies once.
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders, payments } from '../orders/orders.tables';

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

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
