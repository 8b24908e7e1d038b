// One test (or more) per SPEC behaviour, each named with the behaviour's number.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuth } from './createAuth';
import { AuthError } from './errors';
import { decodeJwtPayload, getTokenExpiryMs, isTokenExpired } from './jwt';
import { TokenStore } from './tokenStore';
import { createMemoryStorage, createTestEnvironment } from './testing';
import {
  HOUR,
  NOW,
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

const API = 'https://api.loja.com.br';

describe('SPEC behaviours of @vitrine/auth', () => {
  describe('1. reading tokens', () => {
    it('1. rejects a token without exactly three parts with "Invalid JWT token format"', () => {
      for (const token of ['', 'abc', 'a.b', 'a.b.c.d', `${makeJwt({ exp: 1 })}.extra`]) {
        expect(() => decodeJwtPayload(token)).toThrow(new Error('Invalid JWT token format'));
      }
      expect(decodeJwtPayload(makeJwt({ sub: '7', exp: 1 }))).toEqual({ sub: '7', exp: 1 });
    });

    it('1. getTokenExpiryMs and isTokenExpired raise "Invalid JWT token format" for a token without exactly three parts', () => {
      for (const token of ['', 'abc', 'a.b', 'a.b.c.d', `${makeJwt({ exp: 1 })}.extra`]) {
        expect(() => getTokenExpiryMs(token)).toThrow(new Error('Invalid JWT token format'));
        expect(() => isTokenExpired(token, NOW)).toThrow(new Error('Invalid JWT token format'));
        expect(() => isTokenExpired(token, NOW, 60_000)).toThrow(
          new Error('Invalid JWT token format'),
        );
      }
    });

    it('1. a malformed stored refresh token is simply not a valid one (no error reaches the session)', async () => {
      const { env, auth } = setup({ url: '/dashboard' });
      env.persistentStorage.setItem('_urt', 'not-a-jwt');
      expect(auth.isAuthenticated()).toBe(false);
      await expect(auth.start()).resolves.toBeUndefined();
      expect(env.requests).toEqual([]);
      expect(env.navigations).toEqual(['/dashboard/login']);
      expect(env.logger.errors).toEqual([]);
    });

    it('1. reads exp as seconds', () => {
      const token = makeJwt({ exp: 1_741_608_000 });
      expect(getTokenExpiryMs(token)).toBe(1_741_608_000_000);
      expect(isTokenExpired(token, 1_741_607_999_999)).toBe(false);
      expect(isTokenExpired(token, 1_741_608_000_000)).toBe(true);
    });

    it('1. never considers a token expired when its expiry cannot be read', () => {
      const farFuture = NOW + 1000 * 365 * 24 * HOUR;
      const unreadable = [
        makeJwt({ sub: '1' }), // no exp
        makeJwt({ exp: 'tomorrow' }), // non-numeric
        makeJwt({ exp: null }),
        'header.%%%not-base64%%%.signature', // undecodable payload
        `header.${btoa('not json')}.signature`, // payload is not JSON
      ];
      for (const token of unreadable) {
        expect(getTokenExpiryMs(token)).toBeNull();
        expect(isTokenExpired(token, farFuture)).toBe(false);
        expect(isTokenExpired(token, farFuture, 60_000)).toBe(false);
      }
    });
  });

  describe('2. session state', () => {
    it('2. a refresh token is valid when it exists and has not expired', () => {
      const session = createMemoryStorage();
      const persistent = createMemoryStorage();
      const store = new TokenStore({ sessionStorage: session, persistentStorage: persistent });
      expect(store.hasValidRefreshToken(NOW)).toBe(false); // missing

      persistent.setItem('_urt', tokenExpiringIn(HOUR));
      expect(store.hasValidRefreshToken(NOW)).toBe(true);
      expect(store.hasValidRefreshToken(NOW + HOUR)).toBe(false); // expired

      persistent.setItem('_urt', makeJwt({ sub: '1' })); // no readable expiry: never expires
      expect(store.hasValidRefreshToken(NOW + 1000 * HOUR)).toBe(true);

      persistent.removeItem('_urt');
      session.setItem('_urt', tokenExpiringIn(-1000));
      expect(store.hasValidRefreshToken(NOW)).toBe(false);
    });

    it('2. the user is authenticated exactly when a valid refresh token exists', async () => {
      const { env, auth } = setup();
      expect(auth.isAuthenticated()).toBe(false);

      env.sessionStorage.setItem('_uat', tokenExpiringIn(HOUR)); // an access token alone is not a session
      expect(auth.isAuthenticated()).toBe(false);

      env.sessionStorage.setItem('_urt', tokenExpiringIn(2 * 60_000));
      expect(auth.isAuthenticated()).toBe(true);

      vi.setSystemTime(NOW + 2 * 60_000);
      expect(auth.isAuthenticated()).toBe(false);
    });
  });

  describe('3. login', () => {
    const access = makeJwt({ sub: '42', exp: NOW / 1000 + 300 });
    const refresh = makeJwt({ sub: '42', exp: NOW / 1000 + 86_400 });

    it('3. posts {email, password, remember} as JSON to {host}/auth/login/', async () => {
      const { env, auth } = setup({
        apiHost: API,
        url: '/dashboard/login',
        fetchHandler: () => jsonResponse({ access, refresh }),
      });
      await auth.login({ email: 'ana@loja.com.br', password: 's3nha-forte', remember: false });

      expect(env.requests).toHaveLength(1);
      const [request] = env.requests;
      expect(request?.url).toBe(`${API}/auth/login/`);
      expect(request?.method).toBe('POST');
      expect(request?.headers.get('Content-Type')).toBe('application/json');
      expect(request?.json).toEqual({
        email: 'ana@loja.com.br',
        password: 's3nha-forte',
        remember: false,
      });
    });

    it('3. with remember, keeps access in session _uat and refresh in persistent _urt, removing the session copy', async () => {
      const { env, auth } = setup({ fetchHandler: () => jsonResponse({ access, refresh }) });
      env.sessionStorage.setItem('_urt', 'old-session-refresh');

      await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: true });

      expect(env.sessionStorage.snapshot()).toEqual({ _uat: access });
      expect(env.persistentStorage.snapshot()).toEqual({ _urt: refresh });
      expect(auth.isAuthenticated()).toBe(true);
    });

    it('3. without remember, keeps both tokens in session storage, removing the persistent copy', async () => {
      const { env, auth } = setup({ fetchHandler: () => jsonResponse({ access, refresh }) });
      env.persistentStorage.setItem('_urt', 'old-persistent-refresh');

      await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: false });

      expect(env.sessionStorage.snapshot()).toEqual({ _uat: access, _urt: refresh });
      expect(env.persistentStorage.snapshot()).toEqual({});
    });

    it("3. a 401 throws AuthError 'invalid_credentials' with the server's detail", async () => {
      const { env, auth } = setup({
        fetchHandler: () => jsonResponse({ detail: 'E-mail ou senha inválidos.' }, 401),
      });
      const error = await auth
        .login({ email: 'ana@loja.com.br', password: 'errada', remember: false })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({
        kind: 'invalid_credentials',
        status: 401,
        detail: 'E-mail ou senha inválidos.',
        message: 'E-mail ou senha inválidos.',
      });
      expect(env.sessionStorage.size + env.persistentStorage.size).toBe(0);
    });

    it("3. a 429 throws 'rate_limited' with retryAfterSeconds from Retry-After", async () => {
      const { auth } = setup({
        fetchHandler: () =>
          jsonResponse({ detail: 'Muitas tentativas.' }, 429, { 'Retry-After': '30' }),
      });
      await expect(
        auth.login({ email: 'ana@loja.com.br', password: 'x', remember: false }),
      ).rejects.toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 30 });
    });

    it("3. a 400 throws 'validation' with the field errors", async () => {
      const { auth } = setup({
        fetchHandler: () => jsonResponse({ email: ['Informe um e-mail válido.'] }, 400),
      });
      await expect(
        auth.login({ email: 'ana', password: 'x', remember: false }),
      ).rejects.toMatchObject({
        kind: 'validation',
        status: 400,
        fieldErrors: { email: ['Informe um e-mail válido.'] },
      });
    });

    it("3. a network failure throws 'network'", async () => {
      const { auth } = setup({
        fetchHandler: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      const error = await auth
        .login({ email: 'ana@loja.com.br', password: 'x', remember: false })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'network' });
      expect((error as AuthError).cause).toBeInstanceOf(TypeError);
    });

    it("3. any other status throws 'server', even when the body is an HTML page", async () => {
      const { auth } = setup({
        fetchHandler: () =>
          new Response('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
      });
      const error = await auth
        .login({ email: 'ana@loja.com.br', password: 'x', remember: false })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ kind: 'server', status: 502, detail: undefined });
      expect((error as AuthError).message).toMatch(/servidor/);
    });
  });

  describe('4. logout', () => {
    it("4. on a dashboard URL removes the persistent _urt and both session tokens, then navigates to '/dashboard/login'", () => {
      const seenAtNavigation: Record<string, string>[] = [];
      const { env, auth } = setup({ url: '/dashboard/pedidos' });
      env.navigate = (path) => {
        seenAtNavigation.push({
          ...env.sessionStorage.snapshot(),
          ...env.persistentStorage.snapshot(),
        });
        env.navigations.push(path);
      };
      signIn(env);
      env.persistentStorage.setItem('_urt', tokenExpiringIn(HOUR));
      env.persistentStorage.setItem('tema', 'escuro'); // someone else's key

      auth.logout();

      expect(env.sessionStorage.snapshot()).toEqual({});
      expect(env.persistentStorage.snapshot()).toEqual({ tema: 'escuro' });
      expect(env.navigations).toEqual(['/dashboard/login']);
      // Tokens were already gone when the navigation happened.
      expect(seenAtNavigation).toEqual([{ tema: 'escuro' }]);
    });

    it('4. anywhere else does nothing at all: tokens untouched, no navigation', () => {
      for (const url of ['/', '/produtos/camiseta-azul', 'https://outra.loja.com.br/carrinho']) {
        const { env, auth } = setup({ url });
        const { access, refresh } = signIn(env);
        env.persistentStorage.setItem('_urt', refresh);

        auth.logout();

        expect(env.sessionStorage.snapshot()).toEqual({ _uat: access, _urt: refresh });
        expect(env.persistentStorage.snapshot()).toEqual({ _urt: refresh });
        expect(env.navigations).toEqual([]);
      }
    });
  });

  describe('5. application start', () => {
    it('5. posts the refresh token to {host}/auth/token/refresh/ and keeps the answered access under session _uat', async () => {
      const newAccess = tokenExpiringIn(5 * 60_000, { sub: '42' });
      const { env, auth } = setup({
        apiHost: API,
        url: '/',
        fetchHandler: () => jsonResponse({ access: newAccess }),
      });
      const refresh = tokenExpiringIn(24 * HOUR);
      env.persistentStorage.setItem('_urt', refresh);

      await auth.start();

      expect(env.requests).toHaveLength(1);
      expect(env.requests[0]?.url).toBe(`${API}/auth/token/refresh/`);
      expect(env.requests[0]?.method).toBe('POST');
      expect(env.requests[0]?.json).toEqual({ refresh });
      expect(env.sessionStorage.getItem('_uat')).toBe(newAccess);
      expect(env.persistentStorage.getItem('_urt')).toBe(refresh);
    });

    it('5. with no refresh token logs the user out and makes no request', async () => {
      const { env, auth } = setup({ url: '/dashboard' });
      env.sessionStorage.setItem('_uat', tokenExpiringIn(HOUR));

      await auth.start();

      expect(env.requests).toEqual([]);
      expect(env.sessionStorage.snapshot()).toEqual({});
      expect(env.navigations).toEqual(['/dashboard/login']);
    });

    it('5. with an expired refresh token logs the user out and makes no request', async () => {
      const { env, auth } = setup({ url: '/dashboard/produtos' });
      env.persistentStorage.setItem('_urt', tokenExpiringIn(-1000));
      env.sessionStorage.setItem('_uat', tokenExpiringIn(-1000));

      await auth.start();

      expect(env.requests).toEqual([]);
      expect(env.persistentStorage.snapshot()).toEqual({});
      expect(env.sessionStorage.snapshot()).toEqual({});
      expect(env.navigations).toEqual(['/dashboard/login']);
    });

    it('5. outside the dashboard the logout of a start without a valid refresh token does nothing', async () => {
      const { env, auth } = setup({ url: '/marcas/aurora' });
      const expired = tokenExpiringIn(-1000);
      env.persistentStorage.setItem('_urt', expired);

      await auth.start();

      expect(env.requests).toEqual([]);
      expect(env.persistentStorage.getItem('_urt')).toBe(expired);
      expect(env.navigations).toEqual([]);
    });
  });

  describe('6. periodic refresh check', () => {
    it('6. every 60000 ms on a dashboard URL refreshes an access token that expires within 60000 ms', async () => {
      const fresh = tokenExpiringIn(HOUR, { sub: '42' });
      const { env, auth } = setup({
        url: '/dashboard',
        fetchHandler: () => jsonResponse({ access: fresh }),
      });
      signIn(env, { access: tokenExpiringIn(90_000) }); // 90 s left: too early at t=0
      auth.syncWithLocation();

      await vi.advanceTimersByTimeAsync(59_999);
      expect(env.requests).toHaveLength(0);

      await vi.advanceTimersByTimeAsync(1); // t = 60 s: 30 s left
      expect(env.requests.map((r) => r.url)).toEqual(['/auth/token/refresh/']);
      expect(env.sessionStorage.getItem('_uat')).toBe(fresh);

      await vi.advanceTimersByTimeAsync(10 * 60_000); // the fresh token has an hour
      expect(env.requests).toHaveLength(1);
      auth.dispose();
    });

    it('6. leaves an access token alone while 60000 ms or more remain', async () => {
      const { env, auth } = setup({
        url: '/dashboard',
        fetchHandler: () => jsonResponse({ access: tokenExpiringIn(HOUR) }),
      });
      signIn(env, { access: tokenExpiringIn(10 * 60_000) });
      auth.syncWithLocation();

      await vi.advanceTimersByTimeAsync(9 * 60_000); // the 9th check sees exactly 60 s left
      expect(env.requests).toHaveLength(0);

      await vi.advanceTimersByTimeAsync(60_000); // the 10th sees it expired
      expect(env.requests).toHaveLength(1);
      auth.dispose();
    });

    it('6. a missing access token is refreshed at the next check', async () => {
      const { env, auth } = setup({
        url: '/dashboard/pedidos',
        fetchHandler: () => jsonResponse({ access: tokenExpiringIn(HOUR) }),
      });
      env.persistentStorage.setItem('_urt', tokenExpiringIn(24 * HOUR));
      auth.syncWithLocation();

      await vi.advanceTimersByTimeAsync(60_000);

      expect(env.requests).toHaveLength(1);
      expect(env.sessionStorage.getItem('_uat')).not.toBeNull();
      auth.dispose();
    });

    it('6. pauses when the user leaves the dashboard and resumes on return', async () => {
      const { env, auth } = setup({
        url: '/dashboard',
        fetchHandler: () => jsonResponse({ access: tokenExpiringIn(30_000) }), // always stale
      });
      signIn(env, { access: tokenExpiringIn(30_000) });
      auth.syncWithLocation();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.requests).toHaveLength(1);

      env.setUrl('/produtos');
      auth.syncWithLocation();
      expect(env.activeTimers()).toBe(0);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(env.requests).toHaveLength(1);

      env.setUrl('/dashboard/produtos');
      auth.syncWithLocation();
      expect(env.activeTimers()).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.requests).toHaveLength(2);
      auth.dispose();
    });

    it('6. calling syncWithLocation repeatedly on a dashboard URL creates exactly one interval timer', async () => {
      const { env, auth } = setup({ url: '/dashboard' });
      for (const path of [
        '/dashboard',
        '/dashboard/pedidos',
        '/dashboard/pedidos/1',
        '/dashboard',
      ]) {
        env.setUrl(path);
        auth.syncWithLocation();
      }
      await auth.start();
      auth.syncWithLocation();

      expect(env.timersCreated()).toBe(1);
      expect(env.activeTimers()).toBe(1);
      expect(vi.getTimerCount()).toBe(1);
      auth.dispose();
    });
  });

  describe('7. loading indicator', () => {
    it('7. turns on for a request made through auth.fetch on a /dashboard path and off when it ends', async () => {
      const answer = deferred<Response>();
      const { auth } = setup({ url: '/dashboard/pedidos', fetchHandler: () => answer.promise });
      const seen: boolean[] = [];
      auth.loading.subscribe((active) => seen.push(active));

      const request = auth.fetch('/graphql/', { method: 'POST', body: '{}' });
      expect(auth.loading.active).toBe(true);
      expect(auth.loading.pending).toBe(1);

      answer.resolve(jsonResponse({ data: {} }));
      await request;
      expect(auth.loading.active).toBe(false);
      expect(seen).toEqual([true, false]);
    });

    it('7. overlapping requests keep it on until the last ends, success or failure', async () => {
      const first = deferred<Response>();
      const second = deferred<Response>();
      const answers = [first, second];
      const { auth } = setup({ url: '/dashboard', fetchHandler: () => answers.shift()!.promise });

      const a = auth.fetch('/graphql/');
      const b = auth.fetch('/graphql/').catch((e: unknown) => e);
      expect(auth.loading.pending).toBe(2);

      first.resolve(jsonResponse({}));
      await a;
      expect(auth.loading.active).toBe(true);

      second.reject(new TypeError('Failed to fetch'));
      expect(await b).toBeInstanceOf(TypeError);
      expect(auth.loading.active).toBe(false);
      expect(auth.loading.pending).toBe(0);
    });

    it("7. requests made while the path does not begin with '/dashboard' don't touch it", async () => {
      for (const url of ['/', '/produtos', '/loja?voltar=dashboard', '/marcas/dashboard-x']) {
        const answer = deferred<Response>();
        const { auth } = setup({ url, fetchHandler: () => answer.promise });
        const seen: boolean[] = [];
        auth.loading.subscribe((active) => seen.push(active));

        const request = auth.fetch('/graphql/', { method: 'POST' });
        expect(auth.loading.active).toBe(false);
        answer.resolve(jsonResponse({}));
        await request;
        expect(seen).toEqual([]);
      }
    });
  });

  describe('8. Authorization header', () => {
    async function authorizationOf(
      pageUrl: string,
      requestUrl: string,
      apiHost = API,
    ): Promise<string | null> {
      const { env, auth } = setup({ url: pageUrl, apiHost, fetchHandler: () => jsonResponse({}) });
      env.sessionStorage.setItem('_uat', 'the.access.token');
      await auth.fetch(requestUrl, { method: 'POST' });
      return env.requests[0]!.headers.get('Authorization');
    }

    it('8. requests to the API host from a dashboard URL carry Authorization: Bearer <access>', async () => {
      expect(await authorizationOf('/dashboard', `${API}/graphql/`)).toBe(
        'Bearer the.access.token',
      );
      expect(await authorizationOf('/dashboard/pedidos', `${API}/auth/token/refresh/`)).toBe(
        'Bearer the.access.token',
      );
    });

    it("8. a relative URL is the API host only when the API is on the page's own origin", async () => {
      // The API on another host: a relative URL goes to the page's host, not the API.
      expect(await authorizationOf('http://localhost/dashboard/pedidos', '/graphql/')).toBeNull();
      expect(await authorizationOf('http://localhost/dashboard', 'graphql/')).toBeNull();
      // The API on the page's origin, spelled out or as '': relative URLs are the API.
      for (const apiHost of ['', 'http://localhost', 'http://localhost/']) {
        expect(await authorizationOf('http://localhost/dashboard', '/graphql/', apiHost)).toBe(
          'Bearer the.access.token',
        );
      }
      // Same origin with a path: only what lies under that path.
      const underApi = 'http://localhost/api';
      expect(await authorizationOf('http://localhost/dashboard', '/api/graphql/', underApi)).toBe(
        'Bearer the.access.token',
      );
      expect(
        await authorizationOf('http://localhost/dashboard', '/media/x.webp', underApi),
      ).toBeNull();
    });

    it("8. with apiHost '' the page's origin is the API host", async () => {
      expect(
        await authorizationOf('http://localhost/dashboard', 'http://localhost/graphql/', ''),
      ).toBe('Bearer the.access.token');
      expect(await authorizationOf('/dashboard', '/graphql/', '')).toBe('Bearer the.access.token');
      expect(await authorizationOf('/dashboard', `${API}/graphql/`, '')).toBeNull();
    });

    it('8. requests made outside the dashboard carry none', async () => {
      expect(await authorizationOf('/', `${API}/graphql/`)).toBeNull();
      expect(await authorizationOf('/produtos/camiseta', '/graphql/')).toBeNull();
    });

    it('8. requests to any other host carry none', async () => {
      for (const other of [
        'https://cdn.exemplo.com/imagem.webp',
        'https://api.loja.com.br.evil.com/graphql/',
        'http://api.loja.com.br/graphql/', // other scheme, other origin
        '//evil.com/graphql/',
      ]) {
        expect(await authorizationOf('/dashboard', other)).toBeNull();
      }
    });

    it('8. no header when there is no access token', async () => {
      const { env, auth } = setup({ url: '/dashboard', fetchHandler: () => jsonResponse({}) });
      await auth.fetch('/graphql/');
      expect(env.requests[0]!.headers.has('Authorization')).toBe(false);
    });
  });

  describe('9. anti-CSRF header', () => {
    async function xsrfOf(
      url: string,
      method?: string,
      cookie: string | null = 'c5rf',
    ): Promise<string | null> {
      const { env, auth } = setup({
        url: '/dashboard',
        cookies: cookie === null ? {} : { 'XSRF-TOKEN': cookie },
        fetchHandler: () => jsonResponse({}),
      });
      await auth.fetch(url, method === undefined ? undefined : { method });
      return env.requests[0]!.headers.get('X-XSRF-TOKEN');
    }

    it('9. non-GET requests to relative URLs carry X-XSRF-TOKEN from the XSRF-TOKEN cookie', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
        expect(await xsrfOf('/graphql/', method)).toBe('c5rf');
      }
      expect(await xsrfOf('graphql/', 'POST')).toBe('c5rf');
    });

    it('9. GET and HEAD never carry it', async () => {
      expect(await xsrfOf('/graphql/')).toBeNull();
      expect(await xsrfOf('/graphql/', 'GET')).toBeNull();
      expect(await xsrfOf('/graphql/', 'head')).toBeNull();
    });

    it('9. absolute URLs never carry it, even on the same origin', async () => {
      expect(await xsrfOf('http://localhost/graphql/', 'POST')).toBeNull();
      expect(await xsrfOf(`${API}/graphql/`, 'POST')).toBeNull();
      expect(await xsrfOf('//evil.com/graphql/', 'POST')).toBeNull();
    });

    it('9. no header when the cookie is absent', async () => {
      expect(await xsrfOf('/graphql/', 'POST', null)).toBeNull();
    });

    it("9. with apiHost '' the auth calls use relative URLs, so they carry it", async () => {
      const { env, auth } = setup({
        url: '/dashboard/login',
        cookies: { 'XSRF-TOKEN': 'c5rf' },
        fetchHandler: () => jsonResponse({ access: makeJwt({}), refresh: makeJwt({}) }),
      });
      await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: false });
      expect(env.requests[0]!.url).toBe('/auth/login/');
      expect(env.requests[0]!.headers.get('X-XSRF-TOKEN')).toBe('c5rf');
    });
  });

  describe('10. refresh failures', () => {
    for (const status of [401, 400]) {
      it(`10. a refresh answered ${status} logs the user out`, async () => {
        const { env, auth } = setup({
          url: '/dashboard/pedidos',
          fetchHandler: () => jsonResponse({ detail: 'Token inválido.' }, status),
        });
        signIn(env);

        expect(await auth.refresh()).toBeNull();

        expect(env.requests).toHaveLength(1);
        expect(env.sessionStorage.snapshot()).toEqual({});
        expect(env.navigations).toEqual(['/dashboard/login']);
        expect(auth.isAuthenticated()).toBe(false);
      });
    }

    it('10. a network failure keeps the session and tokens and retries at the next check', async () => {
      const fresh = tokenExpiringIn(HOUR);
      let calls = 0;
      const { env, auth } = setup({
        url: '/dashboard',
        fetchHandler: () => {
          calls += 1;
          return calls === 1
            ? Promise.reject(new TypeError('Failed to fetch'))
            : jsonResponse({ access: fresh });
        },
      });
      const { access, refresh } = signIn(env, { access: tokenExpiringIn(30_000) });
      auth.syncWithLocation();

      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.requests).toHaveLength(1);
      expect(env.sessionStorage.snapshot()).toEqual({ _uat: access, _urt: refresh });
      expect(env.navigations).toEqual([]);
      expect(auth.isAuthenticated()).toBe(true);

      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.requests).toHaveLength(2);
      expect(env.sessionStorage.getItem('_uat')).toBe(fresh);
      auth.dispose();
    });

    it('10. a 5xx keeps the session and tokens and retries at the next check', async () => {
      const answers = [
        () => new Response('<h1>503</h1>', { status: 503 }),
        () => jsonResponse({ access: tokenExpiringIn(HOUR) }),
      ];
      const { env, auth } = setup({ url: '/dashboard', fetchHandler: () => answers.shift()!() });
      const { refresh } = signIn(env, { access: tokenExpiringIn(10_000) });
      auth.syncWithLocation();

      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.sessionStorage.getItem('_urt')).toBe(refresh);
      expect(env.navigations).toEqual([]);

      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.requests).toHaveLength(2);
      expect(answers).toHaveLength(0);
      auth.dispose();
    });

    it('10. concurrent refreshes share one request', async () => {
      const answer = deferred<Response>();
      const fresh = tokenExpiringIn(HOUR);
      const { env, auth } = setup({ url: '/dashboard', fetchHandler: () => answer.promise });
      signIn(env);

      const first = auth.refresh();
      const second = auth.refresh();
      const third = auth.start();
      answer.resolve(jsonResponse({ access: fresh }));

      expect(await Promise.all([first, second])).toEqual([fresh, fresh]);
      await third;
      expect(env.requests).toHaveLength(1);

      // Once settled, the next refresh is a new request.
      env.setFetchHandler(() => jsonResponse({ access: fresh }));
      await auth.refresh();
      expect(env.requests).toHaveLength(2);
      auth.dispose();
    });
  });

  describe('11. start-up failures', () => {
    it('11. a failure during start is only logged via env.logger.error, and start resolves', async () => {
      const { env, auth } = setup({
        url: '/dashboard',
        fetchHandler: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      const { access, refresh } = signIn(env);

      await expect(auth.start()).resolves.toBeUndefined();

      expect(env.logger.errors).toHaveLength(1);
      expect(env.logger.errors[0]?.[1]).toMatchObject({ kind: 'network' });
      expect(env.sessionStorage.snapshot()).toEqual({ _uat: access, _urt: refresh });
      expect(env.navigations).toEqual([]);
      auth.dispose();
    });

    it('11. even an unexpected exception during start (storage throwing) is only logged', async () => {
      const { env, auth } = setup({ url: '/' });
      env.sessionStorage.getItem = () => {
        throw new Error('SecurityError: storage is disabled');
      };

      await expect(auth.start()).resolves.toBeUndefined();
      expect(env.logger.errors).toHaveLength(1);
      expect(String(env.logger.errors[0]?.[1])).toMatch(/storage is disabled/);
    });

    it('11. with browser storage blocked from the very start (every access throws SecurityError), createAuth does not throw and start only logs', async () => {
      const env = createTestEnvironment({
        url: '/',
        fetchHandler: () =>
          jsonResponse({ access: tokenExpiringIn(HOUR), refresh: tokenExpiringIn(24 * HOUR) }),
      });
      const blocked = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      // Like Chrome with site data blocked: even reading window.localStorage throws.
      Object.defineProperty(env, 'sessionStorage', { get: blocked });
      Object.defineProperty(env, 'persistentStorage', { get: blocked });

      const auth = createAuth(env);
      expect(auth.getState()).toEqual({ authenticated: false, user: null });
      await expect(auth.start()).resolves.toBeUndefined();

      expect(env.requests).toEqual([]);
      expect(env.navigations).toEqual([]);
      expect(env.logger.errors.length).toBeGreaterThan(0);
      for (const [, error] of env.logger.errors) {
        expect(error).toMatchObject({ name: 'SecurityError' });
      }

      // The page keeps working: a sign-in lasts in memory until the tab closes.
      env.setUrl('/dashboard/login');
      await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: true });
      expect(auth.isAuthenticated()).toBe(true);
      auth.dispose();
    });
  });
});
