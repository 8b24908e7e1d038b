// Pix reconciliation by bank statement: matching credits to orders waiting for Pix, confirming
// the matched ones once (twice called, the same file imported again, two confirmations at once),
// roles and bad files. PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  signInStaffRoles,
  STAFF_PASSWORD,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { manualConfirmation } from '../orders/orders.staff.graphql';
import type { OrderRow } from '../orders/orders.tables';
import {
  importStatement,
  MAX_STATEMENT_ENTRIES,
  NOT_A_STATEMENT_MESSAGE,
} from './reconciliation.service';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const IMPORT_FIELDS = `id fileName format createdAt staffName
  matchedCount mismatchCount unmatchedCount confirmedCount
  entries { bankId postedAt amountCents description txid match order { number status } }`;
const CREATE = `mutation($input: BankStatementInput!) {
  bankStatementImportCreate(input: $input) { ${IMPORT_FIELDS} }
}`;
const CONFIRM = `mutation($id: ID!) { bankStatementConfirmMatched(id: $id) { ${IMPORT_FIELDS} } }`;
const LIST = `query($first: Int) { bankStatementImports(first: $first) { id fileName confirmedCount } }`;
const ONE = `query($id: ID!) { bankStatementImport(id: $id) { ${IMPORT_FIELDS} } }`;

interface Entry {
  bankId: string;
  amountCents: number;
  txid: string | null;
  match: string;
  order: { number: string; status: string } | null;
}
interface StatementImport {
  id: string;
  fileName: string;
  format: string;
  staffName: string | null;
  matchedCount: number;
  mismatchCount: number;
  unmatchedCount: number;
  confirmedCount: number;
  entries: Entry[];
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
/** A second ADMIN, for two people reconciling at once (reconciling is ADMIN only). */
let otherAdmin: string;
let pendingMatched: OrderRow;
let pendingMismatch: OrderRow;
let paidAlready: OrderRow;

async function createImport(fileName: string, content: string, token = staff.admin.token) {
  const { body } = await graphql(ctx.app, CREATE, { input: { fileName, content } }, token);
  return { data: body.data?.bankStatementImportCreate as StatementImport | undefined, body };
}

async function confirm(id: string, token = staff.admin.token) {
  const { body } = await graphql(ctx.app, CONFIRM, { id }, token);
  return { data: body.data?.bankStatementConfirmMatched as StatementImport | undefined, body };
}

async function paidEvents(orderId: string): Promise<{ note: string | null }[]> {
  const result = await ctx.db.execute<{ note: string | null }>(
    sql`SELECT note FROM order_events WHERE order_id = ${orderId} AND type = 'paid'`,
  );
  return result.rows;
}

async function paymentCount(orderId: string): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId}`,
  );
  return Number(result.rows[0]?.n);
}

/** A pending Pix order and a one-line statement paying it. */
async function pendingOrderWithStatement(): Promise<{ order: OrderRow; content: string }> {
  const order = await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    lines: [{ variant: catalog.cap, quantity: 1 }],
  });
  const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
  const txid = order.number.replace('-', '');
  return { order, content: `Data;Descrição;Valor\n12/01/2026;Pix recebido ${txid};${amount}\n` };
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  const other = await createStaffUser(ctx.db, {
    email: 'admin2@vitrine.test',
    password: STAFF_PASSWORD,
    role: 'ADMIN',
  });
  otherAdmin = await loginAs(ctx.app, other.email, STAFF_PASSWORD);
  // The statement fixtures name VT10001 to VT10003: the first orders of a fresh database.
  pendingMatched = await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    lines: [{ variant: catalog.shirt, quantity: 2 }],
  });
  pendingMismatch = await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
  paidAlready = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  expect([pendingMatched.number, pendingMismatch.number, paidAlready.number]).toEqual([
    'VT-10001',
    'VT-10002',
    'VT-10003',
  ]);
  expect([pendingMatched.totalCents, pendingMismatch.totalCents]).toEqual([11500, 21500]);
});

afterAll(async () => {
  await ctx.close();
});

describe('bank statement reconciliation', () => {
  let first: StatementImport;

  it('matches the credits of an OFX statement to the orders waiting for Pix', async () => {
    const { data, body } = await createImport('extrato-sgml.ofx', fixture('extrato-sgml.ofx'));
    expect(body.errors).toBeUndefined();
    first = data!;
    expect(first).toMatchObject({
      fileName: 'extrato-sgml.ofx',
      format: 'OFX',
      staffName: 'admin',
      matchedCount: 1,
      mismatchCount: 1,
      unmatchedCount: 2,
      confirmedCount: 0,
    });
    expect(first.entries.map((e) => [e.bankId, e.txid, e.match, e.order?.number ?? null])).toEqual([
      ['202601100001', 'VT10001', 'MATCHED', 'VT-10001'],
      ['202601100002', 'VT10002', 'AMOUNT_MISMATCH', 'VT-10002'],
      ['202601110001', null, 'UNMATCHED', null],
      ['202601110002', 'VT10003', 'ALREADY_PAID', 'VT-10003'],
      ['202601110003', 'VT99999', 'UNMATCHED', null],
    ]);
  });

  it('confirms the matched entries through the order transition, once', async () => {
    const { data, body } = await confirm(first.id);
    expect(body.errors).toBeUndefined();
    expect(data).toMatchObject({ matchedCount: 0, confirmedCount: 1, mismatchCount: 1 });
    expect(data!.entries[0]).toMatchObject({
      match: 'CONFIRMED',
      order: { number: 'VT-10001', status: 'PAID' },
    });
    // The mismatched order waits for a person.
    expect(data!.entries[1]!.order).toEqual({ number: 'VT-10002', status: 'PENDING_PAYMENT' });
    expect(await paidEvents(pendingMatched.id)).toEqual([
      { note: 'Pix conferido no extrato extrato-sgml.ofx' },
    ]);
    expect(await paymentCount(pendingMatched.id)).toBe(1);
    // The payment says it was checked against the bank's statement, and by whom.
    const payment = await ctx.db.execute<{ provider: string; raw: unknown }>(
      sql`SELECT provider, raw FROM payments WHERE order_id = ${pendingMatched.id}`,
    );
    expect(manualConfirmation(payment.rows[0] as never)).toMatch(
      /^Conferido no extrato do banco por /,
    );
    await ctx.app.mail.flush();
    expect(ctx.mail.sent.filter((m) => m.to === 'maria@example.com')).toHaveLength(1);

    const again = await confirm(first.id);
    expect(again.data).toMatchObject({ confirmedCount: 1, matchedCount: 0 });
    expect(await paidEvents(pendingMatched.id)).toHaveLength(1);
    expect(await paymentCount(pendingMatched.id)).toBe(1);
  });

  it('shows an entry confirmed by an earlier import as already paid when the file comes again', async () => {
    const { data } = await createImport('extrato-sgml.ofx', fixture('extrato-sgml.ofx'));
    expect(data!.entries[0]).toMatchObject({ bankId: '202601100001', match: 'ALREADY_PAID' });
    expect(data).toMatchObject({ matchedCount: 0, confirmedCount: 0 });
    const confirmed = await confirm(data!.id);
    expect(confirmed.data).toMatchObject({ confirmedCount: 0 });
    expect(await paidEvents(pendingMatched.id)).toHaveLength(1);
  });

  it('confirms nothing twice when one statement is imported twice before confirming', async () => {
    const { order, content } = await pendingOrderWithStatement();
    const a = (await createImport('a.csv', content)).data!;
    const b = (await createImport('b.csv', content, otherAdmin)).data!;
    expect([a.entries[0]!.match, b.entries[0]!.match]).toEqual(['MATCHED', 'MATCHED']);
    expect(a.entries[0]!.bankId).toBe(b.entries[0]!.bankId);
    expect((await confirm(a.id)).data).toMatchObject({ confirmedCount: 1 });
    const second = (await confirm(b.id, otherAdmin)).data!;
    expect(second).toMatchObject({ confirmedCount: 0, matchedCount: 0 });
    expect(second.entries[0]!.match).toBe('ALREADY_PAID');
    expect(await paidEvents(order.id)).toHaveLength(1);
  });

  it('confirms an order once when confirmations of the same statement race', async () => {
    const { order, content } = await pendingOrderWithStatement();
    const a = (await createImport('a.csv', content)).data!;
    const b = (await createImport('b.csv', content)).data!;
    const results = await Promise.all([
      confirm(a.id),
      confirm(a.id, otherAdmin),
      confirm(b.id),
      confirm(b.id, otherAdmin),
    ]);
    for (const result of results) expect(result.body.errors).toBeUndefined();
    const confirmed = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bank_statement_entries
          WHERE order_id = ${order.id} AND match = 'CONFIRMED'`,
    );
    expect(Number(confirmed.rows[0]?.n)).toBe(1);
    expect(await paidEvents(order.id)).toHaveLength(1);
    expect(await paymentCount(order.id)).toBe(1);
  });

  it('leaves alone an order paid by hand after the import, and shows a canceled one unmatched', async () => {
    const { order, content } = await pendingOrderWithStatement();
    const statement = (await createImport('c.csv', content)).data!;
    expect(statement.entries[0]!.match).toBe('MATCHED');
    const byHand = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderMarkPaid(id: $id) { status } }',
      { id: order.id },
      otherAdmin,
    );
    expect(byHand.body.errors).toBeUndefined();
    const confirmed = (await confirm(statement.id)).data!;
    expect(confirmed).toMatchObject({ confirmedCount: 0, matchedCount: 0 });
    expect(confirmed.entries[0]!.match).toBe('ALREADY_PAID');
    expect(await paidEvents(order.id)).toHaveLength(1);
    expect(await paymentCount(order.id)).toBe(1);

    const canceled = await insertFixtureOrder(ctx.db, {
      status: 'CANCELED',
      lines: [{ variant: catalog.cap, quantity: 1 }],
    });
    const late = `12/01/2026;Pix ${canceled.number.replace('-', '')};45,00\n`;
    const entry = (await createImport('d.csv', late)).data!.entries[0]!;
    expect(entry).toMatchObject({
      match: 'UNMATCHED',
      order: { number: canceled.number, status: 'CANCELED' },
    });
  });

  it('reads OFX 2.x (XML) and CSV statements', async () => {
    const xml = (await createImport('nubank.ofx', fixture('extrato-xml.ofx'))).data!;
    expect(xml).toMatchObject({ format: 'OFX' });
    // VT-10001 is paid now.
    expect(xml.entries.map((e) => e.match)).toEqual(['ALREADY_PAID']);
    const csv = (await createImport('bb.csv', fixture('extrato-ponto-e-virgula.csv'))).data!;
    expect(csv).toMatchObject({ format: 'CSV' });
    expect(csv.entries.map((e) => [e.amountCents, e.match])).toEqual([
      [11500, 'ALREADY_PAID'],
      [123456, 'AMOUNT_MISMATCH'],
      [6500, 'ALREADY_PAID'],
    ]);
  });

  it('lists imports newest first and reads one by id', async () => {
    const { body } = await graphql(ctx.app, LIST, { first: 2 }, otherAdmin);
    const list = body.data?.bankStatementImports as { fileName: string }[];
    expect(list.map((i) => i.fileName)).toEqual(['bb.csv', 'nubank.ofx']);
    const one = await graphql(ctx.app, ONE, { id: first.id }, staff.admin.token);
    expect((one.body.data?.bankStatementImport as StatementImport).confirmedCount).toBe(1);
    const unknown = await graphql(ctx.app, ONE, { id: 'nope' }, staff.admin.token);
    expect(unknown.body.data?.bankStatementImport).toBeNull();
    const bad = await graphql(ctx.app, LIST, { first: 0 }, staff.admin.token);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'first',
    });
  });

  // ADMIN only, SUPPORT and BRAND_MANAGER refused: the role matrix of the store's money in
  // orders/orders.staff.roles.test.ts.
  it('asks for a session', async () => {
    const anonymous = await graphql(ctx.app, LIST, {});
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const created = await graphql(ctx.app, CREATE, {
      input: { fileName: 'x.ofx', content: fixture('extrato-sgml.ofx') },
    });
    expect(created.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(created.body.data?.bankStatementImportCreate ?? null).toBeNull();
  });

  it('refuses what is not a statement, and a nameless file, in Portuguese', async () => {
    const text = await createImport('compras.txt', fixture('nao-e-extrato.txt'));
    expect(text.body.errors?.[0]).toMatchObject({
      message: NOT_A_STATEMENT_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', field: 'content' },
    });
    const nameless = await createImport('  ', fixture('extrato-sgml.ofx'));
    expect(nameless.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'fileName',
    });
    const missing = await confirm('00000000-0000-4000-8000-000000000000');
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a statement over 2 MB or over 5,000 transactions', async () => {
    const admin = {
      id: staff.admin.id,
      role: 'ADMIN' as const,
      brandIds: [],
      name: 'admin',
      email: staff.admin.email,
    };
    const big = `Data;Descrição;Valor\n${'10/01/2026;Pix recebido;1,00\n'.repeat(75_000)}`;
    await expect(
      importStatement(ctx.db, admin, { fileName: 'big.csv', content: big }),
    ).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'O extrato pode ter no máximo 2 MB.',
    });
    const many = `Data;Descrição;Valor\n${Array.from(
      { length: MAX_STATEMENT_ENTRIES + 1 },
      (_, i) => `10/01/2026;Pix ${i};1,00`,
    ).join('\n')}`;
    await expect(
      importStatement(ctx.db, admin, { fileName: 'many.csv', content: many }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    const atLimit = many.slice(0, many.lastIndexOf('\n'));
    const stored = await importStatement(ctx.db, admin, { fileName: 'ok.csv', content: atLimit });
    const count = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bank_statement_entries WHERE import_id = ${stored.id}`,
    );
    expect(Number(count.rows[0]?.n)).toBe(MAX_STATEMENT_ENTRIES);
  });

  it('takes a statement of about 1 MB from staff through /graphql/, whose limit stays 100 KB for others', async () => {
    const padding = 'x'.repeat(200);
    const content = `Data;Descrição;Valor\n${Array.from(
      { length: 4_000 },
      (_, i) => `10/01/2026;Pix recebido ${i} ${padding};1,00`,
    ).join('\n')}`;
    expect(content.length).toBeGreaterThan(800_000);
    const { data, body } = await createImport('grande.csv', content);
    expect(body.errors).toBeUndefined();
    expect(data).toMatchObject({ unmatchedCount: 4_000 });

    const query = { query: CREATE, variables: { input: { fileName: 'x.csv', content } } };
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      headers: { authorization: 'Bearer not-a-token' },
      payload: query,
    });
    expect(anonymous.statusCode).toBe(413);
    expect(anonymous.json().errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    // Without a declared length the bytes are counted as they come.
    const chunked = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      headers: { 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(JSON.stringify(query))]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
