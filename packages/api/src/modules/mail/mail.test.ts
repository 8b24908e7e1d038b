// The mail outbox: enqueue inside a transaction, deliver after commit, retry failures.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  CapturingTransport,
  deliverPendingMails,
  enqueueMail,
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
      link: 'https://loja.exemplo.com.br/senha/redefinir?token=abc&x="y"',
      validMinutes: 30,
    });
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain(escapeHtml('<script>alert(1)</script>'));
    expect(message.html).toContain('token=abc&amp;x=&quot;y&quot;');
    expect(message.text).toContain('Olá, <script>alert(1)</script>!');
  });
});
