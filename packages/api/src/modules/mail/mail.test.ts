// The mail outbox: enqueue inside a transaction, deliver after commit, retry failures.
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailPlugin } from '../../plugins/mail';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  CapturingTransport,
  deliverPendingMails,
  enqueueMail,
  logTransport,
  mailSender,
  MAX_DELIVERY_ATTEMPTS,
  type MailTransport,
} from './mail.service';
import { mailOutbox } from './mail.tables';
import { escapeHtml, passwordResetMail } from './mail.templates';

let ctx: TestContext;
let counter = 0;

function mail(to = `cliente${(counter += 1)}@exemplo.com.br`) {
  return { to, subject: 'Assunto', text: 'Olá', html: '<p>Olá</p>' };
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function drainOutbox() {
  await deliverPendingMails(ctx.db, new CapturingTransport());
}

describe('mail outbox', () => {
  it('sends nothing when the enqueuing transaction rolls back', async () => {
    await drainOutbox();
    const message = mail();
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, message);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const transport = new CapturingTransport();
    expect(await deliverPendingMails(ctx.db, transport)).toBe(0);
    expect(transport.sent).toHaveLength(0);
  });

  it('delivers committed mails once, with the configured sender, and marks them sent', async () => {
    await drainOutbox();
    const message = mail();
    await ctx.db.transaction((tx) => enqueueMail(tx, message));
    const transport = new CapturingTransport();
    expect(
      await deliverPendingMails(ctx.db, transport, { from: 'Loja <loja@exemplo.com.br>' }),
    ).toBe(1);
    expect(transport.sent).toEqual([{ ...message, from: 'Loja <loja@exemplo.com.br>' }]);
    expect(await deliverPendingMails(ctx.db, transport)).toBe(0);
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, message.to));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });

  it('keeps a failed mail pending with the error, retries it, and gives up after 5 attempts', async () => {
    await drainOutbox();
    const message = mail();
    await enqueueMail(ctx.db, message);
    const failing: MailTransport = {
      kind: 'failing',
      send: () => Promise.reject(new Error('SMTP 421 tente mais tarde')),
    };
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS + 2; attempt += 1) {
      expect(await deliverPendingMails(ctx.db, failing)).toBe(0);
    }
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, message.to));
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(MAX_DELIVERY_ATTEMPTS);
    expect(row!.lastError).toBe('SMTP 421 tente mais tarde');
    // Given up: a working transport does not pick it up any more.
    const transport = new CapturingTransport();
    await deliverPendingMails(ctx.db, transport);
    expect(transport.sent.some((m) => m.to === message.to)).toBe(false);
  });

  it('delivers more than one batch in a run', async () => {
    await drainOutbox();
    for (let i = 0; i < 45; i += 1) await enqueueMail(ctx.db, mail());
    const transport = new CapturingTransport();
    expect(await deliverPendingMails(ctx.db, transport)).toBe(45);
    const pending = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL AND attempts < ${MAX_DELIVERY_ATTEMPTS}`,
    );
    expect(Number(pending.rows[0]!.n)).toBe(0);
  });

  it('is delivered by app.mail.kick() after commit', async () => {
    const message = mail();
    await enqueueMail(ctx.db, message);
    ctx.app.mail.kick();
    await ctx.app.mail.flush();
    expect(ctx.mail.sent.some((m) => m.to === message.to)).toBe(true);
  });
});

describe('mail templates', () => {
  it('escapes names and links in the HTML part', () => {
    const message = passwordResetMail({
      to: 'a@b.c',
      name: '<script>alert(1)</script>',
      storeName: 'Casa & <Cia>',
      link: 'https://loja.exemplo.com.br/senha/redefinir?token=abc&x="y"',
      validMinutes: 30,
    });
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain(escapeHtml('<script>alert(1)</script>'));
    expect(message.html).toContain('token=abc&amp;x=&quot;y&quot;');
    expect(message.text).toContain('Olá, <script>alert(1)</script>!');
    // The store's name is the mail's, escaped too.
    expect(message.subject).toBe('Redefinição de senha da sua conta em Casa & <Cia>');
    expect(message.html).toContain('Casa &amp; &lt;Cia&gt;');
    expect(message.html).not.toContain('<Cia>');
    expect(`${message.subject}${message.text}${message.html}`).not.toContain('Vitrine');
  });
});

describe('mailSender', () => {
  it("uses MAIL_FROM when set, otherwise the store's current name at the no-reply address", () => {
    expect(mailSender('Loja <loja@x.com>', 'Casa Jabuticaba')).toBe('Loja <loja@x.com>');
    expect(mailSender(null, 'Casa Jabuticaba')).toBe(
      '"Casa Jabuticaba" <nao-responda@vitrine.local>',
    );
    // Quotes, backslashes and line breaks cannot break the header.
    expect(mailSender(null, 'A "B"\\\r\nBcc: x@y.z')).toBe(
      '"A BBcc: x@y.z" <nao-responda@vitrine.local>',
    );
    expect(mailSender(null, '  ')).toBe('"Loja" <nao-responda@vitrine.local>');
  });
});

describe('log transport (no SMTP_URL)', () => {
  const token = 'tok3nTOK3Ntok3nTOK3Ntok3nTOK3Ntok3nTOK3Nabc';
  const resetMail = () =>
    passwordResetMail({
      to: 'dona@loja.com.br',
      name: 'Dona',
      storeName: 'Vitrine',
      link: `https://loja.exemplo.com.br/senha/redefinir?token=${token}`,
      validMinutes: 30,
    });
  function capturingLog() {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const log = Fastify({ logger: { level: 'info', stream } }).log;
    return { log, lines, stream };
  }

  it('in production logs that the mail was not sent, never its body (a live reset link)', async () => {
    const { log, lines } = capturingLog();
    await logTransport(log, { production: true }).send({ ...resetMail(), from: 'loja@x.com' });
    const output = lines.join('\n');
    expect(output).not.toContain(token);
    expect(output).not.toContain('redefinir');
    expect(output).toContain('SMTP_URL');
    expect(output, 'the recipient is masked (LGPD)').toContain('d***@***.com.br');
    expect(output).not.toContain('dona@loja.com.br');
  });

  it('in production the app picks the withholding transport when SMTP_URL is missing', async () => {
    const { lines, stream } = capturingLog();
    const app = Fastify({ logger: { level: 'info', stream } });
    app.decorate('config', { smtpUrl: null, isProduction: true, mailFrom: 'loja@x.com' } as never);
    app.decorate('db', ctx.db);
    await app.register(fp(async () => undefined, { name: 'vitrine-db' }));
    await app.register(mailPlugin, { retryIntervalMs: 0 });
    await app.ready();
    await app.mail.transport.send({ ...resetMail(), from: 'loja@x.com' });
    await app.close();
    expect(lines.join('\n')).not.toContain(token);
  });

  it('in development still logs the mail, so the link can be followed locally', async () => {
    const { log, lines } = capturingLog();
    await logTransport(log).send({ ...resetMail(), from: 'loja@x.com' });
    expect(lines.join('\n')).toContain(token);
  });
});
