// Test harness for server tests: a fresh database per context (in-memory PGlite, or a new
// PostgreSQL database when TEST_DATABASE_URL is set), migrated, with the app built on top.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { Clock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, pgliteClientOf, type Database } from '../src/db';
import { migrate, readMigrations } from '../src/db/migrate';
import { insertStaff } from '../src/modules/staff/staff.repository';
import type { StaffRole, StaffRow } from '../src/modules/staff/staff.tables';
import { PasswordHasher } from '../src/modules/staff/password';
import type { RateLimitStore } from '../src/modules/auth/rate-limit';
import { CapturingTransport, type MailTransport } from '../src/modules/mail/mail.service';

/** Cheap scrypt for tests (N=2^10); one test proves the production parameters separately. */
export const TEST_SCRYPT = { logN: 10, r: 8, p: 1 };

/** A clock tests can move: `clock.advance(ms)`. */
export class TestClock implements Clock {
  #now: number;
  constructor(start: number = Date.UTC(2026, 0, 15, 12, 0, 0)) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  set(ms: number): void {
    this.#now = ms;
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: TestClock;
  /** Mails delivered by the outbox (after `await app.mail.flush()`). */
  mail: CapturingTransport;
  /** The database's kind, for tests that only make sense on one of them. */
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Environment overrides on top of the test defaults (e.g. { TRUST_PROXY: 'true' }). */
  env?: Record<string, string>;
  /** Share a clock between contexts (e.g. two app instances on one database). */
  clock?: TestClock;
  /** e.g. a RedisRateLimitStore; defaults to a fresh memory store. */
  rateLimitStore?: RateLimitStore;
  /** A hasher the test observes or holds open; defaults to the app's own. */
  passwords?: PasswordHasher;
  /** Receives the server's log lines (JSON, level debug) through its logger; none by default. */
  logStream?: { write(line: string): void };
  /** Serve the app from config.appDist (APP_DIST, SERVER_ENTRY in env), as the server does. */
  serveApp?: boolean;
  /** The outbox's transport instead of `mail` (which then receives nothing), e.g. no SMTP. */
  mailTransport?: MailTransport;
  /** More of buildApp's options: the imports' limits and batch sizes, a read replica. */
  app?: Pick<
    BuildAppOptions,
    'productImportRoutes' | 'productImports' | 'readDb' | 'readReplicaCheckMs'
  >;
}

/** Creates a fresh, empty PostgreSQL database on TEST_DATABASE_URL's server; returns its URL. */
export async function createScratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated, empty PGlite data directory, built once and cached on disk keyed by the migration
 * files: a fresh PGlite runs initdb (seconds), while loading a dump is several times faster.
 */
let templatePromise: Promise<Blob> | null = null;
async function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const files = await readMigrations();
    const digest = createHash('sha256');
    for (const file of files) digest.update(file.name).update('\0').update(file.sql).update('\0');
    const cacheFile = path.join(
      os.tmpdir(),
      `vitrine-pglite-template-${digest.digest('hex').slice(0, 16)}.tar`,
    );
    try {
      return new Blob([await readFile(cacheFile)]);
    } catch {
      // Not cached yet: build it.
    }
    const opened = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    try {
      await migrate(opened.db);
      const dump = await pgliteClientOf(opened.db)!.dumpDataDir('none');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Write then rename, so parallel test workers never read a half-written file.
      const partial = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, bytes);
      await rename(partial, cacheFile);
      return new Blob([bytes]);
    } finally {
      await opened.close();
    }
  })();
  return templatePromise;
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  const scratch = baseUrl ? await createScratchDatabase(baseUrl) : null;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEED_DEMO: 'false',
      // A workshop built on this machine (dist/workshop) must not change what a test sees.
      WORKSHOP: 'false',
      // Every request of a test comes from one address: the per-client bounds (on with
      // NODE_ENV=production) stay off unless the test sets them (client-limits.test.ts).
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
      ...options.env,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    }),
    scrypt: TEST_SCRYPT,
  };
  if (!scratch) config.dataDir = 'memory://';
  // Opened as the server opens it (server.ts): with the request deadline as the connections'
  // statement_timeout, so the app never queues a SET on a connection in use (pg deprecates it).
  const opened = scratch
    ? await openDatabase(config, { statementTimeoutMs: config.graphqlTimeoutMs })
    : await openDatabase(config, { loadDataDir: await pgliteTemplate() });
  // Already migrated when it comes from the template; still run it to apply nothing newer.
  await migrate(opened.db);
  const clock = options.clock ?? new TestClock();
  const mail = new CapturingTransport();
  const app = buildApp({
    config,
    db: opened.db,
    clock,
    logger: options.logStream ? { level: 'debug', stream: options.logStream } : false,
    mailTransport: options.mailTransport ?? mail,
    mailRetryIntervalMs: 0,
    rateLimitStore: options.rateLimitStore,
    serveApp: options.serveApp,
    passwords: options.passwords,
    ...options.app,
  });
  await app.ready();
  // The throwaway hash (made in the background at start): counted before any test counts hashes.
  await app.passwords.prepare();
  return {
    app,
    db: opened.db,
    config,
    clock,
    mail,
    kind: opened.kind,
    async close() {
      await app.close();
      await opened.close();
      await scratch?.drop();
    },
  };
}

export interface StaffUserInput {
  email: string;
  password: string;
  role: StaffRole;
  brandIds?: string[];
  active?: boolean;
  name?: string;
}

const testHasher = new PasswordHasher(TEST_SCRYPT);

export async function createStaffUser(db: Database, input: StaffUserInput): Promise<StaffRow> {
  return insertStaff(db, {
    email: input.email,
    name: input.name ?? input.email.split('@')[0]!,
    role: input.role,
    brandIds: input.brandIds,
    active: input.active,
    passwordHash: await testHasher.hash(input.password),
  });
}

/** Signs in through POST /auth/login/ and returns the access token. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email, password, remember: false },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { access: string }).access;
}

/** The one password every staff account the fixtures create signs in with. */
export const STAFF_PASSWORD = 'senha de teste bem longa';

export type StaffRoleKey = 'admin' | 'manager' | 'support';

/** A staff account created and signed in by `signInStaffRoles`. */
export interface SignedInStaff {
  id: string;
  email: string;
  name: string;
  /** Access token for the `Authorization: Bearer` header. */
  token: string;
}

export interface StaffRolesOptions {
  /** Brands the BRAND_MANAGER manages (none by default). */
  managerBrandIds?: string[];
  /** Display names; by default the e-mail's local part (`admin`, `gerente`, `suporte`). */
  names?: Partial<Record<StaffRoleKey, string>>;
}

/**
 * The staff trio most server tests need: an ADMIN (admin@vitrine.test), a BRAND_MANAGER
 * (gerente@vitrine.test) of `managerBrandIds` and a SUPPORT (suporte@vitrine.test), all with
 * STAFF_PASSWORD, each created and then signed in through POST /auth/login/.
 */
export async function signInStaffRoles(
  ctx: Pick<TestContext, 'app' | 'db'>,
  options: StaffRolesOptions = {},
): Promise<Record<StaffRoleKey, SignedInStaff>> {
  const inputs: Record<StaffRoleKey, StaffUserInput> = {
    admin: { email: 'admin@vitrine.test', password: STAFF_PASSWORD, role: 'ADMIN' },
    manager: {
      email: 'gerente@vitrine.test',
      password: STAFF_PASSWORD,
      role: 'BRAND_MANAGER',
      brandIds: options.managerBrandIds,
    },
    support: { email: 'suporte@vitrine.test', password: STAFF_PASSWORD, role: 'SUPPORT' },
  };
  const signIn = async (key: StaffRoleKey): Promise<SignedInStaff> => {
    const row = await createStaffUser(ctx.db, { ...inputs[key], name: options.names?.[key] });
    const token = await loginAs(ctx.app, row.email, STAFF_PASSWORD);
    return { id: row.id, email: row.email, name: row.name, token };
  };
  // One after another: creation order stays fixed and sign-ins stay clear of the rate limit.
  const admin = await signIn('admin');
  const manager = await signIn('manager');
  const support = await signIn('support');
  return { admin, manager, support };
}

/** Posts a GraphQL operation as JSON, optionally with a Bearer token. */
export async function graphql(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql/',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { query, variables },
  });
  return {
    statusCode: response.statusCode,
    body: response.json() as {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    },
  };
}
