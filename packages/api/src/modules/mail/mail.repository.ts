// Outbox SQL: enqueue a mail, take a batch of pending ones (locked, SKIP LOCKED), record each
// delivery's outcome, and the staff's reader and resend (the outbox screen).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { mailOutbox, type MailLinkKind, type MailOutboxRow } from './mail.tables';

export interface NewOutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time link the mail carries (its token is drawn at send time). */
  link: { kind: MailLinkKind; ref: string } | null;
}

/** Inserts a pending mail and returns its id. */
export async function insertOutboxMail(db: Executor, mail: NewOutboxMail): Promise<string> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      linkKind: mail.link?.kind ?? null,
      linkRef: mail.link?.ref ?? null,
    })
    .returning({ id: mailOutbox.id });
  return rows[0]!.id;
}

/**
 * Up to `limit` unsent mails the outbox has not given up on (fewer attempts than their
 * max_attempts), oldest first, locked (`for update skip locked`) until the transaction ends.
 */
export function lockPendingMails(tx: Transaction, limit: number): Promise<MailOutboxRow[]> {
  return tx
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.heldAt),
        lt(mailOutbox.attempts, mailOutbox.maxAttempts),
      ),
    )
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

/**
 * Held without a mail server (no SMTP_URL): it waits, not retried, until sent again by hand. The
 * attempt counts, so the screen shows it was tried.
 */
export async function markMailHeld(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ heldAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: reason })
    .where(eq(mailOutbox.id, id));
}

/** Gives up on a mail at once (it cannot be sent as it is): FAILED with the reason. */
export async function giveUpMail(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      maxAttempts: sql`${mailOutbox.attempts} + 1`,
      lastError: reason,
    })
    .where(eq(mailOutbox.id, id));
}

export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED' | 'NOT_CONFIGURED';

/**
 * SENT: handed to the mail server; NOT_CONFIGURED: held, no mail server was configured; FAILED:
 * the outbox gave up (attempts used up, or it could not be sent); PENDING: otherwise.
 */
export function outboxStatusOf(
  row: Pick<MailOutboxRow, 'sentAt' | 'attempts' | 'maxAttempts' | 'heldAt'>,
): OutboxStatus {
  if (row.sentAt) return 'SENT';
  if (row.heldAt) return 'NOT_CONFIGURED';
  return row.attempts >= row.maxAttempts ? 'FAILED' : 'PENDING';
}

function statusCondition(status: OutboxStatus): SQL {
  const unsent = isNull(mailOutbox.sentAt);
  switch (status) {
    case 'SENT':
      return isNotNull(mailOutbox.sentAt);
    case 'NOT_CONFIGURED':
      return and(unsent, isNotNull(mailOutbox.heldAt))!;
    case 'FAILED':
      return and(
        unsent,
        isNull(mailOutbox.heldAt),
        gte(mailOutbox.attempts, mailOutbox.maxAttempts),
      )!;
    case 'PENDING':
      return and(
        unsent,
        isNull(mailOutbox.heldAt),
        lt(mailOutbox.attempts, mailOutbox.maxAttempts),
      )!;
  }
}

/** How many mails wait held because no mail server is configured (the dashboard's warning). */
export async function countHeldMails(db: Executor): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(statusCondition('NOT_CONFIGURED'));
  return Number(rows[0]?.n ?? 0);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface OutboxListFilter {
  status: OutboxStatus | null;
  /** Words, each found in the recipient's address or the subject. */
  words: string[];
}

/** A page of the outbox, newest first, and how many mails match. */
export async function listOutboxMails(
  db: Executor,
  filter: OutboxListFilter,
  first: number,
  offset: number,
): Promise<{ rows: MailOutboxRow[]; totalCount: number }> {
  const where: SQL[] = [];
  if (filter.status) where.push(statusCondition(filter.status));
  for (const word of filter.words) {
    const like = `%${escapeLike(word)}%`;
    where.push(or(ilike(mailOutbox.toAddress, like), ilike(mailOutbox.subject, like))!);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    first === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(mailOutbox)
          .where(condition)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(first)
          .offset(offset),
    db.select({ n: count() }).from(mailOutbox).where(condition),
  ]);
  return { rows, totalCount: Number(total[0]?.n ?? 0) };
}

export async function findOutboxMail(db: Executor, id: string): Promise<MailOutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
  return row ?? null;
}

/**
 * Queues the same message for a new attempt: unsent again, and `extraAttempts` more tries before
 * the outbox gives up (attempts keeps counting every try the message had).
 */
export async function requeueOutboxMail(
  db: Executor,
  id: string,
  extraAttempts: number,
): Promise<MailOutboxRow | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({
      sentAt: null,
      heldAt: null,
      maxAttempts: sql`greatest(${mailOutbox.maxAttempts}, ${mailOutbox.attempts} + ${extraAttempts}::int)`,
    })
    .where(eq(mailOutbox.id, id))
    .returning();
  return row ?? null;
}
