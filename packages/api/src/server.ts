// The production entry point: one process serving the API and the built app.
// Opens the database, migrates, seeds an empty catalog (unless SEED_DEMO=false), ensures a first
// admin, listens, and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type OpenedDatabase } from './db';
import { migrate } from './db/migrate';
import { seedDemoData } from './modules/catalog/seed';
import { checkoutPlugin } from './modules/checkout/checkout.plugin';
import { restockPlugin } from './modules/restock/restock.plugin';
import { facetCountsPlugin } from './modules/catalog/catalog.facets.plugin';
import { dashboardSalesPlugin } from './modules/stats/stats.rollup.plugin';
import { seedCommerceDemo } from './modules/checkout/checkout.seed';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { pixPspPlugin } from './modules/payments/pix-psp/pix-psp.plugin';
import { carriersPlugin } from './modules/shipping/carriers/carriers.plugin';
import { trackingPlugin } from './modules/tracking/tracking.plugin';
import { returnsPlugin } from './modules/returns/returns.plugin';
import { invoicesPlugin } from './modules/invoices/invoices.plugin';
import { ensureFirstAdmin, seedDemoStaff } from './modules/staff/staff.service';
import { findBrand } from './modules/catalog/catalog.repository';

const SHUTDOWN_TIMEOUT_MS = 15_000;

export interface RunningServer {
  app: FastifyInstance;
  database: OpenedDatabase;
  /** Stops accepting connections, lets in-flight requests finish, closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where the JSON log lines go (stdout by default); tests capture them. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Production-only plugins that tests register themselves with stand-ins (a fake address look-up,
 * a fake gateway): the CEP look-up and Pix expiry, and the payment gateway with its webhook.
 * Call before `app.ready()`.
 */
export function registerRuntimePlugins(app: FastifyInstance, config: Config): void {
  app.register(checkoutPlugin, {
    pixExpiry: { enabled: true },
    addressLookupUrl: config.addressLookupUrl,
  });
  app.register(paymentsPlugin, {});
  app.register(pixPspPlugin, {});
  app.register(carriersPlugin, {});
  app.register(trackingPlugin, { poll: true });
  app.register(returnsPlugin, { poll: true });
  app.register(invoicesPlugin, { poll: true });
  app.register(restockPlugin, { enabled: true });
  app.register(facetCountsPlugin, { enabled: true });
  app.register(dashboardSalesPlugin, { enabled: true });
}

export async function startServer(
  config: Config = loadConfig(),
  options: StartOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase(config, { statementTimeoutMs: config.graphqlTimeoutMs });
  // The read replica, when named: the storefront's uncached catalog reads (read-replica.plugin.ts).
  const replica = config.databaseReadUrl
    ? await openDatabase(
        { databaseUrl: config.databaseReadUrl, dataDir: config.dataDir },
        { statementTimeoutMs: config.graphqlTimeoutMs },
      )
    : null;
  const closeDatabases = async () => {
    await replica?.close();
    await database.close();
  };
  const app = buildApp({
    config,
    db: database.db,
    readDb: replica?.db ?? null,
    serveApp: true,
    logger: options.logStream
      ? { level: config.logLevel, stream: options.logStream }
      : { level: config.logLevel },
  });
  try {
    const applied = await migrate(database.db);
    app.log.info(
      { applied, database: database.kind },
      applied.length ? 'migrations applied' : 'database schema up to date',
    );

    registerRuntimePlugins(app, config);
    await app.ready();
    if (replica) {
      app.log.info(
        { lagMs: app.readReplica.lagMs, maxLagMs: config.databaseReadMaxLagMs },
        'read replica for the storefront catalog reads',
      );
    }
    app.log.info({ storage: app.mediaStorage.describe() }, 'media storage');

    let demoSeeded = false;
    if (config.seedDemo) {
      const summary = await seedDemoData(
        database.db,
        { info: (message) => app.log.info(message) },
        { media: app.mediaStorage },
      );
      if (summary.seeded) {
        // Only a store seeded just now gets the demo Pix key: a real store never pays into it.
        await seedCommerceDemo(database.db);
        demoSeeded = true;
        app.log.info({ seed: summary }, 'demo data seeded');
      }
    }
    await ensureFirstAdmin(database.db, app.passwords, config, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
    });
    // After the first admin: ensureFirstAdmin creates one only while there is no staff at all.
    if (demoSeeded && config.demoStaffPassword) {
      const demoStaff = await seedDemoStaff(
        database.db,
        app.passwords,
        config.demoStaffPassword,
        async (slug) => (await findBrand(database.db, { slug }))?.id ?? null,
      );
      for (const staff of demoStaff) {
        app.log.info(`Conta de demonstração criada: ${staff.email} (${staff.role}).`);
      }
    }

    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    await closeDatabases().catch(() => undefined);
    throw err;
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      // Fastify stops accepting, closes idle keep-alive sockets and waits for in-flight requests.
      await app.close();
      await closeDatabases();
    })();
    return stopping;
  };
  return { app, database, stop };
}

function installSignalHandlers(server: RunningServer): void {
  const onSignal = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      server.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** The flag `npm start` passes: run as production unless NODE_ENV says otherwise. */
export const PRODUCTION_FLAG = '--production';

/**
 * The environment the entry point runs with: with `--production` (how `npm start` runs it, on any
 * platform) NODE_ENV defaults to production; an explicit NODE_ENV wins.
 */
export function entryEnvironment(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  if (!argv.slice(2).includes(PRODUCTION_FLAG) || env.NODE_ENV?.trim()) return env;
  return { ...env, NODE_ENV: 'production' };
}

/** Runs the server as the process's entry (tsx src/server.ts, or the built dist/server.mjs). */
export function main(argv: readonly string[] = process.argv): void {
  const nodeEnv = entryEnvironment(argv, process.env).NODE_ENV;
  if (nodeEnv) process.env.NODE_ENV = nodeEnv;
  startServer().then(installSignalHandlers, (err: unknown) => {
    // Before the logger exists (bad configuration), the console is all there is.
    console.error('Falha ao iniciar o servidor:', err instanceof Error ? err.message : err);
    if (err instanceof Error && err.stack) console.error(err.stack);
    process.exit(1);
  });
}

const isMain =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) main();
