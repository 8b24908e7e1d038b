// What one client's logins may cost (PGlite, and PostgreSQL with TEST_DATABASE_URL): password
// checks per client address across every account (random unknown e-mails included), and the
// bounded hashing queue, which answers 429 at once when full (driven by a hasher held open).
import { randomBytes, scrypt, type BinaryLike } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  TEST_SCRYPT,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import type { ScryptParams } from '../../config';
import { auditLog } from '../audit/audit.tables';
import { hashingBusyMessage, PasswordHasher } from '../staff/password';
import { clientOfAddress } from './login-throttle';
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
const NEW_PASSWORD = 'Outra-senha-bem-forte-42';
const PER_MINUTE = 5;
const PER_HOUR = 12;

function unknownEmail(): string {
  return `ninguem-${randomBytes(6).toString('hex')}@vitrine.test`;
}

function login(
  ctx: Pick<TestContext, 'app'>,
  email: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: ip,
    headers,
    payload: { email, password, remember: false },
  });
}

describe('password checks per client address, across accounts', () => {
  let ctx: TestContext;
  let hasher: PasswordHasher;
  let counter = 0;

  async function newStaff() {
    counter += 1;
    const email = `custo${counter}@vitrine.test`;
    await createStaffUser(ctx.db, { email, password: PASSWORD, role: 'SUPPORT' });
    return email;
  }

  beforeAll(async () => {
    // The app's hasher, observed: hashCount says how many scrypt computations ran.
    hasher = new PasswordHasher(TEST_SCRYPT);
    ctx = await createTestContext({
      env: {
        LOGIN_HASHES_PER_CLIENT_PER_MINUTE: String(PER_MINUTE),
        LOGIN_HASHES_PER_CLIENT_PER_HOUR: String(PER_HOUR),
      },
      passwords: hasher,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses the next login for a random unknown e-mail past the cap with 429 and no hash; another address still signs in', async () => {
    const attacker = '198.51.100.7';
    const email = await newStaff();
    for (let i = 0; i < PER_MINUTE; i += 1) {
      const before = hasher.hashCount;
      expect((await login(ctx, unknownEmail(), 'chute qualquer', attacker)).statusCode).toBe(401);
      expect(hasher.hashCount - before).toBe(1);
    }
    const before = hasher.hashCount;
    const refused = await login(ctx, unknownEmail(), 'chute qualquer', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      detail: 'Muitas tentativas. Tente novamente em 60 segundos.',
    });
    // Across accounts: a real account with its right password is refused from there too.
    expect((await login(ctx, email, PASSWORD, attacker)).statusCode).toBe(429);
    expect(hasher.hashCount).toBe(before);

    // Another address is untouched: the same account signs in.
    const elsewhere = await login(ctx, email, PASSWORD, '203.0.113.20');
    expect(elsewhere.statusCode).toBe(200);
    expect(Object.keys(elsewhere.json()).sort()).toEqual(['access', 'refresh']);
    expect(hasher.hashCount).toBe(before + 1);

    // One audit entry for the refused address, not one per refused e-mail.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login_throttled'), eq(auditLog.ip, attacker)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toContain('deste endereço');

    // A minute later the address gets its next checks.
    ctx.clock.advance(60_000);
    expect((await login(ctx, email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('also caps the hour: past it the address waits for its oldest check to leave the hour', async () => {
    const client = '198.51.100.8';
    let checks = 0;
    while (checks < PER_HOUR) {
      const now = Math.min(PER_MINUTE, PER_HOUR - checks);
      for (let i = 0; i < now; i += 1) {
        expect((await login(ctx, unknownEmail(), 'chute', client)).statusCode).toBe(401);
      }
      checks += now;
      ctx.clock.advance(60_000);
    }
    // 3 minutes have passed: the minute's window is empty, the hour's is full.
    const before = hasher.hashCount;
    const refused = await login(ctx, unknownEmail(), 'chute', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(3600 - 3 * 60));
    expect(hasher.hashCount).toBe(before);
    ctx.clock.advance((3600 - 3 * 60) * 1000);
    expect((await login(ctx, unknownEmail(), 'chute', client)).statusCode).toBe(401);
  });

  it('does not count attempts the account throttle refused before any check', async () => {
    const client = '198.51.100.9';
    const email = await newStaff();
    expect((await login(ctx, email, 'senha errada aqui', client)).statusCode).toBe(401);
    // Inside the account's 1-second delay: refused, and no unit of the address is spent.
    for (let i = 0; i < 3; i += 1) {
      expect((await login(ctx, email, PASSWORD, client)).statusCode).toBe(429);
    }
    for (let i = 1; i < PER_MINUTE; i += 1) {
      expect((await login(ctx, unknownEmail(), 'chute', client)).statusCode).toBe(401);
    }
    expect((await login(ctx, unknownEmail(), 'chute', client)).statusCode).toBe(429);
  });

  it('takes an IPv6 client by its /64', async () => {
    expect(clientOfAddress('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientOfAddress('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientOfAddress('::ffff:198.51.100.10')).toBe('198.51.100.10');
    expect(clientOfAddress('198.51.100.10')).toBe('198.51.100.10');
    for (let i = 0; i < PER_MINUTE; i += 1) {
      const ip = `2001:db8:1:2::${(i + 1).toString(16)}`;
      expect((await login(ctx, unknownEmail(), 'chute', ip)).statusCode).toBe(401);
    }
    expect((await login(ctx, unknownEmail(), 'chute', '2001:db8:1:2:aaaa::1')).statusCode).toBe(
      429,
    );
    expect((await login(ctx, unknownEmail(), 'chute', '2001:db8:1:3::1')).statusCode).toBe(401);
  });

  it("keeps the owner's browser (a valid device cookie) in while its address is capped", async () => {
    const shared = '198.51.100.11';
    const email = await newStaff();
    const first = await login(ctx, email, PASSWORD, shared);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies[0]!;
    for (let i = 1; i < PER_MINUTE; i += 1) {
      expect((await login(ctx, unknownEmail(), 'chute', shared)).statusCode).toBe(401);
    }
    expect((await login(ctx, unknownEmail(), 'chute', shared)).statusCode).toBe(429);
    expect((await login(ctx, email, PASSWORD, shared)).statusCode).toBe(429);
    const trusted = await login(ctx, email, PASSWORD, shared, {
      cookie: `${cookie.name}=${cookie.value}`,
    });
    expect(trusted.statusCode).toBe(200);
  });

  it.runIf(hasRedis)('shares the cap between instances through Redis', async () => {
    const prefix = `vitrine:test:${randomBytes(6).toString('hex')}:`;
    const stores = [
      new RedisRateLimitStore(REDIS_URL, prefix),
      new RedisRateLimitStore(REDIS_URL, prefix),
    ];
    const [first, second] = stores.map((store) =>
      buildApp({
        config: ctx.config,
        db: ctx.db,
        clock: ctx.clock,
        logger: false,
        mailRetryIntervalMs: 0,
        rateLimitStore: store,
        passwords: hasher,
      }),
    );
    try {
      const client = '198.51.100.12';
      for (let i = 0; i < PER_MINUTE; i += 1) {
        const app = i % 2 === 0 ? first! : second!;
        expect((await login({ app }, unknownEmail(), 'chute', client)).statusCode).toBe(401);
      }
      const before = hasher.hashCount;
      expect((await login({ app: first! }, unknownEmail(), 'chute', client)).statusCode).toBe(429);
      expect((await login({ app: second! }, unknownEmail(), 'chute', client)).statusCode).toBe(429);
      expect(hasher.hashCount).toBe(before);
    } finally {
      await Promise.all([first!.close(), second!.close()]);
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});

/** scrypt that the test can hold: while closed, every computation waits for `open()`. */
class HeldDerive {
  #closed = false;
  #held: Array<() => void> = [];
  close() {
    this.#closed = true;
  }
  open() {
    this.#closed = false;
    for (const release of this.#held.splice(0)) release();
  }
  derive = async (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> => {
    if (this.#closed) await new Promise<void>((resolve) => this.#held.push(resolve));
    return new Promise((resolve, reject) =>
      scrypt(
        password.normalize('NFKC') as BinaryLike,
        salt,
        32,
        { N: 2 ** params.logN, r: params.r, p: params.p },
        (err, key) => (err ? reject(err) : resolve(key)),
      ),
    );
  };
}

describe('the bounded hashing queue', () => {
  let ctx: TestContext;
  let hasher: PasswordHasher;
  const gate = new HeldDerive();
  const BUSY = { detail: hashingBusyMessage(1) };

  beforeAll(async () => {
    // One hash at a time, two waiting: the fourth is refused at once.
    hasher = new PasswordHasher(TEST_SCRYPT, {
      concurrency: 1,
      maxWaiting: 2,
      derive: gate.derive,
    });
    ctx = await createTestContext({
      env: { LOGIN_HASHES_IN_FLIGHT_PER_CLIENT: '1' },
      passwords: hasher,
    });
  });
  afterAll(async () => {
    gate.open();
    await ctx?.close();
  });

  /** Takes the one slot and fills the queue with unknown-e-mail logins, held; lets them go. */
  async function fillQueue() {
    gate.close();
    const held = Array.from({ length: 3 }, (_, i) =>
      login(ctx, unknownEmail(), 'chute', `198.51.100.${40 + i}`),
    );
    await vi.waitFor(() => {
      expect(hasher.running).toBe(1);
      expect(hasher.waiting).toBe(2);
    });
    return async () => {
      gate.open();
      for (const response of await Promise.all(held)) expect(response.statusCode).toBe(401);
    };
  }

  it('answers a login 429 at once when the queue is full, hashing nothing and counting nothing', async () => {
    const email = 'fila@vitrine.test';
    await createStaffUser(ctx.db, { email, password: PASSWORD, role: 'SUPPORT' });
    const release = await fillQueue();
    const before = hasher.hashCount;
    for (const [address, password] of [
      [unknownEmail(), 'chute'],
      [email, PASSWORD],
    ] as const) {
      const refused = await login(ctx, address, password, '203.0.113.60');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual(BUSY);
    }
    expect(hasher.hashCount).toBe(before);
    expect(hasher.waiting).toBe(2);
    await release();
    // The refused attempt left no delay on the account: it signs in at once, same address.
    expect((await login(ctx, email, PASSWORD, '203.0.113.60')).statusCode).toBe(200);
  });

  it("refuses a client's second login while its first is still checked, at once and without a hash", async () => {
    gate.close();
    const first = login(ctx, unknownEmail(), 'chute', '198.51.100.50');
    await vi.waitFor(() => expect(hasher.running).toBe(1));
    const before = hasher.hashCount;
    const second = await login(ctx, unknownEmail(), 'chute', '198.51.100.50');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.json()).toEqual({ detail: 'Muitas tentativas. Tente novamente em 1 segundo.' });
    expect(hasher.hashCount).toBe(before);
    // Another address is not held back by it: its login waits for the slot.
    const other = login(ctx, unknownEmail(), 'chute', '198.51.100.51');
    await vi.waitFor(() => expect(hasher.waiting).toBe(1));
    gate.open();
    expect((await first).statusCode).toBe(401);
    expect((await other).statusCode).toBe(401);
    // Its first login over, the client is checked again.
    expect((await login(ctx, unknownEmail(), 'chute', '198.51.100.50')).statusCode).toBe(401);
  });

  it('answers the reset confirm, the invitation accept and the password change 429 too, then lets them through', async () => {
    const admin = 'chefe@vitrine.test';
    await createStaffUser(ctx.db, { email: admin, password: PASSWORD, role: 'ADMIN' });
    const signedIn = await login(ctx, admin, PASSWORD, '203.0.113.61');
    const access = (signedIn.json() as { access: string }).access;

    // A reset link for the admin and an invitation for a newcomer, read from the mails.
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset/',
      payload: { email: admin },
      remoteAddress: '203.0.113.61',
    });
    const invited = await graphql(
      ctx.app,
      `
        mutation ($input: StaffInviteInput!) {
          staffInvite(input: $input) {
            id
          }
        }
      `,
      { input: { email: 'novata@vitrine.test', name: 'Novata', role: 'SUPPORT' } },
      access,
    );
    expect(invited.body.errors).toBeUndefined();
    await ctx.app.mail.flush();
    const linkOf = (to: string, pattern: RegExp) => {
      const mail = ctx.mail.sent.filter((m) => m.to === to && pattern.test(m.text)).at(-1);
      return pattern.exec(mail!.text)![1]!;
    };
    const resetToken = linkOf(admin, /redefinir\?token=([A-Za-z0-9_-]{43})/);
    const inviteToken = linkOf('novata@vitrine.test', /convite\?token=([A-Za-z0-9_-]{43})/);

    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/password/reset/confirm/',
        payload: { token: resetToken, password: NEW_PASSWORD },
        remoteAddress: '203.0.113.62',
      });
    const accept = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/invitation/accept/',
        payload: { token: inviteToken, password: NEW_PASSWORD },
        remoteAddress: '203.0.113.63',
      });
    const change = () =>
      graphql(
        ctx.app,
        `
          mutation ($current: String!, $next: String!) {
            myPasswordChange(currentPassword: $current, newPassword: $next) {
              access
            }
          }
        `,
        { current: PASSWORD, next: NEW_PASSWORD },
        access,
      );

    const release = await fillQueue();
    const before = hasher.hashCount;
    for (const refused of [await confirm(), await accept()]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual(BUSY);
    }
    const changeRefused = await change();
    expect(changeRefused.body.errors?.[0]).toMatchObject({
      message: hashingBusyMessage(1),
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1 },
    });
    expect(hasher.hashCount).toBe(before);
    await release();

    // Nothing was used up: the link, the invitation and the password change all work now.
    const changed = await change();
    expect(changed.body.errors).toBeUndefined();
    expect((await confirm()).statusCode).toBe(200);
    const accepted = await accept();
    expect(accepted.statusCode).toBe(200);
    expect(Object.keys(accepted.json()).sort()).toEqual(['access', 'refresh']);
  });
});
