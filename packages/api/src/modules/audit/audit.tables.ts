// Drizzle definition of audit_log (migrations/0019_audit_log.sql is the source of truth: the
// checks and the triggers that make it append-only live there).
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditEntities = [
  'PRODUCT',
  'VARIANT',
  'BRAND',
  'CATEGORY',
  'PRODUCT_IMPORT',
  'ORDER',
  'BANK_STATEMENT',
  'SETTINGS',
  'COUPON',
  'SHIPPING_METHOD',
  'STAFF',
  'CUSTOMER',
  'EXPORT',
  'MAIL',
  'SESSION',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id'),
  actorName: text('actor_name'),
  actorEmail: text('actor_email'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  action: text('action').notNull(),
  entity: text('entity', { enum: auditEntities }).notNull(),
  entityId: text('entity_id'),
  entityLabel: text('entity_label'),
  brandIds: uuid('brand_ids').array().notNull().default([]),
  summary: text('summary').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
});

export type AuditLogRow = typeof auditLog.$inferSelect;
