// The products CSV's fiscal columns (NCM, CEST, Origem, Situação tributária; issue 33): read by
// the product editor's rules, a blank cell of an existing product keeps its value and [apagar]
// clears it, the tax situation checked against the store's regime, the preview naming each
// change, and the apply writing them.
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
import { restoreLeadingZero } from './imports.fiscal';

let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;

type Row = {
  line: number;
  outcome: string;
  message: string | null;
  changes: { field: string; before: string; after: string }[];
};

async function preview(rows: CsvValues[]) {
  const created = await graphql(
    ctx.app,
    IMPORT_CREATE,
    { input: { fileName: 'fiscal.csv', contentBase64: toBase64(productCsv(rows)) } },
    staff.admin.token,
  );
  expect(created.body.errors).toBeUndefined();
  const id = (created.body.data!.productImportCreate as { id: string }).id;
  const read = await graphql(ctx.app, IMPORT_QUERY, { id, first: 100 }, staff.admin.token);
  return { id, rows: (read.body.data!.productImport as { rows: Row[] }).rows };
}

async function apply(id: string) {
  const answer = await graphql(ctx.app, IMPORT_APPLY, { id }, staff.admin.token);
  expect(answer.body.errors).toBeUndefined();
  await ctx.app.productImports.flush();
}

async function fiscalOf(slug: string) {
  const result = await ctx.db.execute<Record<string, unknown>>(
    sql`SELECT ncm, cest, origin, tax_situation AS "taxSituation" FROM products
        WHERE slug = ${slug}`,
  );
  const row = result.rows[0]!;
  return { ...row, origin: Number(row.origin) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedImportCatalog(ctx.db);
  staff = await signInStaffRoles(ctx);
  await ctx.db.execute(sql`UPDATE store_settings SET tax_regime = 'SIMPLES_NACIONAL'`);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the products CSV’s fiscal columns', () => {
  it('previews and applies them, normalised, naming each change', async () => {
    const { id, rows } = await preview([
      { ...CAM_P_ROW, ncm: '6109.10.00', cest: '28.038.00', origin: '2', taxSituation: '102' },
      {
        slug: 'regata',
        name: 'Regata',
        brand: 'aurora',
        category: 'Camisetas',
        published: 'sim',
        featured: 'não',
        sku: 'REG-U',
        price: '49,90',
        ncm: '61091000',
      },
    ]);
    expect(rows.map((row) => row.outcome)).toEqual(['UPDATE', 'CREATE']);
    expect(rows[0]!.changes).toEqual([
      { field: 'NCM', before: '—', after: '61091000' },
      { field: 'CEST', before: '—', after: '2803800' },
      { field: 'Origem', before: '0', after: '2' },
      { field: 'Situação tributária', before: '—', after: '102' },
    ]);
    await apply(id);
    expect(await fiscalOf('camiseta-basica')).toEqual({
      ncm: '61091000',
      cest: '2803800',
      origin: 2,
      taxSituation: '102',
    });
    expect(await fiscalOf('regata')).toEqual({
      ncm: '61091000',
      cest: null,
      origin: 0,
      taxSituation: null,
    });
  });

  it('keeps a blank cell’s value in an update and clears with [apagar]', async () => {
    const { id, rows } = await preview([{ ...CAM_P_ROW, cest: '[apagar]' }]);
    expect(rows[0]!.changes).toEqual([{ field: 'CEST', before: '2803800', after: '—' }]);
    await apply(id);
    expect(await fiscalOf('camiseta-basica')).toEqual({
      ncm: '61091000',
      cest: null,
      origin: 2,
      taxSituation: '102',
    });
  });

  it('puts back the leading zero a spreadsheet dropped from an NCM or a CEST', async () => {
    expect(restoreLeadingZero('1012100', 8)).toBe('01012100');
    expect(restoreLeadingZero('100100', 7)).toBe('0100100');
    // Only one digit short and all digits: anything else is left for the rule to refuse.
    expect(restoreLeadingZero('610910', 8)).toBe('610910');
    expect(restoreLeadingZero('6109.10', 8)).toBe('6109.10');
    expect(restoreLeadingZero('0101210', 8)).toBe('0101210');
    const { id, rows } = await preview([
      { ...CAM_P_ROW, sku: 'CAM-P', ncm: '9021000', cest: '100100' },
    ]);
    expect(rows[0]!.outcome).not.toBe('REFUSED');
    expect(rows[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'NCM', before: '61091000', after: '09021000' },
        { field: 'CEST', before: '—', after: '0100100' },
      ]),
    );
    await apply(id);
    expect(await fiscalOf('camiseta-basica')).toMatchObject({ ncm: '09021000', cest: '0100100' });
    // Back as it was for the next tests.
    await ctx.db.execute(
      sql`UPDATE products SET ncm = '61091000', cest = NULL WHERE slug = 'camiseta-basica'`,
    );
  });

  it('refuses each wrong cell with the editor’s message and the value read', async () => {
    const { rows } = await preview([
      { ...CAM_P_ROW, ncm: '6109' },
      { ...CAM_P_ROW, sku: 'CAM-M', size: 'M', cest: '12' },
      { ...CAM_P_ROW, sku: 'CAM-X', size: 'G', origin: '9' },
      { ...CAM_P_ROW, sku: 'CAM-Y', size: 'GG', taxSituation: '00' },
      { ...CAM_P_ROW, sku: 'CAM-Z', size: 'XG', ncm: '[apagar]', cest: '2803800' },
    ]);
    expect(rows.map((row) => [row.outcome, row.message])).toEqual([
      [
        'REFUSED',
        'NCM inválido: use os 8 dígitos da classificação fiscal do produto, como 61091000 (recebido: "6109")',
      ],
      ['REFUSED', 'CEST inválido: use 7 dígitos, como 2803800 (recebido: "12")'],
      ['REFUSED', 'Origem da mercadoria inválida: escolha de 0 a 8 (recebido: "9")'],
      [
        'REFUSED',
        'CSOSN inválido no Simples Nacional: use um de 101, 102, 103, 201, 202, 203, 300, 400, 500, 900',
      ],
      ['REFUSED', 'Informe o NCM do produto antes do CEST'],
    ]);
  });

  it('reads the header CSOSN (or CST) as Situação tributária', async () => {
    const csv =
      'Identificador URL;Nome;Marca;Categoria;SKU;Preço;CSOSN\r\n' +
      'camiseta-basica;;;;CAM-P;;500\r\n';
    const created = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'csosn.csv', contentBase64: toBase64(csv) } },
      staff.admin.token,
    );
    const id = (created.body.data!.productImportCreate as { id: string }).id;
    const read = await graphql(ctx.app, IMPORT_QUERY, { id, first: 10 }, staff.admin.token);
    const [row] = (read.body.data!.productImport as { rows: Row[] }).rows;
    expect(row!.changes).toEqual([{ field: 'Situação tributária', before: '102', after: '500' }]);
  });
});
