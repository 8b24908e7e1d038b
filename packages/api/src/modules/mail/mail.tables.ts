import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The kinds of one-time link a mail may carry. */
export type MailLinkKind = 'password_reset' | 'staff_invitation' | 'restock_confirmation';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Tries before the outbox gives up (migration 0023); a resend by hand raises it. */
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** The one-time link this mail carries (its token is drawn at send time): migration 0026. */
    linkKind: text('link_kind').$type<MailLinkKind>(),
    /** The row of that link's token (password_reset_tokens, staff_invitations, restock_alerts). */
    linkRef: uuid('link_ref'),
    /** Not handed to any mail server: none was configured (status NOT_CONFIGURED). */
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.createdAt)
      .where(sql`sent_at IS NULL`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
