// Migration 0053 turns PostgreSQL's JIT compilation off for the store's database: the storefront's
// statements estimated costly run in milliseconds, and compiling them took ~250 ms more. A new
// session of the database reads jit = off; on the embedded database (no JIT) the migration
// changes nothing and does not fail.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationDatabases } from '../../test/migrations';

const databaseBefore = migrationDatabases();

/** What a new session of the database reads: its jit, and the database's own settings. */
async function newSession(url: string): Promise<{ jit: string; settings: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const jit = await client.query<{ jit: string }>('SHOW jit');
    const settings = await client.query<{ setting: string }>(
      `SELECT unnest(s.setconfig) AS setting FROM pg_db_role_setting s
        JOIN pg_database d ON d.oid = s.setdatabase
        WHERE d.datname = current_database() AND s.setrole = 0`,
    );
    return { jit: jit.rows[0]!.jit, settings: settings.rows.map((row) => row.setting) };
  } finally {
    await client.end();
  }
}

describe('migration 0053: no JIT compilation', () => {
  it('gives every new session of the database jit = off', async () => {
    const { url, apply } = await databaseBefore('0053');
    if (url === null) {
      // The embedded database: applied without error (it has no JIT to turn off).
      await apply();
      return;
    }
    expect((await newSession(url)).settings).not.toContain('jit=off');
    await apply();
    expect(await newSession(url)).toEqual({ jit: 'off', settings: ['jit=off'] });
  });
});
