// Migrations: applied once, in order, recorded, and safe when two instances start at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers';
import { openDatabase, type OpenedDatabase } from './index';
import { migrate, readMigrations, splitSqlStatements } from './migrate';

describe('splitSqlStatements', () => {
  it('splits on top-level semicolons only', () => {
    const script = `
      -- a comment; with a semicolon
      CREATE TABLE a (x text DEFAULT 'a;b');
      /* block; comment */ INSERT INTO a VALUES ('it''s; fine');
      CREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN NEW.x := 'y;'; RETURN NEW; END $body$ LANGUAGE plpgsql;
      SELECT "odd;name" FROM a
    `;
    const statements = splitSqlStatements(script);
    expect(statements).toHaveLength(4);
    expect(statements[0]).toBe("CREATE TABLE a (x text DEFAULT 'a;b')");
    expect(statements[1]).toContain("'it''s; fine'");
    expect(statements[2]).toContain("$body$ BEGIN NEW.x := 'y;'; RETURN NEW; END $body$");
    expect(statements[3]).toBe('SELECT "odd;name" FROM a');
  });
});

describe('migrate', () => {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  let first: OpenedDatabase;
  let second: OpenedDatabase | null = null;

  beforeAll(async () => {
    scratch = baseUrl ? await createScratchDatabase(baseUrl) : null;
    first = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: 'memory://' });
    // Two instances: two pools on one PostgreSQL database. PGlite has a single connection, so
    // there the two runs share one instance (and still must not apply anything twice).
    if (scratch) second = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await scratch?.drop();
  });

  it('applies every file exactly once when two instances migrate at the same time', async () => {
    const files = await readMigrations();
    const [a, b] = await Promise.all([migrate(first.db), migrate((second ?? first).db)]);
    expect([...a, ...b].sort()).toEqual(files.map((f) => f.name));
    const recorded = await first.db.execute<{ name: string }>(
      sql`SELECT name FROM schema_migrations ORDER BY name`,
    );
    expect(recorded.rows.map((r) => r.name)).toEqual(files.map((f) => f.name));
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(first.db)).toEqual([]);
  });

  it('creates the core tables, the settings row included', async () => {
    const result = await first.db.execute<{ store_name: string }>(
      sql`SELECT store_name FROM store_settings`,
    );
    expect(result.rows).toEqual([{ store_name: 'Vitrine' }]);
    for (const table of ['staff', 'password_reset_tokens', 'secrets', 'mail_outbox']) {
      const exists = await first.db.execute<{ ok: boolean }>(
        sql`SELECT to_regclass(${table}) IS NOT NULL AS ok`,
      );
      expect(exists.rows[0]?.ok).toBe(true);
    }
  });
});
