// Drizzle definitions of the shopper's returns (migrations/0043_order_returns.sql is the source of
// truth: its checks, the one-open-request index and the worker's queue live there).
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '@vitrine/rules';
import { orderLines, orders } from '../orders/orders.tables';

export const orderReturns = pgTable('order_returns', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  number: integer('number').notNull(),
  status: text('status', { enum: RETURN_STATUSES }).notNull().default('REQUESTED'),
  reason: text('reason').notNull(),
  wholeOrder: boolean('whole_order').notNull().default(false),
  refundCents: integer('refund_cents').notNull(),
  shippingRefundCents: integer('shipping_refund_cents').notNull().default(0),
  carrier: text('carrier'),
  authorizationCode: text('authorization_code'),
  trackingCode: text('tracking_code'),
  labelUrl: text('label_url'),
  authorizationExpiresAt: timestamp('authorization_expires_at', { withTimezone: true }),
  carrierReference: text('carrier_reference'),
  carrierAttempts: integer('carrier_attempts').notNull().default(0),
  /** Set while the carrier is still to be asked for the authorisation (the outbox). */
  carrierNextAttemptAt: timestamp('carrier_next_attempt_at', { withTimezone: true }),
  carrierError: text('carrier_error'),
  rejectionReason: text('rejection_reason'),
  refundId: uuid('refund_id'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  labelIssuedAt: timestamp('label_issued_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  staffId: uuid('staff_id'),
  staffName: text('staff_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    refundCents: integer('refund_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.returnId, table.orderLineId] })],
);

export type OrderReturnRow = typeof orderReturns.$inferSelect;
export type OrderReturnLineRow = typeof orderReturnLines.$inferSelect;
