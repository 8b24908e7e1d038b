// The products CSV export: the ticket (single use), the layout the import reads (BOM, ';', CRLF,
// decimal comma, sim/não, category paths, formula guard), each role's products, the filter, and
// export -> import of the same file: every row UNCHANGED, and every text (CRLF and LF breaks,
// quotes, separators, surrounding spaces, formula-looking text the export guards) read back
// exactly, so an import that does change a row writes its texts back as they were.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { insertProduct } from '../catalog/catalog.fixtures';
import {
  IMPORT_APPLY,
  IMPORT_CREATE,
  IMPORT_QUERY,
  seedImportCatalog,
  toBase64,
} from '../imports/imports.fixtures';
import { PRODUCT_CSV_COLUMNS } from '../imports/products.csv';
import { productsCsvStream } from './exports.products';

let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
let seeded: Awaited<ReturnType<typeof seedImportCatalog>>;

async function exportCsv(body: unknown, token: string) {
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: '/admin/exports/products',
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });
  expect(ticket.statusCode).toBe(200);
  const { url } = ticket.json() as { url: string };
  expect(url).toMatch(/^\/admin\/exports\/products\.csv\?ticket=/);
  const file = await ctx.app.inject({ method: 'GET', url });
  return { url, file };
}

const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);

beforeAll(async () => {
  ctx = await createTestContext();
  seeded = await seedImportCatalog(ctx.db);
  // Text a spreadsheet would run as a formula, a list in the description, GTIN, dimensions.
  await ctx.db.execute(sql`
    UPDATE products SET description = ${'- Algodão; macio\n- "Fio" 30'},
      seo_title = '=HYPERLINK("x")', featured = true, ncm = '61091000', origin = 2,
      tax_situation = '102'
    WHERE slug = 'camiseta-basica'`);
  await ctx.db.execute(sql`
    UPDATE variants SET gtin = '7891234567895', weight_grams = 250, length_cm = 30, width_cm = 20,
      height_cm = 2, low_stock_threshold = 3
    WHERE sku = 'CAM-P'`);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [seeded.aurora.id] });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('products export', () => {
  it('writes one row per variant in the import layout, the Brazilian way', async () => {
    const { url, file } = await exportCsv({}, staff.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /filename="produtos-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(file.body.startsWith('\ufeff')).toBe(true);
    const rows = lines(file.body);
    expect(rows[0]).toBe(
      'Identificador URL;Nome;Marca;Categoria;Descrição;Publicado;Destaque;Título SEO;Descrição SEO;SKU;Tamanho;Cor;Preço;"Preço ""de""";Estoque;Peso (g);Comprimento (cm);Largura (cm);Altura (cm);GTIN/EAN;Estoque mínimo;NCM;CEST;Origem;Situação tributária',
    );
    expect(rows[0]!.split(';')).toHaveLength(PRODUCT_CSV_COLUMNS.length);
    const body = file.body;
    expect(body).toContain(
      `camiseta-basica;Camiseta Básica;aurora;Roupas > Camisetas;"'- Algodão; macio\n- ""Fio"" 30";sim;sim;"'=HYPERLINK(""x"")";;CAM-P;P;Azul;129,90;;10;250;30;20;2;7891234567895;3;61091000;;2;102\r\n`,
    );
    expect(body).toContain(
      'tenis-leve;Tênis Leve;boreal;Calçados;;sim;não;;;TEN-40;40;;299,90;349,90;3;;;;;;;;;0;\r\n',
    );
    // The ticket is single use.
    const again = await ctx.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
  });

  it("keeps a BRAND_MANAGER's file within their brands; SUPPORT may export; the filter applies", async () => {
    const manager = await exportCsv({}, staff.manager.token);
    expect(manager.file.body).toContain('CAM-M');
    expect(manager.file.body).not.toContain('TEN-40');
    const support = await exportCsv({ filter: { search: 'tenis' } }, staff.support.token);
    expect(lines(support.file.body)).toHaveLength(2);
    expect(support.file.body).toContain('TEN-40');
  });

  it('answers 400 naming the field for a bad filter, 401 without a session', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/admin/exports/products',
      headers: { authorization: `Bearer ${staff.admin.token}` },
      payload: { filter: { minPriceCents: 500, maxPriceCents: 100 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'filter.minPriceCents' });
    const typed = await ctx.app.inject({
      method: 'POST',
      url: '/admin/exports/products',
      headers: { authorization: `Bearer ${staff.admin.token}` },
      payload: { filter: { published: 'sim' } },
    });
    expect(typed.json()).toMatchObject({ field: 'filter.published' });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/admin/exports/products',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads in keyset batches: every variant exactly once across pages', async () => {
    const principal = {
      id: staff.admin.id,
      role: 'ADMIN' as const,
      brandIds: [],
      name: 'a',
      email: 'a@a',
    };
    let text = '';
    for await (const chunk of productsCsvStream(
      ctx.db,
      principal,
      { filter: {} },
      { batchSize: 1 },
    )) {
      text += String(chunk);
    }
    const skus = lines(text)
      .slice(1)
      .map((line) => line.match(/;(CAM-[PM]|TEN-40);/)?.[1]);
    expect(skus.sort()).toEqual(['CAM-M', 'CAM-P', 'TEN-40']);
  });

  it('imports its own file back as all UNCHANGED', async () => {
    const { file } = await exportCsv({}, staff.admin.token);
    const answer = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'produtos.csv', contentBase64: toBase64(file.rawPayload) } },
      staff.admin.token,
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.productImportCreate).toMatchObject({
      status: 'READY',
      totalRows: 3,
      unchangedCount: 3,
      createCount: 0,
      updateCount: 0,
      refusedCount: 0,
    });
  });
});

describe('export -> import round trip', () => {
  type Row = { line: number; sku: string; outcome: string; message: string | null };

  async function importFile(csv: Buffer) {
    const answer = await graphql(
      ctx.app,
      IMPORT_CREATE,
      { input: { fileName: 'produtos.csv', contentBase64: toBase64(csv) } },
      staff.admin.token,
    );
    expect(answer.body.errors).toBeUndefined();
    const created = answer.body.data!.productImportCreate as { id: string; status: string };
    expect(created.status).toBe('READY');
    const read = await graphql(
      ctx.app,
      IMPORT_QUERY,
      { id: created.id, first: 100 },
      staff.admin.token,
    );
    return { id: created.id, rows: (read.body.data!.productImport as { rows: Row[] }).rows };
  }

  const texts = async () =>
    (
      await ctx.db.execute<Record<string, string | null>>(sql`
        SELECT p.slug, p.name, p.description, p.seo_title, p.seo_description, v.sku, v.size, v.color
        FROM products p JOIN variants v ON v.product_id = p.id
        WHERE p.slug IN ('caneca-listrada', 'formulas') ORDER BY v.sku`)
    ).rows;

  it('reads every text back exactly: the same file changes nothing, and an update keeps them', async () => {
    const caneca = await insertProduct(ctx.db, {
      slug: 'caneca-listrada',
      name: 'Caneca "Listrada"; 300 ml',
      description: 'Linha 1\r\nLinha 2\r\n\r\n- item com CRLF\n- item com LF\te tab',
      brandId: seeded.aurora.id,
      categoryId: seeded.camisetas.id,
      variants: [
        { sku: 'CAN-1', size: "'=já protegido", color: ' -Azul; "claro" ', priceCents: 1000 },
        { sku: 'CAN-2', size: '@Grande', color: '\tVerde\r\n', priceCents: 1000 },
      ],
    });
    const formulas = await insertProduct(ctx.db, {
      slug: 'formulas',
      name: '+55 Camiseta ',
      description: "'- começa com aspa\r\n=SOMA(A1:A2)",
      brandId: seeded.boreal.id,
      categoryId: seeded.calcados.id,
      variants: [{ sku: 'FOR-1', color: '\r\nVermelho', priceCents: 1000 }],
    });
    await ctx.db.execute(sql`
      UPDATE products SET seo_title = '=SOMA(1;2)', seo_description = '  Espaços antes e depois  '
      WHERE id = ${caneca.id}::uuid`);
    await ctx.db.execute(sql`
      UPDATE products SET seo_title = ${"''=duas aspas"}, seo_description = ${'-10% no Pix\r\n'}
      WHERE id = ${formulas.id}::uuid`);
    const before = await texts();
    const { file } = await exportCsv({}, staff.admin.token);
    expect(file.body).toContain('Linha 1\r\nLinha 2\r\n\r\n- item com CRLF\n');

    // The same file: every row UNCHANGED, nothing to write.
    const same = await importFile(file.rawPayload);
    expect(same.rows.map((row) => row.sku).sort()).toEqual([
      'CAM-M',
      'CAM-P',
      'CAN-1',
      'CAN-2',
      'FOR-1',
      'TEN-40',
    ]);
    expect(same.rows.filter((row) => row.outcome !== 'UNCHANGED' || row.message !== null)).toEqual(
      [],
    );

    // Changed since the export (a colleague's edits): importing the file puts them back and
    // writes every product and variant field, the texts exactly as they were.
    await ctx.db.execute(sql`
      UPDATE products SET featured = NOT featured WHERE slug IN ('caneca-listrada', 'formulas')`);
    await ctx.db.execute(sql`
      UPDATE variants SET price_cents = 1001 WHERE sku IN ('CAN-1', 'CAN-2', 'FOR-1')`);
    const back = await importFile(file.rawPayload);
    const changed = new Map(
      back.rows.filter((row) => row.outcome !== 'UNCHANGED').map((row) => [row.sku, row]),
    );
    expect([...changed.keys()].sort()).toEqual(['CAN-1', 'CAN-2', 'FOR-1']);
    expect([...changed.values()].every((row) => row.outcome === 'UPDATE')).toBe(true);
    // Only what changed since: no text reads as different.
    const price = /Preço: R\$\s10,01 → R\$\s10,00/.source;
    const featured = /Destaque: (sim → não|não → sim)/.source;
    expect(changed.get('CAN-1')!.message).toMatch(new RegExp(`^${featured}; ${price}$`));
    expect(changed.get('CAN-2')!.message).toMatch(new RegExp(`^${price}$`));
    expect(changed.get('FOR-1')!.message).toMatch(new RegExp(`^${featured}; ${price}$`));
    await graphql(ctx.app, IMPORT_APPLY, { id: back.id }, staff.admin.token);
    await ctx.app.productImports.flush();
    expect(await texts()).toEqual(before);
    const restored = await ctx.db.execute<{ featured: boolean; price_cents: number }>(sql`
      SELECT p.featured, v.price_cents FROM products p JOIN variants v ON v.product_id = p.id
      WHERE p.slug IN ('caneca-listrada', 'formulas')`);
    expect(restored.rows).toEqual([
      { featured: false, price_cents: 1000 },
      { featured: false, price_cents: 1000 },
      { featured: false, price_cents: 1000 },
    ]);
  });
});
