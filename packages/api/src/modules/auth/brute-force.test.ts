// Brute-force protection of POST /auth/login/ (issue 3 §2), with a controllable clock.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestContext, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { DEVICE_COOKIE_PREFIX } from './device-cookie';
import { RedisRateLimitStore } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
const hasRedis = await redisReachable();
if (process.env.CI && !hasRedis) throw new Error(`CI without Redis at ${REDIS_URL}`);

const PASSWORD = 'a senha certa de verdade';
const WRONG = 'uma senha errada qualquer';
let ctx: TestContext;
let counter = 0;

async function newStaff() {
  counter += 1;
  const email = `forca${counter}@vitrine.test`;
  await createStaffUser(ctx.db, { email, password: PASSWORD, role: 'SUPPORT' });
  return email;
}

function login(
  email: string,
  password: string,
  ip = '203.0.113.50',
  headers: Record<string, string> = {},
  app = ctx.app,
) {
  return app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: ip,
    headers,
    payload: { email, password, remember: false },
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('login brute-force delay per account and IP', () => {
  it('makes the attempt right after a failure wait 1 s, with 429, Retry-After and a Portuguese message', async () => {
    const email = await newStaff();
    expect((await login(email, WRONG)).statusCode).toBe(401);
    const blocked = await login(email, WRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({ detail: 'Muitas tentativas. Tente novamente em 1 segundo.' });
  });

  it('does not even check the password inside the delay (the right one is refused too)', async () => {
    const email = await newStaff();
    await login(email, WRONG);
    const hashesBefore = ctx.app.passwords.hashCount;
    const blocked = await login(email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(ctx.app.passwords.hashCount).toBe(hashesBefore);
    ctx.clock.advance(1000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('doubles the delay after each failure: 2^(n-1) seconds after the n-th', async () => {
    const email = await newStaff();
    for (let n = 1; n <= 6; n += 1) {
      expect((await login(email, WRONG)).statusCode).toBe(401);
      const expected = 2 ** (n - 1);
      const blocked = await login(email, WRONG);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe(String(expected));
      expect(blocked.json().detail).toBe(
        `Muitas tentativas. Tente novamente em ${expected} ${expected === 1 ? 'segundo' : 'segundos'}.`,
      );
      ctx.clock.advance(expected * 1000 - 1);
      expect((await login(email, WRONG)).statusCode).toBe(429);
      ctx.clock.advance(1);
    }
  });

  it('caps the delay at one hour', async () => {
    const email = await newStaff();
    // After the 13th failure the delay would be 2^12 = 4096 s without the cap.
    for (let n = 1; n <= 13; n += 1) {
      expect((await login(email, WRONG)).statusCode).toBe(401);
      if (n < 13) ctx.clock.advance(2 ** (n - 1) * 1000);
    }
    const blocked = await login(email, WRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('3600');
    ctx.clock.advance(3600 * 1000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('evaluates at most one of twenty parallel wrong attempts', async () => {
    const email = await newStaff();
    const hashesBefore = ctx.app.passwords.hashCount;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => login(email, WRONG, '203.0.113.77')),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(1);
    expect(codes.filter((c) => c === 429)).toHaveLength(19);
    expect(ctx.app.passwords.hashCount - hashesBefore).toBe(1);
  });

  it('clears the delay after a successful login', async () => {
    const email = await newStaff();
    await login(email, WRONG);
    ctx.clock.advance(1000);
    await login(email, WRONG);
    ctx.clock.advance(2000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    // Back to a 1 s delay after the next failure, not 4 s.
    await login(email, WRONG);
    expect((await login(email, WRONG)).headers['retry-after']).toBe('1');
  });

  it('delays an unknown e-mail exactly like a known one (no enumeration)', async () => {
    expect((await login('nao-existe@vitrine.test', WRONG)).statusCode).toBe(401);
    const blocked = await login('nao-existe@vitrine.test', WRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
  });

  it('keeps other addresses free: the delay is per account and IP', async () => {
    const email = await newStaff();
    await login(email, WRONG, '198.51.100.10');
    expect((await login(email, WRONG, '198.51.100.10')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '198.51.100.11')).statusCode).toBe(200);
  });

  it('ignores a forged X-Forwarded-For when no proxy is trusted', async () => {
    const email = await newStaff();
    await login(email, WRONG, '198.51.100.20', { 'x-forwarded-for': '1.1.1.1' });
    const forged = await login(email, WRONG, '198.51.100.20', { 'x-forwarded-for': '2.2.2.2' });
    expect(forged.statusCode).toBe(429);
  });
});

describe('login brute-force budget per account from any address', () => {
  it('evaluates at most 20 failures per hour, then refuses every address until the hour passes', async () => {
    const email = await newStaff();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(email, WRONG, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    const hashesBefore = ctx.app.passwords.hashCount;
    const fromNewAddress = await login(email, PASSWORD, '192.0.2.200');
    expect(fromNewAddress.statusCode).toBe(429);
    expect(Number(fromNewAddress.headers['retry-after'])).toBeGreaterThan(3000);
    expect(ctx.app.passwords.hashCount).toBe(hashesBefore);
    // Never permanent: after the hour the right password works again.
    ctx.clock.advance(60 * 60 * 1000);
    expect((await login(email, PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });

  /**
   * One failure at 00:00 and nineteen at 59:59 from twenty addresses; at 60:01 a fixed window
   * would allow twenty more, the sliding hour allows exactly one (the 00:00 failure left it).
   */
  async function expectSlidingHour(app: typeof ctx.app, prefix: string) {
    const email = await newStaff();
    const start = ctx.clock.now();
    const at = (minutes: number, seconds: number) =>
      ctx.clock.set(start + (minutes * 60 + seconds) * 1000);
    let evaluated = 0;
    const attempt = async (ip: string) => {
      const { statusCode } = await login(email, WRONG, ip, {}, app);
      if (statusCode === 401) evaluated += 1;
      return statusCode;
    };
    expect(await attempt(`${prefix}.1`)).toBe(401);
    at(59, 59);
    for (let i = 2; i <= 20; i += 1) expect(await attempt(`${prefix}.${i}`)).toBe(401);
    expect(await attempt(`${prefix}.21`)).toBe(429);
    at(60, 1);
    for (let i = 22; i <= 41; i += 1) await attempt(`${prefix}.${i}`);
    expect(evaluated).toBe(21); // 20 in 00:00–59:59, then 1 in 00:01–60:01: never 21 in an hour
    at(119, 58);
    expect(await attempt(`${prefix}.42`)).toBe(429);
    at(119, 59);
    expect(await attempt(`${prefix}.43`)).toBe(401);
  }

  it('counts the hour as a sliding window: never more than 20 evaluated failures in any 60 minutes', async () => {
    await expectSlidingHour(ctx.app, '192.0.9');
  });

  it.runIf(hasRedis)('counts the same sliding hour in Redis', async () => {
    const store = new RedisRateLimitStore(
      REDIS_URL,
      `vitrine:test:${randomBytes(6).toString('hex')}:`,
    );
    const app = buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: false,
      mailRetryIntervalMs: 0,
      rateLimitStore: store,
    });
    try {
      await expectSlidingHour(app, '192.0.10');
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('does not count successful logins against the budget', async () => {
    const email = await newStaff();
    for (let i = 0; i < 25; i += 1) {
      expect((await login(email, PASSWORD, `192.0.2.${i + 1}`)).statusCode).toBe(200);
    }
  });

  it('still lets the owner reset the password while the account is throttled', async () => {
    const email = await newStaff();
    for (let i = 0; i < 20; i += 1) await login(email, WRONG, `192.0.3.${i + 1}`);
    expect((await login(email, PASSWORD, '192.0.3.100')).statusCode).toBe(429);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset/',
      remoteAddress: '192.0.3.100',
      payload: { email },
    });
    expect(reset.statusCode).toBe(200);
    await ctx.app.mail.flush();
    expect(ctx.mail.sent.some((m) => m.to === email)).toBe(true);
  });
});

/** The device cookie the login answer set (name=value), or null. */
function deviceCookieOf(response: Awaited<ReturnType<typeof login>>) {
  const cookie = response.cookies.find((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX));
  return cookie ? { name: cookie.name, value: cookie.value, cookie } : null;
}

function withCookie(device: { name: string; value: string }) {
  return { cookie: `${device.name}=${device.value}` };
}

/** Issue 11, item 5: guesses from many addresses must not lock the owner's own browser out. */
describe('device cookies: the owner is not locked out by the per-account limit', () => {
  /** An account whose owner signed in once from their browser, then attacked from 22 addresses. */
  async function attackedAccount(prefix: string) {
    const email = await newStaff();
    const first = await login(email, PASSWORD, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first)!;
    expect(device).not.toBeNull();
    for (let i = 1; i <= 22; i += 1) await login(email, WRONG, `${prefix}.${i}`);
    // The per-account limit holds for everyone without the cookie, right password included.
    const untrusted = await login(email, PASSWORD, '198.51.100.2');
    expect(untrusted.statusCode).toBe(429);
    return { email, device };
  }

  it('sets a signed, HttpOnly, SameSite=Strict cookie for the login path; the body stays {access, refresh}', async () => {
    const email = await newStaff();
    const response = await login(email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);
    const device = deviceCookieOf(response)!;
    expect(device.cookie).toMatchObject({
      path: '/auth/login/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 90 * 24 * 60 * 60,
    });
    // Names the account without the e-mail in clear.
    expect(`${device.name}=${device.value}`).not.toContain('forca');
    // Not Secure over plain HTTP in development; see the production case below.
    expect(device.cookie.secure).toBeUndefined();
  });

  it('lets the owner’s browser in with the right password after an attack from 22 addresses', async () => {
    const { email, device } = await attackedAccount('192.0.20');
    const owner = await login(email, PASSWORD, '198.51.100.3', withCookie(device));
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toHaveProperty('access');
    // A fresh cookie (a new nonce) for the next time.
    const renewed = deviceCookieOf(owner)!;
    expect(renewed.name).toBe(device.name);
    expect(renewed.value).not.toBe(device.value);
    // Without the cookie the account is still limited.
    expect((await login(email, PASSWORD, '198.51.100.3')).statusCode).toBe(429);
  });

  it('refuses a forged cookie: bad signature, another account’s cookie, or a made-up one', async () => {
    const { email, device } = await attackedAccount('192.0.21');
    const [nonce, expiry, signature] = device.value.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const badSignature = { name: device.name, value: `${nonce}.${expiry}.${flipped}` };
    expect(
      (await login(email, PASSWORD, '198.51.100.4', withCookie(badSignature))).statusCode,
    ).toBe(429);
    // A longer life written into a genuine cookie breaks its signature too.
    const extended = { name: device.name, value: `${nonce}.${Number(expiry) + 1}.${signature}` };
    expect((await login(email, PASSWORD, '198.51.100.4', withCookie(extended))).statusCode).toBe(
      429,
    );
    // The attacker's own account's genuine cookie, under either name, does not help.
    const attackerEmail = await newStaff();
    const theirs = deviceCookieOf(await login(attackerEmail, PASSWORD, '198.51.100.5'))!;
    expect((await login(email, PASSWORD, '198.51.100.4', withCookie(theirs))).statusCode).toBe(429);
    const renamed = { name: device.name, value: theirs.value };
    expect((await login(email, PASSWORD, '198.51.100.4', withCookie(renamed))).statusCode).toBe(
      429,
    );
    const madeUp = { name: device.name, value: 'a'.repeat(22) + '.9999999999.' + 'b'.repeat(43) };
    expect((await login(email, PASSWORD, '198.51.100.4', withCookie(madeUp))).statusCode).toBe(429);
    // The genuine cookie still works.
    expect((await login(email, PASSWORD, '198.51.100.4', withCookie(device))).statusCode).toBe(200);
  });

  it('stops trusting the cookie after its 90 days', async () => {
    const email = await newStaff();
    const device = deviceCookieOf(await login(email, PASSWORD, '198.51.100.6'))!;
    ctx.clock.advance(90 * 24 * 60 * 60 * 1000 - 1000);
    for (let i = 1; i <= 22; i += 1) await login(email, WRONG, `192.0.22.${i}`);
    expect((await login(email, PASSWORD, '198.51.100.6')).statusCode).toBe(429);
    // Still valid one second before the end (the answer's new cookie is not used here).
    expect((await login(email, PASSWORD, '198.51.100.6', withCookie(device))).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await login(email, PASSWORD, '198.51.100.6', withCookie(device))).statusCode).toBe(429);
  });

  it('locks only that device after wrong passwords with a valid cookie', async () => {
    const email = await newStaff();
    const laptop = deviceCookieOf(await login(email, PASSWORD, '198.51.100.7'))!;
    const phone = deviceCookieOf(await login(email, PASSWORD, '198.51.100.8'))!;
    // Five wrong passwords from the laptop (waiting out each delay): the laptop's hour is used up.
    for (let n = 1; n <= 5; n += 1) {
      expect((await login(email, WRONG, '198.51.100.7', withCookie(laptop))).statusCode).toBe(401);
      // One attempt at a time, with the same doubling delay as elsewhere.
      expect((await login(email, PASSWORD, '198.51.100.7', withCookie(laptop))).statusCode).toBe(
        429,
      );
      ctx.clock.advance(2 ** (n - 1) * 1000);
    }
    const hashesBefore = ctx.app.passwords.hashCount;
    const lockedLaptop = await login(email, PASSWORD, '198.51.100.7', withCookie(laptop));
    expect(lockedLaptop.statusCode).toBe(429);
    expect(Number(lockedLaptop.headers['retry-after'])).toBeGreaterThan(3000);
    expect(ctx.app.passwords.hashCount).toBe(hashesBefore);
    // The phone, and untrusted clients (the per-account budget was not touched), are not locked.
    expect((await login(email, PASSWORD, '198.51.100.7', withCookie(phone))).statusCode).toBe(200);
    expect((await login(email, PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    // Never permanent: after the hour the laptop gets in again.
    ctx.clock.advance(60 * 60 * 1000);
    expect((await login(email, PASSWORD, '198.51.100.7', withCookie(laptop))).statusCode).toBe(200);
  });

  it('evaluates at most one of twenty parallel attempts from one device', async () => {
    const email = await newStaff();
    const device = deviceCookieOf(await login(email, PASSWORD))!;
    const hashesBefore = ctx.app.passwords.hashCount;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(email, WRONG, `192.0.24.${i + 1}`, withCookie(device)),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(ctx.app.passwords.hashCount - hashesBefore).toBe(1);
  });

  it('does not issue a cookie on a failed login', async () => {
    const email = await newStaff();
    expect(deviceCookieOf(await login(email, WRONG))).toBeNull();
  });
});

describe('device cookie in production', () => {
  let production: TestContext;
  beforeAll(async () => {
    production = await createTestContext({ env: { NODE_ENV: 'production' } });
    await createStaffUser(production.db, {
      email: 'producao@vitrine.test',
      password: PASSWORD,
      role: 'ADMIN',
    });
  });
  afterAll(async () => {
    await production?.close();
  });

  it('is Secure', async () => {
    const response = await login(
      'producao@vitrine.test',
      PASSWORD,
      '203.0.113.9',
      {},
      production.app,
    );
    expect(response.statusCode).toBe(200);
    expect(deviceCookieOf(response)!.cookie).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
  });
});

describe('client address behind a trusted proxy', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestContext({ env: { TRUST_PROXY: '10.0.0.1' } });
    await createStaffUser(proxied.db, {
      email: 'proxy@vitrine.test',
      password: PASSWORD,
      role: 'ADMIN',
    });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('takes the client IP from X-Forwarded-For only when the request comes from TRUST_PROXY', async () => {
    const app = proxied.app;
    const email = 'proxy@vitrine.test';
    await login(email, WRONG, '10.0.0.1', { 'x-forwarded-for': '1.1.1.1' }, app);
    // Another real client behind the same proxy is not delayed.
    expect(
      (await login(email, PASSWORD, '10.0.0.1', { 'x-forwarded-for': '2.2.2.2' }, app)).statusCode,
    ).toBe(200);
    // The first client is.
    expect(
      (await login(email, WRONG, '10.0.0.1', { 'x-forwarded-for': '1.1.1.1' }, app)).statusCode,
    ).toBe(429);
    // A client talking to the server directly cannot pick its address with the header.
    await login(email, WRONG, '198.51.100.99', { 'x-forwarded-for': '3.3.3.3' }, app);
    expect(
      (await login(email, WRONG, '198.51.100.99', { 'x-forwarded-for': '4.4.4.4' }, app))
        .statusCode,
    ).toBe(429);
  });
});

describe.runIf(hasRedis)('limits shared by several instances through Redis', () => {
  it('makes a failure on one instance delay the next attempt on another', async () => {
    const prefix = `vitrine:test:${randomBytes(6).toString('hex')}:`;
    const stores = [
      new RedisRateLimitStore(REDIS_URL, prefix),
      new RedisRateLimitStore(REDIS_URL, prefix),
    ];
    const build = (store: RedisRateLimitStore) =>
      buildApp({
        config: ctx.config,
        db: ctx.db,
        clock: ctx.clock,
        logger: false,
        mailRetryIntervalMs: 0,
        rateLimitStore: store,
      });
    const first = build(stores[0]!);
    const second = build(stores[1]!);
    try {
      const email = await newStaff();
      expect((await login(email, WRONG, '203.0.113.200', {}, first)).statusCode).toBe(401);
      const elsewhere = await login(email, PASSWORD, '203.0.113.200', {}, second);
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.headers['retry-after']).toBe('1');
      ctx.clock.advance(1000);
      expect((await login(email, PASSWORD, '203.0.113.200', {}, second)).statusCode).toBe(200);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
