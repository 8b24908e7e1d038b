// A database as it was before a migration, for the tests of that migration: every migration
// before it applied (on the test PostgreSQL when TEST_DATABASE_URL is set, else PGlite in memory),
// data written as an older release would, and then the migration under test applied alone.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../src/db';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { createScratchDatabase } from './helpers';

export interface DatabaseBeforeMigration {
  db: OpenedDatabase['db'];
  /** The scratch PostgreSQL database's URL; null on PGlite. */
  url: string | null;
  /** Applies the migration under test (and only it); fails when anything else is applied. */
  apply(): Promise<void>;
  close(): Promise<void>;
}

/** The database migrated up to (not including) the migration numbered `number` ('0051'). */
export async function databaseBefore(number: string): Promise<DatabaseBeforeMigration> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.*\.sql$/.test(name));
  const target = names.find((name) => name.startsWith(`${number}_`));
  if (!target) throw new Error(`No migration ${number} in ${MIGRATIONS_DIR}.`);
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  const scratch = baseUrl ? await createScratchDatabase(baseUrl) : null;
  const opened = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: 'memory://' });
  const dir = await mkdtemp(path.join(os.tmpdir(), `vitrine-${number}-`));
  const close = async () => {
    await opened.close();
    await scratch?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const name of names.filter((name) => name < number)) {
      await copyFile(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
    }
    await migrate(opened.db, dir);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db: opened.db,
    url: scratch?.url ?? null,
    async apply() {
      await copyFile(path.join(MIGRATIONS_DIR, target), path.join(dir, target));
      const applied = await migrate(opened.db, dir);
      if (applied.length !== 1 || applied[0] !== target) {
        throw new Error(`Expected ${target} alone to be applied, got ${applied.join(', ')}.`);
      }
    },
    close,
  };
}

/**
 * `databaseBefore` for a test file: each database it opens is closed (and its scratch database
 * dropped) after the test that opened it.
 */
export function migrationDatabases(): (number: string) => Promise<DatabaseBeforeMigration> {
  const open: DatabaseBeforeMigration[] = [];
  afterEach(async () => {
    for (const database of open.splice(0)) await database.close();
  });
  return async (number) => {
    const database = await databaseBefore(number);
    open.push(database);
    return database;
  };
}
