// Imported bank statements and their credits (migrations 0014_bank_statements.sql and
// 0035_statement_suggestions.sql are the source of truth: checks and the partial unique index on
// confirmed bank ids live there).
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables';

export const statementFormats = ['OFX', 'CSV'] as const;

export const entryMatches = [
  'MATCHED',
  'AMOUNT_MISMATCH',
  'UNMATCHED',
  'ALREADY_PAID',
  'CONFIRMED',
  'SUGGESTED',
  'AMBIGUOUS',
] as const;
export type EntryMatch = (typeof entryMatches)[number];

export const bankStatementImports = pgTable('bank_statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  format: text('format', { enum: statementFormats }).notNull(),
  staffId: uuid('staff_id'),
  staffName: text('staff_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bankStatementEntries = pgTable('bank_statement_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  importId: uuid('import_id')
    .notNull()
    .references(() => bankStatementImports.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  bankId: text('bank_id').notNull(),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  txid: text('txid'),
  payerName: text('payer_name'),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  match: text('match', { enum: entryMatches }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** SUGGESTED: the one order; AMBIGUOUS: every order waiting for this amount in the window. */
  candidateOrderIds: uuid('candidate_order_ids').array().notNull().default([]),
});

export type BankStatementImportRow = typeof bankStatementImports.$inferSelect;
export type BankStatementEntryRow = typeof bankStatementEntries.$inferSelect;
export type NewBankStatementEntry = typeof bankStatementEntries.$inferInsert;
