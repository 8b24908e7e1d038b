// Server-side logout (issue 11, item 6): POST /auth/logout/ revokes the refresh token it receives,
// so a copy taken before logout no longer refreshes; other sessions of the account keep working.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  TestClock,
  type TestContext,
} from '../../../test/helpers';
import { INVALID_REFRESH, LOGGED_OUT } from './auth.routes';
import { REMEMBERED_REFRESH_TOKEN_TTL_SECONDS } from './tokens';

const PASSWORD = 'correct horse battery';
let ctx: TestContext;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock();
  ctx = await createTestContext({ clock });
  await createStaffUser(ctx.db, {
    email: 'saida@vitrine.test',
    password: PASSWORD,
    role: 'ADMIN',
    name: 'Saída',
  });
});
afterAll(async () => {
  await ctx?.close();
});

async function signIn(remember = true) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email: 'saida@vitrine.test', password: PASSWORD, remember },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { access: string; refresh: string };
}

function refresh(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/token/refresh/',
    payload: { refresh: token },
  });
}

function logout(payload: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/auth/logout/', payload: payload as object });
}

describe('POST /auth/logout/', () => {
  it('revokes the refresh token: a copy taken before logout no longer refreshes', async () => {
    const session = await signIn();
    const copied = session.refresh;
    expect((await refresh(copied)).statusCode).toBe(200);

    const out = await logout({ refresh: session.refresh });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: LOGGED_OUT });
    expect(out.headers['cache-control']).toBe('no-store');

    const after = await refresh(copied);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: INVALID_REFRESH });
    // Logging out twice is harmless.
    expect((await logout({ refresh: copied })).statusCode).toBe(200);
  });

  it('ends only that session: another sign-in of the account keeps refreshing', async () => {
    const phone = await signIn();
    const laptop = await signIn(false);
    await logout({ refresh: phone.refresh });
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await refresh(laptop.refresh)).statusCode).toBe(200);
  });

  it('answers the same for a token that is not valid, and 400 without one', async () => {
    expect((await logout({ refresh: 'a.b.c' })).json()).toEqual({ detail: LOGGED_OUT });
    const missing = await logout({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('refresh');
    expect((await logout({ refresh: 42 })).statusCode).toBe(400);
  });

  it('forgets revocations once the tokens would have expired anyway', async () => {
    const session = await signIn();
    await logout({ refresh: session.refresh });
    clock.advance((REMEMBERED_REFRESH_TOKEN_TTL_SECONDS + 60) * 1000);
    const later = await signIn();
    await logout({ refresh: later.refresh });
    const rows = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM revoked_refresh_tokens WHERE expires_at < ${new Date(clock.now()).toISOString()}`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
    // The expired token is refused for its expiry, as before.
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });
});
