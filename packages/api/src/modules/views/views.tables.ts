// Drizzle definition of staff_saved_views (migrations/0013_dashboard_orders.sql is the source of
// truth: the checks and the unique (staff_id, screen, lower(name)) index live there).
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const savedViewScreens = ['ORDERS', 'PRODUCTS'] as const;
export type SavedViewScreen = (typeof savedViewScreens)[number];

export const staffSavedViews = pgTable('staff_saved_views', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id').notNull(),
  screen: text('screen', { enum: savedViewScreens }).notNull(),
  name: text('name').notNull(),
  query: text('query').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SavedViewRow = typeof staffSavedViews.$inferSelect;
