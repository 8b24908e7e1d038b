// The database every bench starts from: a scratch PostgreSQL database on BENCH_DATABASE_URL's
// server (created here, dropped by close()), or in-memory PGlite when it is unset, migrated.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../../packages/api/src/config';
import { openDatabase, type OpenedDatabase } from '../../packages/api/src/db';
import { migrate } from '../../packages/api/src/db/migrate';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database on `baseUrl`'s server. */
export async function scratchDatabase(baseUrl: string): Promise<ScratchDatabase> {
  const name = `vitrine_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The scratch database of BENCH_DATABASE_URL, or null for PGlite. */
export function benchScratch(): Promise<ScratchDatabase | null> {
  const baseUrl = process.env.BENCH_DATABASE_URL?.trim();
  return baseUrl ? scratchDatabase(baseUrl) : Promise.resolve(null);
}

export interface BenchDatabase {
  config: Config;
  opened: OpenedDatabase;
  /** Closes the database and drops the scratch one. */
  close(): Promise<void>;
}

/**
 * The server's configuration from `env` (NODE_ENV production, silent logs, a fresh JWT secret
 * unless given) on the bench's database, opened and migrated.
 */
export async function openBenchDatabase(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<BenchDatabase> {
  const scratch = await benchScratch();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // One client measuring the server, not a shopper: no per-client bounds, no bound on the
      // renders in flight (bench/attack.ts measures them); `env` may turn them on.
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
      SERVER_RENDERS_IN_FLIGHT: '0',
      ...env,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    }),
    ...overrides,
  };
  if (!scratch) config.dataDir = 'memory://';
  // As the server opens it (server.ts): connections start with the request deadline as their
  // statement timeout, so none is SET on a connection in use.
  let opened = await openDatabase(config, { statementTimeoutMs: config.graphqlTimeoutMs });
  try {
    await migrate(opened.db);
    if (scratch) {
      // Sessions opened from here on read the settings the migrations gave the database
      // (0053, 0057), as a server restarted after migrating does.
      await opened.close();
      opened = await openDatabase(config, { statementTimeoutMs: config.graphqlTimeoutMs });
    }
  } catch (error) {
    await opened.close();
    await scratch?.drop();
    throw error;
  }
  return {
    config,
    opened,
    async close() {
      await opened.close();
      await scratch?.drop();
    },
  };
}
