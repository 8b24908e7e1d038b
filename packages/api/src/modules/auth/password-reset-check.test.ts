// POST /auth/password/reset/check/ (issue 12, item 15): the reset page checks its link when it
// opens, without consuming it; unknown, used and expired tokens get the same 400 as confirm, and
// the checks are throttled per client address.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestContext, type TestContext } from '../../../test/helpers';
import { RESET_INVALID_TOKEN } from './auth.routes';
import { RESET_CHECKS_PER_IP_PER_HOUR } from './login-throttle';

const NEW_PASSWORD = 'Nova-senha-bem-forte-42';
let ctx: TestContext;
let counter = 0;
let ipCounter = 0;

function nextIp() {
  ipCounter += 1;
  return `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function newStaff(active = true) {
  counter += 1;
  const email = `confere${counter}@vitrine.test`;
  await createStaffUser(ctx.db, {
    email,
    password: 'a senha antiga de sempre',
    role: 'BRAND_MANAGER',
    name: `Confere ${counter}`,
    active,
  });
  return email;
}

function post(url: string, payload: unknown, ip = nextIp()) {
  return ctx.app.inject({ method: 'POST', url, remoteAddress: ip, payload: payload as object });
}

const check = (token: unknown, ip?: string) => post('/auth/password/reset/check/', { token }, ip);

async function tokenFor(email: string): Promise<string> {
  await post('/auth/password/reset/', { email });
  await ctx.app.mail.flush();
  const mail = ctx.mail.sent
    .filter((m) => m.to === email && m.subject.includes('Redefinição'))
    .at(-1);
  if (!mail) throw new Error(`no reset mail for ${email}`);
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /auth/password/reset/check/', () => {
  it('answers {valid: true} for a usable link and does not consume it', async () => {
    const email = await newStaff();
    const token = await tokenFor(email);
    for (let i = 0; i < 2; i += 1) {
      const response = await check(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: true });
    }
    const confirmed = await post('/auth/password/reset/confirm/', {
      token,
      password: NEW_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('answers the same 400 as confirm for an unknown, malformed, used or expired token', async () => {
    const used = await tokenFor(await newStaff());
    await post('/auth/password/reset/confirm/', { token: used, password: NEW_PASSWORD });
    const expired = await tokenFor(await newStaff());
    const unknown = 'A'.repeat(43);
    const bodies = [];
    for (const token of [unknown, 'curto', used]) {
      const response = await check(token);
      expect(response.statusCode).toBe(400);
      bodies.push(response.json());
    }
    ctx.clock.advance(30 * 60 * 1000 + 1000);
    const late = await check(expired);
    expect(late.statusCode).toBe(400);
    bodies.push(late.json());
    // Every refusal alike, and with confirm's words.
    const confirmAnswer = await post('/auth/password/reset/confirm/', {
      token: unknown,
      password: NEW_PASSWORD,
    });
    for (const body of bodies) expect(body).toEqual(confirmAnswer.json());
    expect(confirmAnswer.json()).toEqual({ detail: RESET_INVALID_TOKEN });
  });

  it('refuses a link of an account deactivated since it was mailed', async () => {
    const email = await newStaff();
    const token = await tokenFor(email);
    // Deactivated by an admin after the mail went out.
    await ctx.db.execute(sql`UPDATE staff SET active = false WHERE email = ${email}`);
    const response = await check(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: RESET_INVALID_TOKEN });
  });

  it('answers 400 with a field message when the token is missing', async () => {
    const response = await post('/auth/password/reset/check/', {});
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('token');
  });

  it('is throttled per client address: 429 with Retry-After beyond the hourly budget', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < RESET_CHECKS_PER_IP_PER_HOUR; i += 1) {
      expect((await check('B'.repeat(43), ip)).statusCode).toBe(400);
    }
    const refused = await check('B'.repeat(43), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/^Muitas tentativas\. Tente novamente em \d+/);
    // Another address is not affected.
    expect((await check('B'.repeat(43))).statusCode).toBe(400);
  });
});
