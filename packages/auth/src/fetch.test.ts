// auth.fetch beyond the numbered behaviours: what it keeps from the caller, and that the auth
// calls themselves go through it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJwt, setup, signIn, useFakeClock } from './test/helpers';

beforeEach(useFakeClock);
afterEach(() => {
  vi.useRealTimers();
});

describe('auth.fetch', () => {
  function dashboardWithToken() {
    const ctx = setup({
      url: '/dashboard',
      cookies: { 'XSRF-TOKEN': 'c5rf' },
      fetchHandler: () => jsonResponse({ ok: true }),
    });
    ctx.env.sessionStorage.setItem('_uat', 'the.access.token');
    return ctx;
  }

  it('keeps caller headers given as a Headers object', async () => {
    const { env, auth } = dashboardWithToken();
    await auth.fetch('/graphql/', {
      method: 'POST',
      headers: new Headers({ 'Content-Type': 'application/json', 'X-Brand': 'aurora' }),
      body: '{"query":"{ me { id } }"}',
    });
    const sent = env.requests[0]!;
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('X-Brand')).toBe('aurora');
    expect(sent.headers.get('Authorization')).toBe('Bearer the.access.token');
    expect(sent.headers.get('X-XSRF-TOKEN')).toBe('c5rf');
    expect(sent.body).toBe('{"query":"{ me { id } }"}');
  });

  it('keeps caller headers given as a plain object or as pairs', async () => {
    const { env, auth } = dashboardWithToken();
    await auth.fetch('/graphql/', { method: 'POST', headers: { accept: 'application/json' } });
    await auth.fetch('/graphql/', { method: 'POST', headers: [['X-Trace', 'abc']] });
    expect(env.requests[0]!.headers.get('Accept')).toBe('application/json');
    expect(env.requests[1]!.headers.get('X-Trace')).toBe('abc');
    expect(env.requests[1]!.headers.get('Authorization')).toBe('Bearer the.access.token');
  });

  it('keeps method, body and headers of a Request passed as init (they live on its prototype)', async () => {
    const { env, auth } = dashboardWithToken();
    const controller = new AbortController();
    const requestLike = new Request('http://localhost/graphql/', {
      method: 'PUT',
      headers: { 'X-Brand': 'aurora' },
      signal: controller.signal,
      credentials: 'include',
    });
    await auth.fetch('/graphql/', requestLike);
    const sent = env.requests[0]!;
    expect(sent.method).toBe('PUT');
    expect(sent.headers.get('X-Brand')).toBe('aurora');
    expect(sent.headers.get('X-XSRF-TOKEN')).toBe('c5rf');
    expect(sent.init?.credentials).toBe('include');
    expect(sent.init?.signal).toBe(requestLike.signal);
  });

  it('never overwrites a header the caller set itself', async () => {
    const { env, auth } = dashboardWithToken();
    await auth.fetch('/graphql/', {
      method: 'POST',
      headers: { Authorization: 'Bearer other', 'X-XSRF-TOKEN': 'mine' },
    });
    expect(env.requests[0]!.headers.get('Authorization')).toBe('Bearer other');
    expect(env.requests[0]!.headers.get('X-XSRF-TOKEN')).toBe('mine');
  });

  it('does not change the init object the caller passed', async () => {
    const { auth } = dashboardWithToken();
    const headers = { 'X-Brand': 'aurora' };
    const init: RequestInit = { method: 'POST', headers };
    await auth.fetch('/graphql/', init);
    expect(init).toEqual({ method: 'POST', headers: { 'X-Brand': 'aurora' } });
  });

  it('passes the answer through untouched, errors included', async () => {
    const { env, auth } = dashboardWithToken();
    env.setFetchHandler(() => new Response('nope', { status: 418 }));
    const response = await auth.fetch('/graphql/');
    expect(response.status).toBe(418);
    expect(await response.text()).toBe('nope');

    env.setFetchHandler(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(auth.fetch('/graphql/')).rejects.toThrow('Failed to fetch');
    expect(auth.loading.active).toBe(false);
  });

  it('ends the loading count even when the network layer throws synchronously', async () => {
    const { env, auth } = dashboardWithToken();
    env.setFetchHandler(() => {
      throw new Error('boom');
    });
    await expect(auth.fetch('/graphql/')).rejects.toThrow('boom');
    expect(auth.loading.pending).toBe(0);
  });

  it('with an API host that has a path, only URLs under that path are the API', async () => {
    const { env, auth } = setup({
      url: '/dashboard',
      apiHost: 'https://loja.com.br/api/',
      fetchHandler: () => jsonResponse({}),
    });
    env.sessionStorage.setItem('_uat', 'the.access.token');
    await auth.fetch('https://loja.com.br/api/graphql/');
    await auth.fetch('https://loja.com.br/apixyz/graphql/');
    await auth.fetch('https://loja.com.br/outra/graphql/');
    expect(env.requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer the.access.token',
      null,
      null,
    ]);
    expect(auth.apiUrl('/graphql/')).toBe('https://loja.com.br/api/graphql/');
  });
});

describe('the auth calls go through the same policy', () => {
  it('login made on /dashboard/login counts for the loading indicator', async () => {
    const { auth } = setup({
      url: '/dashboard/login',
      fetchHandler: () => jsonResponse({ access: makeJwt({}), refresh: makeJwt({}) }),
    });
    const seen: boolean[] = [];
    auth.loading.subscribe((active) => seen.push(active));
    await auth.login({ email: 'ana@loja.com.br', password: 'x', remember: false });
    expect(seen).toEqual([true, false]);
  });

  it('the refresh call on a dashboard URL counts for it and carries the bearer token', async () => {
    const { env, auth } = setup({
      url: '/dashboard',
      fetchHandler: () => jsonResponse({ access: makeJwt({ sub: '1' }) }),
    });
    const { access } = signIn(env);
    const seen: boolean[] = [];
    auth.loading.subscribe((active) => seen.push(active));
    await auth.refresh();
    expect(seen).toEqual([true, false]);
    expect(env.requests[0]!.headers.get('Authorization')).toBe(`Bearer ${access}`);
  });

  it('a failing login still turns the indicator off', async () => {
    const { auth } = setup({
      url: '/dashboard/login',
      fetchHandler: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(
      auth.login({ email: 'ana@loja.com.br', password: 'x', remember: false }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(auth.loading.active).toBe(false);
  });
});
