// A product import applied by a real server process (tsx src/server.ts) that is killed with
// SIGKILL in the middle of the apply: the catalog holds whole rows only (each batch of rows and
// the import's progress commit together), and a new process started on the same database resumes
// the import where it stopped, once the dead process's lease has run out, until APPLIED, with
// every row applied exactly once. Runs when TEST_DATABASE_URL is set: two processes one after the
// other on one database need a database server (the embedded PGlite is single-process and in
// memory here); imports.test.ts covers the resume in-process on both databases.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import {
  bulkImportRows,
  IMPORT_APPLY,
  IMPORT_CREATE,
  productCsv,
  seedImportCatalog,
  toBase64,
} from '../src/modules/imports/imports.fixtures';
import { createScratchDatabase, createStaffUser, STAFF_PASSWORD } from './helpers';
import { startServerProcess, type ServerProcess } from './server-process';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();
const ADMIN_EMAIL = 'importa@vitrine.test';
const ROWS = 4_000;

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(baseUrl))('a product import survives the kill of its process', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let opened: OpenedDatabase;
  let dataDir: string;
  let first: ServerProcess | null = null;
  let second: ServerProcess | null = null;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    opened = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
    await migrate(opened.db);
    await seedImportCatalog(opened.db);
    await createStaffUser(opened.db, {
      email: ADMIN_EMAIL,
      password: STAFF_PASSWORD,
      role: 'ADMIN',
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-import-kill-'));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await opened?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves whole rows at the kill and ends as a full apply after the restart', async () => {
    const env = { GRAPHQL_RATE_LIMIT: '0', GRAPHQL_TIMEOUT_MS: '60000' };
    first = await startServerProcess({
      databaseUrl: scratch.url,
      dataDir: path.join(dataDir, 'a'),
      env,
    });
    const login = await post(`${first.url}/auth/login/`, {
      email: ADMIN_EMAIL,
      password: STAFF_PASSWORD,
      remember: false,
    });
    const token = login.body.access as string;
    const rows = bulkImportRows(ROWS, { prefix: 'KILL' });
    const created = await post(
      `${first.url}/graphql/`,
      {
        query: IMPORT_CREATE,
        variables: { input: { fileName: 'grande.csv', contentBase64: toBase64(productCsv(rows)) } },
      },
      token,
    );
    expect(created.body.errors).toBeUndefined();
    const importId = (
      created.body.data as { productImportCreate: { id: string; createCount: number } }
    ).productImportCreate.id;

    const applied = await post(
      `${first.url}/graphql/`,
      { query: IMPORT_APPLY, variables: { id: importId } },
      token,
    );
    expect(applied.body.errors).toBeUndefined();

    const progress = async () => {
      const result = await opened.db.execute<{
        status: string;
        applied_rows: number;
        applied_through_line: number;
      }>(
        sql`SELECT status, applied_rows, applied_through_line FROM product_imports WHERE id = ${importId}::uuid`,
      );
      return result.rows[0]!;
    };
    // Kill it mid-way: as soon as some rows, not all, are applied.
    const deadline = Date.now() + 60_000;
    let seen = await progress();
    while (seen.applied_rows === 0 && Date.now() < deadline) {
      await sleep(20);
      seen = await progress();
    }
    const exited = new Promise((resolve) => first!.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const atKill = await progress();
    expect(atKill.status).toBe('APPLYING');
    expect(atKill.applied_rows).toBeGreaterThan(0);
    expect(atKill.applied_rows).toBeLessThan(ROWS);

    // Whole rows only: exactly the rows up to the committed progress are in the catalog.
    const inCatalog = await opened.db.execute<{ sku: string }>(
      sql`SELECT sku FROM variants WHERE sku LIKE 'KILL-%'`,
    );
    const expectedSkus = rows.slice(0, atKill.applied_through_line - 1).map((row) => row.sku!);
    expect(inCatalog.rows.map((row) => row.sku).sort()).toEqual([...expectedSkus].sort());
    const products = await opened.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM products WHERE slug LIKE 'kill-%'`,
    );
    expect(products.rows[0]!.count).toBe(
      new Set(rows.slice(0, atKill.applied_through_line - 1).map((row) => row.slug)).size,
    );

    // A new process on the same database takes the import over and finishes it.
    second = await startServerProcess({
      databaseUrl: scratch.url,
      dataDir: path.join(dataDir, 'b'),
      env,
    });
    const finishBy = Date.now() + 120_000;
    let end = await progress();
    while (end.status === 'APPLYING' && Date.now() < finishBy) {
      await sleep(200);
      end = await progress();
    }
    expect(end).toMatchObject({ status: 'APPLIED', applied_rows: ROWS });

    const variants = await opened.db.execute<{ sku: string; stock: number; movements: number }>(sql`
      SELECT v.sku, v.stock, count(m.id)::int AS movements
      FROM variants v LEFT JOIN stock_movements m ON m.variant_id = v.id
      WHERE v.sku LIKE 'KILL-%' GROUP BY v.sku, v.stock`);
    expect(variants.rows).toHaveLength(ROWS);
    const bySku = new Map(variants.rows.map((row) => [row.sku, row]));
    for (const row of rows) {
      const variant = bySku.get(row.sku!)!;
      expect(variant.stock).toBe(Number(row.stock));
      // Once: a movement for the initial stock, never two.
      expect(variant.movements).toBe(Number(row.stock) > 0 ? 1 : 0);
    }
    const history = await opened.db.execute(
      sql`SELECT 1 FROM catalog_history WHERE action = 'import.apply'`,
    );
    expect(history.rows).toHaveLength(1);
  }, 240_000);
});
