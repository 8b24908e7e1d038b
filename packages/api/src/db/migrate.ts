// Applies the SQL files of packages/api/migrations in order, each in its own transaction, under an
// advisory lock so that two instances starting at once never apply the same file twice.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './index';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

// Arbitrary constant shared by every instance: the key of the migration advisory lock.
const MIGRATION_LOCK_KEY = 7_413_029_001;

/**
 * Splits a SQL script into statements on top-level semicolons, leaving quoted strings,
 * identifiers, dollar-quoted bodies and comments intact. Needed because PGlite's extended
 * protocol runs one statement per call.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < script.length) {
    const char = script[i]!;
    const next = script[i + 1];
    if (char === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
      current += '\n';
      continue;
    }
    if (char === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? script.length : end + 2;
      current += ' ';
      continue;
    }
    if (char === "'" || char === '"') {
      let j = i + 1;
      while (j < script.length) {
        if (script[j] === char) {
          if (script[j + 1] === char) {
            j += 2;
            continue;
          }
          break;
        }
        j += 1;
      }
      current += script.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i));
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? script.length : end + tag[0].length;
        current += script.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (char === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
      continue;
    }
    current += char;
    i += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

export interface MigrationFile {
  name: string;
  sql: string;
}

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      sql: await readFile(new URL(name, `file://${dir}/`), 'utf8'),
    })),
  );
}

/** Applies every pending migration; returns the names applied by this call. */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readMigrations(dir);
  const applied: string[] = [];
  for (const file of files) {
    const didApply = await db.transaction(async (tx) => {
      // A migration may take longer than a request's deadline (an index on a big table).
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      // Created only when missing: a role that may not create tables (the app's, when the owner
      // runs the migrations: docs/database.md, "The app's database role") starts on a migrated schema.
      const present = await tx.execute<{ present: boolean }>(
        sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`,
      );
      if (!present.rows[0]?.present) {
        await tx.execute(
          sql`CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
        );
      }
      const done = await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE name = ${file.name}`);
      if (done.rows.length > 0) return false;
      try {
        for (const statement of splitSqlStatements(file.sql)) {
          await tx.execute(sql.raw(statement));
        }
      } catch (error) {
        throw ownerNeeded(file.name, error) ?? error;
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file.name})`);
      return true;
    });
    if (didApply) applied.push(file.name);
  }
  return applied;
}

/**
 * A migration refused for lack of privilege (SQLSTATE 42501, through drizzle's wrapper): the
 * server runs as the app's role, which may not change the schema, before the owner migrated.
 */
function ownerNeeded(name: string, error: unknown): Error | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  if ((cause as { code?: unknown })?.code !== '42501') return null;
  return new Error(
    `Migration ${name} needs the role that owns the schema: run npm run db:migrate with the ` +
      `owner's DATABASE_URL before starting the server (docs/database.md, "The app's database role").`,
    { cause: error },
  );
}
