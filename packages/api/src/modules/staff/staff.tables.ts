import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const staffRoles = ['ADMIN', 'BRAND_MANAGER', 'SUPPORT'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    brandIds: uuid('brand_ids').array().notNull().default([]),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_email_key').on(table.email)],
);

export type StaffRow = typeof staff.$inferSelect;
