// Product CSV import over GraphQL (PGlite, and PostgreSQL with TEST_DATABASE_URL): preview
// outcomes and refusals with their lines, a BRAND_MANAGER's rows outside their brands, the file
// that cannot be read, apply in the background (ledger, drafts, history), re-validation at apply,
// idempotence, discard, visibility, an interrupted apply resumed; control characters refused row
// by row (never a 500), a line of 2 million separators, and a large preview in slices of work.
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
import type { SliceProgress } from '../../lib/slices';
import { insertProduct } from '../catalog/catalog.fixtures';
import { PREVIEW_SLICE_ROWS } from './imports.preview';
import {
  applyPendingImports,
  BASE64_SLICE_CHARS,
  createProductImport,
  decodeBase64Slices,
} from './imports.service';

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
    changes: { field: string; before: string; after: string }[];
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
  const answer = await graphql(ctx.app, IMPORT_QUERY, { id, first: 100, ...variables }, token);
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
    expect(byLine.get(3)!.message).toContain('Preço: R$ 129,90 → R$ 119,90');
    expect(byLine.get(3)!.message).toContain('Estoque: 4 → 6');
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
    expect(byLine.get(13)!.message).toBe('O preço "de" deve ser maior que o preço de venda');

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
      ['UPDATE', 'Preço: R$ 299,90 → R$ 319,90'],
      ['CREATE', 'Nova variante'],
    ]);
    const lower = await createImport(
      file.replace('319,90', '359,90').replace(/\r\nTEN-41.*\r\n$/, '\r\n'),
    );
    const refused = await readImport(lower.id);
    expect(refused!.rows![0]).toMatchObject({
      outcome: 'REFUSED',
      message: 'O preço "de" (R$ 349,90) deve ser maior que o preço de venda',
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
      batchRows: 100,
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

describe('hostile files', () => {
  it('refuses a row with a NUL byte or another control character with its line, never a 500', async () => {
    const csv = productCsv([
      {
        slug: 'bone-ok',
        name: 'Boné',
        brand: 'aurora',
        category: 'roupas',
        sku: 'BON-OK',
        price: '59,90',
      }, // 2
      { ...CAM_P_ROW, sku: 'CAM-M', size: 'M', description: 'Algodão\u0000macio' }, // 3
      { ...CAM_P_ROW, sku: 'NUL\u0000', size: 'G' }, // 4
      { ...CAM_P_ROW, sku: 'CAM-C1', size: 'C1', color: 'Azul\u009b' }, // 5
      {
        slug: 'bone-tab',
        name: 'Boné',
        brand: 'aurora',
        category: 'roupas',
        description: 'Aba\treta',
        sku: 'BON-TAB',
        price: '59,90',
      }, // 6
    ]);
    const created = await createImport(csv);
    expect(created).toMatchObject({
      status: 'READY',
      totalRows: 5,
      unchangedCount: 0,
      createCount: 2,
      updateCount: 0,
      refusedCount: 3,
    });
    const rows = (await readImport(created.id))!.rows!;
    expect(rows.map((row) => [row.line, row.outcome, row.sku, row.message])).toEqual([
      [2, 'CREATE', 'BON-OK', 'Novo produto e variante'],
      [
        3,
        'REFUSED',
        'CAM-M',
        'A coluna "Descrição" tem um caractere de controle (U+0000), que não pode ser importado: remova-o do arquivo',
      ],
      [
        4,
        'REFUSED',
        'NUL\ufffd',
        'A coluna "SKU" tem um caractere de controle (U+0000), que não pode ser importado: remova-o do arquivo',
      ],
      [
        5,
        'REFUSED',
        'CAM-C1',
        'A coluna "Cor" tem um caractere de controle (U+009B), que não pode ser importado: remova-o do arquivo',
      ],
      // A tab is text: the row is read.
      [6, 'CREATE', 'BON-TAB', 'Novo produto e variante'],
    ]);
    // The file name is the staff's own input: a control character there is refused by field.
    const named = await graphql(
      ctx.app,
      IMPORT_CREATE,
      {
        input: { fileName: 'produtos\u0000.csv', contentBase64: toBase64(productCsv([CAM_P_ROW])) },
      },
      staff.admin.token,
    );
    expect(named.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.fileName',
    });
  });

  it('reads base64 in slices, in lines of 76 characters; refuses padding before the end', async () => {
    const encoded = toBase64(productCsv([CAM_P_ROW]));
    const wrapped = encoded.replace(/.{76}/g, '$&\r\n');
    expect(wrapped).toContain('\r\n');
    const lines = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'x.csv', contentBase64: wrapped } },
      staff.admin.token,
    );
    expect((lines.body.data!.productImportCreate as ImportAnswer).status).toBe('READY');
    // A large file's base64: checked, then decoded, BASE64_SLICE_CHARS a slice.
    const large = toBase64(new Uint8Array(3 * BASE64_SLICE_CHARS).fill(0x61));
    const work = decodeBase64Slices(large);
    let step = work.next();
    const done: number[] = [];
    for (; !step.done; step = work.next()) done.push(step.value.done);
    expect(Buffer.from(step.value).equals(Buffer.alloc(3 * BASE64_SLICE_CHARS, 0x61))).toBe(true);
    // 4 slices checked, then 4 decoded.
    expect(done).toEqual([1, 2, 3, 5, 6, 7].map((n) => n * BASE64_SLICE_CHARS));
    for (const broken of [`QQ==${encoded}`, `${encoded}===`, `${encoded}A`]) {
      const answer = await graphql(
        ctx.app,
        IMPORT_CREATE,
        { input: { fileName: 'x.csv', contentBase64: broken } },
        staff.admin.token,
      );
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.contentBase64',
      });
    }
  });

  it('fails a file with a line of 2 million separators, naming the line', async () => {
    const csv = `${productCsv([CAM_P_ROW])}${';'.repeat(2_000_000)}\r\n`;
    const created = await createImport(csv);
    expect(created).toMatchObject({
      status: 'FAILED',
      totalRows: 0,
      error: 'A linha 3 tem mais de 100 colunas: confira o separador (; ou ,) e as aspas.',
    });
  });

  it('compares a large file in slices of rows, other callbacks running between them', async () => {
    const rows = 4_000;
    const csv = productCsv(bulkImportRows(rows, { prefix: 'SLICE' }));
    // Large enough for every phase to take more than one slice.
    expect(toBase64(csv).length).toBeGreaterThan(BASE64_SLICE_CHARS);
    let turns = 0;
    let previewing = true;
    const probe = () => {
      turns += 1;
      if (previewing) setTimeout(probe, 0);
    };
    setTimeout(probe, 0);
    const slices: (SliceProgress & { turns: number })[] = [];
    const principal = { ...staff.admin, role: 'ADMIN' as const, brandIds: [] };
    const created = await createProductImport(
      ctx.db,
      principal,
      { fileName: 'grande.csv', contentBase64: toBase64(csv) },
      new Date(),
      { onSlice: (progress) => slices.push({ ...progress, turns }) },
    );
    previewing = false;
    expect(created).toMatchObject({ status: 'READY', totalRows: rows, createCount: rows });
    // The probe ran between any two slices, from the file's decoding to the comparison.
    for (let i = 1; i < slices.length; i += 1) {
      expect(slices[i]!.turns).toBeGreaterThan(slices[i - 1]!.turns);
    }
    expect(new Set(slices.map((slice) => slice.phase))).toEqual(
      new Set(['base64', 'decode', 'parse', 'rows', 'keys', 'compare']),
    );
    // PREVIEW_SLICE_ROWS rows compared per slice.
    const compared = slices.filter((slice) => slice.phase === 'compare').map((slice) => slice.done);
    expect(compared).toEqual(
      Array.from({ length: rows / PREVIEW_SLICE_ROWS - 1 }, (_, i) => (i + 1) * PREVIEW_SLICE_ROWS),
    );
    await graphql(ctx.app, IMPORT_DISCARD, { id: created.id }, staff.admin.token);
  });
});

describe('blank cells and the clear marker in an update', () => {
  it('leaves a field with a blank cell as it is, clears it only with [apagar], and shows before and after', async () => {
    await insertProduct(ctx.db, {
      slug: 'vestido-linho',
      name: 'Vestido de Linho',
      description: 'Linho lavado, forro de algodão.',
      brandId: seeded.aurora.id,
      categoryId: seeded.roupas.id,
      published: true,
      variants: [
        {
          sku: 'VES-P',
          size: 'P',
          color: 'Cru',
          priceCents: 25990,
          compareAtPriceCents: 29990,
          stock: 7,
        },
      ],
    });
    await ctx.db.execute(sql`UPDATE variants SET weight_grams = 400 WHERE sku = 'VES-P'`);
    // Every column of the export, the update's cells blank but the price's and the color's marker.
    const blankUpdate: CsvValues = { sku: 'VES-P', price: '269,90', color: '[APAGAR]' };
    const created = await createImport(productCsv([blankUpdate]));
    expect(created).toMatchObject({ updateCount: 1, refusedCount: 0 });
    const [row] = (await readImport(created.id))!.rows!;
    expect(row).toMatchObject({ outcome: 'UPDATE', productSlug: 'vestido-linho' });
    expect(row!.changes).toEqual([
      { field: 'Cor', before: 'Cru', after: '—' },
      { field: 'Preço', before: 'R$ 259,90', after: 'R$ 269,90' },
    ]);
    expect(row!.message).toBe('Cor: Cru → —; Preço: R$ 259,90 → R$ 269,90');
    expect((await applyImport(created.id)).status).toBe('APPLIED');
    const stored = await ctx.db.execute<Record<string, unknown>>(sql`
      SELECT p.name, p.description, p.published, c.slug AS category, v.size, v.color,
             v.price_cents, v.compare_at_price_cents, v.stock, v.weight_grams
      FROM products p JOIN variants v ON v.product_id = p.id
      JOIN categories c ON c.id = p.category_id WHERE v.sku = 'VES-P'`);
    expect(stored.rows[0]).toEqual({
      name: 'Vestido de Linho',
      description: 'Linho lavado, forro de algodão.',
      published: true,
      category: 'roupas',
      size: 'P',
      color: null,
      price_cents: 26990,
      compare_at_price_cents: 29990,
      stock: 7,
      weight_grams: 400,
    });

    // [apagar] empties the description; the preview says what it was.
    const cleared = await createImport(
      productCsv([{ sku: 'VES-P', description: '[apagar]', compareAtPrice: '[apagar]' }]),
    );
    const [clearRow] = (await readImport(cleared.id))!.rows!;
    expect(clearRow!.changes).toEqual([
      { field: 'Descrição', before: 'Linho lavado, forro de algodão.', after: '—' },
      { field: 'Preço "de"', before: 'R$ 299,90', after: '—' },
    ]);
    await applyImport(cleared.id);
    const after = await ctx.db.execute<{ description: string; compare_at_price_cents: null }>(
      sql`SELECT p.description, v.compare_at_price_cents FROM products p
          JOIN variants v ON v.product_id = p.id WHERE v.sku = 'VES-P'`,
    );
    expect(after.rows[0]).toEqual({ description: '', compare_at_price_cents: null });

    // A required or yes/no column cannot be cleared; a new product reads the marker as blank.
    const refused = await createImport(
      productCsv([
        { sku: 'VES-P', name: '[apagar]' },
        { sku: 'VES-M', slug: 'vestido-linho', published: '[apagar]', size: 'M', price: '259,90' },
      ]),
    );
    const refusedRows = (await readImport(refused.id))!.rows!;
    expect(refusedRows[0]).toMatchObject({
      outcome: 'REFUSED',
      message: 'A coluna "Nome" não pode ser apagada ([apagar] vale só para colunas opcionais)',
    });
    expect(refusedRows[1]).toMatchObject({
      outcome: 'REFUSED',
      message:
        'A coluna "Publicado" não pode ser apagada ([apagar] vale só para colunas opcionais)',
    });
    await graphql(ctx.app, IMPORT_DISCARD, { id: refused.id }, staff.admin.token);
  });
});
