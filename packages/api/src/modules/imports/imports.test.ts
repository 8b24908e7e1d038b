// Product CSV import over GraphQL (PGlite, and PostgreSQL with TEST_DATABASE_URL): preview
// outcomes and refusals with their lines, a BRAND_MANAGER's rows outside their brands, the file
// that cannot be read, apply in the background (ledger, drafts, history), re-validation at apply,
// idempotence, discard, visibility, an interrupted apply resumed, and export -> import unchanged.
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
  bulkImportRows,
  CAM_P_ROW,
  IMPORT_APPLY,
  IMPORT_CREATE,
  IMPORT_DISCARD,
  IMPORT_QUERY,
  IMPORTS_QUERY,
  productCsv,
  seedImportCatalog,
  toBase64,
  type CsvValues,
} from './imports.fixtures';
import { applyPendingImports } from './imports.service';

let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
let seeded: Awaited<ReturnType<typeof seedImportCatalog>>;

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
  staffName: string | null;
  rows?: {
    line: number;
    sku: string | null;
    productSlug: string | null;
    outcome: string;
    message: string | null;
  }[];
};

async function createImport(
  csv: string | Uint8Array,
  token = staff.admin.token,
  fileName = 'produtos.csv',
) {
  const answer = await graphql(
    ctx.app,
    IMPORT_CREATE,
    { input: { fileName, contentBase64: toBase64(csv) } },
    token,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.productImportCreate as ImportAnswer;
}

async function readImport(
  id: string,
  variables: Record<string, unknown> = {},
  token = staff.admin.token,
) {
  const answer = await graphql(ctx.app, IMPORT_QUERY, { id, first: 500, ...variables }, token);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.productImport as ImportAnswer | null;
}

async function applyImport(id: string, token = staff.admin.token) {
  const answer = await graphql(ctx.app, IMPORT_APPLY, { id }, token);
  expect(answer.body.errors).toBeUndefined();
  const started = answer.body.data!.productImportApply as ImportAnswer;
  expect(started.status).toBe('APPLYING');
  await ctx.app.productImports.flush();
  return (await readImport(id))!;
}

async function snapshot() {
  const result = await ctx.db.execute<Record<string, unknown>>(sql`
    SELECT p.slug, p.name, p.version, p.updated_at, p.published, v.sku, v.price_cents, v.stock,
           v.updated_at AS variant_updated_at, v.gtin
    FROM products p JOIN variants v ON v.product_id = p.id ORDER BY v.sku`);
  const movements = await ctx.db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stock_movements`,
  );
  return { rows: result.rows, movements: Number(movements.rows[0]!.count) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  seeded = await seedImportCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [seeded.aurora.id] });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('preview', () => {
  it('classifies each row with its line and reason, and pages the rows by outcome', async () => {
    const rows: CsvValues[] = [
      CAM_P_ROW, // 2: unchanged
      { ...CAM_P_ROW, sku: 'CAM-M', size: 'M', price: 'R$ 119,90', stock: '6' }, // 3: update
      { ...CAM_P_ROW, sku: 'CAM-G', size: 'G', price: '139.90', stock: '2' }, // 4: new variant
      {
        slug: 'bone-aba-reta',
        name: 'Boné Aba Reta',
        brand: 'Aurora',
        category: 'roupas',
        sku: 'BON-1',
        price: '59,90',
        gtin: '7891234567895',
      }, // 5: new product
      { ...CAM_P_ROW, sku: 'CAM-GG', size: 'GG', brand: 'nada' }, // 6: unknown brand
      { ...CAM_P_ROW, sku: 'CAM-XG', size: 'XG', category: 'Roupas > Bermudas' }, // 7
      { ...CAM_P_ROW, sku: 'CAM-EG', size: 'EG', price: '12,345' }, // 8: bad price
      { ...CAM_P_ROW, sku: 'CAM-EX', size: 'EX', gtin: '7891234567890' }, // 9: bad GTIN
      { ...CAM_P_ROW, sku: 'CAM-G', size: 'G2' }, // 10: SKU twice in the file
      { ...CAM_P_ROW, sku: 'TEN-40', size: '40' }, // 11: SKU of another product
      { ...CAM_P_ROW, sku: 'CAM-U', size: 'U', name: 'Outro nome' }, // 12: conflicting product
      { ...CAM_P_ROW, sku: 'CAM-V', size: 'V', price: '10,00', compareAtPrice: '9,00' }, // 13
    ];
    const created = await createImport(productCsv(rows));
    expect(created).toMatchObject({
      status: 'READY',
      totalRows: 12,
      createCount: 2,
      updateCount: 1,
      unchangedCount: 1,
      refusedCount: 8,
      appliedRows: 0,
      staffName: staff.admin.name,
    });
    const read = await readImport(created.id);
    const byLine = new Map(read!.rows!.map((row) => [row.line, row]));
    expect(byLine.get(2)).toMatchObject({ outcome: 'UNCHANGED', sku: 'CAM-P', message: null });
    expect(byLine.get(3)).toMatchObject({ outcome: 'UPDATE', sku: 'CAM-M' });
    expect(byLine.get(3)!.message).toContain('preço R$ 129,90 → R$ 119,90');
    expect(byLine.get(3)!.message).toContain('estoque 4 → 6');
    expect(byLine.get(4)).toMatchObject({ outcome: 'CREATE', message: 'Nova variante' });
    expect(byLine.get(5)).toMatchObject({
      outcome: 'CREATE',
      productSlug: 'bone-aba-reta',
      message: 'Novo produto e variante',
    });
    expect(byLine.get(6)).toMatchObject({
      outcome: 'REFUSED',
      message: 'Marca desconhecida: "nada"',
    });
    expect(byLine.get(7)!.message).toBe('Categoria desconhecida: "Roupas > Bermudas"');
    expect(byLine.get(8)!.message).toContain('Preço inválido: "12,345"');
    expect(byLine.get(9)!.message).toContain('GTIN/EAN inválido');
    expect(byLine.get(10)!.message).toBe(
      'O SKU CAM-G aparece mais de uma vez no arquivo (linha 4)',
    );
    expect(byLine.get(11)!.message).toBe('O SKU TEN-40 pertence ao produto tenis-leve');
    expect(byLine.get(12)!.message).toBe(
      'Os dados do produto camiseta-basica diferem da linha 2 (nome)',
    );
    expect(byLine.get(13)!.message).toBe('O preço "de" deve ser maior que o preço');

    const refused = await readImport(created.id, { outcome: 'REFUSED', first: 3, offset: 2 });
    expect(refused!.rows!.map((row) => row.line)).toEqual([8, 9, 10]);
    // Nothing is written by a preview.
    const stock = await ctx.db.execute<{ stock: number }>(
      sql`SELECT stock FROM variants WHERE sku = 'CAM-M'`,
    );
    expect(stock.rows[0]!.stock).toBe(4);
  });

  it('keeps the values of the columns a file does not have', async () => {
    const file =
      'SKU;Identificador URL;Nome;Marca;Categoria;Preço\r\n' +
      'TEN-40;tenis-leve;Tênis Leve;boreal;Calçados;319,90\r\n' +
      'TEN-41;tenis-leve;Tênis Leve;boreal;Calçados;359,90\r\n';
    const created = await createImport(file);
    const read = await readImport(created.id);
    // Published, description, compare-at price and the rest kept: only the price changes.
    expect(read!.rows!.map((row) => [row.outcome, row.message])).toEqual([
      ['UPDATE', 'preço R$ 299,90 → R$ 319,90'],
      ['CREATE', 'Nova variante'],
    ]);
    const lower = await createImport(
      file.replace('319,90', '359,90').replace(/\r\nTEN-41.*\r\n$/, '\r\n'),
    );
    const refused = await readImport(lower.id);
    expect(refused!.rows![0]).toMatchObject({
      outcome: 'REFUSED',
      message: 'O preço "de" (R$ 349,90) deve ser maior que o preço',
    });
  });

  it('fails a file without the required columns, listing them', async () => {
    const created = await createImport('SKU;Nome\r\nX;Y\r\n');
    expect(created.status).toBe('FAILED');
    expect(created.error).toContain('"Identificador URL"');
    expect(created.error).toContain('"Preço"');
    expect(created.totalRows).toBe(0);
  });

  it('reads a Windows-1252 file with "," separators', async () => {
    const text = productCsv([{ ...CAM_P_ROW, price: '129.90', name: 'Camiseta Básica' }], {
      separator: ',',
    }).replace('\ufeff', '');
    const bytes = new Uint8Array([...text].map((char) => char.charCodeAt(0)));
    const created = await createImport(bytes);
    expect(created).toMatchObject({ status: 'READY', unchangedCount: 1, refusedCount: 0 });
  });

  it("refuses a BRAND_MANAGER's rows of other brands, row by row; SUPPORT may not import", async () => {
    const csv = productCsv([
      { ...CAM_P_ROW, stock: '11' },
      {
        slug: 'tenis-leve',
        name: 'Tênis Leve',
        brand: 'boreal',
        category: 'calcados',
        sku: 'TEN-40',
        price: '299,90',
      },
      {
        slug: 'novo-boreal',
        name: 'Novo',
        brand: 'boreal',
        category: 'calcados',
        sku: 'NB-1',
        price: '10,00',
      },
    ]);
    const created = await createImport(csv, staff.manager.token);
    expect(created).toMatchObject({ updateCount: 1, refusedCount: 2 });
    const read = await readImport(created.id, {}, staff.manager.token);
    expect(
      read!.rows!.filter((row) => row.outcome === 'REFUSED').map((row) => [row.line, row.message]),
    ).toEqual([
      [3, 'Marca fora das suas marcas'],
      [4, 'Marca fora das suas marcas'],
    ]);
    const support = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'x.csv', contentBase64: toBase64(csv) } },
      staff.support.token,
    );
    expect(support.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers BAD_USER_INPUT naming the field for content that is not base64', async () => {
    const answer = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'x.csv', contentBase64: 'não é base64!' } },
      staff.admin.token,
    );
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.contentBase64',
    });
  });
});

describe('apply', () => {
  it('applies in the background: new products as drafts, stock through the ledger, history', async () => {
    const csv = productCsv([
      { ...CAM_P_ROW, stock: '15', price: '119,90' },
      {
        slug: 'meia-cano-alto',
        name: 'Meia Cano Alto',
        brand: 'aurora',
        category: 'Roupas > Camisetas',
        sku: 'MEIA-1',
        price: '19,90',
        stock: '30',
      },
      {
        slug: 'meia-cano-alto',
        name: 'Meia Cano Alto',
        brand: 'aurora',
        category: 'Roupas > Camisetas',
        sku: 'MEIA-2',
        size: 'G',
        price: '19,90',
      },
      {
        slug: 'bolsa',
        name: 'Bolsa',
        brand: 'aurora',
        category: 'roupas',
        published: 'sim',
        sku: 'BOL-1',
        price: '99,90',
      },
    ]);
    const versionBefore = await ctx.db.execute<{ version: number }>(
      sql`SELECT version FROM products WHERE slug = 'camiseta-basica'`,
    );
    const created = await createImport(csv, staff.admin.token, 'lote.csv');
    expect(created).toMatchObject({ createCount: 3, updateCount: 1 });
    const done = await applyImport(created.id);
    expect(done).toMatchObject({ status: 'APPLIED', appliedRows: 4, refusedCount: 0 });

    const products = await ctx.db.execute<{ slug: string; published: boolean; version: number }>(
      sql`SELECT slug, published, version FROM products WHERE slug IN ('camiseta-basica', 'meia-cano-alto', 'bolsa') ORDER BY slug`,
    );
    expect(products.rows.map((row) => [row.slug, row.published])).toEqual([
      ['bolsa', true],
      ['camiseta-basica', true],
      ['meia-cano-alto', false],
    ]);
    expect(products.rows.find((row) => row.slug === 'camiseta-basica')!.version).toBe(
      versionBefore.rows[0]!.version + 1,
    );
    const movements = await ctx.db.execute<{
      sku: string;
      delta: number;
      kind: string;
      stock_after: number;
    }>(sql`
      SELECT v.sku, m.delta, m.kind, m.stock_after FROM stock_movements m
      JOIN variants v ON v.id = m.variant_id WHERE m.kind = 'IMPORT' ORDER BY v.sku`);
    expect(movements.rows).toEqual([
      { sku: 'CAM-P', delta: 5, kind: 'IMPORT', stock_after: 15 },
      { sku: 'MEIA-1', delta: 30, kind: 'IMPORT', stock_after: 30 },
    ]);
    const history = await ctx.db.execute<{
      action: string;
      summary: string;
      product_count: number;
    }>(
      sql`SELECT action, summary, product_count FROM catalog_history WHERE action = 'import.apply'`,
    );
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]!.product_count).toBe(3);
    expect(history.rows[0]!.summary).toContain('lote.csv: 3 variantes criadas, 1 atualizada');

    // The same file again: all unchanged, and applying it writes nothing.
    const before = await snapshot();
    const again = await createImport(csv, staff.admin.token, 'lote.csv');
    expect(again).toMatchObject({
      unchangedCount: 4,
      createCount: 0,
      updateCount: 0,
      refusedCount: 0,
    });
    const appliedAgain = await applyImport(again.id);
    expect(appliedAgain.status).toBe('APPLIED');
    expect(await snapshot()).toEqual(before);
    const historyAgain = await ctx.db.execute(
      sql`SELECT 1 FROM catalog_history WHERE action = 'import.apply'`,
    );
    expect(historyAgain.rows).toHaveLength(1);
  });

  it('re-validates at apply: a SKU taken since the preview is refused with the reason', async () => {
    const csv = productCsv([
      {
        slug: 'cinto',
        name: 'Cinto',
        brand: 'aurora',
        category: 'roupas',
        sku: 'CIN-1',
        price: '49,90',
      },
      {
        slug: 'cinto',
        name: 'Cinto',
        brand: 'aurora',
        category: 'roupas',
        sku: 'CIN-2',
        size: 'G',
        price: '49,90',
      },
    ]);
    const created = await createImport(csv);
    expect(created.createCount).toBe(2);
    // Someone adds CIN-2 to another product in between.
    await ctx.db.execute(sql`
      INSERT INTO variants (product_id, sku, price_cents)
      SELECT id, 'CIN-2', 1000 FROM products WHERE slug = 'tenis-leve'`);
    const done = await applyImport(created.id);
    expect(done).toMatchObject({
      status: 'APPLIED',
      createCount: 1,
      refusedCount: 1,
      appliedRows: 2,
    });
    const rows = (await readImport(created.id, { outcome: 'REFUSED' }))!.rows!;
    expect(rows).toEqual([
      expect.objectContaining({ line: 3, message: 'O SKU CIN-2 pertence ao produto tenis-leve' }),
    ]);
  });

  it('refuses at apply a row the database refuses (a GTIN taken since), applying the others', async () => {
    const csv = productCsv([
      {
        slug: 'luva',
        name: 'Luva',
        brand: 'aurora',
        category: 'roupas',
        sku: 'LUV-1',
        price: '29,90',
        stock: '2',
      },
      {
        slug: 'luva',
        name: 'Luva',
        brand: 'aurora',
        category: 'roupas',
        sku: 'LUV-2',
        size: 'G',
        price: '29,90',
        gtin: '7891234567895',
      },
      {
        slug: 'luva',
        name: 'Luva',
        brand: 'aurora',
        category: 'roupas',
        sku: 'LUV-3',
        size: 'GG',
        price: '29,90',
      },
    ]);
    const created = await createImport(csv);
    expect(created.createCount).toBe(3);
    await ctx.db.execute(sql`UPDATE variants SET gtin = '7891234567895' WHERE sku = 'TEN-40'`);
    const done = await applyImport(created.id);
    expect(done).toMatchObject({
      status: 'APPLIED',
      createCount: 2,
      refusedCount: 1,
      appliedRows: 3,
    });
    const refused = (await readImport(created.id, { outcome: 'REFUSED' }))!.rows!;
    expect(refused).toEqual([
      expect.objectContaining({ line: 3, message: 'O GTIN já é de outra variante' }),
    ]);
    const skus = await ctx.db.execute<{ sku: string; position: number }>(sql`
      SELECT v.sku, v.position FROM variants v JOIN products p ON p.id = v.product_id
      WHERE p.slug = 'luva' ORDER BY v.position`);
    expect(skus.rows).toEqual([
      { sku: 'LUV-1', position: 0 },
      { sku: 'LUV-3', position: 1 },
    ]);
    const movements = await ctx.db.execute(sql`
      SELECT 1 FROM stock_movements m JOIN variants v ON v.id = m.variant_id WHERE v.sku LIKE 'LUV-%'`);
    expect(movements.rows).toHaveLength(1);
  });

  it('discards a READY import, and neither applies nor discards twice', async () => {
    const created = await createImport(productCsv([{ ...CAM_P_ROW, stock: '99' }]));
    const discarded = await graphql(ctx.app, IMPORT_DISCARD, { id: created.id }, staff.admin.token);
    expect((discarded.body.data!.productImportDiscard as ImportAnswer).status).toBe('DISCARDED');
    const apply = await graphql(ctx.app, IMPORT_APPLY, { id: created.id }, staff.admin.token);
    expect(apply.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const stock = await ctx.db.execute<{ stock: number }>(
      sql`SELECT stock FROM variants WHERE sku = 'CAM-P'`,
    );
    expect(stock.rows[0]!.stock).toBe(15);
  });

  it('shows ADMIN every import and others only theirs', async () => {
    const mine = await createImport(productCsv([CAM_P_ROW]), staff.manager.token);
    const adminList = await graphql(ctx.app, IMPORTS_QUERY, {}, staff.admin.token);
    const managerList = await graphql(ctx.app, IMPORTS_QUERY, {}, staff.manager.token);
    const adminIds = (adminList.body.data!.productImports as { id: string }[]).map((row) => row.id);
    const managerIds = (managerList.body.data!.productImports as { id: string }[]).map(
      (row) => row.id,
    );
    expect(adminIds).toContain(mine.id);
    expect(managerIds).toContain(mine.id);
    expect(adminIds.length).toBeGreaterThan(managerIds.length);
    const adminImport = adminIds.find((id) => !managerIds.includes(id))!;
    expect(await readImport(adminImport, {}, staff.manager.token)).toBeNull();
    const support = await graphql(ctx.app, IMPORTS_QUERY, {}, staff.support.token);
    expect(support.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('resumes an interrupted apply where it stopped (another owner whose lease ran out)', async () => {
    const rows = bulkImportRows(250, { prefix: 'RES' });
    const created = await createImport(productCsv(rows));
    expect(created.createCount).toBe(250);
    // A process that applied one batch and died: APPLYING, progress after the first 100 rows.
    await ctx.db.execute(
      sql`UPDATE product_imports SET status = 'APPLYING' WHERE id = ${created.id}::uuid`,
    );
    let batches = 0;
    await applyPendingImports(ctx.db, 'dead-process', {
      log: { error: () => undefined },
      shouldStop: () => (batches += 1) > 2,
    });
    const partial = (await readImport(created.id))!;
    expect(partial.status).toBe('APPLYING');
    expect(partial.appliedRows).toBeGreaterThan(0);
    expect(partial.appliedRows).toBeLessThan(250);
    await ctx.db.execute(
      sql`UPDATE product_imports SET lease_until = now() - interval '1 second' WHERE id = ${created.id}::uuid`,
    );
    ctx.app.productImports.kick();
    await ctx.app.productImports.flush();
    const done = (await readImport(created.id))!;
    expect(done).toMatchObject({ status: 'APPLIED', appliedRows: 250, createCount: 250 });
    const counts = await ctx.db.execute<{ variants: number; movements: number }>(sql`
      SELECT count(DISTINCT v.id)::int AS variants, count(m.id)::int AS movements
      FROM variants v LEFT JOIN stock_movements m ON m.variant_id = v.id
      WHERE v.sku LIKE 'RES-%'`);
    const withStock = rows.filter((row) => Number(row.stock) > 0).length;
    expect(counts.rows[0]).toEqual({ variants: 250, movements: withStock });
  });
});
