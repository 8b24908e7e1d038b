// Outbox SQL: enqueue a mail, take a batch of pending ones (locked, SKIP LOCKED) and record each
// delivery's outcome.
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { mailOutbox, type MailOutboxRow } from './mail.tables';

export interface NewOutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Inserts a pending mail and returns its id. */
export async function insertOutboxMail(db: Executor, mail: NewOutboxMail): Promise<string> {
  const rows = await db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    .returning({ id: mailOutbox.id });
  return rows[0]!.id;
}

/**
 * Up to `limit` unsent mails with fewer than `maxAttempts` attempts, oldest first, locked
 * (`for update skip locked`) until the transaction ends.
 */
export function lockPendingMails(
  tx: Transaction,
  maxAttempts: number,
  limit: number,
): Promise<MailOutboxRow[]> {
  return tx
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, maxAttempts)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markMailSent(db: Executor, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error,
    })
    .where(eq(mailOutbox.id, id));
}
