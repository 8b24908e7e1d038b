// Anti-CSRF, CORS, security headers and the GraphQL content-type rule (issue 3 §2).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { buildApp } from '../app';
import type { Database } from '../db';
import { paymentsPlugin } from '../modules/payments/payments.plugin';
import { MercadoPagoProvider } from '../modules/payments/mercadopago';
import {
  ANALYTICS_ID_TTL_MS,
  CARD_SDK_CONNECT_HOSTS,
  CARD_SDK_SCRIPT_HOSTS,
  createAnalyticsIdSource,
  CSRF_REJECTED,
  XSRF_COOKIE,
} from './security';

let ctx: TestContext;

const QUERY = JSON.stringify({ query: '{ storeSettings { storeName } }' });

/** A cookie as the browser would keep it, taken from a first response. */
async function xsrfCookie(app = ctx.app): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/healthz' });
  const cookie = response.cookies.find((c) => c.name === XSRF_COOKIE);
  if (!cookie) throw new Error('no XSRF-TOKEN cookie set');
  return cookie.value;
}

function postGraphql(headers: Record<string, string>, payload = QUERY) {
  return ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      PUBLIC_URL: 'http://loja.test:3000',
      CORS_ORIGINS: 'https://parceiro.exemplo.com',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('XSRF-TOKEN cookie', () => {
  it('is set on a response to a request without one: signed, SameSite=Lax, Path=/, readable by the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const cookie = response.cookies.find((c) => c.name === XSRF_COOKIE)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_+/=-]+$/);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.httpOnly).toBeUndefined();
    expect(cookie.secure).toBeUndefined();
  });

  it('is not replaced when the request already carries a valid one', async () => {
    const value = await xsrfCookie();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      cookies: { [XSRF_COOKIE]: value },
    });
    expect(response.cookies.find((c) => c.name === XSRF_COOKIE)).toBeUndefined();
  });

  it('is replaced when the one sent is not signed by the server', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      cookies: { [XSRF_COOKIE]: 'forjado.assinatura' },
    });
    expect(response.cookies.find((c) => c.name === XSRF_COOKIE)).toBeDefined();
  });

  it('lets a non-GET request through when the header matches the cookie', async () => {
    const value = await xsrfCookie();
    const response = await postGraphql({
      cookie: `${XSRF_COOKIE}=${value}`,
      'x-xsrf-token': value,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.storeSettings.storeName).toBe('Vitrine');
  });

  it('answers 403 to a non-GET request carrying the cookie without the header', async () => {
    const value = await xsrfCookie();
    const response = await postGraphql({ cookie: `${XSRF_COOKIE}=${value}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: CSRF_REJECTED });
  });

  it('answers 403 when the header does not match the cookie', async () => {
    const value = await xsrfCookie();
    const other = await xsrfCookie();
    const response = await postGraphql({
      cookie: `${XSRF_COOKIE}=${value}`,
      'x-xsrf-token': other,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 403 when cookie and header match but the cookie was not signed by the server', async () => {
    const forged = 'valor-forjado.assinatura-falsa';
    const response = await postGraphql({
      cookie: `${XSRF_COOKIE}=${forged}`,
      'x-xsrf-token': forged,
    });
    expect(response.statusCode).toBe(403);
  });

  it('applies to the auth endpoints too', async () => {
    const value = await xsrfCookie();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: `${XSRF_COOKIE}=${value}` },
      payload: { email: 'a@vitrine.test', password: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets GET requests through without the header', async () => {
    const value = await xsrfCookie();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent('{ storeSettings { storeName } }')}`,
      headers: { cookie: `${XSRF_COOKIE}=${value}` },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('answers 403 to a non-GET request whose Sec-Fetch-Site is cross-site', async () => {
    const response = await postGraphql({ 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: CSRF_REJECTED });
  });

  it('answers 403 to a non-GET request from a foreign Origin', async () => {
    expect((await postGraphql({ origin: 'https://malicioso.exemplo' })).statusCode).toBe(403);
    expect((await postGraphql({ origin: 'null' })).statusCode).toBe(403);
  });

  it('accepts the store’s own origin and the CORS allow-list', async () => {
    expect(
      (await postGraphql({ origin: 'http://loja.test:3000', 'sec-fetch-site': 'same-origin' }))
        .statusCode,
    ).toBe(200);
    expect((await postGraphql({ origin: 'https://parceiro.exemplo.com' })).statusCode).toBe(200);
  });
});

describe('GET /healthz', () => {
  it('answers 200 {status: ok} when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /healthz with the database down', () => {
  it('answers 503', async () => {
    // The only stand-in for a failing database: every query rejects.
    const brokenDb = {
      execute: () => Promise.reject(new Error('connection refused')),
    } as unknown as Database;
    const app = buildApp({
      config: ctx.config,
      db: brokenDb,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
    }
  });
});

describe('/graphql/ body types', () => {
  it('refuses text/plain with 415', async () => {
    const response = await postGraphql({ 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(response.json().errors[0].message).toContain('JSON');
  });

  it('refuses form bodies with 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await postGraphql({ 'content-type': type }, 'query=%7B__typename%7D');
      expect(response.statusCode).toBe(415);
    }
  });

  it('refuses a request without a content type with 415', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/graphql/', payload: QUERY });
    // light-my-request adds a JSON content type only for objects; a string goes without one.
    expect(response.statusCode).toBe(415);
  });
});

describe('CORS', () => {
  it('allows a listed origin', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/graphql/',
      headers: {
        origin: 'https://parceiro.exemplo.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://parceiro.exemplo.com');
  });

  it('gives no CORS grant to any other origin', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/graphql/',
      headers: { origin: 'https://malicioso.exemplo', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers', () => {
  it('sends a CSP fitting the app, nosniff and no framing; no HSTS over plain HTTP', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('googletagmanager');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the CSP and the analytics id of the store settings', () => {
  it('allows the analytics hosts when the id comes from the store settings, as the page does', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-csp-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><head></head>');
    await ctx.db.execute(sql`UPDATE store_settings SET analytics_measurement_id = 'G-LOJA456'`);
    // A new app: the id is cached for 30 s per app.
    const app = buildApp({
      config: { ...ctx.config, appDist: dist },
      db: ctx.db,
      serveApp: true,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    try {
      for (const url of ['/', '/produto/tenis-azul']) {
        const response = await app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
        expect(csp, url).toContain('https://www.google-analytics.com');
      }
      // API answers are no page: they keep the strict CSP.
      const api = await app.inject({ method: 'GET', url: '/healthz' });
      expect(String(api.headers['content-security-policy'])).not.toContain('google');
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.body).toContain('G-LOJA456');
    } finally {
      await app.close();
      await ctx.db.execute(sql`UPDATE store_settings SET analytics_measurement_id = NULL`);
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('reads the setting at most every 30 s and follows its change after that', async () => {
    let now = 1_000_000;
    const source = createAnalyticsIdSource(ctx.db, { analyticsMeasurementId: null }, () => now);
    const log = ctx.app.log;
    expect(await source.current(log)).toBe('');
    await ctx.db.execute(sql`UPDATE store_settings SET analytics_measurement_id = 'G-NOVO789'`);
    try {
      now += ANALYTICS_ID_TTL_MS - 1;
      expect(await source.current(log)).toBe('');
      now += 1;
      expect(await source.current(log)).toBe('G-NOVO789');
      // The environment variable wins over the setting.
      const fromEnv = createAnalyticsIdSource(ctx.db, { analyticsMeasurementId: 'G-ENV1' });
      expect(await fromEnv.current(log)).toBe('G-ENV1');
    } finally {
      await ctx.db.execute(sql`UPDATE store_settings SET analytics_measurement_id = NULL`);
    }
  });
});

describe('security headers behind TLS with analytics', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestContext({
      env: { PUBLIC_URL: 'https://loja.exemplo.com.br', ANALYTICS_MEASUREMENT_ID: 'G-TESTE123' },
    });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('adds HSTS, the analytics hosts to the pages’ CSP and the Secure flag to the cookie', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    expect(csp).toContain('https://www.google-analytics.com');
    expect(response.cookies.find((c) => c.name === XSRF_COOKIE)?.secure).toBe(true);
  });

  it('returns the analytics id in storeSettings', async () => {
    const response = await secure.app.inject({
      method: 'POST',
      url: '/graphql/',
      payload: { query: '{ storeSettings { analyticsMeasurementId } }' },
    });
    expect(response.json().data.storeSettings.analyticsMeasurementId).toBe('G-TESTE123');
  });
});

describe('the CSP and the card gateway', () => {
  async function pageAndApiCsp(publicKey: string | null) {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-csp-card-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><head></head>');
    const app = buildApp({
      config: { ...ctx.config, appDist: dist },
      db: ctx.db,
      serveApp: true,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    const provider = new MercadoPagoProvider({
      accessToken: 'TEST-token',
      webhookSecret: 'segredo',
      baseUrl: 'http://127.0.0.1:9',
    });
    app.register(paymentsPlugin, { provider, publicKey });
    try {
      const page = await app.inject({ method: 'GET', url: '/checkout' });
      const api = await app.inject({ method: 'GET', url: '/healthz' });
      return {
        page: String(page.headers['content-security-policy']),
        api: String(api.headers['content-security-policy']),
      };
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  }

  it("lets pages load Mercado Pago's card SDK and reach its API when the store takes cards", async () => {
    const csp = await pageAndApiCsp('TEST-public-key');
    const directive = (name: string) =>
      csp.page.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    for (const host of CARD_SDK_SCRIPT_HOSTS) expect(directive('script-src')).toContain(host);
    for (const host of CARD_SDK_CONNECT_HOSTS) expect(directive('connect-src')).toContain(host);
    // API answers are no page: they keep the strict CSP.
    expect(csp.api).not.toContain('mercadopago');
  });

  it('keeps the SDK out without a public key (no card is offered then)', async () => {
    const csp = await pageAndApiCsp(null);
    expect(csp.page).not.toContain('mercadopago');
  });
});
