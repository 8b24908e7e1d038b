// The session object beyond the numbered behaviours: notifications, disposal, password reset,
// and the races a real browser produces.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from './errors';
import type { AuthSessionState } from './types';
import {
  HOUR,
  deferred,
  jsonResponse,
  makeJwt,
  setup,
  signIn,
  tokenExpiringIn,
  useFakeClock,
} from './test/helpers';

beforeEach(useFakeClock);
afterEach(() => {
  vi.useRealTimers();
});

describe('subscribe', () => {
  it('tells listeners about login, refresh and logout, with who is signed in', async () => {
    const access = makeJwt({
      sub: '42',
      name: 'Ana Souza',
      email: 'ana@loja.com.br',
      role: 'ADMIN',
    });
    const { env, auth } = setup({
      url: '/dashboard/login',
      fetchHandler: () => jsonResponse({ access, refresh: tokenExpiringIn(HOUR) }),
    });
    const states: AuthSessionState[] = [];
    const unsubscribe = auth.subscribe((state) => states.push(state));

    await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: true });
    expect(states).toEqual([
      {
        authenticated: true,
        user: { sub: '42', name: 'Ana Souza', email: 'ana@loja.com.br', role: 'ADMIN' },
      },
    ]);

    env.setFetchHandler(() => jsonResponse({ access: makeJwt({ sub: '42' }) }));
    await auth.refresh();
    expect(states).toHaveLength(2);
    expect(states[1]).toEqual({ authenticated: true, user: { sub: '42' } });

    auth.logout();
    expect(states[2]).toEqual({ authenticated: false, user: null });

    unsubscribe();
    env.setUrl('/dashboard');
    auth.logout();
    expect(states).toHaveLength(3);
  });

  it('stays silent when logout does nothing (outside the dashboard)', () => {
    const { env, auth } = setup({ url: '/' });
    signIn(env);
    const listener = vi.fn();
    auth.subscribe(listener);
    auth.logout();
    expect(listener).not.toHaveBeenCalled();
  });

  it('a throwing listener is logged and does not break the others or the login', async () => {
    const { env, auth } = setup({
      fetchHandler: () => jsonResponse({ access: makeJwt({}), refresh: makeJwt({}) }),
    });
    const second = vi.fn();
    auth.subscribe(() => {
      throw new Error('listener bug');
    });
    auth.subscribe(second);
    await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: false });
    expect(second).toHaveBeenCalledTimes(1);
    expect(env.logger.errors).toHaveLength(1);
  });
});

describe('getState and currentUser', () => {
  it('returns the same object until something changes, then a new one', () => {
    const { env, auth } = setup();
    const first = auth.getState();
    expect(auth.getState()).toBe(first);
    expect(first).toEqual({ authenticated: false, user: null });

    signIn(env, { access: makeJwt({ sub: '7' }), refresh: tokenExpiringIn(60_000) });
    const second = auth.getState();
    expect(second).not.toBe(first);
    expect(second).toEqual({ authenticated: true, user: { sub: '7' } });
    expect(auth.getState()).toBe(second);

    vi.setSystemTime(Date.now() + 60_000); // the refresh token expires with time alone
    expect(auth.getState()).toEqual({ authenticated: false, user: { sub: '7' } });
  });

  it('currentUser is null without an access token, or with one that has no sub', () => {
    const { env, auth } = setup();
    expect(auth.currentUser()).toBeNull();
    env.sessionStorage.setItem('_uat', 'not-a-jwt');
    expect(auth.currentUser()).toBeNull();
    env.sessionStorage.setItem('_uat', makeJwt({ name: 'Sem sub' }));
    expect(auth.currentUser()).toBeNull();
    env.sessionStorage.setItem('_uat', makeJwt({ sub: 9, role: 'SUPPORT', name: 5 }));
    expect(auth.currentUser()).toEqual({ sub: '9', role: 'SUPPORT' });
  });
});

describe('detached methods', () => {
  it('work without their object, as hooks and event handlers call them', async () => {
    const { env, auth } = setup({
      url: '/dashboard/login',
      fetchHandler: () => jsonResponse({ access: makeJwt({ sub: '3' }), refresh: makeJwt({}) }),
    });
    const { subscribe, getState, login, logout, isAuthenticated } = auth;
    const { subscribe: onLoading, getSnapshot } = auth.loading;
    const states: AuthSessionState[] = [];
    const loadingStates: boolean[] = [];
    subscribe((state) => states.push(state));
    onLoading((active) => loadingStates.push(active));

    await login({ email: 'ana@loja.com.br', password: 'x', remember: false });
    expect(isAuthenticated()).toBe(true);
    expect(getState()).toEqual({ authenticated: true, user: { sub: '3' } });
    expect(getSnapshot()).toBe(false);
    expect(loadingStates).toEqual([true, false]);
    logout();
    expect(states.map((state) => state.authenticated)).toEqual([true, false]);
    expect(env.navigations).toEqual(['/dashboard/login']);
  });
});

describe('dispose', () => {
  it('clears the refresh check timer and keeps it cleared', async () => {
    const { env, auth } = setup({ url: '/dashboard', fetchHandler: () => jsonResponse({}) });
    signIn(env, { access: tokenExpiringIn(1000) });
    auth.syncWithLocation();
    expect(vi.getTimerCount()).toBe(1);

    auth.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(env.activeTimers()).toBe(0);

    auth.syncWithLocation();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(env.requests).toEqual([]);
    expect(env.timersCreated()).toBe(1);
  });
});

describe('refresh check details', () => {
  it('on the login screen with nothing to refresh, the check does not navigate every minute', async () => {
    const { env, auth } = setup({ url: '/dashboard/login' });
    auth.syncWithLocation();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(env.requests).toEqual([]);
    expect(env.navigations).toEqual([]);
    auth.dispose();
  });

  it('on a dashboard page, an expired session found by the check logs out to the login screen', async () => {
    const { env, auth } = setup({ url: '/dashboard/pedidos' });
    signIn(env, { access: tokenExpiringIn(HOUR), refresh: tokenExpiringIn(30_000) });
    env.sessionStorage.removeItem('_uat');
    auth.syncWithLocation();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(env.requests).toEqual([]);
    expect(env.navigations).toEqual(['/dashboard/login']);
    auth.dispose();
  });

  it('stops itself when the host forgot to call syncWithLocation after leaving the dashboard', async () => {
    const { env, auth } = setup({ url: '/dashboard' });
    signIn(env, { access: tokenExpiringIn(1000) });
    auth.syncWithLocation();
    env.setUrl('/produtos');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(env.requests).toEqual([]);
    expect(env.activeTimers()).toBe(0);
  });

  it('a refresh answered after logout does not bring the session back', async () => {
    const answer = deferred<Response>();
    const { env, auth } = setup({ url: '/dashboard', fetchHandler: () => answer.promise });
    signIn(env);
    const pending = auth.refresh();
    auth.logout();
    answer.resolve(jsonResponse({ access: makeJwt({ sub: '1' }) }));
    expect(await pending).toBeNull();
    expect(env.sessionStorage.snapshot()).toEqual({});
  });

  it('a malformed stored refresh token is not a session: start logs out without a request', async () => {
    const { env, auth } = setup({ url: '/dashboard' });
    env.persistentStorage.setItem('_urt', 'garbage');
    await auth.start();
    expect(env.requests).toEqual([]);
    expect(env.persistentStorage.snapshot()).toEqual({});
    expect(env.navigations).toEqual(['/dashboard/login']);
  });

  it('a 200 refresh answer without an access token keeps the session and is logged', async () => {
    const { env, auth } = setup({ url: '/', fetchHandler: () => jsonResponse({ ok: true }) });
    const { access } = signIn(env);
    expect(await auth.refresh()).toBeNull();
    expect(env.sessionStorage.getItem('_uat')).toBe(access);
    expect(env.logger.errors[0]?.[1]).toMatchObject({ kind: 'server', status: 200 });
  });

  it('a rotated refresh token in the answer replaces the stored one where it lives', async () => {
    const rotated = tokenExpiringIn(48 * HOUR);
    const { env, auth } = setup({
      url: '/',
      fetchHandler: () => jsonResponse({ access: makeJwt({}), refresh: rotated }),
    });
    env.persistentStorage.setItem('_urt', tokenExpiringIn(HOUR));
    await auth.refresh();
    expect(env.persistentStorage.getItem('_urt')).toBe(rotated);
    expect(env.sessionStorage.getItem('_urt')).toBeNull();
  });
});

describe('password reset', () => {
  it('requestPasswordReset posts {email} to /auth/password/reset/', async () => {
    const { env, auth } = setup({
      apiHost: 'https://api.loja.com.br',
      url: '/dashboard/login',
      fetchHandler: () => jsonResponse({ detail: 'Se o e-mail existir, enviaremos um link.' }),
    });
    await expect(auth.requestPasswordReset('ana@loja.com.br')).resolves.toBeUndefined();
    expect(env.requests[0]).toMatchObject({
      url: 'https://api.loja.com.br/auth/password/reset/',
      method: 'POST',
      json: { email: 'ana@loja.com.br' },
    });
  });

  it.each([
    [429, { 'Retry-After': '120' }, { kind: 'rate_limited', retryAfterSeconds: 120 }],
    [400, {}, { kind: 'validation', fieldErrors: { email: ['E-mail inválido.'] } }],
    [500, {}, { kind: 'server', status: 500 }],
    [401, {}, { kind: 'server', status: 401 }],
  ] as const)('requestPasswordReset answered %i throws %o', async (status, headers, expected) => {
    const { auth } = setup({
      fetchHandler: () => jsonResponse({ email: ['E-mail inválido.'] }, status, headers),
    });
    await expect(auth.requestPasswordReset('x')).rejects.toMatchObject(expected);
  });

  it('requestPasswordReset without an answer throws network', async () => {
    const { auth } = setup({ fetchHandler: () => Promise.reject(new TypeError('offline')) });
    await expect(auth.requestPasswordReset('ana@loja.com.br')).rejects.toMatchObject({
      kind: 'network',
    });
  });

  it('confirmPasswordReset posts {token, password} to /auth/password/reset/confirm/', async () => {
    const { env, auth } = setup({
      fetchHandler: () => jsonResponse({ detail: 'Senha alterada.' }),
    });
    await auth.confirmPasswordReset({ token: 'abc123', password: 'Nova-senha-2025' });
    expect(env.requests[0]).toMatchObject({
      url: '/auth/password/reset/confirm/',
      method: 'POST',
      json: { token: 'abc123', password: 'Nova-senha-2025' },
    });
  });

  it('checkPasswordReset posts {token} to /auth/password/reset/check/ and resolves for a usable link', async () => {
    const { env, auth } = setup({ fetchHandler: () => jsonResponse({ valid: true }) });
    await expect(auth.checkPasswordReset('abc123')).resolves.toBeUndefined();
    expect(env.requests[0]).toMatchObject({
      url: '/auth/password/reset/check/',
      method: 'POST',
      json: { token: 'abc123' },
    });
  });

  it.each([
    [400, {}, { kind: 'validation', detail: 'Link inválido ou expirado.' }],
    [429, { 'Retry-After': '60' }, { kind: 'rate_limited', retryAfterSeconds: 60 }],
    [500, {}, { kind: 'server', status: 500 }],
  ] as const)('checkPasswordReset answered %i throws %o', async (status, headers, expected) => {
    const { auth } = setup({
      fetchHandler: () => jsonResponse({ detail: 'Link inválido ou expirado.' }, status, headers),
    });
    await expect(auth.checkPasswordReset('t')).rejects.toMatchObject(expected);
  });

  it('checkPasswordReset without an answer throws network', async () => {
    const { auth } = setup({ fetchHandler: () => Promise.reject(new TypeError('offline')) });
    await expect(auth.checkPasswordReset('t')).rejects.toMatchObject({ kind: 'network' });
  });

  it('confirmPasswordReset answered 400 throws validation with the field errors or the detail', async () => {
    const { env, auth } = setup({
      fetchHandler: () =>
        jsonResponse(
          { fieldErrors: { password: ['A senha é muito curta.', 'Use um número.'] } },
          400,
        ),
    });
    const weak = await auth
      .confirmPasswordReset({ token: 't', password: '1' })
      .catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(AuthError);
    expect(weak).toMatchObject({
      kind: 'validation',
      fieldErrors: { password: ['A senha é muito curta.', 'Use um número.'] },
    });

    env.setFetchHandler(() => jsonResponse({ detail: 'Link inválido ou expirado.' }, 400));
    const used = await auth
      .confirmPasswordReset({ token: 't', password: 'Boa-senha-2025' })
      .catch((e: unknown) => e);
    expect(used).toMatchObject({
      kind: 'validation',
      detail: 'Link inválido ou expirado.',
      message: 'Link inválido ou expirado.',
      fieldErrors: undefined,
    });
  });
});

describe('server-side logout (issue 11, item 6)', () => {
  it('after clearing the browser, sends the refresh token to /auth/logout/ to be revoked', async () => {
    const { env, auth } = setup({
      url: '/dashboard/pedidos',
      fetchHandler: () => jsonResponse({ detail: 'Sessão encerrada.' }),
    });
    const { refresh } = signIn(env);
    auth.logout();
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.navigations).toEqual(['/dashboard/login']);
    await vi.waitFor(() => expect(env.requests).toHaveLength(1));
    const [request] = env.requests;
    expect(new URL(request!.url, 'http://localhost').pathname).toBe('/auth/logout/');
    expect(request!.method).toBe('POST');
    expect(request!.json).toEqual({ refresh });
    // Like the other /auth/ calls: no bearer token.
    expect(request!.headers.get('Authorization')).toBeNull();
  });

  it('a server that cannot be reached changes nothing: the user is logged out all the same', async () => {
    const warn = vi.fn();
    const { env, auth } = setup({
      url: '/dashboard',
      logger: { error: vi.fn(), warn },
      fetchHandler: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    signIn(env);
    auth.logout();
    expect(auth.isAuthenticated()).toBe(false);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(env.navigations).toEqual(['/dashboard/login']);
  });

  it('a logout because the server refused the refresh token asks nothing more of it', async () => {
    const { env, auth } = setup({
      url: '/dashboard',
      fetchHandler: () => jsonResponse({ detail: 'Sessão expirada.' }, 401),
    });
    signIn(env);
    expect(await auth.refresh()).toBeNull();
    expect(env.navigations).toEqual(['/dashboard/login']);
    await Promise.resolve();
    expect(
      env.requests.map((request) => new URL(request.url, 'http://localhost').pathname),
    ).toEqual(['/auth/token/refresh/']);
  });

  it('outside the dashboard, logout sends nothing (it does nothing at all)', async () => {
    const { env, auth } = setup({ url: '/' });
    signIn(env);
    auth.logout();
    await Promise.resolve();
    expect(env.requests).toEqual([]);
  });
});
