// Transactional outbox for e-mail: a mail is enqueued in the same transaction as the change that
// causes it, and delivered after commit; a failed delivery stays pending and is retried.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import {
  insertOutboxMail,
  listOutboxMails,
  lockPendingMails,
  markMailFailed,
  markMailSent,
  outboxStatusOf,
  type OutboxStatus,
} from './mail.repository';
import type { MailOutboxRow } from './mail.tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Human-readable kind, for the startup log ('smtp', 'log', ...). */
  readonly kind: string;
  send(mail: OutgoingMail & { from: string }): Promise<void>;
  close?(): void;
}

/** Adds a mail to the outbox inside the caller's transaction; nothing is sent before commit. */
export async function enqueueMail(tx: Executor, mail: OutgoingMail): Promise<string> {
  return insertOutboxMail(tx, mail);
}

/**
 * Tries before the outbox gives up on a mail (then it is FAILED on the outbox screen): the
 * default of mail_outbox.max_attempts (migration 0023). A resend by hand grants as many again.
 */
export const MAX_DELIVERY_ATTEMPTS = 5;
const BATCH_SIZE = 20;

export interface DeliveryOptions {
  from: string;
  log?: FastifyBaseLogger;
}

/**
 * Sends pending mails, oldest first. Rows are locked (SKIP LOCKED) so several instances never send
 * the same mail twice; a failed send records the error and is retried on a later run.
 * Returns how many mails were sent.
 */
export async function deliverPendingMails(
  db: Executor,
  transport: MailTransport,
  options: DeliveryOptions = { from: 'Vitrine <nao-responda@vitrine.local>' },
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batchSent = await db.transaction(async (tx) => {
      const pending = await lockPendingMails(tx, BATCH_SIZE);
      let count = 0;
      for (const row of pending) {
        try {
          await transport.send({
            from: options.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
          });
          await markMailSent(tx, row.id);
          count += 1;
        } catch (err) {
          options.log?.error({ err, mailId: row.id }, 'mail delivery failed');
          await markMailFailed(tx, row.id, err instanceof Error ? err.message : String(err));
        }
      }
      return { count, fetched: pending.length, failed: pending.length - count };
    });
    sent += batchSent.count;
    // Stop when the outbox is drained or a batch failed (do not spin on a broken transport).
    if (batchSent.fetched < BATCH_SIZE || batchSent.failed > 0) return sent;
  }
}

/** Real delivery through SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP: in development the mail goes to the log (and stays in the outbox table). In
 * production the body never does: it may hold a live credential (a password-reset link), and logs
 * are read by more people and kept longer than a mailbox. Only the fact that a mail to that
 * address could not be sent is logged.
 */
export function logTransport(
  log: FastifyBaseLogger,
  options: { production?: boolean } = {},
): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      if (options.production) {
        log.warn(
          { mail: { to: mail.to, subject: mail.subject } },
          'mail not sent: SMTP_URL is not configured (body withheld from the log)',
        );
        return;
      }
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'mail (no SMTP_URL: logged, not sent)',
      );
    },
  };
}

/** Keeps sent mails in memory; for tests and tools. */
export class CapturingTransport implements MailTransport {
  readonly kind = 'memory';
  readonly sent: Array<OutgoingMail & { from: string }> = [];
  async send(mail: OutgoingMail & { from: string }) {
    this.sent.push(mail);
  }
}

// ---- the outbox screen (ADMIN) ----------------------------------------------------------------

const OUTBOX_DEFAULT_PAGE = 25;
const OUTBOX_MAX_PAGE = 100;
const OUTBOX_MAX_OFFSET = 10_000;
const OUTBOX_STATUSES: readonly OutboxStatus[] = ['PENDING', 'SENT', 'FAILED'];

export interface MailOutboxArgs {
  filter?: { status?: string | null; search?: string | null } | null;
  first?: number | null;
  offset?: number | null;
}

/** A page of the outbox, newest first (the `mailOutbox` query; the caller checks the role). */
export async function mailOutboxPage(
  db: Executor,
  args: MailOutboxArgs,
): Promise<{ nodes: MailOutboxRow[]; totalCount: number }> {
  const first = args.first ?? OUTBOX_DEFAULT_PAGE;
  if (!Number.isInteger(first) || first < 0 || first > OUTBOX_MAX_PAGE) {
    throw badUserInput(`Peça de 0 a ${OUTBOX_MAX_PAGE} e-mails por vez.`, 'first');
  }
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > OUTBOX_MAX_OFFSET) {
    throw badUserInput('O deslocamento vai de 0 a 10.000.', 'offset');
  }
  const status = args.filter?.status ?? null;
  if (status !== null && !(OUTBOX_STATUSES as readonly string[]).includes(status)) {
    throw badUserInput('Situação inválida.', 'filter.status');
  }
  const search = (args.filter?.search ?? '').trim();
  if (search.length > 200) throw badUserInput('Busque com até 200 caracteres.', 'filter.search');
  const words = [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, 10);
  const page = await listOutboxMails(
    db,
    { status: status as OutboxStatus | null, words },
    first,
    offset,
  );
  return { nodes: page.rows, totalCount: page.totalCount };
}

/** GraphQL resolvers of MailMessage (a MailOutboxRow underneath). */
export const mailMessageResolvers = {
  to: (row: MailOutboxRow) => row.toAddress,
  status: (row: MailOutboxRow) => outboxStatusOf(row),
  createdAt: (row: MailOutboxRow) => row.createdAt.toISOString(),
  sentAt: (row: MailOutboxRow) => row.sentAt?.toISOString() ?? null,
};
