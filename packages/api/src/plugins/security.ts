// Browser-facing protections: the XSRF-TOKEN double-submit cookie and cross-site checks, CORS from
// an allow-list, and security headers (CSP fitting the Vite/MUI app, nosniff, no framing, HSTS).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db';
import { getStoreSettings } from '../modules/settings/settings.repository';
import { isApiPath } from './static-app';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const CSRF_REJECTED =
  'Requisição bloqueada por segurança. Recarregue a página e tente novamente.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ANALYTICS_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT_HOSTS = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

const ANALYTICS_IMG_HOSTS = [
  'https://www.google-analytics.com',
  'https://www.googletagmanager.com',
];

/** The store settings (analytics id) are read at most this often, not once per request. */
export const ANALYTICS_ID_TTL_MS = 30_000;

/**
 * The analytics id in effect: ANALYTICS_MEASUREMENT_ID, else the dashboard's store setting (read
 * at most every ANALYTICS_ID_TTL_MS). The page's runtime configuration (static-app.ts) and the
 * CSP's analytics hosts both follow it, so they always agree.
 */
export interface AnalyticsIdSource {
  current(log: FastifyBaseLogger): Promise<string>;
}

export function createAnalyticsIdSource(
  db: Database,
  config: Pick<Config, 'analyticsMeasurementId'>,
  now: () => number = Date.now,
): AnalyticsIdSource {
  let cached: { value: string; readAt: number } | null = null;
  let reading: Promise<string> | null = null;
  const read = async (log: FastifyBaseLogger): Promise<string> => {
    try {
      const row = await getStoreSettings(db);
      cached = { value: row.analyticsMeasurementId?.trim() ?? '', readAt: now() };
    } catch (err) {
      // Pages and headers must not fail when the database hiccups; try again on the next request.
      log.warn({ err }, 'store settings unavailable for the analytics id');
    }
    return cached?.value ?? '';
  };
  return {
    async current(log) {
      if (config.analyticsMeasurementId) return config.analyticsMeasurementId;
      if (cached && now() - cached.readAt < ANALYTICS_ID_TTL_MS) return cached.value;
      // One read at a time, shared by the requests that arrive meanwhile.
      reading ??= read(log).finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}

// Mercado Pago's browser SDK, which tokenises cards in the shopper's browser (card data never
// reaches this server): its script, its API calls and its card-brand images. Allowed only when
// the server offers cards (a gateway with a public key), and only on pages.
export const CARD_SDK_SCRIPT_HOSTS = ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'];
export const CARD_SDK_CONNECT_HOSTS = [
  'https://api.mercadopago.com',
  'https://api.mercadolibre.com',
  'https://events.mercadopago.com',
];
const CARD_SDK_IMG_HOSTS = ['https://http2.mlstatic.com'];

const ANALYTICS_ENABLED = Symbol('vitrine.analyticsEnabled');
type RawWithAnalytics = IncomingMessage & { [ANALYTICS_ENABLED]?: boolean };

/** A CSP entry listing `hosts` only on responses to requests for which analytics is on. */
function whenAnalytics(hosts: readonly string[]) {
  const value = hosts.join(' ');
  return (req: IncomingMessage) => ((req as RawWithAnalytics)[ANALYTICS_ENABLED] ? value : '');
}

declare module 'fastify' {
  interface FastifyInstance {
    analyticsId: AnalyticsIdSource;
  }
  interface FastifyRequest {
    /** Whether the request came with a validly signed XSRF-TOKEN cookie. */
    hasValidXsrfCookie?: boolean;
  }
}

export const securityPlugin = fp(
  async (app) => {
    const config = app.config;
    const publicOrigin = new URL(config.publicUrl).origin;
    const isHttps = publicOrigin.startsWith('https:');
    const allowedCorsOrigins = new Set(config.corsOrigins);
    const analyticsId = createAnalyticsIdSource(app.db, config);
    app.decorate('analyticsId', analyticsId);

    // Before helmet's own onRequest hook, which writes the CSP: whether analytics is on for this
    // response. Only pages (the app's index.html) load analytics; API answers keep the strict CSP
    // and never wait on the settings read.
    app.addHook('onRequest', async (request) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url)) return;
      const id = await analyticsId.current(request.log);
      (request.raw as RawWithAnalytics)[ANALYTICS_ENABLED] = id !== '';
    });

    await app.register(cookie, { secret: app.tokens.deriveSecret('xsrf-cookie') });

    await app.register(cors, {
      // Same origin needs no CORS; other origins only when listed in CORS_ORIGINS.
      origin: (origin, callback) => callback(null, origin ? allowedCorsOrigins.has(origin) : false),
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type', 'Authorization', 'X-XSRF-TOKEN', 'X-Request-Id'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    });

    /** A CSP entry listing `hosts` on pages while this server takes cards. */
    function whenCardSdk(hosts: readonly string[]) {
      const value = hosts.join(' ');
      return (req: IncomingMessage) =>
        app.payments?.provider && app.payments.publicKey && !isApiPath(req.url ?? '/') ? value : '';
    }

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            whenAnalytics(ANALYTICS_SCRIPT_HOSTS),
            whenCardSdk(CARD_SDK_SCRIPT_HOSTS),
          ],
          // MUI/Emotion inject <style> elements at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            whenAnalytics(ANALYTICS_IMG_HOSTS),
            whenCardSdk(CARD_SDK_IMG_HOSTS),
          ],
          fontSrc: ["'self'", 'data:'],
          connectSrc: [
            "'self'",
            whenAnalytics(ANALYTICS_CONNECT_HOSTS),
            whenCardSdk(CARD_SDK_CONNECT_HOSTS),
          ],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only makes sense (and is only honoured) behind TLS.
      hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    function isSameOrAllowedOrigin(request: FastifyRequest, origin: string): boolean {
      if (origin === publicOrigin || allowedCorsOrigins.has(origin)) return true;
      // The browser sets Host itself, so an attacker's page cannot make this match.
      return origin === `${request.protocol}://${request.host}`;
    }

    function reject(reply: FastifyReply) {
      return reply.code(403).send({ detail: CSRF_REJECTED });
    }

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.cookies[XSRF_COOKIE];
      const valid = raw ? request.unsignCookie(raw).valid : false;
      request.hasValidXsrfCookie = valid;
      if (SAFE_METHODS.has(request.method)) return;

      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite === 'cross-site') return reject(reply);
      const origin = request.headers.origin;
      if (origin !== undefined && !isSameOrAllowedOrigin(request, origin)) return reject(reply);

      // Double submit: a request carrying the cookie must echo it in the header. Requests without
      // the cookie carry no ambient credential (sessions are Bearer tokens), so they pass.
      if (raw !== undefined) {
        const header = request.headers[XSRF_HEADER];
        if (!valid || typeof header !== 'string' || header !== raw) return reject(reply);
      }
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.hasValidXsrfCookie) return;
      const value = randomBytes(32).toString('base64url');
      reply.setCookie(XSRF_COOKIE, value, {
        signed: true,
        path: '/',
        sameSite: 'lax',
        // Readable by the app, which copies it into the X-XSRF-TOKEN header.
        httpOnly: false,
        secure: isHttps,
      });
    });
  },
  { name: 'vitrine-security', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
