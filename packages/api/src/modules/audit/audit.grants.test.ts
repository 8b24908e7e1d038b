// The app's insert-only role on the audit log (docs/database.md, "The app's database role"): the
// page's two SQL blocks, run as written (the role and database names made unique), leave the server's
// role able to start on the schema the owner migrated, sign staff in and append to audit_log,
// and unable to update, delete or truncate it or to switch its triggers off. With
// TEST_DATABASE_URL: real PostgreSQL roles signing in with their passwords; on PGlite, which has
// one user, the same grants through SET ROLE on its one connection.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  loginAs,
  STAFF_PASSWORD,
  TEST_SCRYPT,
  TestClock,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database, type OpenedDatabase } from '../../db';
import { migrate, readMigrations, splitSqlStatements } from '../../db/migrate';
import { facetCountsPlugin } from '../catalog/catalog.facets.plugin';
import { compactFacetCounts } from '../catalog/catalog.facets.fold.repository';
import { CapturingTransport } from '../mail/mail.service';

const DOC = readFileSync(new URL('../../../../../docs/database.md', import.meta.url), 'utf8');
const SECTION = "## The app's database role (PostgreSQL)";

/** The section's SQL blocks: the superuser's (roles, database), then the owner's (grants). */
function docBlocks(): { superuser: string; owner: string } {
  const start = DOC.indexOf(SECTION);
  expect(start, `docs/database.md has a section "${SECTION}"`).toBeGreaterThanOrEqual(0);
  const end = DOC.indexOf('\n## ', start + SECTION.length);
  const section = DOC.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks).toHaveLength(2);
  return { superuser: blocks[0]!, owner: blocks[1]! };
}

const baseUrl = process.env.TEST_DATABASE_URL?.trim() || null;
const suffix = randomBytes(4).toString('hex');
const names = {
  owner: `vitrine_owner_${suffix}`,
  app: `vitrine_app_${suffix}`,
  database: `vitrine_grants_${suffix}`,
};

/** The page's SQL with this run's names (each run has its own roles: they are cluster-wide). */
function ours(script: string): string[] {
  return splitSqlStatements(
    script
      .replace(/\bvitrine_owner\b/g, names.owner)
      .replace(/\bvitrine_app\b/g, names.app)
      .replace(/\bvitrine\b/g, names.database),
  );
}

/** The password the page's block gives a role. */
function passwordOf(script: string, role: string): string {
  const match = new RegExp(`CREATE ROLE ${role} LOGIN PASSWORD '([^']*)'`).exec(script);
  expect(match, `docs/database.md creates ${role} with a password`).not.toBeNull();
  return match![1]!;
}

function urlAs(role: string, password: string): string {
  const url = new URL(baseUrl!);
  url.username = role;
  url.password = password;
  url.pathname = `/${names.database}`;
  return url.toString();
}

/** The SQLSTATE and message of a refused statement (drizzle wraps the driver's error). */
async function refusal(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      message: string;
    };
    return { code: cause.code ?? '', message: cause.message };
  }
  throw new Error('the statement was not refused');
}

let superuser: pg.Client | null = null;
/** The owner's connection (PostgreSQL), or PGlite's one connection as its superuser. */
let owner: OpenedDatabase;
/** The server's database handle, as the app's role. */
let appDb: Database;
let appOpened: OpenedDatabase | null = null;
let app: FastifyInstance | null = null;
let migrationCount = 0;

beforeAll(async () => {
  const blocks = docBlocks();
  migrationCount = (await readMigrations()).length;
  if (baseUrl) {
    superuser = new pg.Client({ connectionString: baseUrl });
    await superuser.connect();
    for (const statement of ours(blocks.superuser)) await superuser.query(statement);
    owner = await openDatabase({
      databaseUrl: urlAs(names.owner, passwordOf(blocks.superuser, 'vitrine_owner')),
      dataDir: 'memory://',
    });
  } else {
    owner = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    // One database, its superuser as the owner: the roles only (CREATE DATABASE has no meaning).
    for (const statement of ours(blocks.superuser)) {
      if (!/^CREATE DATABASE/i.test(statement)) await owner.db.execute(sql.raw(statement));
    }
  }
  expect(await migrate(owner.db)).toHaveLength(migrationCount);
  for (const statement of ours(blocks.owner)) await owner.db.execute(sql.raw(statement));
  if (baseUrl) {
    appOpened = await openDatabase({
      databaseUrl: urlAs(names.app, passwordOf(blocks.superuser, 'vitrine_app')),
      dataDir: 'memory://',
    });
    appDb = appOpened.db;
  } else {
    await owner.db.execute(sql.raw(`SET ROLE ${names.app}`));
    appDb = owner.db;
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await appOpened?.close();
  await owner?.close();
  if (superuser) {
    await superuser.query(`DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
    await superuser.query(`DROP ROLE IF EXISTS ${names.app}`);
    await superuser.query(`DROP ROLE IF EXISTS ${names.owner}`);
    await superuser.end();
  }
});

describe("the app's database role (docs/database.md's grants)", () => {
  it('is the role the server runs as', async () => {
    const who = await appDb.execute<{ role: string }>(sql`SELECT current_user AS role`);
    expect(who.rows[0]?.role).toBe(names.app);
  });

  it('starts the server on the schema the owner migrated, signs staff in and appends the audit entries', async () => {
    // The server's own start: nothing pending, nothing created.
    expect(await migrate(appDb)).toEqual([]);
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        JWT_SECRET: randomBytes(32).toString('base64url'),
        SEED_DEMO: 'false',
        WORKSHOP: 'false',
      }),
      scrypt: TEST_SCRYPT,
    };
    app = buildApp({
      config,
      db: appDb,
      clock: new TestClock(),
      logger: false,
      mailTransport: new CapturingTransport(),
      mailRetryIntervalMs: 0,
    });
    await app.ready();
    const staff = await createStaffUser(appDb, {
      email: 'dona@vitrine.test',
      password: STAFF_PASSWORD,
      role: 'ADMIN',
    });
    await loginAs(app, staff.email, STAFF_PASSWORD);
    const entries = await appDb.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE actor_id = ${staff.id}`,
    );
    expect(entries.rows.map((row) => row.action)).toContain('auth.login');
  });

  it.each([
    ['UPDATE', `UPDATE audit_log SET summary = 'apagado'`],
    ['DELETE', 'DELETE FROM audit_log'],
    ['TRUNCATE', 'TRUNCATE audit_log'],
  ])(
    'refuses %s on audit_log for lack of privilege, before any trigger',
    async (_what, statement) => {
      const refused = await refusal(() => appDb.execute(sql.raw(statement)));
      expect(refused).toEqual({ code: '42501', message: 'permission denied for table audit_log' });
    },
  );

  it("cannot switch the audit log's triggers off, which its owner could", async () => {
    const refused = await refusal(() =>
      appDb.execute(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update')),
    );
    expect(refused).toEqual({ code: '42501', message: 'must be owner of table audit_log' });
  });

  it("leaves the facet counts' table as it is, which only its owner may compact", async () => {
    // The demo seed compacts it after a bulk load (docs/database.md, "After a bulk import"); as the
    // server's role that is refused and the seed goes on.
    expect(await compactFacetCounts(appDb)).toBe('not-owner');
    // The server's fold finds the table bloated (any size is, with these limits), is refused,
    // says so once and does not try again.
    const lines: string[] = [];
    const server = Fastify({ logger: { level: 'warn', stream: { write: (l) => lines.push(l) } } });
    server.decorate('db', appDb);
    server.register(fp(async () => undefined, { name: 'vitrine-db' }));
    server.register(facetCountsPlugin, {
      enabled: false,
      bloat: { minBytes: -1, ratio: 0, rowBytes: 0 },
    });
    await server.ready();
    // Deltas that sum to nothing (as product changes append them, the server's role may).
    const deltas = (value: string) =>
      appDb.execute(
        sql`INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, products)
            SELECT '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
              'size', ${value}, CASE WHEN n % 2 = 0 THEN 1 ELSE -1 END
            FROM generate_series(1, 600) n`,
      );
    try {
      await deltas('grants-1');
      expect(await server.foldFacetCounts()).toMatchObject({ before: 600, compacted: false });
      await deltas('grants-2');
      expect(await server.foldFacetCounts()).toMatchObject({ before: 600, compacted: false });
      const warned = lines.filter((line) => line.includes('does not own it'));
      expect(warned).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('leaves the rows as they were, and the trigger still answers whoever has the privilege', async () => {
    const count = await appDb.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE summary = 'apagado'`,
    );
    expect(Number(count.rows[0]?.n)).toBe(0);
    // The owner has UPDATE: there the trigger refuses it (what the grants add is the privilege).
    if (!baseUrl) await owner.db.execute(sql.raw('RESET ROLE'));
    try {
      const refused = await refusal(() =>
        owner.db.execute(sql.raw(`UPDATE audit_log SET summary = 'apagado'`)),
      );
      expect(refused.message).toBe('audit_log is append-only: UPDATE refused');
    } finally {
      if (!baseUrl) await owner.db.execute(sql.raw(`SET ROLE ${names.app}`));
    }
  });
});
