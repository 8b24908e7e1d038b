// Opens the database: a pg Pool when DATABASE_URL is set, else embedded PGlite (real Postgres in WASM).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;

/** What both drivers return from `db.execute(sql...)`: at least the rows. */
export interface RowsResult<TRow> {
  rows: TRow[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}

export type Database = PgDatabase<QueryResultHKT, Schema>;
export type Transaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction;

export interface OpenedDatabase {
  db: Database;
  close(): Promise<void>;
  kind: 'pglite' | 'pg';
}

const pgliteClients = new WeakMap<Database, PGlite>();

/** The PGlite instance behind a database opened by openDatabase, if it is one. */
export function pgliteClientOf(db: Database): PGlite | undefined {
  return pgliteClients.get(db);
}

export interface OpenDatabaseOptions {
  /** PGlite only: start from this data directory dump (tests reuse a migrated template). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: every connection's statement_timeout from its start (the server's request
   * deadline, GRAPHQL_TIMEOUT_MS), sent with the connection instead of a SET before each use.
   * Migrations lift it for their own transaction.
   */
  statementTimeoutMs?: number;
}

/** The lock file of an embedded data directory: the pid of the process that has it open. */
export const EMBEDDED_LOCK_FILE = 'pglite.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second process (the server and `npm run staff`, say) writing the
 * same directory corrupts it. Takes `lockPath` for this process, or refuses with a clear message
 * when a live process (this one included) holds it; a lock left by a dead process is taken over.
 */
export async function lockEmbeddedDatabase(
  dir: string,
  lockPath: string,
): Promise<() => Promise<void>> {
  // "<pid> <random>": the pid for other processes, the random part so that only this very lock
  // (not a later one of the same process) is removed when it is released.
  const content = `${process.pid} ${randomUUID()}\n`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await writeFile(lockPath, content, { flag: 'wx' });
      return async () => {
        const current = await readFile(lockPath, 'utf8').catch(() => '');
        if (current === content) await unlink(lockPath).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).split(' ')[0]);
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new Error(
        `O banco embutido em ${dir} já está aberto pelo processo ${holder}; pare o servidor ou use DATABASE_URL.`,
      );
    }
    // Stale (its process is gone) or half-written: remove it and try again.
    await unlink(lockPath).catch(() => undefined);
  }
  throw new Error(`Não foi possível travar o banco embutido em ${dir} (${lockPath}).`);
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const timeout = Math.floor(options.statementTimeoutMs ?? 0);
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(timeout > 0 ? { statement_timeout: timeout } : {}),
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db: Database = drizzlePg({ client: pool, schema });
    return { db, kind: 'pg', close: () => pool.end() };
  }
  // The embedded database's code only when it is used: a server on PostgreSQL starts without it.
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  let unlock: (() => Promise<void>) | null = null;
  if (config.dataDir === 'memory://') {
    client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    unlock = await lockEmbeddedDatabase(dir, path.join(config.dataDir, EMBEDDED_LOCK_FILE));
    try {
      client = await PGlite.create({ dataDir: dir, extensions });
    } catch (err) {
      await unlock();
      throw err;
    }
  }
  const db: Database = drizzlePglite({ client, schema });
  // Exposed for tests that build a template database to copy.
  pgliteClients.set(db, client);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        await unlock?.();
      }
    },
  };
}
