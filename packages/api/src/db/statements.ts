// Hand-written SQL for the hottest path (placing an order, issue 17): a statement sent as fixed
// text straight to the driver, named so PostgreSQL parses and plans it once per connection (pg's
// named prepared statements), with none of the query builder's per-call work. Rows travel as JSON
// where they are whole table rows; `rowFromJson` maps them with the table's own column mappers, so
// they are the same objects a drizzle select returns.
import { getTableColumns, getTableName, type InferSelectModel, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './index';

export interface NamedStatement {
  /** Unique per text: pg refuses a name sent again with another text. */
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Declares a statement once (module load); the same name with another text is a bug. */
export function namedStatement(name: string, text: string): NamedStatement {
  const known = names.get(name);
  if (known !== undefined && known !== text) {
    throw new Error(`statement ${name} declared twice with different text`);
  }
  names.set(name, text);
  return { name, text };
}

const dialect = new PgDialect();

/**
 * The text of a drizzle SQL fragment, for a named statement built from the fragments other
 * statements share (its own values written `$1`, `$2` through `sql.raw`). A fragment that carries
 * a value is refused: it would be numbered apart from them.
 */
export function sqlText(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0)
    throw new Error('a named statement takes its values as $n, not in its text');
  return text;
}

interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The driver client behind a drizzle database or transaction: pg's Pool (the database), the
 * pooled connection of a transaction, or PGlite / its transaction. drizzle keeps it on the
 * session it was built with.
 */
function driverOf(executor: Executor): pg.Pool | pg.ClientBase | PgliteLike {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('no database client behind this executor');
  }
  return client as pg.Pool | pg.ClientBase | PgliteLike;
}

/**
 * Runs a named statement with positional values; returns its rows as the driver parsed them
 * (json, jsonb, integers, booleans and text as JavaScript values; int8 as text on pg).
 */
export async function runStatement<Row>(
  executor: Executor,
  statement: NamedStatement,
  values: readonly unknown[],
): Promise<Row[]> {
  const client = driverOf(executor);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await (client as pg.ClientBase).query({
      name: statement.name,
      text: statement.text,
      values: [...values],
    });
    return result.rows as Row[];
  }
  const result = await (client as PgliteLike).query(statement.text, [...values]);
  return result.rows as Row[];
}

type ColumnEntry = [key: string, column: ReturnType<typeof getTableColumns>[string]];
const columnCache = new WeakMap<PgTable, ColumnEntry[]>();

function columnsOf(table: PgTable): ColumnEntry[] {
  let columns = columnCache.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnCache.set(table, columns);
  }
  return columns;
}

/**
 * A table row sent as JSON by PostgreSQL (`row_to_json`, `json_agg`: keys are column names) as
 * the object drizzle returns for it: property names, dates, numerics through the columns' own
 * mappers. A column missing from the JSON is a bug in the statement, not a null.
 */
export function rowFromJson<Table extends PgTable>(
  table: Table,
  json: Record<string, unknown>,
): InferSelectModel<Table> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    if (!(column.name in json)) {
      throw new Error(`column ${column.name} missing from a ${getTableName(table)} row`);
    }
    const value = json[column.name];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<Table>;
}

/**
 * A row to insert as the JSON `json_populate_record` reads: column names as keys, values
 * through the columns' own mappers (a Date as its ISO text). Only `keys` are written; the
 * statement lists the same columns, so every other column takes its default. A key left
 * undefined is written as NULL, not as the column's default.
 */
export function rowToJson<Table extends PgTable>(
  table: Table,
  keys: readonly (keyof Table['$inferInsert'] & string)[],
  row: Table['$inferInsert'],
): Record<string, unknown> {
  const columns = getTableColumns(table);
  const json: Record<string, unknown> = {};
  for (const key of keys) {
    const column = columns[key]!;
    const value = (row as Record<string, unknown>)[key];
    json[column.name] =
      value === null || value === undefined
        ? null
        : // json and jsonb go in as JSON, not as the text the driver would send.
          column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
          ? value
          : column.mapToDriverValue(value);
  }
  return json;
}

/** Rows to insert as the JSON text `json_populate_recordset` reads (rowToJson of each). */
export function recordsetJson<Table extends PgTable>(
  table: Table,
  keys: readonly (keyof Table['$inferInsert'] & string)[],
  rows: readonly Table['$inferInsert'][],
): string {
  return JSON.stringify(rows.map((row) => rowToJson(table, keys, row)));
}

/**
 * `"a", "b"`: the column names of `keys`, quoted, for a statement's column list; with `from`,
 * each read from that row (`r."a", r."b"`).
 */
export function columnList<Table extends PgTable>(
  table: Table,
  keys: readonly (keyof Table['$inferInsert'] & string)[],
  from?: string,
): string {
  const columns = getTableColumns(table);
  const prefix = from === undefined ? '' : `${from}.`;
  return keys.map((key) => `${prefix}"${columns[key]!.name}"`).join(', ');
}
