// Opens the database: a pg Pool when DATABASE_URL is set, else embedded PGlite (real Postgres in WASM).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db: Database = drizzlePg({ client: pool, schema });
    return { db, kind: 'pg', close: () => pool.end() };
  }
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (config.dataDir === 'memory://') {
    client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir, extensions });
  }
  const db: Database = drizzlePglite({ client, schema });
  // Exposed for tests that build a template database to copy.
  pgliteClients.set(db, client);
  return { db, kind: 'pglite', close: () => client.close() };
}
