// Password reset: /auth/password/reset/ and /auth/password/reset/confirm/.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestContext, type TestContext } from '../../../test/helpers';
import { mailOutbox } from '../mail/mail.tables';
import { passwordResetTokens } from './auth.tables';
import { RESET_DONE, RESET_INVALID_TOKEN, RESET_REQUESTED } from './auth.routes';
import { AuthService, hashResetToken } from './auth.service';

const OLD_PASSWORD = 'a senha antiga de sempre';
const NEW_PASSWORD = 'Nova-senha-bem-forte-42';
let ctx: TestContext;
let counter = 0;
let ipCounter = 0;

async function newStaff(active = true) {
  counter += 1;
  const email = `recupera${counter}@vitrine.test`;
  const row = await createStaffUser(ctx.db, {
    email,
    password: OLD_PASSWORD,
    role: 'BRAND_MANAGER',
    name: `Recupera ${counter}`,
    active,
  });
  return { email, row };
}

/** A new client address per call unless given, so per-IP limits only bite where tested. */
function nextIp() {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function requestReset(email: string, options: { ip?: string; host?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/password/reset/',
    remoteAddress: options.ip ?? nextIp(),
    headers: options.host ? { host: options.host } : {},
    payload: { email },
  });
}

function confirm(token: unknown, password: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/password/reset/confirm/',
    payload: { token, password },
  });
}

function login(email: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
}

/** The token from the last reset mail sent to `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  await ctx.app.mail.flush();
  const mail = ctx.mail.sent
    .filter((m) => m.to === email && m.subject.includes('Redefinição'))
    .at(-1);
  if (!mail) throw new Error(`no reset mail for ${email}`);
  const match = /token=([A-Za-z0-9_-]+)/.exec(mail.text);
  return match![1]!;
}

async function mailsTo(email: string) {
  await ctx.app.mail.flush();
  return ctx.mail.sent.filter((m) => m.to === email);
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://loja.exemplo.com.br' } });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /auth/password/reset/', () => {
  it('answers 200 with the same body whether or not the e-mail has an account', async () => {
    const { email } = await newStaff();
    const known = await requestReset(email);
    const unknown = await requestReset('ninguem@vitrine.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: RESET_REQUESTED });
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo('ninguem@vitrine.test')).toHaveLength(0);
  });

  it('mails a link to the staff confirm screen (/senha/redefinir, outside the dashboard URL) built from PUBLIC_URL, not the Host header', async () => {
    const { email } = await newStaff();
    await requestReset(email, { host: 'evil.example' });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Redefinição de senha da sua conta em Vitrine');
    expect(mail!.text).toMatch(
      /https:\/\/loja\.exemplo\.com\.br\/senha\/redefinir\?token=[A-Za-z0-9_-]{43}\b/,
    );
    expect(mail!.html).toContain('https://loja.exemplo.com.br/senha/redefinir?token=');
    expect(mail!.text + mail!.html).not.toContain('evil.example');
    expect(mail!.text).toContain('30 minutos');
  });

  it('stores only the sha256 of the 32-byte token', async () => {
    const { email, row } = await newStaff();
    await requestReset(email);
    const token = await tokenMailedTo(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.staffId, row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('keeps the mail in the outbox table, marked as sent', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    await ctx.app.mail.flush();
    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it('sends at most one mail per account per 15 minutes, answering the same', async () => {
    const { email } = await newStaff();
    const first = await requestReset(email);
    // Each request's look-up and mail run after its answer: let the first finish before the clock
    // moves, or the second's work (14 minutes later) can take the account's lock first and be the
    // one that mails (seen on PostgreSQL under CI's load), moving the 15-minute window with it.
    expect(await mailsTo(email)).toHaveLength(1);
    ctx.clock.advance(14 * 60 * 1000);
    const second = await requestReset(email);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await mailsTo(email)).toHaveLength(1);
    ctx.clock.advance(60 * 1000 + 1);
    await requestReset(email);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('sends nothing for a deactivated account', async () => {
    const { email } = await newStaff(false);
    expect((await requestReset(email)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('limits requests per e-mail with 429 and Retry-After', async () => {
    const { email } = await newStaff();
    for (let i = 0; i < 5; i += 1) expect((await requestReset(email)).statusCode).toBe(200);
    const limited = await requestReset(email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(
      /^Muitas tentativas\. Tente novamente em \d+ segundos?\.$/,
    );
    ctx.clock.advance(60 * 60 * 1000);
    expect((await requestReset(email)).statusCode).toBe(200);
  });

  it('limits requests per IP whatever the e-mail', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 20; i += 1) {
      expect((await requestReset(`varios${i}@vitrine.test`, { ip })).statusCode).toBe(200);
    }
    expect((await requestReset('mais.um@vitrine.test', { ip })).statusCode).toBe(429);
    expect((await requestReset('mais.um@vitrine.test')).statusCode).toBe(200);
  });

  it('answers before looking the e-mail up, for a known and an unknown one alike', async () => {
    // Background work is held back: whatever the answer waits on, it is not the look-up, the
    // transaction or the mail.
    const held: Array<() => Promise<void>> = [];
    const app = ctx.app;
    const service = new AuthService({
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      tokens: app.tokens,
      passwords: app.passwords,
      rateLimits: app.rateLimits,
      mail: app.mail,
      log: app.log,
      runInBackground: (work) => held.push(work),
    });
    const { email, row } = await newStaff();
    const tokensOf = () =>
      ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.staffId, row.id));
    const outboxOf = () => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

    const known = await service.requestPasswordReset({ email, ip: nextIp() });
    const unknown = await service.requestPasswordReset({
      email: 'ninguem.mesmo@vitrine.test',
      ip: nextIp(),
    });
    expect(known).toEqual({ kind: 'ok' });
    expect(unknown).toEqual(known);
    // Both answered, and both left exactly one piece of work for later; nothing is written yet.
    expect(held).toHaveLength(2);
    expect(await tokensOf()).toHaveLength(0);
    expect(await outboxOf()).toHaveLength(0);

    await Promise.all(held.map((work) => work()));
    expect(await tokensOf()).toHaveLength(1);
    expect(await outboxOf()).toHaveLength(1);
  });

  it('answers 400 for a missing or malformed e-mail', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset/',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('obrigatório');
    expect((await requestReset('sem-arroba')).statusCode).toBe(400);
  });
});

describe('POST /auth/password/reset/confirm/', () => {
  it('sets the new password, logs nobody in, revokes sessions and mails a notification', async () => {
    const { email } = await newStaff();
    const session = (await login(email, OLD_PASSWORD)).json();
    await requestReset(email);
    const token = await tokenMailedTo(email);

    const response = await confirm(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: RESET_DONE });
    expect(response.body).not.toMatch(/access|refresh/);

    expect((await login(email, OLD_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refreshed.statusCode).toBe(401);

    const notice = (await mailsTo(email)).find(
      (m) => m.subject === 'Sua senha do painel de Vitrine foi alterada',
    );
    expect(notice?.text).toContain('https://loja.exemplo.com.br/dashboard/login');
  });

  it('accepts a token only once', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    const token = await tokenMailedTo(email);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await confirm(token, 'Outra-senha-forte-99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: RESET_INVALID_TOKEN });
  });

  it('lets exactly one of ten concurrent confirmations with the same token succeed', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    const token = await tokenMailedTo(email);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => confirm(token, `Senha-concorrente-${i}-xyz`)),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
    const winner = responses.findIndex((r) => r.statusCode === 200);
    expect((await login(email, `Senha-concorrente-${winner}-xyz`)).statusCode).toBe(200);
  });

  it('refuses a token after its 30 minutes', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    const token = await tokenMailedTo(email);
    ctx.clock.advance(30 * 60 * 1000 + 1000);
    const response = await confirm(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: RESET_INVALID_TOKEN });
  });

  it('invalidates an earlier token when a new one is issued', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    const first = await tokenMailedTo(email);
    ctx.clock.advance(16 * 60 * 1000);
    await requestReset(email);
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect((await confirm(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await confirm(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers field errors for a weak password and keeps the token usable', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    const token = await tokenMailedTo(email);
    const short = await confirm(token, 'curta');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ['A senha deve ter pelo menos 10 caracteres.'] });
    const local = email.split('@')[0]!;
    const withEmail = await confirm(token, `${local}-2024-xyz`);
    expect(withEmail.json().password).toEqual([
      'A senha não pode conter o seu e-mail (a parte antes do @).',
    ]);
    const common = await confirm(token, 'flamengo123');
    expect(common.json().password).toEqual([
      'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
    ]);
    const long = await confirm(token, 'x'.repeat(129));
    expect(long.json().password).toContain('A senha deve ter no máximo 128 caracteres.');
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a password of 100 emoji and lets it log in (lengths count code points everywhere)', async () => {
    const { email } = await newStaff();
    await requestReset(email);
    const token = await tokenMailedTo(email);
    const emoji = '🔑'.repeat(100); // 200 UTF-16 units, 100 characters
    expect((await confirm(token, emoji)).statusCode).toBe(200);
    expect((await login(email, emoji)).statusCode).toBe(200);
    const tooLong = await login(email, '🔑'.repeat(129));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toBe('A senha deve ter no máximo 128 caracteres.');
  });

  it('clears the login delays and the account failure budget of the account it resets', async () => {
    const { email } = await newStaff();
    const attempt = (password: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/login/',
        remoteAddress: ip,
        payload: { email, password },
      });
    // A delay on one address, then the whole hourly budget of the account spent from others.
    const delayed = '10.250.0.1';
    expect((await attempt('palpite errado 0', delayed)).statusCode).toBe(401);
    expect((await attempt(OLD_PASSWORD, delayed)).statusCode).toBe(429);
    for (let i = 1; i < 20; i += 1) {
      expect((await attempt(`palpite errado ${i}`, `10.250.1.${i}`)).statusCode).toBe(401);
    }
    expect((await attempt(OLD_PASSWORD, '10.250.2.1')).statusCode).toBe(429);

    await requestReset(email);
    expect((await confirm(await tokenMailedTo(email), NEW_PASSWORD)).statusCode).toBe(200);
    // Same instant: no delay has run out, yet both the address and the account are free again.
    expect((await attempt(NEW_PASSWORD, delayed)).statusCode).toBe(200);
    expect((await attempt(NEW_PASSWORD, '10.250.2.2')).statusCode).toBe(200);
    expect((await attempt('palpite errado 20', '10.250.2.3')).statusCode).toBe(401);
  });

  it('answers 400 with a detail for an unknown or malformed token', async () => {
    for (const token of ['x'.repeat(43), 'not-a-token', Buffer.alloc(32).toString('base64url')]) {
      const response = await confirm(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: RESET_INVALID_TOKEN });
    }
  });

  it('answers 400 for missing fields or wrong types', async () => {
    expect((await confirm(undefined, NEW_PASSWORD)).json().detail).toContain('"token"');
    expect((await confirm('abc', 12345678901)).json().detail).toContain('"password"');
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset/confirm/',
      headers: { 'content-type': 'application/json' },
      payload: '{token:',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().detail).toBe('O corpo da requisição não é um JSON válido.');
  });
});
