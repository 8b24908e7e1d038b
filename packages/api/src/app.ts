// Builds the Fastify application: external plugins, then the app's plugins, then routes.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db';
import { auditRoutes } from './modules/audit/audit.routes';
import { labelRoutes } from './modules/labels/labels.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import {
  productImportsPlugin,
  type ProductImportsPluginOptions,
} from './modules/imports/imports.plugin';
import {
  productImportRoutes,
  type ProductImportRoutesOptions,
} from './modules/imports/imports.routes';
import { livePlugin, type LivePluginOptions } from './modules/live/live.plugin';
import { mediaRoutes } from './modules/media/media.routes';
import { mediaStorageFromConfig, type MediaStorage } from './modules/media/storage';
import { seoRoutes } from './modules/seo/seo.routes';
import { invitationRoutes } from './modules/team/invitation.routes';
import type { RateLimitStore } from './modules/auth/rate-limit';
import type { MailTransport } from './modules/mail/mail.service';
import type { PasswordHasher } from './modules/staff/password';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { registerErrorHandlers } from './plugins/errors';
import { graphqlPlugin } from './plugins/graphql';
import { pixQrRoutes } from './modules/payments/pix-qr.routes';
import { catalogCachePlugin } from './modules/catalog-cache/catalog-cache.plugin';
import { readReplicaPlugin } from './modules/catalog-cache/read-replica.plugin';
import { clientLimitsPlugin } from './plugins/client-limits';
import { privateLogger } from './lib/log-privacy';
import { graphqlInputPlugin } from './plugins/graphql-input';
import { mailPlugin } from './plugins/mail';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { registerStaticApp } from './plugins/static-app';
import { warnOfUntrustedProxy } from './plugins/untrusted-proxy';
import { registerWorkshop } from './plugins/workshop';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Injected in tests to move time (token expiry, brute-force delays). */
  clock?: Clock;
  /** Fastify's logger option; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to Redis when REDIS_URL is set, memory otherwise. */
  rateLimitStore?: RateLimitStore;
  /** Defaults to SMTP when SMTP_URL is set, the log otherwise. */
  mailTransport?: MailTransport;
  /** Defaults to scrypt bounded by config.passwordHashing (tests inject one they hold open). */
  passwords?: PasswordHasher;
  /** How often failed mails are retried; 0 disables the timer (tests). */
  mailRetryIntervalMs?: number;
  /** Serve the built app from config.appDist with the SPA fallback (the production server). */
  serveApp?: boolean;
  /** The staff's live order events (GET /admin/events): heartbeat, stream limits. */
  live?: LivePluginOptions;
  /** The read replica (DATABASE_READ_URL opened) for the storefront's uncached catalog reads. */
  readDb?: Database | null;
  /** How often the replica's lag is measured (tests pass less). */
  readReplicaCheckMs?: number;
  /** POST /admin/imports/products: the largest file, where uploads wait. */
  productImportRoutes?: ProductImportRoutesOptions;
  /** The product imports' background work (batch sizes, the periodic look). */
  productImports?: ProductImportsPluginOptions;
  /** Defaults to S3 when S3_BUCKET is set, MEDIA_DIR otherwise. */
  mediaStorage?: MediaStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are written and GET /media/ reads from (local disk, or S3 when S3_BUCKET). */
    mediaStorage: MediaStorage;
  }
}

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

export function buildApp(opts: BuildAppOptions): FastifyInstance {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    // Request URLs, errors and quoted URLs never carry a shopper's data (lib/log-privacy.ts).
    logger: privateLogger(opts.logger ?? { level: config.logLevel }),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // A hop count: trust that many proxies in front of the server.
          (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Honour an upstream request id (load balancer) when it looks sane; otherwise make one.
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });

  registerErrorHandlers(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  if (config.trustProxy === false) warnOfUntrustedProxy(app);

  app.register(dbPlugin, { db, config });
  app.decorate('mediaStorage', opts.mediaStorage ?? mediaStorageFromConfig(config));
  app.register(rateLimitPlugin, { store: opts.rateLimitStore });
  app.register(mailPlugin, {
    transport: opts.mailTransport,
    retryIntervalMs: opts.mailRetryIntervalMs,
  });
  app.register(authPlugin, { jwtSecret: config.jwtSecret, clock, passwords: opts.passwords });
  app.register(securityPlugin);
  app.register(graphqlInputPlugin);
  app.register(graphqlPlugin);
  app.register(clientLimitsPlugin);
  app.register(catalogCachePlugin);
  app.register(readReplicaPlugin, {
    db: opts.readDb ?? null,
    checkIntervalMs: opts.readReplicaCheckMs,
  });
  app.register(productImportsPlugin, opts.productImports ?? {});

  app.register(authRoutes);
  app.register(mediaRoutes);
  app.register(pixQrRoutes);
  app.register(seoRoutes);
  app.register(exportsRoutes);
  app.register(productImportRoutes, opts.productImportRoutes ?? {});
  app.register(invitationRoutes);
  app.register(auditRoutes);
  app.register(labelRoutes);
  app.register(livePlugin, opts.live ?? {});

  app.get('/healthz', async (request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  registerWorkshop(app, opts.serveApp ? config.workshopDist : null);
  registerStaticApp(app, opts.serveApp ? config.appDist : null, config);

  return app;
}
