// The NF-e of each sale, the NF-e de devolução of each return received (0047), and the cartas de
// correção (migrations/0046_invoices.sql).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables';
import { orderReturns } from '../returns/returns.tables';

/** File bytes (bytea): a Buffer from the database, a Uint8Array to it. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

export const INVOICE_STATUSES = [
  'PENDING',
  'PROCESSING',
  'AUTHORIZED',
  'REJECTED',
  'CANCELED',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** SALE: the order's NF-e; RETURN: the NF-e de devolução (entrada) of one return. */
export const INVOICE_KINDS = ['SALE', 'RETURN'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('SALE'),
  returnId: uuid('return_id')
    .unique()
    .references(() => orderReturns.id, { onDelete: 'cascade' }),
  status: text('status', { enum: INVOICE_STATUSES }).notNull().default('PENDING'),
  provider: text('provider').notNull(),
  environment: text('environment', { enum: ['homologacao', 'producao'] }).notNull(),
  ref: text('ref').notNull().unique(),
  series: integer('series'),
  number: bigint('number', { mode: 'number' }),
  accessKey: text('access_key'),
  protocol: text('protocol'),
  rejectionCode: text('rejection_code'),
  rejectionMessage: text('rejection_message'),
  danfeUrl: text('danfe_url'),
  xmlUrl: text('xml_url'),
  danfePdf: bytea('danfe_pdf'),
  xml: bytea('xml'),
  publicToken: text('public_token')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
  cancelProtocol: text('cancel_protocol'),
  cancelSuggestedAt: timestamp('cancel_suggested_at', { withTimezone: true }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoiceCorrections = pgTable('invoice_corrections', {
  id: uuid('id').primaryKey().defaultRandom(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  sequence: integer('sequence').notNull(),
  text: text('text').notNull(),
  protocol: text('protocol'),
  staffId: uuid('staff_id'),
  staffName: text('staff_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoiceIssuing = pgTable('invoice_issuing', {
  id: boolean('id').primaryKey().default(true),
  enabledSince: timestamp('enabled_since', { withTimezone: true }).notNull().defaultNow(),
});

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceCorrectionRow = typeof invoiceCorrections.$inferSelect;
