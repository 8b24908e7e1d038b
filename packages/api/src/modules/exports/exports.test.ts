// The orders CSV export: the ticket (single use, 60 s, never the session token in the URL), the
// file as Excel in Brazil reads it (BOM, ';', CRLF, decimal comma, São Paulo dates), formula
// injection, each role's view, filters, and 5,000 orders streamed and read chunk by chunk.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { orders, type OrderRow } from '../orders/orders.tables';
import { csvCell, decimalComma } from './exports.csv';
import { insertBulkOrders } from './exports.fixtures';

const HEADER =
  'Pedido;Data;Hora;Cliente;E-mail;CPF;Marcas;Itens;Subtotal;Desconto;Frete;Total;Reembolsado;Pagamento;' +
  'Status do pagamento;Status do envio;Status;Cidade;UF;Rastreio';

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
let mixed: OrderRow;
let auroraOnly: OrderRow;
let borealOnly: OrderRow;

async function requestExport(body: unknown, token: string | null = staff.admin.token) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/admin/exports/orders',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
  return response;
}

async function exportCsv(body: unknown = {}, token = staff.admin.token) {
  const answer = await requestExport(body, token);
  expect(answer.statusCode).toBe(200);
  const { url } = answer.json() as { url: string };
  const file = await ctx.app.inject({ method: 'GET', url });
  return { url, file };
}

/** The CSV's rows as cells, quoted cells read back as Excel reads them. */
function rowsOf(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.replace(/^\ufeff/, '');
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  // 02:30Z on the 10th is 23:30 on the 9th in São Paulo.
  mixed = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    createdAt: new Date('2026-01-10T02:30:00Z'),
    customerName: '=HYPERLINK("http://mal.example")',
    discountCents: 1000,
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.sneaker, quantity: 1 },
    ],
  });
  auroraOnly = await insertFixtureOrder(ctx.db, {
    status: 'SHIPPED',
    createdAt: new Date('2026-01-11T15:05:00Z'),
    customerName: 'Zé "Boné"; Silva',
    lines: [{ variant: catalog.cap, quantity: 3 }],
  });
  await ctx.db
    .update(orders)
    .set({ trackingCode: 'AA123456785BR' })
    .where(eq(orders.id, auroraOnly.id));
  borealOnly = await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    paymentMethod: 'CARD',
    createdAt: new Date('2026-01-12T12:00:00Z'),
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('orders CSV export', () => {
  it('answers a download URL with a ticket, never the session token', async () => {
    const answer = await requestExport({ sort: 'OLDEST' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { url: string; expiresInSeconds: number };
    expect(body.expiresInSeconds).toBe(60);
    expect(body.url).toMatch(/^\/admin\/exports\/orders\.csv\?ticket=[\w-]{43}$/);
    expect(body.url).not.toContain(staff.admin.token);
  });

  it('writes a file Excel in Brazil opens right: BOM, ";", CRLF, decimal comma, São Paulo dates', async () => {
    // A partial refund shows in Reembolsado (the order's refunds so far).
    await ctx.db.update(orders).set({ refundedCents: 2550 }).where(eq(orders.id, auroraOnly.id));
    const { file } = await exportCsv({ sort: 'OLDEST' });
    await ctx.db.update(orders).set({ refundedCents: null }).where(eq(orders.id, auroraOnly.id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The test clock is at 2026-01-15 12:00 UTC, 09:00 in São Paulo.
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-2026-01-15.csv"',
    );
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.body.startsWith(`\ufeff${HEADER}\r\n`)).toBe(true);
    expect(file.body.endsWith('\r\n')).toBe(true);
    expect(file.body.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const rows = rowsOf(file.body);
    expect(rows).toHaveLength(4);
    // 2 shirts (100,00) + a sneaker (200,00) - 10,00 coupon + 15,00 shipping.
    expect(rows[1]).toEqual([
      mixed.number,
      '09/01/2026',
      '23:30',
      `'=HYPERLINK("http://mal.example")`,
      'maria@example.com',
      '529.982.247-25',
      'Aurora, Boreal',
      '3',
      '300,00',
      '10,00',
      '15,00',
      '305,00',
      '0,00',
      'Pix',
      'Pago',
      'Não enviado',
      'Pago',
      'São Paulo',
      'SP',
      '',
    ]);
    expect(file.body).toContain(
      `${auroraOnly.number};11/01/2026;12:05;"Zé ""Boné""; Silva";maria@example.com;529.982.247-25;Aurora;3;90,00;0,00;15,00;105,00;25,50;Pix;Pago;Enviado;Enviado;São Paulo;SP;AA123456785BR\r\n`,
    );
    expect(rows[3]?.slice(13, 17)).toEqual([
      'Cartão',
      'Pendente',
      'Não enviado',
      'Aguardando pagamento',
    ]);
  });

  it('lets a ticket download once, within 60 seconds', async () => {
    const { url, file } = await exportCsv();
    expect(file.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Link de exportação inválido ou expirado.' });

    const late = (await requestExport({})).json() as { url: string };
    ctx.clock.advance(61_000);
    expect((await ctx.app.inject({ method: 'GET', url: late.url })).statusCode).toBe(404);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/admin/exports/orders.csv?ticket=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(forged.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/admin/exports/orders.csv' })).statusCode,
    ).toBe(404);
  });

  it('shows SUPPORT a masked CPF', async () => {
    const { file } = await exportCsv({ sort: 'OLDEST' }, staff.support.token);
    const rows = rowsOf(file.body);
    expect(rows.slice(1).map((row) => row[5])).toEqual([
      '***.982.247-**',
      '***.982.247-**',
      '***.982.247-**',
    ]);
  });

  it("gives a BRAND_MANAGER their brands' orders, lines and share only, without e-mail or CPF", async () => {
    const { file } = await exportCsv({ sort: 'OLDEST' }, staff.manager.token);
    const rows = rowsOf(file.body);
    expect(rows.slice(1).map((row) => row[0])).toEqual([mixed.number, auroraOnly.number]);
    // The mixed order: their 2 shirts (100,00 less the coupon's 10,00 on that line), no shipping.
    expect(rows[1]?.slice(4, 12)).toEqual(['', '', 'Aurora', '2', '100,00', '10,00', '', '90,00']);
    expect(rows[2]?.slice(4, 12)).toEqual([
      '',
      '',
      'Aurora',
      '3',
      '90,00',
      '0,00',
      '15,00',
      '105,00',
    ]);
    expect(file.body).not.toContain('maria@example.com');
    expect(file.body).not.toContain(borealOnly.number);
  });

  it('exports what the filter selects, in the sort asked', async () => {
    const paid = await exportCsv({ filter: { status: 'PAID' } });
    expect(
      rowsOf(paid.file.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([mixed.number]);
    const byBrand = await exportCsv({ filter: { brandId: catalog.brandB }, sort: 'TOTAL_DESC' });
    expect(
      rowsOf(byBrand.file.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([mixed.number, borealOnly.number]);
    const days = await exportCsv({ filter: { dateFrom: '2026-01-11', dateTo: '2026-01-11' } });
    expect(
      rowsOf(days.file.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([auroraOnly.number]);
    const none = await exportCsv({ filter: { search: 'ninguém' } });
    expect(none.file.body).toBe(`\ufeff${HEADER}\r\n`);
  });

  it('refuses a request without a session, and a bad filter with a Portuguese detail', async () => {
    const anonymous = await requestExport({}, null);
    expect(anonymous.statusCode).toBe(401);
    const badSort = await requestExport({ sort: 'RANDOM' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({ detail: 'Ordem inválido.', field: 'sort' });
    const badDay = await requestExport({ filter: { dateFrom: '31/01/2026' } });
    expect(badDay.json()).toMatchObject({ field: 'filter.dateFrom' });
    const badStatus = await requestExport({ filter: { status: 'LOST' } });
    expect(badStatus.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/admin/exports/orders',
      headers: { authorization: `Bearer ${staff.admin.token}`, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+55 11 9999', "'+55 11 9999"],
    ['-10', "'-10"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    // Already starting with ' before a formula sign: one more, so a reader takes exactly one off.
    ["'=1+1", "''=1+1"],
    ["''-1", "'''-1"],
    ["'texto", "'texto"],
    ['a;b', '"a;b"'],
    ['diz "oi"', '"diz ""oi"""'],
    ['linha\nnova', '"linha\nnova"'],
    ['Maria', 'Maria'],
  ])('%j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes centavos with a decimal comma and no thousands separator', () => {
    expect([
      decimalComma(123456),
      decimalComma(5),
      decimalComma(0),
      decimalComma(100000000),
    ]).toEqual(['1234,56', '0,05', '0,00', '1000000,00']);
  });
});

describe('orders CSV export of 5,000 orders', () => {
  it('streams every order in batches, read chunk by chunk', async () => {
    await insertBulkOrders(ctx.db, {
      count: 5_000,
      variant: catalog.shirt,
      lastCreatedAt: new Date('2025-12-31T12:00:00Z'),
    });
    const answer = await requestExport({ filter: { dateTo: '2025-12-31' } });
    const { url } = answer.json() as { url: string };
    const response = await ctx.app.inject({ method: 'GET', url, payloadAsStream: true });
    expect(response.statusCode).toBe(200);
    let chunks = 0;
    let lines = 0;
    let tail = '';
    const numbers = new Set<string>();
    for await (const chunk of response.stream()) {
      chunks += 1;
      const text = tail + (chunk as Buffer).toString('utf8');
      const parts = text.split('\r\n');
      tail = parts.pop() ?? '';
      for (const line of parts) {
        lines += 1;
        numbers.add(line.split(';')[0]!);
      }
    }
    expect(tail).toBe('');
    expect(lines).toBe(5_001);
    expect(numbers.size).toBe(5_001);
    // One chunk per batch of 1,000 at least: the file was never built whole in memory.
    expect(chunks).toBeGreaterThanOrEqual(5);
    const recorded = await ctx.db.execute<{ rows_exported: number }>(
      sql`SELECT rows_exported FROM order_export_tickets WHERE rows_exported IS NOT NULL
          ORDER BY created_at DESC, rows_exported DESC LIMIT 1`,
    );
    expect(Number(recorded.rows[0]?.rows_exported)).toBe(5_000);
  });
});
