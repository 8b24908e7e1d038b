// The Pix charges at the PSP, one per Pix order (migration 0036_pix_charges.sql is the source of
// truth: checks and the index of due rows live there).
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../../orders/orders.tables';

export const pixChargeStatuses = [
  'TO_CREATE',
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
  'EXPIRED',
  'FAILED',
] as const;
export type PixChargeRowStatus = (typeof pixChargeStatuses)[number];

export const pixCharges = pgTable('pix_charges', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  txid: text('txid').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: pixChargeStatuses }).notNull().default('TO_CREATE'),
  location: text('location'),
  pixCopiaECola: text('pix_copia_e_cola'),
  endToEndId: text('end_to_end_id'),
  receivedCents: integer('received_cents'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

export type PixChargeRow = typeof pixCharges.$inferSelect;
