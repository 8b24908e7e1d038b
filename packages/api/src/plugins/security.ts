// Browser-facing protections: the XSRF-TOKEN double-submit cookie and cross-site checks, CORS from
// an allow-list, and security headers (CSP fitting the Vite/MUI app, nosniff, no framing, HSTS).
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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

declare module 'fastify' {
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
    const analytics = Boolean(config.analyticsMeasurementId);

    await app.register(cookie, { secret: app.tokens.deriveSecret('xsrf-cookie') });

    await app.register(cors, {
      // Same origin needs no CORS; other origins only when listed in CORS_ORIGINS.
      origin: (origin, callback) => callback(null, origin ? allowedCorsOrigins.has(origin) : false),
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type', 'Authorization', 'X-XSRF-TOKEN', 'X-Request-Id'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    });

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(analytics ? ANALYTICS_SCRIPT_HOSTS : [])],
          // MUI/Emotion inject <style> elements at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(analytics
              ? ['https://www.google-analytics.com', 'https://www.googletagmanager.com']
              : []),
          ],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(analytics ? ANALYTICS_CONNECT_HOSTS : [])],
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
