// Two-factor sign-in (issue 15): login's optional otp and the typed TwoFactorRequiredError; and
// adoptSession, which takes over a token pair answered by another call (password change,
// invitation acceptance) exactly as a login stores it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from './errors';
import { TwoFactorRequiredError, isTwoFactorRequiredError } from './twoFactorError';
import type { AuthSessionState } from './types';
import {
  HOUR,
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

const access = () => tokenExpiringIn(5 * 60_000, { sub: '42', name: 'Duda', role: 'ADMIN' });
const refresh = () => tokenExpiringIn(24 * HOUR, { sub: '42' });

describe('login with two-factor', () => {
  it('sends otp only when given, so accounts without two-factor post exactly as before', async () => {
    const tokens = { access: access(), refresh: refresh() };
    const { env, auth } = setup({ fetchHandler: () => jsonResponse(tokens) });
    await auth.login({ email: 'ana@loja.test', password: 'x', remember: false, otp: '' });
    await auth.login({ email: 'dupla@loja.test', password: 'x', remember: false, otp: '123456' });
    expect(env.requests.map((request) => request.json)).toEqual([
      { email: 'ana@loja.test', password: 'x', remember: false },
      { email: 'dupla@loja.test', password: 'x', remember: false, otp: '123456' },
    ]);
  });

  it("a 401 {two_factor: 'required'} throws TwoFactorRequiredError with the server's detail and stores nothing", async () => {
    const { env, auth } = setup({
      fetchHandler: () =>
        jsonResponse({ detail: 'Informe o código do aplicativo.', two_factor: 'required' }, 401),
    });
    const error = await auth
      .login({ email: 'dupla@loja.test', password: 'x', remember: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TwoFactorRequiredError);
    expect(error).toBeInstanceOf(AuthError);
    expect(isTwoFactorRequiredError(error)).toBe(true);
    expect(error).toMatchObject({
      twoFactor: 'required',
      kind: 'invalid_credentials',
      status: 401,
      detail: 'Informe o código do aplicativo.',
      message: 'Informe o código do aplicativo.',
    });
    expect(env.sessionStorage.size + env.persistentStorage.size).toBe(0);
    expect(auth.isAuthenticated()).toBe(false);
  });

  it("a 401 {two_factor: 'invalid'} says the code was wrong; without a detail the message is Portuguese", async () => {
    const { auth } = setup({ fetchHandler: () => jsonResponse({ two_factor: 'invalid' }, 401) });
    const error = await auth
      .login({ email: 'dupla@loja.test', password: 'x', remember: false, otp: '000000' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ twoFactor: 'invalid', kind: 'invalid_credentials' });
    expect((error as Error).message).toBe('Código de verificação inválido. Tente novamente.');
  });

  it('a plain 401 or an unknown two_factor value stays a plain invalid_credentials AuthError', async () => {
    const { env, auth } = setup({
      fetchHandler: () => jsonResponse({ detail: 'E-mail ou senha inválidos.' }, 401),
    });
    const plain = await auth
      .login({ email: 'ana@loja.test', password: 'x', remember: false })
      .catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(AuthError);
    expect(isTwoFactorRequiredError(plain)).toBe(false);
    env.setFetchHandler(() => jsonResponse({ detail: 'Não.', two_factor: 'maybe' }, 401));
    const odd = await auth
      .login({ email: 'ana@loja.test', password: 'x', remember: false })
      .catch((e: unknown) => e);
    expect(isTwoFactorRequiredError(odd)).toBe(false);
    expect(odd).toMatchObject({ kind: 'invalid_credentials', detail: 'Não.' });
  });

  it('a 429 on the code step is still rate_limited', async () => {
    const { auth } = setup({
      fetchHandler: () =>
        jsonResponse({ detail: 'Muitas tentativas.', two_factor: 'invalid' }, 429, {
          'Retry-After': '60',
        }),
    });
    const error = await auth
      .login({ email: 'dupla@loja.test', password: 'x', remember: false, otp: '111111' })
      .catch((e: unknown) => e);
    expect(isTwoFactorRequiredError(error)).toBe(false);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 60 });
  });

  it("the right code signs in with SPEC's keys (_uat in session, _urt where remember says)", async () => {
    const tokens = { access: access(), refresh: refresh() };
    const { env, auth } = setup({ fetchHandler: () => jsonResponse(tokens) });
    await auth.login({
      email: 'dupla@loja.test',
      password: 'x',
      remember: true,
      otp: 'abcde-fghij',
    });
    expect(env.sessionStorage.snapshot()).toEqual({ _uat: tokens.access });
    expect(env.persistentStorage.snapshot()).toEqual({ _urt: tokens.refresh });
  });
});

describe('adoptSession', () => {
  it('stores a pair like a login without remember when there is no session, and notifies', () => {
    const { env, auth } = setup({ url: '/convite' });
    env.persistentStorage.setItem('_urt', ''); // an empty leftover is not a session
    const states: AuthSessionState[] = [];
    auth.subscribe((state) => states.push(state));
    const tokens = { access: access(), refresh: refresh() };

    auth.adoptSession(tokens);

    expect(env.sessionStorage.snapshot()).toEqual({ _uat: tokens.access, _urt: tokens.refresh });
    expect(env.persistentStorage.snapshot()).toEqual({});
    expect(states).toEqual([
      { authenticated: true, user: { sub: '42', name: 'Duda', role: 'ADMIN' } },
    ]);
    expect(env.requests).toHaveLength(0);
  });

  it('keeps a remembered session remembered: the new refresh token replaces the persistent one', () => {
    const { env, auth } = setup({ url: '/dashboard/minha-conta' });
    env.sessionStorage.setItem('_uat', access());
    env.persistentStorage.setItem('_urt', 'old-refresh');
    const tokens = { access: access(), refresh: refresh() };

    auth.adoptSession(tokens);

    expect(env.sessionStorage.snapshot()).toEqual({ _uat: tokens.access });
    expect(env.persistentStorage.snapshot()).toEqual({ _urt: tokens.refresh });
  });

  it('keeps a session-only session in session storage', () => {
    const { env, auth } = setup({ url: '/dashboard/minha-conta' });
    signIn(env);
    const tokens = { access: access(), refresh: refresh() };
    auth.adoptSession(tokens);
    expect(env.sessionStorage.snapshot()).toEqual({ _uat: tokens.access, _urt: tokens.refresh });
    expect(env.persistentStorage.snapshot()).toEqual({});
  });

  it('an explicit remember wins, removing the other copy as login does', () => {
    const { env, auth } = setup();
    signIn(env);
    const tokens = { access: access(), refresh: refresh() };
    auth.adoptSession(tokens, { remember: true });
    expect(env.sessionStorage.snapshot()).toEqual({ _uat: tokens.access });
    expect(env.persistentStorage.snapshot()).toEqual({ _urt: tokens.refresh });
    auth.adoptSession(tokens, { remember: false });
    expect(env.sessionStorage.snapshot()).toEqual({ _uat: tokens.access, _urt: tokens.refresh });
    expect(env.persistentStorage.snapshot()).toEqual({});
  });

  it('throws AuthError server and changes nothing when a token is missing', () => {
    const { env, auth } = setup();
    const old = signIn(env);
    const listener = vi.fn();
    auth.subscribe(listener);
    expect(() => auth.adoptSession({ access: '', refresh: refresh() })).toThrow(AuthError);
    expect(() =>
      auth.adoptSession({ access: access() } as unknown as { access: string; refresh: string }),
    ).toThrow(expect.objectContaining({ kind: 'server' }) as Error);
    expect(env.sessionStorage.snapshot()).toEqual({ _uat: old.access, _urt: old.refresh });
    expect(listener).not.toHaveBeenCalled();
  });

  it('a refresh in flight when the pair is adopted cannot overwrite it', async () => {
    let answer!: (response: Response) => void;
    const { env, auth } = setup({
      url: '/dashboard',
      fetchHandler: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    signIn(env);
    const pending = auth.refresh();
    await vi.waitFor(() => expect(env.requests).toHaveLength(1));
    const tokens = { access: access(), refresh: refresh() };
    auth.adoptSession(tokens);
    answer(jsonResponse({ access: makeJwt({ sub: 'stale' }) }));
    await pending;
    expect(env.sessionStorage.getItem('_uat')).toBe(tokens.access);
  });

  it('works detached, as a screen passes it around', () => {
    const { env, auth } = setup();
    const { adoptSession } = auth;
    const tokens = { access: access(), refresh: refresh() };
    adoptSession(tokens);
    expect(auth.isAuthenticated()).toBe(true);
    expect(env.sessionStorage.getItem('_uat')).toBe(tokens.access);
  });
});
