// Pix reconciliation on statements shaped as Brazilian banks export them (fixtures/bancos: BB,
// Bradesco, Santander and Caixa OFX in SGML with CHARSET:1252, Nubank OFX in UTF-8, Itaú CSV in
// Windows-1252, Inter CSV with a BOM and title lines, C6 CSV with two amount columns), sent as
// bytes in base64: the accents survive, the balance lines are not credits, and the received Pix,
// which carries the payer's name and not the txid, is offered as the one order waiting for its
// amount (SUGGESTED), never guessed among several (AMBIGUOUS), and confirmed once. PGlite and
// PostgreSQL.
import { readFileSync } from 'node:fs';
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
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import type { OrderRow } from '../orders/orders.tables';
import {
  ENTRY_NOT_OPEN_MESSAGE,
  NOT_THIS_ENTRYS_ORDER_MESSAGE,
  ORDER_NOT_WAITING_MESSAGE,
} from './reconciliation.service';

const bytes = (name: string) => readFileSync(new URL(`./fixtures/bancos/${name}`, import.meta.url));

const FIELDS = `id format matchedCount suggestedCount ambiguousCount unmatchedCount confirmedCount
  entries { id amountCents description payerName match payerNameAgrees
    order { id number status } candidates { id number status } }`;
const CREATE = `mutation($input: BankStatementInput!) {
  bankStatementImportCreate(input: $input) { ${FIELDS} }
}`;
const CONFIRM_ALL = `mutation($id: ID!, $includeSuggested: Boolean) {
  bankStatementConfirmMatched(id: $id, includeSuggested: $includeSuggested) { ${FIELDS} }
}`;
const CONFIRM_ONE = `mutation($id: ID!, $orderId: ID!) {
  bankStatementEntryConfirm(id: $id, orderId: $orderId) { ${FIELDS} }
}`;

interface OrderRef {
  id: string;
  number: string;
  status: string;
}
interface Entry {
  id: string;
  amountCents: number;
  description: string;
  payerName: string | null;
  match: string;
  payerNameAgrees: boolean;
  order: OrderRef | null;
  candidates: OrderRef[];
}
interface StatementImport {
  id: string;
  format: string;
  matchedCount: number;
  suggestedCount: number;
  ambiguousCount: number;
  unmatchedCount: number;
  confirmedCount: number;
  entries: Entry[];
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let admin: SignedInStaff;

/** 5 Nov 2026, 10:00 in São Paulo: when the orders the fixtures pay were placed. */
const PLACED = new Date('2026-11-05T13:00:00Z');

async function pendingPixOrder(
  totalCents: number,
  options: { customerName?: string; createdAt?: Date } = {},
): Promise<OrderRow> {
  return insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    lines: [{ variant: catalog.cap, quantity: 1 }],
    shippingCents: totalCents - catalog.cap.priceCents,
    customerName: options.customerName ?? 'Maria José da Conceição',
    customerEmail: `cliente-${totalCents}@example.com`,
    createdAt: options.createdAt ?? PLACED,
  });
}

async function upload(fileName: string, content: Buffer): Promise<StatementImport> {
  const { body } = await graphql(
    ctx.app,
    CREATE,
    { input: { fileName, contentBase64: content.toString('base64') } },
    admin.token,
  );
  expect(body.errors).toBeUndefined();
  return body.data!.bankStatementImportCreate as StatementImport;
}

async function mutate(query: string, variables: Record<string, unknown>) {
  const { body } = await graphql(ctx.app, query, variables, admin.token);
  return body;
}

async function orderStatus(id: string): Promise<string> {
  const result = await ctx.db.execute<{ status: string }>(
    sql`SELECT status FROM orders WHERE id = ${id}`,
  );
  return result.rows[0]!.status;
}

async function paymentCount(orderId: string): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId}`,
  );
  return Number(result.rows[0]?.n);
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  ({ admin } = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] }));
});

afterAll(async () => {
  await ctx.close();
});

// Each bank's fixture pays one order of its own amount; the payer's name as that bank writes it.
const BANKS = [
  { file: 'bb.ofx', cents: 30101, payer: '00098765432 MARIA JOSÉ DA CONCEIÇÃO', others: 1 },
  { file: 'bradesco.ofx', cents: 30202, payer: 'MARIA JOSÉ DA CONC', others: 1 },
  { file: 'santander.ofx', cents: 30303, payer: 'MARIA JOSÉ DA CONCEIÇÃO', others: 1 },
  { file: 'caixa.ofx', cents: 30404, payer: 'MARIA JOSÉ DA CONCEIÇ', others: 1 },
  { file: 'nubank.ofx', cents: 30505, payer: 'MARIA JOSÉ DA CONCEIÇÃO', others: 1 },
  { file: 'itau.csv', cents: 30606, payer: 'MARIA J', others: 2 },
  { file: 'inter.csv', cents: 30707, payer: 'MARIA JOSÉ DA CONCEIÇÃO', others: 1 },
  { file: 'c6.csv', cents: 30808, payer: 'MARIA JOSÉ DA CONCEIÇÃO', others: 1 },
] as const;

describe('statements as the banks export them', () => {
  for (const bank of BANKS) {
    it(`${bank.file}: the received Pix is offered as the one order of its amount, accents kept`, async () => {
      const order = await pendingPixOrder(bank.cents);
      const statement = await upload(bank.file, bytes(bank.file));
      const pix = statement.entries.find((entry) => entry.amountCents === bank.cents);
      expect(pix, `the Pix credit of ${bank.cents} is read`).toBeDefined();
      // BB's '00098765432' is the payer's account, kept with the name (no letters are lost).
      expect(pix!.payerName?.replace(/^\d+\s/, '')).toBe(bank.payer.replace(/^\d+\s/, ''));
      expect(pix).toMatchObject({
        match: 'SUGGESTED',
        payerNameAgrees: true,
        order: { number: order.number, status: 'PENDING_PAYMENT' },
        candidates: [{ number: order.number }],
      });
      // The rest: other credits, never a balance line or a debit, none linked to an order.
      const rest = statement.entries.filter((entry) => entry !== pix);
      expect(rest).toHaveLength(bank.others);
      for (const entry of rest) {
        expect(entry).toMatchObject({ match: 'UNMATCHED', order: null, candidates: [] });
        expect(entry.description).not.toMatch(/^saldo/i);
        expect(entry.description).not.toContain('\ufffd');
      }
      expect(statement).toMatchObject({ suggestedCount: 1, matchedCount: 0 });
    });
  }

  it('keeps the accents of a Windows-1252 file sent as bytes (read as UTF-8 they were lost)', async () => {
    const file = bytes('bb.ofx');
    const statement = await upload('bb-de-novo.ofx', file);
    expect(statement.entries.map((entry) => entry.description).join('\n')).toContain(
      'MARIA JOSÉ DA CONCEIÇÃO',
    );
    expect(file.toString('utf8')).toContain('MARIA JOS\ufffd DA CONCEI\ufffd\ufffdO');
  });
});

describe('suggestions are confirmed by staff, never guessed', () => {
  it('confirms SUGGESTED entries only when asked, with the payer in the order history', async () => {
    const order = await pendingPixOrder(41_111, { customerName: 'Ana Beatriz Souza' });
    const csv = Buffer.from(
      'Data;Descrição;Valor\n05/11/2026;Pix recebido de ANA BEATRIZ SOUZA;411,11\n',
      'utf8',
    );
    const statement = await upload('sugestao.csv', csv);
    expect(statement.entries[0]).toMatchObject({ match: 'SUGGESTED', payerNameAgrees: true });

    const matchedOnly = await mutate(CONFIRM_ALL, { id: statement.id });
    expect(matchedOnly.errors).toBeUndefined();
    expect(await orderStatus(order.id)).toBe('PENDING_PAYMENT');

    const withSuggested = await mutate(CONFIRM_ALL, { id: statement.id, includeSuggested: true });
    expect(withSuggested.errors).toBeUndefined();
    const after = withSuggested.data!.bankStatementConfirmMatched as StatementImport;
    expect(after).toMatchObject({ confirmedCount: 1, suggestedCount: 0 });
    expect(await orderStatus(order.id)).toBe('PAID');
    const events = await ctx.db.execute<{ note: string }>(
      sql`SELECT note FROM order_events WHERE order_id = ${order.id} AND type = 'paid'`,
    );
    expect(events.rows).toEqual([
      { note: 'Pix conferido no extrato sugestao.csv pelo valor (pagador: ANA BEATRIZ SOUZA)' },
    ]);
    // Asked again, nothing is paid twice.
    await mutate(CONFIRM_ALL, { id: statement.id, includeSuggested: true });
    expect(await paymentCount(order.id)).toBe(1);
  });

  it('lists two orders of the same amount as candidates and pays the one staff choose', async () => {
    const first = await pendingPixOrder(42_222, { customerName: 'Carla Dias' });
    const second = await pendingPixOrder(42_222, { customerName: 'Paulo Reis' });
    const csv = Buffer.from(
      'Data;Descrição;Valor\n05/11/2026;Pix recebido de PAULO REIS;422,22\n',
      'utf8',
    );
    const statement = await upload('ambiguo.csv', csv);
    const entry = statement.entries[0]!;
    expect(entry).toMatchObject({ match: 'AMBIGUOUS', order: null, payerNameAgrees: false });
    expect(entry.candidates.map((order) => order.number).sort()).toEqual(
      [first.number, second.number].sort(),
    );
    // Confirming all never picks one of them.
    await mutate(CONFIRM_ALL, { id: statement.id, includeSuggested: true });
    expect([await orderStatus(first.id), await orderStatus(second.id)]).toEqual([
      'PENDING_PAYMENT',
      'PENDING_PAYMENT',
    ]);
    // An order that is not a candidate is refused, precisely.
    const other = await pendingPixOrder(42_223);
    const refused = await mutate(CONFIRM_ONE, { id: entry.id, orderId: other.id });
    expect(refused.errors?.[0]).toMatchObject({
      message: NOT_THIS_ENTRYS_ORDER_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', field: 'orderId' },
    });
    const chosen = await mutate(CONFIRM_ONE, { id: entry.id, orderId: second.id });
    expect(chosen.errors).toBeUndefined();
    const after = chosen.data!.bankStatementEntryConfirm as StatementImport;
    expect(after.entries[0]).toMatchObject({
      match: 'CONFIRMED',
      order: { number: second.number, status: 'PAID' },
    });
    expect([await orderStatus(first.id), await orderStatus(second.id)]).toEqual([
      'PENDING_PAYMENT',
      'PAID',
    ]);
    const again = await mutate(CONFIRM_ONE, { id: entry.id, orderId: second.id });
    expect(again.errors?.[0]?.message).toBe(ENTRY_NOT_OPEN_MESSAGE);
  });

  it('does not guess when two credits fit one order, and drops it from the other once paid', async () => {
    const order = await pendingPixOrder(43_333, { customerName: 'Rita Lobo' });
    const csv = Buffer.from(
      [
        'Data;Descrição;Valor',
        '05/11/2026;Pix recebido de RITA LOBO;433,33',
        '05/11/2026;Pix recebido de RITA LOBO FILHA;433,33',
        '',
      ].join('\n'),
      'utf8',
    );
    const statement = await upload('duas-vezes.csv', csv);
    expect(statement.entries.map((entry) => entry.match)).toEqual(['AMBIGUOUS', 'AMBIGUOUS']);
    expect(statement.entries[0]!.candidates).toEqual([
      { id: order.id, number: order.number, status: 'PENDING_PAYMENT' },
    ]);
    const body = await mutate(CONFIRM_ONE, { id: statement.entries[0]!.id, orderId: order.id });
    expect(body.errors).toBeUndefined();
    const after = body.data!.bankStatementEntryConfirm as StatementImport;
    expect(after.entries.map((entry) => entry.match)).toEqual(['CONFIRMED', 'UNMATCHED']);
    expect(after.entries[1]!.candidates).toEqual([]);
  });

  it('says the order no longer waits when it was canceled after the import', async () => {
    const order = await pendingPixOrder(44_444);
    const csv = Buffer.from('Data;Descrição;Valor\n05/11/2026;Pix recebido;444,44\n', 'utf8');
    const statement = await upload('cancelado.csv', csv);
    const entry = statement.entries[0]!;
    expect(entry).toMatchObject({ match: 'SUGGESTED', payerName: null, payerNameAgrees: false });
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'CANCELED', payment_status = 'CANCELED' WHERE id = ${order.id}`,
    );
    const body = await mutate(CONFIRM_ONE, { id: entry.id, orderId: order.id });
    expect(body.errors?.[0]).toMatchObject({
      message: ORDER_NOT_WAITING_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await orderStatus(order.id)).toBe('CANCELED');
    expect(await paymentCount(order.id)).toBe(0);
  });

  it('pays once when two people confirm the same suggestion at once', async () => {
    const order = await pendingPixOrder(45_555);
    const csv = Buffer.from('Data;Descrição;Valor\n05/11/2026;Pix recebido;455,55\n', 'utf8');
    const statement = await upload('corrida.csv', csv);
    const entry = statement.entries[0]!;
    const answers = await Promise.all([
      mutate(CONFIRM_ONE, { id: entry.id, orderId: order.id }),
      mutate(CONFIRM_ONE, { id: entry.id, orderId: order.id }),
      mutate(CONFIRM_ALL, { id: statement.id, includeSuggested: true }),
    ]);
    expect(answers.filter((answer) => !answer.errors).length).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe('PAID');
    expect(await paymentCount(order.id)).toBe(1);
  });

  it('offers no order placed outside the credit’s day window', async () => {
    await pendingPixOrder(46_666, { createdAt: new Date('2026-11-02T13:00:00Z') });
    const csv = Buffer.from('Data;Descrição;Valor\n05/11/2026;Pix recebido;466,66\n', 'utf8');
    const statement = await upload('janela.csv', csv);
    expect(statement.entries[0]).toMatchObject({ match: 'UNMATCHED', candidates: [] });
  });
});
