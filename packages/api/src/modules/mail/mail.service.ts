// Transactional outbox for e-mail: a mail is enqueued in the same transaction as the change that
// causes it, and delivered after commit; a failed delivery stays pending and is retried.
import { checkMailOutboxInput } from '@vitrine/rules';
import { maskEmail } from '../../lib/personal-data';
import type { FastifyBaseLogger } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import type { Executor } from '../../db';
import { loadNodemailer } from '../../lib/lazy-modules';
import { badUserInput } from '../../graphql/errors';
import {
  insertOutboxMail,
  listOutboxMails,
  giveUpMail,
  lockPendingMails,
  markMailFailed,
  markMailHeld,
  markMailSent,
  outboxStatusOf,
} from './mail.repository';
import type { MailLinkKind, MailOutboxRow } from './mail.tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Human-readable kind, for the startup log ('smtp', 'log', ...). */
  readonly kind: string;
  /**
   * false: a successful `send` does not put the mail in anybody's mailbox (no SMTP_URL: the mail
   * goes to the log at most). Such mails are held as NOT_CONFIGURED, never shown as sent.
   * Defaults to true.
   */
  readonly delivers?: boolean;
  /**
   * For a transport that does not deliver: whether `send` still gets the mail's one-time link
   * with a working token (the development log, where the developer follows it). Otherwise the
   * link is not drawn and the mail is held with its body as stored.
   */
  readonly revealsLinks?: boolean;
  send(mail: OutgoingMail & { from: string }): Promise<void>;
  close?(): void;
}

/**
 * Where a one-time link's token goes in a stored mail (text and HTML). The outbox never holds a
 * working link: the token is drawn when the mail is handed to the mail server (`LinkIssuer`), so
 * staff reading the outbox and anyone with a copy of the database see only this mark.
 */
export const ONE_TIME_TOKEN_MARK = '__vitrine_one_time_token__';

/** How the E-mails screen shows the mark: the link's token masked. */
export const MASKED_TOKEN = '••••••••';

/** The one-time link a mail carries: which kind, and the row whose token it is. */
export interface OneTimeLink {
  kind: MailLinkKind;
  ref: string;
}

/**
 * Draws a new token for the link's row and stores its hash there (replacing the earlier one, so
 * an earlier copy of the link stops working); null when the link no longer works (used, expired,
 * revoked): the mail is then not sent.
 */
export type LinkIssuer = (tx: Executor, ref: string, now: Date) => Promise<string | null>;
export type LinkIssuers = Readonly<Record<MailLinkKind, LinkIssuer>>;

/**
 * Adds a mail to the outbox inside the caller's transaction; nothing is sent before commit. A
 * mail with a one-time link has ONE_TIME_TOKEN_MARK where the token goes, and names the link.
 */
export async function enqueueMail(
  tx: Executor,
  mail: OutgoingMail,
  link?: OneTimeLink,
): Promise<string> {
  const marked = mail.text.includes(ONE_TIME_TOKEN_MARK) && mail.html.includes(ONE_TIME_TOKEN_MARK);
  if (
    link
      ? !marked
      : mail.text.includes(ONE_TIME_TOKEN_MARK) || mail.html.includes(ONE_TIME_TOKEN_MARK)
  ) {
    throw new Error(
      link
        ? 'a mail with a one-time link must carry ONE_TIME_TOKEN_MARK in its text and HTML'
        : 'ONE_TIME_TOKEN_MARK in a mail that names no one-time link',
    );
  }
  return insertOutboxMail(tx, { ...mail, link: link ?? null });
}

/**
 * Tries before the outbox gives up on a mail (then it is FAILED on the outbox screen): the
 * default of mail_outbox.max_attempts (migration 0023). A resend by hand grants as many again.
 */
export const MAX_DELIVERY_ATTEMPTS = 5;
const BATCH_SIZE = 20;

/** Why a mail was held: shown as the message's reason on the E-mails screen. */
export const NOT_CONFIGURED_REASON =
  'Não enviado: o envio de e-mails não está configurado (SMTP_URL).';
/** Why a mail with a one-time link was given up: the link stopped working before it was sent. */
export const DEAD_LINK_REASON =
  'Não enviado: o link deste e-mail já não vale (foi usado, expirou ou foi substituído por outro).';

export interface DeliveryOptions {
  from: string;
  log?: FastifyBaseLogger;
  /** Draws the tokens of one-time links (plugins/mail-links.ts); without it such mails fail. */
  links?: LinkIssuers;
  now?: () => Date;
}

type Delivery =
  | { kind: 'send'; mail: OutgoingMail }
  | { kind: 'dead-link' }
  | { kind: 'hold'; mail: OutgoingMail };

/** The mail as it goes out: with its one-time link's token drawn now (when it will be read). */
async function prepareDelivery(
  tx: Executor,
  row: MailOutboxRow,
  transport: MailTransport,
  options: DeliveryOptions,
): Promise<Delivery> {
  const stored = {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
  };
  const delivers = transport.delivers ?? true;
  if (!row.linkKind || !row.linkRef) {
    // A link masked by migration 0026 cannot be sent again.
    if (row.textBody.includes(ONE_TIME_TOKEN_MARK)) return { kind: 'dead-link' };
    return delivers ? { kind: 'send', mail: stored } : { kind: 'hold', mail: stored };
  }
  if (!delivers && !transport.revealsLinks) {
    return { kind: 'hold', mail: withToken(stored, MASKED_TOKEN) };
  }
  const issue = options.links?.[row.linkKind];
  const token = issue ? await issue(tx, row.linkRef, options.now?.() ?? new Date()) : null;
  if (!token) return { kind: 'dead-link' };
  const mail = withToken(stored, encodeURIComponent(token));
  return delivers ? { kind: 'send', mail } : { kind: 'hold', mail };
}

function withToken(mail: OutgoingMail, token: string): OutgoingMail {
  return {
    ...mail,
    text: mail.text.replaceAll(ONE_TIME_TOKEN_MARK, token),
    html: mail.html.replaceAll(ONE_TIME_TOKEN_MARK, token),
  };
}

/** The address without MAIL_FROM: the store's mails come from no-reply at the store's name. */
export const DEFAULT_MAIL_ADDRESS = 'nao-responda@vitrine.local';

/**
 * The From header: MAIL_FROM when set; otherwise the store's name (as renamed in Settings) at
 * DEFAULT_MAIL_ADDRESS, quoted, without the characters a display name cannot hold.
 */
export function mailSender(configured: string | null, storeName: string): string {
  if (configured) return configured;
  // eslint-disable-next-line no-control-regex
  const name = storeName.replace(/["\\\u0000-\u001f\u007f]/g, '').trim() || 'Loja';
  return `"${name}" <${DEFAULT_MAIL_ADDRESS}>`;
}

/**
 * Sends pending mails, oldest first. Rows are locked (SKIP LOCKED) so several instances never send
 * the same mail twice; a failed send records the error and is retried on a later run. Without a
 * configured mail server (a transport that does not deliver) each mail is held as NOT_CONFIGURED.
 * Returns how many mails were sent.
 */
export async function deliverPendingMails(
  db: Executor,
  transport: MailTransport,
  options: DeliveryOptions = { from: mailSender(null, 'Vitrine') },
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batchSent = await db.transaction(async (tx) => {
      const pending = await lockPendingMails(tx, BATCH_SIZE);
      let count = 0;
      let failed = 0;
      for (const row of pending) {
        try {
          const delivery = await prepareDelivery(tx, row, transport, options);
          if (delivery.kind === 'dead-link') {
            await giveUpMail(tx, row.id, DEAD_LINK_REASON);
            continue;
          }
          await transport.send({ from: options.from, ...delivery.mail });
          if (delivery.kind === 'hold') {
            await markMailHeld(tx, row.id, NOT_CONFIGURED_REASON);
            continue;
          }
          await markMailSent(tx, row.id);
          count += 1;
        } catch (err) {
          failed += 1;
          options.log?.error(
            { err, mailId: row.id, to: maskEmail(row.toAddress) },
            'mail delivery failed',
          );
          await markMailFailed(tx, row.id, err instanceof Error ? err.message : String(err));
        }
      }
      return { count, fetched: pending.length, failed };
    });
    sent += batchSent.count;
    // Stop when the outbox is drained or a batch failed (do not spin on a broken transport).
    if (batchSent.fetched < BATCH_SIZE || batchSent.failed > 0) return sent;
  }
}

/** Real delivery through SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(smtpUrl: string): MailTransport {
  // Made once nodemailer is loaded (lib/lazy-modules.ts: at the first mail, not at start).
  let transporter: Promise<Nodemailer.Transporter> | null = null;
  const open = () =>
    (transporter ??= loadNodemailer()
      .then((nodemailer) => nodemailer.createTransport(smtpUrl))
      .catch((error: unknown) => {
        transporter = null; // the next mail tries again
        throw error;
      }));
  return {
    kind: 'smtp',
    async send(mail) {
      await (await open()).sendMail(mail);
    },
    close() {
      void transporter?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}

/**
 * Without SMTP nothing is delivered: every mail is held as NOT_CONFIGURED (the E-mails screen says
 * so and staff send them again once SMTP_URL is set). In development the mail also goes to the log,
 * one-time link included, so a developer can follow it. In production the body never does: it may
 * hold a live credential, and logs are read by more people and kept longer than a mailbox; only
 * the fact that a mail to a (masked) address was not sent is logged.
 */
export function logTransport(
  log: FastifyBaseLogger,
  options: { production?: boolean } = {},
): MailTransport {
  return {
    kind: 'log',
    delivers: false,
    revealsLinks: !options.production,
    async send(mail) {
      if (options.production) {
        log.warn(
          { mail: { to: maskEmail(mail.to), subject: mail.subject } },
          'mail not sent: SMTP_URL is not configured (body withheld from the log)',
        );
        return;
      }
      log.info(
        { mail: { to: maskEmail(mail.to), subject: mail.subject, text: mail.text } },
        'mail (no SMTP_URL: logged, not sent)',
      );
    },
  };
}

/** Keeps sent mails in memory; for tests and tools. */
export class CapturingTransport implements MailTransport {
  readonly kind = 'memory';
  readonly delivers = true;
  readonly sent: Array<OutgoingMail & { from: string }> = [];
  async send(mail: OutgoingMail & { from: string }) {
    this.sent.push(mail);
  }
}

// ---- the outbox screen (ADMIN) ----------------------------------------------------------------

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
  // The page, then the filter (@vitrine/rules checkMailOutboxInput).
  const checked = checkMailOutboxInput(args);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const { first, offset, status, words } = checked.value;
  const page = await listOutboxMails(db, { status, words }, first, offset);
  return { nodes: page.rows, totalCount: page.totalCount };
}

/** GraphQL resolvers of MailMessage (a MailOutboxRow underneath). */
export const mailMessageResolvers = {
  to: (row: MailOutboxRow) => row.toAddress,
  status: (row: MailOutboxRow) => outboxStatusOf(row),
  createdAt: (row: MailOutboxRow) => row.createdAt.toISOString(),
  sentAt: (row: MailOutboxRow) => row.sentAt?.toISOString() ?? null,
  /** The body as stored: a one-time link's token is never in it, only its mark, shown masked. */
  textBody: (row: MailOutboxRow) => row.textBody.replaceAll(ONE_TIME_TOKEN_MARK, MASKED_TOKEN),
  oneTimeLink: (row: MailOutboxRow) => row.textBody.includes(ONE_TIME_TOKEN_MARK),
};
