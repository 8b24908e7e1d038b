// Staff authentication over HTTP, as DESIGN.md's contract and issue 3 §2 describe it.
import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  TEST_SCRYPT,
  type TestContext,
} from '../../../test/helpers';
import { staff } from '../staff/staff.tables';
import { findStaffByEmail } from '../staff/staff.repository';
import { INVALID_CREDENTIALS, INVALID_REFRESH } from './auth.routes';
import { decodeHash, PasswordHasher } from '../staff/password';

const PASSWORD = 'correct horse battery';
let ctx: TestContext;
let counter = 0;

/** A fresh staff member per test, so brute-force counters never leak between tests. */
async function newStaff(overrides: { active?: boolean; password?: string } = {}) {
  counter += 1;
  const email = `pessoa${counter}@vitrine.test`;
  const row = await createStaffUser(ctx.db, {
    email,
    password: overrides.password ?? PASSWORD,
    role: 'ADMIN',
    name: `Pessoa ${counter}`,
    active: overrides.active,
  });
  return { email, row };
}

function login(
  body: unknown,
  options: { ip?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: options.ip ?? '203.0.113.10',
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: options.raw ?? JSON.stringify(body),
  });
}

function refresh(token: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/token/refresh/',
    payload: { refresh: token },
  });
}

async function tokensFor(email: string, remember = false) {
  const response = await login({ email, password: PASSWORD, remember });
  expect(response.statusCode).toBe(200);
  return response.json() as { access: string; refresh: string };
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /auth/login/', () => {
  it('answers 200 with an access and a refresh token, both three-part JWTs', async () => {
    const { email } = await newStaff();
    const response = await login({ email, password: PASSWORD, remember: false });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh.split('.')).toHaveLength(3);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('puts sub, jti, iat, exp (seconds), typ and ver in the tokens, plus name and role in the access token', async () => {
    const { email, row } = await newStaff();
    const { access, refresh: refreshToken } = await tokensFor(email);
    const nowSeconds = Math.floor(ctx.clock.now() / 1000);
    const accessClaims = decodeJwt(access);
    expect(decodeProtectedHeader(access).alg).toBe('HS256');
    expect(accessClaims).toMatchObject({
      sub: row.id,
      typ: 'access',
      ver: 0,
      name: row.name,
      role: 'ADMIN',
      iat: nowSeconds,
      exp: nowSeconds + 5 * 60,
    });
    expect(typeof accessClaims.jti).toBe('string');
    const refreshClaims = decodeJwt(refreshToken);
    expect(refreshClaims).toMatchObject({ sub: row.id, typ: 'refresh', ver: 0 });
    expect(refreshClaims.exp! - refreshClaims.iat!).toBe(24 * 60 * 60);
    expect(refreshClaims.jti).not.toBe(accessClaims.jti);
  });

  it('makes the refresh token last 30 days when "remember" is set', async () => {
    const { email } = await newStaff();
    const { refresh: refreshToken } = await tokensFor(email, true);
    const claims = decodeJwt(refreshToken);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 60 * 60);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const { email } = await newStaff();
    const response = await login({ email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same 401 body for an unknown e-mail and for a wrong password', async () => {
    const { email } = await newStaff();
    const wrong = await login({ email, password: 'not the password' }, { ip: '198.51.100.1' });
    const unknown = await login(
      { email: 'ninguem@vitrine.test', password: 'not the password' },
      { ip: '198.51.100.1' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: INVALID_CREDENTIALS });
    expect(unknown.body).toBe(wrong.body);
    expect(INVALID_CREDENTIALS).toBe('E-mail ou senha incorretos.');
  });

  it('spends one scrypt hash on an unknown e-mail, exactly like on a wrong password (same timing)', async () => {
    const { email } = await newStaff();
    const before = ctx.app.passwords.hashCount;
    await login({ email, password: 'not the password' }, { ip: '198.51.100.2' });
    const afterWrong = ctx.app.passwords.hashCount;
    await login({ email: 'ninguem2@vitrine.test', password: 'x' }, { ip: '198.51.100.2' });
    const afterUnknown = ctx.app.passwords.hashCount;
    expect(afterWrong - before).toBe(1);
    expect(afterUnknown - afterWrong).toBe(1);
  });

  it('refuses a deactivated staff member even with the right password', async () => {
    const { email } = await newStaff({ active: false });
    const response = await login({ email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: INVALID_CREDENTIALS });
  });

  it('rehashes a password stored with weaker scrypt parameters on a successful login', async () => {
    counter += 1;
    const email = `antigo${counter}@vitrine.test`;
    const weak = new PasswordHasher({ ...TEST_SCRYPT, logN: TEST_SCRYPT.logN - 2 });
    await ctx.db.insert(staff).values({
      email,
      name: 'Antigo',
      role: 'SUPPORT',
      passwordHash: await weak.hash(PASSWORD),
    });
    expect((await login({ email, password: PASSWORD })).statusCode).toBe(200);
    const row = await findStaffByEmail(ctx.db, email);
    expect(decodeHash(row!.passwordHash)!.params).toEqual(TEST_SCRYPT);
    // The new hash still verifies the same password.
    ctx.clock.advance(1000);
    expect((await login({ email, password: PASSWORD })).statusCode).toBe(200);
  });

  describe('bad input gets 400 with a readable Portuguese detail, never a 500', () => {
    const cases: Array<
      [string, { body?: unknown; raw?: string; headers?: Record<string, string> }]
    > = [
      ['malformed JSON', { raw: '{"email": "a@b.c", ' }],
      ['an empty body', { raw: '' }],
      ['a JSON array', { body: [1, 2] }],
      ['a missing e-mail', { body: { password: 'x' } }],
      ['a missing password', { body: { email: 'a@vitrine.test' } }],
      ['a numeric password', { body: { email: 'a@vitrine.test', password: 123 } }],
      ['an e-mail object', { body: { email: { $ne: 1 }, password: 'x' } }],
      [
        'a non-boolean remember',
        { body: { email: 'a@vitrine.test', password: 'x', remember: 'sim' } },
      ],
      ['an e-mail without @', { body: { email: 'fulano', password: 'x' } }],
      [
        'a password over 128 characters',
        { body: { email: 'a@vitrine.test', password: 'x'.repeat(129) } },
      ],
      ['a text/plain body', { raw: 'email=a', headers: { 'content-type': 'text/plain' } }],
    ];
    for (const [name, input] of cases) {
      it(`answers 400 for ${name}`, async () => {
        const response = await login(input.body, {
          raw: input.raw ?? (input.body === undefined ? undefined : JSON.stringify(input.body)),
          headers: input.headers,
          ip: '192.0.2.77',
        });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(typeof body.detail).toBe('string');
        expect(body.detail).toMatch(/[a-zà-ú]/);
        expect(body.detail).not.toMatch(/Unexpected|JSON at position|undefined/);
      });
    }
  });
});

describe('POST /auth/token/refresh/', () => {
  it('answers 200 with a new access token that works as a Bearer token', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    ctx.clock.advance(60_000);
    const response = await refresh(tokens.refresh);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['access']);
    expect(decodeJwt(body.access).typ).toBe('access');
    const me = await graphql(ctx.app, '{ me { email } }', {}, body.access);
    expect(me.body.data?.me).toEqual({ email });
  });

  it('does not rotate the refresh token: the same one keeps working', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    expect((await refresh(tokens.refresh)).statusCode).toBe(200);
    expect((await refresh(tokens.refresh)).statusCode).toBe(200);
  });

  it('answers 401 for an access token sent to the refresh endpoint', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    const response = await refresh(tokens.access);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: INVALID_REFRESH });
  });

  it('answers 401 for an expired refresh token (1 day without "remember")', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('keeps a remembered refresh token valid after 2 days and refuses it after 30', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email, true);
    ctx.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await refresh(tokens.refresh)).statusCode).toBe(200);
    ctx.clock.advance(28 * 24 * 60 * 60 * 1000 + 1000);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('answers 401 for alg "none", another algorithm and a tampered payload', async () => {
    const { email, row } = await newStaff();
    const tokens = await tokensFor(email);
    const [header, payload, signature] = tokens.refresh.split('.') as [string, string, string];
    const claims = decodeJwt(tokens.refresh);

    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    const algNone = `${noneHeader}.${payload}.`;

    const secret = new TextEncoder().encode(ctx.config.jwtSecret!);
    const hs512 = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(secret);

    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, exp: claims.exp! + 365 * 24 * 3600 }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;

    const otherKey = createHmac('sha256', randomBytes(32))
      .update(`${header}.${payload}`)
      .digest('base64url');
    const wrongKey = `${header}.${payload}.${otherKey}`;

    for (const token of [algNone, hs512, tampered, wrongKey, 'abc', 'a.b.c', '']) {
      const response = await refresh(token);
      expect([400, 401]).toContain(response.statusCode);
      if (token !== '') expect(response.statusCode).toBe(401);
    }
    expect(row.id).toBe(claims.sub);
  });

  it('answers 401 once the staff member is deactivated', async () => {
    const { email, row } = await newStaff();
    const tokens = await tokensFor(email);
    await ctx.db.update(staff).set({ active: false }).where(eq(staff.id, row.id));
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('answers 401 after "sign out everywhere" revoked every refresh token', async () => {
    const { email } = await newStaff();
    const first = await tokensFor(email);
    const second = await tokensFor(email, true);
    const result = await graphql(ctx.app, 'mutation { signOutEverywhere }', {}, first.access);
    expect(result.body.data).toEqual({ signOutEverywhere: true });
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    // Logging in again works and issues tokens of the new version.
    const fresh = await tokensFor(email);
    expect(decodeJwt(fresh.refresh).ver).toBe(1);
    expect((await refresh(fresh.refresh)).statusCode).toBe(200);
  });

  it('answers 400 when the refresh field is missing or not a string', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('refresh');
    expect((await refresh(42)).statusCode).toBe(400);
  });
});

describe('Bearer access tokens', () => {
  async function meWith(token: string) {
    const { body } = await graphql(ctx.app, '{ me { id } }', {}, token);
    return body.errors?.[0]?.extensions?.code ?? 'OK';
  }

  it('refuses a refresh token used as Bearer with UNAUTHENTICATED', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    expect(await meWith(tokens.access)).toBe('OK');
    expect(await meWith(tokens.refresh)).toBe('UNAUTHENTICATED');
  });

  it('refuses an access token after its 5 minutes', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    ctx.clock.advance(5 * 60 * 1000 - 1000);
    expect(await meWith(tokens.access)).toBe('OK');
    ctx.clock.advance(2000);
    expect(await meWith(tokens.access)).toBe('UNAUTHENTICATED');
  });

  it('refuses alg "none" and a tampered payload', async () => {
    const { email } = await newStaff();
    const tokens = await tokensFor(email);
    const [, payload, signature] = tokens.access.split('.') as [string, string, string];
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await meWith(`${none}.${payload}.`)).toBe('UNAUTHENTICATED');
    const claims = decodeJwt(tokens.access);
    const admin = Buffer.from(
      JSON.stringify({ ...claims, sub: randomBytes(16).toString('hex') }),
    ).toString('base64url');
    const header = tokens.access.split('.')[0]!;
    expect(await meWith(`${header}.${admin}.${signature}`)).toBe('UNAUTHENTICATED');
  });

  it('refuses the token of a deactivated staff member at once', async () => {
    const { email, row } = await newStaff();
    const tokens = await tokensFor(email);
    await ctx.db.update(staff).set({ active: false }).where(eq(staff.id, row.id));
    expect(await meWith(tokens.access)).toBe('UNAUTHENTICATED');
  });

  it('refuses access tokens issued before the token version changed', async () => {
    const { email, row } = await newStaff();
    const tokens = await tokensFor(email);
    await ctx.db
      .update(staff)
      .set({ tokenVersion: sql`${staff.tokenVersion} + 1` })
      .where(eq(staff.id, row.id));
    expect(await meWith(tokens.access)).toBe('UNAUTHENTICATED');
  });

  it('leaves public fields working when a bad token is sent', async () => {
    const { body } = await graphql(ctx.app, '{ storeSettings { storeName } }', {}, 'garbage');
    expect(body.data).toEqual({ storeSettings: { storeName: 'Vitrine' } });
  });
});
