// "Avise-me quando chegar" requests (migration 0012): one per variant and e-mail, waiting for
// their confirmation link, then for the variant's stock to come back.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { variants } from '../catalog/catalog.tables';

export const restockAlerts = pgTable('restock_alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  variantId: uuid('variant_id')
    .notNull()
    .references(() => variants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  /**
   * SHA-256 of the confirmation link's token. Kept once confirmed (confirmed_at set): the link
   * confirms once, and opened again it only says the alert is confirmed already. Null on the
   * requests confirmed before that rule.
   */
  tokenHash: text('token_hash').unique(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type RestockAlertRow = typeof restockAlerts.$inferSelect;
