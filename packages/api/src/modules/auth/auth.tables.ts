import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../staff/staff.tables';

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** sha256 of the token (hex); the token itself only travels in the mail. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Where the reset was asked for (migration 0026): the reset's audit entry says it. */
    requestedIp: text('requested_ip'),
    requestedUserAgent: text('requested_user_agent'),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_key').on(table.tokenHash),
    index('password_reset_tokens_staff_idx').on(table.staffId, table.createdAt),
  ],
);

export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refresh tokens ended by a logout (by jti), kept until they would have expired. */
export const revokedRefreshTokens = pgTable(
  'revoked_refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('revoked_refresh_tokens_expires_idx').on(table.expiresAt)],
);
