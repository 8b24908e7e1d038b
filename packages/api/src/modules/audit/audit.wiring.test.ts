// Staff actions land in the one audit log in the same transaction as the change, with the actor
// (id, name, e-mail, address, browser), the entity and the brands touched: product save, bulk
// change, stock change, order ship / cancel / refund, import create / apply / discard, statement
// import and confirmation, the CSV exports (the audit log's own included). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import {
  IMPORT_APPLY,
  IMPORT_CREATE,
  IMPORT_DISCARD,
  productCsv,
  toBase64,
} from '../imports/imports.fixtures';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { AUDIT_CSV_COLUMNS } from './audit.export';

const AUDIT = `query($filter: AuditFilter, $first: Int) {
  auditLog(filter: $filter, first: $first) {
    totalCount
    nodes { id at actorId actorName actorEmail ip userAgent action entity entityId entityLabel brandIds summary before after }
  }
}`;
const USER_AGENT = 'Vitrine-Teste/2.0 (auditoria)';

interface Entry {
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  entityLabel: string | null;
  brandIds: string[];
  summary: string;
  before: string | null;
  after: string | null;
}

let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;
let catalog: FixtureCatalog;

async function as(who: StaffRoleKey, query: string, variables: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    headers: { authorization: `Bearer ${staff[who].token}`, 'user-agent': USER_AGENT },
    payload: { query, variables },
  });
  const body = response.json() as { data?: Record<string, unknown>; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

async function entries(filter: Record<string, unknown>): Promise<Entry[]> {
  const { body } = await graphql(ctx.app, AUDIT, { filter, first: 200 }, staff.admin.token);
  expect(body.errors).toBeUndefined();
  return (body.data!.auditLog as { nodes: Entry[] }).nodes;
}

function expectActor(entry: Entry | undefined, who: StaffRoleKey) {
  expect(entry).toBeDefined();
  expect(entry).toMatchObject({
    actorId: staff[who].id,
    actorName: staff[who].name,
    actorEmail: staff[who].email,
    userAgent: USER_AGENT,
  });
  expect(entry!.ip).toMatch(/^127\.0\.0\.1$|^::1$|^::ffff:127\.0\.0\.1$/);
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
});

afterAll(async () => {
  await ctx?.close();
});

describe('catalog', () => {
  it("a BRAND_MANAGER's product save carries their brand, the product and before/after", async () => {
    const data = await as(
      'manager',
      `mutation($input: ProductSaveInput!) { productSave(input: $input) { id name } }`,
      {
        input: {
          name: 'Regata Aurora',
          description: 'Leve.',
          brandId: catalog.brandA,
          categoryId: catalog.categoryId,
          published: false,
          featured: false,
          images: [],
          variants: [{ sku: 'REG-M', size: 'M', priceCents: 4990, stock: 2 }],
        },
      },
    );
    const product = data.productSave as { id: string };
    const [entry] = await entries({ entity: 'PRODUCT', entityId: product.id });
    expectActor(entry, 'manager');
    expect(entry).toMatchObject({
      action: 'product.create',
      entityLabel: 'Regata Aurora',
      brandIds: [catalog.brandA],
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'Regata Aurora' });
    // Filtering by the manager's brand finds it; by the other brand, not.
    expect(
      (await entries({ brandId: catalog.brandA, action: 'product.' })).map((e) => e.entityId),
    ).toContain(product.id);
    expect(
      (await entries({ brandId: catalog.brandB, action: 'product.' })).map((e) => e.entityId),
    ).not.toContain(product.id);
  });

  it('a bulk change: one entry with every brand touched', async () => {
    await as(
      'admin',
      `mutation($input: ProductBulkInput!) { productsBulk(input: $input) { count } }`,
      {
        input: {
          action: 'UNPUBLISH',
          ids: [catalog.shirt.productId, catalog.sneaker.productId],
          expectedCount: 2,
        },
      },
    );
    const [entry] = await entries({ action: 'products.bulk.unpublish' });
    expectActor(entry, 'admin');
    expect(entry!.entity).toBe('PRODUCT');
    expect([...entry!.brandIds].sort()).toEqual([catalog.brandA, catalog.brandB].sort());
  });

  it('a stock change: the variant, its brand, before and after', async () => {
    await as(
      'manager',
      `mutation($id: ID!) { stockChange(variantId: $id, reason: RECEIVED, quantity: 5) { stock } }`,
      { id: catalog.cap.id },
    );
    const [entry] = await entries({ entity: 'VARIANT', entityId: catalog.cap.id });
    expectActor(entry, 'manager');
    expect(entry).toMatchObject({
      action: 'stock.adjust',
      brandIds: [catalog.brandA],
      entityLabel: `${catalog.cap.productName} (${catalog.cap.sku})`,
    });
    expect(JSON.parse(entry!.before!)).toEqual({ stock: 3 });
    expect(JSON.parse(entry!.after!)).toMatchObject({ stock: 8, reason: 'RECEIVED' });
  });
});

describe('orders', () => {
  it('ship, cancel and refund: the order by number, its brands, the status change', async () => {
    const paid = await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      customerEmail: 'cliente.privada@exemplo.com.br',
      lines: [
        { variant: catalog.shirt, quantity: 1 },
        { variant: catalog.sneaker, quantity: 1 },
      ],
    });
    const toCancel = await insertFixtureOrder(ctx.db, {
      status: 'PENDING_PAYMENT',
      lines: [{ variant: catalog.cap, quantity: 1 }],
    });
    const toRefund = await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      lines: [{ variant: catalog.cap, quantity: 2 }],
    });
    await as(
      'support',
      `mutation($id: ID!) { orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456785BR") { status } }`,
      { id: paid.id },
    );
    await as(
      'admin',
      `mutation($id: ID!) { orderCancel(id: $id, reason: "Desistiu") { status } }`,
      {
        id: toCancel.id,
      },
    );
    await as(
      'admin',
      `mutation($id: ID!) { orderRefund(id: $id, amountCents: 1000, reason: "Avaria") { status } }`,
      { id: toRefund.id },
    );

    const [ship] = await entries({ entity: 'ORDER', entityId: paid.id });
    expectActor(ship, 'support');
    expect(ship).toMatchObject({ action: 'order.ship', entityLabel: paid.number });
    expect([...ship!.brandIds].sort()).toEqual([catalog.brandA, catalog.brandB].sort());
    expect(JSON.parse(ship!.before!)).toEqual({ status: 'PAID' });
    expect(JSON.parse(ship!.after!)).toMatchObject({
      status: 'SHIPPED',
      trackingCode: 'AA123456785BR',
    });
    // The log outlives an LGPD anonymisation: no customer data in it.
    expect(JSON.stringify(ship)).not.toContain('cliente.privada');

    const [cancel] = await entries({ entity: 'ORDER', entityId: toCancel.id });
    expectActor(cancel, 'admin');
    expect(cancel).toMatchObject({ action: 'order.cancel', brandIds: [catalog.brandA] });
    const [refund] = await entries({ entity: 'ORDER', entityId: toRefund.id });
    expectActor(refund, 'admin');
    expect(refund!.action).toBe('order.refund');
    expect(JSON.parse(refund!.after!)).toMatchObject({ amountCents: 1000 });
    expect((await entries({ action: 'order.' })).length).toBeGreaterThanOrEqual(3);
  });

  it('a refused change writes nothing', async () => {
    const delivered = await insertFixtureOrder(ctx.db, {
      status: 'DELIVERED',
      lines: [{ variant: catalog.cap, quantity: 1 }],
    });
    const { body } = await graphql(
      ctx.app,
      `
        mutation ($id: ID!) {
          orderCancel(id: $id, reason: "x") {
            status
          }
        }
      `,
      { id: delivered.id },
      staff.admin.token,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await entries({ entity: 'ORDER', entityId: delivered.id })).toEqual([]);
  });
});

describe('imports', () => {
  it('create, apply and discard are each recorded', async () => {
    const csv = productCsv([
      {
        slug: 'meia-aurora',
        name: 'Meia Aurora',
        brand: 'aurora',
        category: 'Roupas',
        description: 'Meia.',
        published: 'sim',
        featured: 'não',
        sku: 'MEI-U',
        size: 'U',
        color: 'Branco',
        price: '19,90',
        stock: '4',
      },
    ]);
    const create = async () =>
      (
        await as('manager', IMPORT_CREATE, {
          input: { fileName: 'meias.csv', contentBase64: toBase64(csv) },
        })
      ).productImportCreate as { id: string; status: string };
    const applied = await create();
    expect(applied.status).toBe('READY');
    await as('manager', IMPORT_APPLY, { id: applied.id });
    await ctx.app.productImports.flush();
    const discarded = await create();
    await as('manager', IMPORT_DISCARD, { id: discarded.id });

    const appliedEntries = await entries({ entity: 'PRODUCT_IMPORT', entityId: applied.id });
    expect(appliedEntries.map((e) => e.action)).toEqual([
      'import.apply',
      'import.apply_start',
      'import.create',
    ]);
    for (const entry of appliedEntries) {
      expect(entry).toMatchObject({
        actorId: staff.manager.id,
        entityLabel: 'meias.csv',
        brandIds: [catalog.brandA],
      });
    }
    expectActor(appliedEntries[2], 'manager');
    const discardedEntries = await entries({ entity: 'PRODUCT_IMPORT', entityId: discarded.id });
    expect(discardedEntries.map((e) => e.action)).toEqual(['import.discard', 'import.create']);
    expectActor(discardedEntries[0], 'manager');
  });
});

describe('bank statement', () => {
  it('import and confirmation are recorded, and the order is marked paid by the staff member', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      status: 'PENDING_PAYMENT',
      lines: [{ variant: catalog.sneaker, quantity: 1 }],
    });
    const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
    const content = `Data;Descrição;Valor\n12/01/2026;Pix recebido ${order.number.replace('-', '')};${amount}\n`;
    const created = (
      await as(
        'admin',
        `mutation($input: BankStatementInput!) { bankStatementImportCreate(input: $input) { id matchedCount } }`,
        { input: { fileName: 'extrato.csv', content } },
      )
    ).bankStatementImportCreate as { id: string; matchedCount: number };
    expect(created.matchedCount).toBe(1);
    await as(
      'admin',
      `mutation($id: ID!) { bankStatementConfirmMatched(id: $id) { confirmedCount } }`,
      { id: created.id },
    );
    const statement = await entries({ entity: 'BANK_STATEMENT', entityId: created.id });
    expect(statement.map((e) => e.action)).toEqual([
      'bank_statement.confirm',
      'bank_statement.import',
    ]);
    expectActor(statement[0], 'admin');
    expectActor(statement[1], 'admin');
    expect(statement[0]).toMatchObject({ entityLabel: 'extrato.csv', brandIds: [catalog.brandB] });
    expect(JSON.parse(statement[0]!.after!)).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
    });
    const [paid] = await entries({ entity: 'ORDER', entityId: order.id });
    expectActor(paid, 'admin');
    expect(paid!.action).toBe('order.mark_paid');
  });
});

describe('exports', () => {
  async function download(
    kind: 'orders' | 'products' | 'audit',
    body: unknown,
    who: StaffRoleKey = 'admin',
  ) {
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: `/admin/exports/${kind}`,
      headers: { authorization: `Bearer ${staff[who].token}` },
      payload: body as Record<string, unknown>,
    });
    if (ticket.statusCode !== 200) return { ticket, file: null };
    const { url } = ticket.json() as { url: string };
    const file = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': USER_AGENT },
    });
    return { ticket, file };
  }

  it('an orders export records who, which filter and how many rows', async () => {
    const { file } = await download('orders', { filter: { status: 'SHIPPED' } });
    expect(file!.statusCode).toBe(200);
    const rows = file!.body.split('\r\n').filter(Boolean).length - 1;
    const [entry] = await entries({ action: 'export.orders' });
    expectActor(entry, 'admin');
    expect(entry!.entity).toBe('EXPORT');
    expect(JSON.parse(entry!.after!)).toEqual({
      filter: { status: 'SHIPPED' },
      sort: 'NEWEST',
      rows,
    });
  });

  it("a BRAND_MANAGER's products export carries their brands", async () => {
    const { file } = await download('products', { filter: {} }, 'manager');
    expect(file!.statusCode).toBe(200);
    const [entry] = await entries({ action: 'export.products' });
    expectActor(entry, 'manager');
    expect(entry!.brandIds).toEqual([catalog.brandA]);
  });

  it('the audit log exports as CSV (ADMIN only, single-use ticket), and the export is recorded', async () => {
    for (const who of ['manager', 'support'] as const) {
      const { ticket } = await download('audit', {}, who);
      expect(ticket.statusCode).toBe(403);
    }
    const bad = await download('audit', {
      filter: { range: { from: '2026-13-01', to: '2026-01-02' } },
    });
    expect(bad.ticket.statusCode).toBe(400);
    expect(bad.ticket.json()).toMatchObject({ field: 'filter.range.from' });

    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/admin/exports/audit',
      headers: { authorization: `Bearer ${staff.admin.token}` },
      payload: { filter: { entity: 'ORDER' } },
    });
    expect(ticket.statusCode).toBe(200);
    const { url, expiresInSeconds } = ticket.json() as { url: string; expiresInSeconds: number };
    expect(expiresInSeconds).toBe(60);
    expect(url).toMatch(/^\/admin\/exports\/audit\.csv\?ticket=[\w-]{43}$/);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = file.body
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(';'));
    const orderEntries = await entries({ entity: 'ORDER' });
    expect(lines).toHaveLength(orderEntries.length + 1);
    expect(lines.slice(1).every((line) => line.includes(';Pedido;'))).toBe(true);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4};\d{2}:\d{2};/);
    // Brand names, not ids.
    expect(lines.some((line) => line.includes('Aurora'))).toBe(true);
    // Single use.
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const [entry] = await entries({ action: 'export.audit' });
    expect(entry).toMatchObject({ actorId: staff.admin.id, entity: 'EXPORT' });
    expect(JSON.parse(entry!.after!)).toEqual({
      filter: { entity: 'ORDER' },
      rows: orderEntries.length,
    });
  });
});
