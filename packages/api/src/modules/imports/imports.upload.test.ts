// POST /admin/imports/products (PGlite, and PostgreSQL with TEST_DATABASE_URL): a product CSV
// uploaded as it is, kept on disk and read back in batches in the background. The streamed preview
// answers row for row what the file read at once answers (the rules that span the file hold
// across batches), Windows-1252 is read, a file that cannot be read FAILS with its reason and no
// rows, the limits and refusals answer precise errors (401, 403, 400, 413, 415) and leave no file
// behind, an import a stopped process left is failed, and a streamed import applies.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import {
  CAM_P_ROW,
  IMPORT_APPLY,
  IMPORT_CREATE,
  IMPORT_QUERY,
  productCsv,
  seedImportCatalog,
  toBase64,
  type CsvValues,
} from './imports.fixtures';
import {
  createStreamedImport,
  failAbandonedPreviews,
  PREVIEW_ERROR_MESSAGE,
  PREVIEW_INTERRUPTED_MESSAGE,
  previewStreamedImport,
} from './imports.stream';
import { PRODUCT_IMPORT_UPLOAD_PATH } from './imports.routes';

const MAX_BYTES = 4096;
let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
let spoolDir: string;

type ImportAnswer = {
  id: string;
  status: string;
  totalRows: number;
  createCount: number;
  updateCount: number;
  unchangedCount: number;
  refusedCount: number;
  appliedRows: number;
  error: string | null;
  rows: { line: number; sku: string | null; outcome: string; message: string | null }[];
};

function upload(
  body: string | Buffer,
  options: { token?: string | null; fileName?: string | null; contentType?: string } = {},
) {
  const fileName = options.fileName === undefined ? 'grande.csv' : options.fileName;
  const query = fileName === null ? '' : `?fileName=${encodeURIComponent(fileName)}`;
  const token = options.token === undefined ? staff.admin.token : options.token;
  return ctx.app.inject({
    method: 'POST',
    url: `${PRODUCT_IMPORT_UPLOAD_PATH}${query}`,
    headers: {
      'content-type': options.contentType ?? 'text/csv',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
}

async function readImport(id: string): Promise<ImportAnswer> {
  const answer = await graphql(ctx.app, IMPORT_QUERY, { id, first: 100 }, staff.admin.token);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.productImport as ImportAnswer;
}

/** Uploads `csv`, waits for its preview, answers the import with its rows. */
async function uploaded(csv: string | Buffer, fileName = 'grande.csv'): Promise<ImportAnswer> {
  const response = await upload(csv, { fileName });
  expect(response.statusCode, response.body).toBe(202);
  const answer = response.json() as { id: string; status: string; fileName: string };
  expect(answer).toMatchObject({ status: 'PREVIEWING', fileName });
  await ctx.app.productImports.flush();
  return readImport(answer.id);
}

beforeAll(async () => {
  spoolDir = await mkdtemp(join(tmpdir(), 'vitrine-upload-test-'));
  ctx = await createTestContext({
    app: {
      productImportRoutes: { maxBytes: MAX_BYTES * 8, spoolDir },
      // Batches of 2 rows: every rule that spans the file is checked across batches.
      productImports: { previewBatchRows: 2 },
    },
  });
  const seeded = await seedImportCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [seeded.aurora.id] });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await rm(spoolDir, { recursive: true, force: true });
});

const MIXED: CsvValues[] = [
  CAM_P_ROW, // 2: unchanged
  { ...CAM_P_ROW, sku: 'CAM-M', size: 'M', price: '119,90', stock: '6' }, // 3: update
  { ...CAM_P_ROW, sku: 'CAM-G', size: 'G', price: '139,90', stock: '2' }, // 4: new variant
  { ...CAM_P_ROW, sku: 'CAM-GG', size: 'G', price: '139,90' }, // 5: size and colour taken (line 4)
  { ...CAM_P_ROW, sku: 'CAM-G', size: 'XG' }, // 6: SKU repeated (line 4)
  { ...CAM_P_ROW, sku: 'CAM-XG', size: 'XG', name: 'Outro nome' }, // 7: product differs (line 2)
  {
    slug: 'bone-aba-reta',
    name: 'Boné Aba Reta',
    brand: 'Aurora',
    category: 'camisetas',
    sku: 'BON-1',
    price: '59,90',
    stock: '3',
    gtin: '7891234567895',
  }, // 8: new product
  {
    slug: 'bone-aba-reta',
    name: 'Boné Aba Reta',
    brand: 'Aurora',
    category: 'camisetas',
    sku: 'BON-2',
    size: 'U',
    price: '59,90',
    gtin: '7891234567895',
  }, // 9: GTIN repeated (line 8)
  { ...CAM_P_ROW, sku: 'ERR-1', size: 'PP', price: 'abc' }, // 10: unreadable price
];

describe('a file uploaded as it is', () => {
  it('previews in batches exactly what the file read at once previews, row for row', async () => {
    const csv = productCsv(MIXED);
    const streamed = await uploaded(csv);
    const atOnce = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'de-uma-vez.csv', contentBase64: toBase64(csv) } },
      staff.admin.token,
    );
    expect(atOnce.body.errors).toBeUndefined();
    const reference = await readImport(
      (atOnce.body.data!.productImportCreate as { id: string }).id,
    );
    expect(streamed).toMatchObject({
      status: 'READY',
      totalRows: 9,
      createCount: 2,
      updateCount: 1,
      unchangedCount: 1,
      refusedCount: 5,
      error: null,
    });
    const counts = (answer: ImportAnswer) => [
      answer.totalRows,
      answer.createCount,
      answer.updateCount,
      answer.unchangedCount,
      answer.refusedCount,
    ];
    expect(counts(streamed)).toEqual(counts(reference));
    expect(streamed.rows).toEqual(reference.rows);
    expect(streamed.rows.find((row) => row.line === 6)?.message).toContain('(linha 4)');
    expect(streamed.rows.find((row) => row.line === 9)?.message).toContain('(linha 8)');
    // The temporary file is gone once read.
    expect(await readdir(spoolDir)).toEqual([]);
    const audit = await ctx.db.execute<{ summary: string }>(sql`
      SELECT summary FROM audit_log WHERE action = 'import.create' AND entity_id = ${streamed.id}`);
    expect(audit.rows.map((row) => row.summary)).toEqual([
      'Importação grande.csv: prévia de 9 linhas',
    ]);
  });

  it('reads a Windows-1252 file, and a streamed import applies', async () => {
    const text = productCsv(
      [{ ...CAM_P_ROW, sku: 'CAM-W', size: 'GG', color: 'Marrom', name: 'Camiseta Básica' }],
      { separator: ',' },
    ).replace('\ufeff', '');
    const bytes = Buffer.from([...text].map((char) => char.charCodeAt(0)));
    const read = await uploaded(bytes, 'exportado-excel.csv');
    expect(read).toMatchObject({ status: 'READY', createCount: 1, refusedCount: 0 });
    const started = await graphql(ctx.app, IMPORT_APPLY, { id: read.id }, staff.admin.token);
    expect(started.body.errors).toBeUndefined();
    await ctx.app.productImports.flush();
    expect(await readImport(read.id)).toMatchObject({ status: 'APPLIED', appliedRows: 1 });
    const variant = await ctx.db.execute<{ color: string; name: string }>(sql`
      SELECT v.color, p.name FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.sku = 'CAM-W'`);
    expect(variant.rows).toEqual([{ color: 'Marrom', name: 'Camiseta Básica' }]);
  });

  it('fails a file it cannot read with the reason, keeping no rows', async () => {
    const missing = await uploaded('Nome;Preço\r\nCamiseta;10,00\r\n');
    expect(missing.status).toBe('FAILED');
    expect(missing.error).toContain('Faltam colunas obrigatórias');
    expect(missing.totalRows).toBe(0);
    expect(missing.rows).toEqual([]);
    const unclosed = await uploaded(`${productCsv([CAM_P_ROW, CAM_P_ROW])}"aberto;`);
    expect(unclosed).toMatchObject({
      status: 'FAILED',
      error: 'O arquivo termina dentro de um campo entre aspas.',
      totalRows: 0,
      rows: [],
    });
    const headerOnly = await uploaded(productCsv([]));
    expect(headerOnly).toMatchObject({
      status: 'FAILED',
      error: 'O arquivo não tem linhas de produtos.',
    });
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('answers precise errors for who, what and how much, and keeps no file of them', async () => {
    const csv = productCsv([CAM_P_ROW]);
    const unsigned = await upload(csv, { token: null });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ detail: 'Faça login para continuar.' });
    const support = await upload(csv, { token: staff.support.token });
    expect(support.statusCode).toBe(403);
    const noName = await upload(csv, { fileName: null });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ detail: 'Informe o nome do arquivo.', field: 'fileName' });
    const json = await upload(JSON.stringify({ csv }), { contentType: 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toContain('text/csv');
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'O arquivo está vazio.' });
    const large = await upload(Buffer.alloc(MAX_BYTES * 8 + 1, 'a'));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: 'O arquivo pode ter no máximo 32 KB.' });
    expect(await readdir(spoolDir)).toEqual([]);
    const count = await ctx.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM product_imports WHERE file_name = 'grande.csv'
            AND status = 'PREVIEWING'`,
    );
    expect(Number(count.rows[0]!.count)).toBe(0);
  });

  it('fails a preview its process stopped reading once its lease has run out', async () => {
    const record = await createStreamedImport(ctx.db, {
      principal: { id: staff.admin.id, name: 'Admin', role: 'ADMIN', brandIds: [] } as never,
      fileName: 'parado.csv',
      file: { path: join(spoolDir, 'nenhum.csv'), bytes: 10, utf8: true },
      owner: 'outro-processo',
      now: new Date(),
    });
    expect(await failAbandonedPreviews(ctx.db)).toBe(0);
    await ctx.db.execute(sql`
      UPDATE product_imports SET lease_until = now() - interval '1 second' WHERE id = ${record.id}::uuid`);
    expect(await failAbandonedPreviews(ctx.db)).toBe(1);
    expect(await readImport(record.id)).toMatchObject({
      status: 'FAILED',
      error: PREVIEW_INTERRUPTED_MESSAGE,
      rows: [],
    });
  });

  it('fails a preview an unexpected error stopped with its own words, not as a restart', async () => {
    const start = {
      principal: { id: staff.admin.id, name: 'Admin', role: 'ADMIN', brandIds: [] } as never,
      fileName: 'sumiu.csv',
      // The temporary file is gone: reading it fails with ENOENT, no CSV error.
      file: { path: join(spoolDir, 'sumiu.csv'), bytes: 10, utf8: true },
      owner: 'este-processo',
      now: new Date(),
    };
    const record = await createStreamedImport(ctx.db, start);
    await expect(
      previewStreamedImport(ctx.db, record, start, { shouldStop: () => false }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readImport(record.id)).toMatchObject({
      status: 'FAILED',
      error: PREVIEW_ERROR_MESSAGE,
      rows: [],
    });
  });
});
