// The store's database settings for each new session. Migration 0053 turns PostgreSQL's JIT
// compilation off: the storefront's statements estimated costly run in milliseconds, and compiling
// them took ~250 ms more. Migration 0057 raises parallel_setup_cost to 5,000: the counted facets
// were planned with two parallel workers for a 15-30 ms statement. Migration 0061 lets hash tables
// grow to 8x work_mem: a broad search's groups were sorted on disk. A new session reads the
// setting; on the embedded database (no JIT, no workers) the migrations change nothing and do not
// fail.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationDatabases } from '../../test/migrations';

const databaseBefore = migrationDatabases();

/** What a new session of the database reads: `setting`, and the database's own settings. */
async function newSession(
  url: string,
  setting = 'jit',
): Promise<{ value: string; settings: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const shown = await client.query<Record<string, string>>(`SHOW ${setting}`);
    const settings = await client.query<{ setting: string }>(
      `SELECT unnest(s.setconfig) AS setting FROM pg_db_role_setting s
        JOIN pg_database d ON d.oid = s.setdatabase
        WHERE d.datname = current_database() AND s.setrole = 0`,
    );
    return { value: shown.rows[0]![setting]!, settings: settings.rows.map((row) => row.setting) };
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
    expect(await newSession(url)).toEqual({ value: 'off', settings: ['jit=off'] });
  });
});

/**
 * Applies `migration` and checks what a new session reads of `setting`: `before` and then
 * `after`, the database's own settings gaining `setting=after` after `settingsBefore`.
 */
async function expectSessionSetting(
  migration: string,
  setting: string,
  [before, after]: [string, string],
  settingsBefore: string[],
) {
  const { url, apply } = await databaseBefore(migration);
  if (url === null) {
    // The embedded database: applied without error.
    await apply();
    return;
  }
  expect(await newSession(url, setting)).toEqual({ value: before, settings: settingsBefore });
  await apply();
  expect(await newSession(url, setting)).toEqual({
    value: after,
    settings: [...settingsBefore, `${setting}=${after}`],
  });
}

describe('migration 0057: parallel workers only for large statements', () => {
  it('gives every new session of the database parallel_setup_cost = 5000', async () => {
    // (The embedded database has no parallel workers.)
    await expectSessionSetting('0057', 'parallel_setup_cost', ['1000', '5000'], ['jit=off']);
  });
});

describe('migration 0061: hash tables up to 8x work_mem', () => {
  it('gives every new session of the database hash_mem_multiplier = 8', async () => {
    await expectSessionSetting(
      '0061',
      'hash_mem_multiplier',
      ['2', '8'],
      ['jit=off', 'parallel_setup_cost=5000'],
    );
  });
});
