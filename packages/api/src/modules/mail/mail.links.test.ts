// The outbox never holds a working link (an ADMIN reading E-mails cannot take over a colleague's
// account), and every message shows what really happened to it (NOT_CONFIGURED without SMTP).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { MIGRATIONS_DIR, splitSqlStatements } from '../../db/migrate';
import { auditLog } from '../audit/audit.tables';
import {
  DEAD_LINK_REASON,
  logTransport,
  MASKED_TOKEN,
  NOT_CONFIGURED_REASON,
  ONE_TIME_TOKEN_MARK,
} from './mail.service';
import { mailOutbox } from './mail.tables';

const OUTBOX = `
  query Outbox($filter: MailFilter) {
    mailOutbox(filter: $filter, first: 100) {
      nodes { id to subject status lastError textBody oneTimeLink attempts }
    }
    mailDelivery { configured heldCount }
  }`;
const RESEND = `mutation Resend($id: ID!) { mailResend(id: $id) { id status } }`;
const INVITE = `
  mutation Invite($input: StaffInviteInput!) {
    staffInvite(input: $input) { id email }
  }`;

interface OutboxNode {
  id: string;
  to: string;
  subject: string;
  status: string;
  lastError: string | null;
  textBody: string;
  oneTimeLink: boolean;
  attempts: number;
}

/** Any 43-character base64url run: the shape of every token the server draws. */
const TOKEN_SHAPE = /[A-Za-z0-9_-]{43}/;

let ipCounter = 0;
function nextIp() {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function requestReset(ctx: TestContext, email: string, ip = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/password/reset/',
    remoteAddress: ip,
    headers: { 'user-agent': 'Navegador do Pedido/1.0' },
    payload: { email },
  });
}

function confirmReset(ctx: TestContext, token: string, password: string, ip = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/password/reset/confirm/',
    remoteAddress: ip,
    payload: { token, password },
  });
}

async function outbox(ctx: TestContext, admin: SignedInStaff, to?: string) {
  const answer = await graphql(
    ctx.app,
    OUTBOX,
    { filter: to ? { search: to } : null },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  const data = answer.body.data as {
    mailOutbox: { nodes: OutboxNode[] };
    mailDelivery: { configured: boolean; heldCount: number };
  };
  return data;
}

describe('one-time links in the outbox (SMTP configured)', () => {
  let ctx: TestContext;
  let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://loja.exemplo.com.br' } });
    staff = await signInStaffRoles(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('an ADMIN reading a colleague’s reset mail sees the link masked and cannot use it', async () => {
    expect((await requestReset(ctx, staff.manager.email)).statusCode).toBe(200);
    await ctx.app.mail.flush();

    // What the ADMIN sees on the E-mails screen.
    const { mailOutbox: page } = await outbox(ctx, staff.admin, staff.manager.email);
    const message = page.nodes.find((node) => node.subject.includes('Redefinição'))!;
    expect(message.status).toBe('SENT');
    expect(message.oneTimeLink).toBe(true);
    expect(message.textBody).toContain(`/senha/redefinir?token=${MASKED_TOKEN}`);
    expect(message.textBody).not.toMatch(TOKEN_SHAPE);

    // What the database keeps: the mark, never a token (a dump gives nobody a link).
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, message.id));
    for (const body of [row!.textBody, row!.htmlBody]) {
      expect(body).toContain(`token=${ONE_TIME_TOKEN_MARK}`);
      expect(body).not.toMatch(TOKEN_SHAPE);
    }

    // The masked link and the mark are not tokens.
    for (const guess of [MASKED_TOKEN, ONE_TIME_TOKEN_MARK]) {
      const answer = await confirmReset(ctx, guess, 'Uma-senha-nova-bem-forte-7');
      expect(answer.statusCode).toBe(400);
    }

    // The person it was for got a working link.
    const delivered = ctx.mail.sent.filter((m) => m.to === staff.manager.email).at(-1)!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(delivered.text)![1]!;
    expect(delivered.html).toContain(token);
    expect((await confirmReset(ctx, token, 'Uma-senha-nova-bem-forte-7')).statusCode).toBe(200);
  });

  it('the reset’s audit entries say who asked for it from where, not the account owner', async () => {
    const owner = await createStaffUser(ctx.db, {
      email: 'dona.da.conta@vitrine.test',
      password: 'a senha antiga de sempre',
      role: 'BRAND_MANAGER',
      name: 'Dona da Conta',
    });
    await requestReset(ctx, owner.email, '203.0.113.9');
    await ctx.app.mail.flush();
    const delivered = ctx.mail.sent.filter((m) => m.to === owner.email).at(-1)!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(delivered.text)![1]!;
    expect(
      (await confirmReset(ctx, token, 'Uma-senha-nova-bem-forte-8', '198.51.100.4')).statusCode,
    ).toBe(200);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, owner.id))
      .orderBy(desc(auditLog.at));
    const requested = entries.find((e) => e.action === 'auth.password_reset_requested')!;
    expect(requested.actorId, 'the visitor who asked, not the owner').toBeNull();
    expect(requested.ip).toBe('203.0.113.9');
    expect(requested.summary).toContain('203.0.113.9');
    const reset = entries.find((e) => e.action === 'auth.password_reset')!;
    expect(reset.actorId, 'whoever opened the link, not the owner').toBeNull();
    expect(reset.ip).toBe('198.51.100.4');
    expect(reset.summary).toContain('Dona da Conta');
    expect(reset.summary).toContain('de 203.0.113.9');
    expect(reset.after).toMatchObject({
      requestedIp: '203.0.113.9',
      requestedUserAgent: 'Navegador do Pedido/1.0',
    });
  });

  it('an invitation’s link is masked too; a resend draws a new link and the old one stops working', async () => {
    const invited = await graphql(
      ctx.app,
      INVITE,
      { input: { email: 'convidada@vitrine.test', name: 'Convidada', role: 'SUPPORT' } },
      staff.admin.token,
    );
    expect(invited.body.errors).toBeUndefined();
    await ctx.app.mail.flush();
    const { mailOutbox: page } = await outbox(ctx, staff.admin, 'convidada@vitrine.test');
    const message = page.nodes[0]!;
    expect(message.oneTimeLink).toBe(true);
    expect(message.textBody).toContain(`/convite?token=${MASKED_TOKEN}`);
    expect(message.textBody).not.toMatch(TOKEN_SHAPE);

    const tokenOf = () =>
      /token=([A-Za-z0-9_-]{43})/.exec(
        ctx.mail.sent.filter((m) => m.to === 'convidada@vitrine.test').at(-1)!.text,
      )![1]!;
    const first = tokenOf();
    const check = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/invitation/check/',
        remoteAddress: nextIp(),
        payload: { token },
      });
    const firstCheck = await check(first);
    expect(firstCheck.statusCode, firstCheck.body).toBe(200);

    const resent = await graphql(ctx.app, RESEND, { id: message.id }, staff.admin.token);
    expect(resent.body.errors).toBeUndefined();
    await ctx.app.mail.flush();
    const second = tokenOf();
    expect(second).not.toBe(first);
    expect((await check(first)).statusCode, 'the earlier link stopped working').not.toBe(200);
    expect((await check(second)).statusCode).toBe(200);
  });

  it('a link used meanwhile is not sent again: the resend ends FAILED, saying why', async () => {
    await requestReset(ctx, staff.support.email);
    await ctx.app.mail.flush();
    const delivered = ctx.mail.sent.filter((m) => m.to === staff.support.email).at(-1)!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(delivered.text)![1]!;
    expect((await confirmReset(ctx, token, 'Outra-senha-bem-forte-99')).statusCode).toBe(200);

    const { mailOutbox: page } = await outbox(ctx, staff.admin, staff.support.email);
    const message = page.nodes.find((node) => node.subject.includes('Redefinição'))!;
    const before = ctx.mail.sent.length;
    expect(
      (await graphql(ctx.app, RESEND, { id: message.id }, staff.admin.token)).body.errors,
    ).toBeUndefined();
    await ctx.app.mail.flush();
    const sentAfter = ctx.mail.sent.slice(before).filter((m) => m.to === staff.support.email);
    expect(sentAfter.filter((m) => m.subject.includes('Redefinição'))).toHaveLength(0);
    const after = (await outbox(ctx, staff.admin, staff.support.email)).mailOutbox.nodes.find(
      (node) => node.id === message.id,
    )!;
    expect(after.status).toBe('FAILED');
    expect(after.lastError).toBe(DEAD_LINK_REASON);
  });

  it('a message written before the change has its token masked and cannot be resent', async () => {
    const liveToken = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
    const [row] = await ctx.db
      .insert(mailOutbox)
      .values({
        toAddress: 'antiga@vitrine.test',
        subject: 'Redefinição de senha',
        textBody: `Abra https://loja.exemplo.com.br/senha/redefinir?token=${liveToken} em 30 minutos.`,
        htmlBody: `<a href="https://loja.exemplo.com.br/senha/redefinir?token=${liveToken}">abrir</a>`,
      })
      .returning();
    // The migration's scrub, run again over this row.
    const migration = await readFile(
      path.join(MIGRATIONS_DIR, '0026_mail_links_and_delivery_state.sql'),
      'utf8',
    );
    const scrub = splitSqlStatements(migration).find((statement) =>
      statement.trim().startsWith('UPDATE mail_outbox'),
    )!;
    await ctx.db.execute(sql.raw(scrub));
    const [scrubbed] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(scrubbed!.textBody).not.toContain(liveToken);
    expect(scrubbed!.htmlBody).not.toContain(liveToken);
    expect(scrubbed!.textBody).toContain(`token=${ONE_TIME_TOKEN_MARK}`);
    const node = (await outbox(ctx, staff.admin, 'antiga@vitrine.test')).mailOutbox.nodes[0]!;
    expect(node.status).toBe('FAILED');
    const resent = await graphql(ctx.app, RESEND, { id: row!.id }, staff.admin.token);
    expect(resent.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(resent.body.errors?.[0]?.message).toMatch(/link de uso único/);
  });
});

describe('without a mail server (no SMTP_URL)', () => {
  let ctx: TestContext;
  let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
  const lines: string[] = [];

  beforeAll(async () => {
    const log = Fastify({
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } },
    }).log;
    ctx = await createTestContext({
      env: { PUBLIC_URL: 'https://loja.exemplo.com.br' },
      mailTransport: logTransport(log, { production: true }),
    });
    staff = await signInStaffRoles(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('holds every mail as NOT_CONFIGURED (never "sent"), draws no link, and says so to the ADMIN', async () => {
    await requestReset(ctx, staff.manager.email);
    await ctx.app.mail.flush();
    const data = await outbox(ctx, staff.admin, staff.manager.email);
    const message = data.mailOutbox.nodes.find((node) => node.subject.includes('Redefinição'))!;
    expect(message.status).toBe('NOT_CONFIGURED');
    expect(message.lastError).toBe(NOT_CONFIGURED_REASON);
    expect(data.mailDelivery.configured).toBe(false);
    expect(data.mailDelivery.heldCount).toBeGreaterThanOrEqual(1);

    const held = await graphql(
      ctx.app,
      OUTBOX,
      { filter: { status: 'NOT_CONFIGURED' } },
      staff.admin.token,
    );
    const heldNodes = (held.body.data as { mailOutbox: { nodes: OutboxNode[] } }).mailOutbox.nodes;
    expect(heldNodes.map((node) => node.id)).toContain(message.id);
    expect(heldNodes.every((node) => node.status === 'NOT_CONFIGURED')).toBe(true);

    // Not retried on its own: a later run leaves it as it is.
    ctx.app.mail.kick();
    await ctx.app.mail.flush();
    const again = (await outbox(ctx, staff.admin, staff.manager.email)).mailOutbox.nodes.find(
      (node) => node.id === message.id,
    )!;
    expect(again.attempts).toBe(message.attempts);

    // The log says the mail was not sent, with the address masked and no link.
    const output = lines.join('\n');
    expect(output).toContain('SMTP_URL');
    expect(output).not.toContain(staff.manager.email);
    expect(output).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
  });

  it('a resend is refused while mail is not configured, with the reason', async () => {
    const { mailOutbox: page } = await outbox(ctx, staff.admin);
    const resent = await graphql(ctx.app, RESEND, { id: page.nodes[0]!.id }, staff.admin.token);
    expect(resent.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(resent.body.errors?.[0]?.message).toMatch(/não está configurado/);
  });

  it('mailDelivery is for ADMIN only', async () => {
    for (const member of [staff.manager, staff.support]) {
      const answer = await graphql(ctx.app, '{ mailDelivery { configured } }', {}, member.token);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
