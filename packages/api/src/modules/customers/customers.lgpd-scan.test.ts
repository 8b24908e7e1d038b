// LGPD end to end: a customer's whole life in the store through the real services (orders placed
// through the checkout's GraphQL mutation, a staff note, a Pix confirmation and a partial refund
// whose texts name her, a canceled order, an "avise-me" alert, order tracking by her e-mail sent
// over GET, orders exports searched by her CPF and by her e-mail, an audit export searched by her
// e-mail, her mails), plus texts not tied to her orders (a stock movement, an unmatched bank
// line, a webhook of no order). After the anonymisation, every text, varchar, char, json(b) and
// array column of every table of the database, every log line the server wrote (captured through
// its pino stream) and every rate-limit key it used holds none of her name, e-mail, CPF (digits
// and formatted) or phone. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits } from '@vitrine/rules';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { MemoryRateLimitStore, type BackoffPolicy } from '../auth/rate-limit';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../checkout/checkout.fixtures';
import { seedCommerceDemo } from '../checkout/checkout.seed';
import { customerIdOf, REMOVED_TEXT } from './customers.service';

// Distinctive values: a hit can only be her.
const CPF = cpfWithCheckDigits('538172946');
const SHOPPER = {
  first: 'Lindaura',
  surnames: ['Quixabeira', 'Vasconcellos'],
  name: 'Lindaura Quixabeira Vasconcellos',
  email: 'lindaura.quixabeira@gmail.com',
  cpf: CPF,
  cpfFormatted: `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`,
  phone: '31974652813',
  phoneFormatted: '(31) 97465-2813',
};
/** Every way her data could be written down. */
const SECRETS = [
  SHOPPER.name,
  SHOPPER.first,
  ...SHOPPER.surnames,
  SHOPPER.email,
  SHOPPER.cpf,
  SHOPPER.cpfFormatted,
  SHOPPER.phone,
  SHOPPER.phoneFormatted,
  '97465-2813',
  SHOPPER.phone.slice(2),
];
const OTHER = {
  name: 'Otaviano Bittencourt',
  email: 'otaviano.bittencourt@example.com',
  cpf: cpfWithCheckDigits('246813579'),
  phone: '(11) 98888-7777',
};

/** Remembers every key the server's rate limits used (the store Redis would be in production). */
class RecordingStore extends MemoryRateLimitStore {
  readonly keys = new Set<string>();
  override async take(key: string, limit: number, windowMs: number, now: number) {
    this.keys.add(key);
    return super.take(key, limit, windowMs, now);
  }
  override async reserveAttempt(key: string, now: number, policy: BackoffPolicy) {
    this.keys.add(key);
    return super.reserveAttempt(key, now, policy);
  }
}

const logLines: string[] = [];
const store = new RecordingStore();
let ctx: TestContext;
let admin: SignedInStaff;
let orderIds: { refunded: string; canceled: string };
let numbers: { refunded: string; canceled: string };
let anonymized: Record<string, unknown> | undefined;

// GraphQL answers are read loosely: every assertion below checks the shape it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

async function gql(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(ctx.app, query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Answer;
}

/** Where her data is: "table.column: secret" for every text-like column of every table. */
async function databaseHits(secrets: readonly string[]): Promise<string[]> {
  const columns = await ctx.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY',
        'USER-DEFINED')
    ORDER BY c.table_name, c.ordinal_position`);
  expect(columns.rows.length).toBeGreaterThan(100);
  const hits = new Set<string>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    const rows = await ctx.db.execute<{ v: string }>(
      sql`SELECT ${sql.identifier(column)}::text AS v FROM ${sql.identifier(table)}
        WHERE ${sql.identifier(column)} IS NOT NULL`,
    );
    for (const { v } of rows.rows) {
      const text = v.toLowerCase();
      for (const secret of secrets) {
        if (text.includes(secret.toLowerCase())) hits.add(`${table}.${column}: ${secret}`);
      }
    }
  }
  return [...hits].sort();
}

function textHits(texts: Iterable<string>, secrets: readonly string[]): string[] {
  const hits = new Set<string>();
  for (const text of texts) {
    for (const secret of secrets) {
      if (text.toLowerCase().includes(secret.toLowerCase())) hits.add(`${secret} in ${text}`);
    }
  }
  return [...hits];
}

const tables = (hits: string[]) => [...new Set(hits.map((hit) => hit.split(':')[0]))];

beforeAll(async () => {
  ctx = await createTestContext({
    rateLimitStore: store,
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = (await signInStaffRoles(ctx)).admin;
  await seedCommerceDemo(ctx.db);
  const catalog = await insertFixtureCatalog(ctx.db, [
    { sku: 'LGPD-1', priceCents: 10000, stock: 50 },
    { sku: 'LGPD-2', priceCents: 8000, stock: 0 },
  ]);
  const [inStock, soldOut] = catalog.variantIds as [string, string];
  const pac = await shippingMethodIdByName(ctx.db, 'PAC');

  // Her two orders and another shopper's, placed through the checkout.
  const place = async (customer: typeof OTHER, complement: string) => {
    const data = await gql(PLACE_ORDER_MUTATION, {
      input: fixtureOrderInput([{ variantId: inStock, quantity: 1 }], pac, {
        customer: {
          name: customer.name,
          email: customer.email,
          cpf: customer.cpf,
          phone: customer.phone,
        },
        address: {
          postalCode: '30130-010',
          street: 'Avenida Afonso Pena',
          number: '1500',
          complement,
          district: 'Centro',
          city: 'Belo Horizonte',
          uf: 'MG',
        },
      }),
    });
    const number = data.placeOrder.number as string;
    const row = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM orders WHERE number = ${number}`,
    );
    return { number, id: row.rows[0]!.id };
  };
  const her = { ...SHOPPER, phone: SHOPPER.phoneFormatted };
  const first = await place(her, `Casa de ${SHOPPER.first}`);
  const second = await place(her, 'Fundos');
  await place(OTHER, 'Loja 2');
  orderIds = { refunded: first.id, canceled: second.id };
  numbers = { refunded: first.number, canceled: second.number };

  // Staff write about her: a note, the Pix confirmation, a partial refund, a cancellation.
  await gql(
    `mutation ($id: ID!, $note: String!) { orderAddNote(id: $id, note: $note) { id } }`,
    { id: first.id, note: `${SHOPPER.first} ligou do ${SHOPPER.phoneFormatted} pedindo troca.` },
    admin.token,
  );
  await gql(
    `mutation ($id: ID!, $note: String) { orderMarkPaid(id: $id, note: $note) { id } }`,
    { id: first.id, note: `Pix de ${SHOPPER.name.toUpperCase()} conferido` },
    admin.token,
  );
  await gql(
    `mutation ($id: ID!, $amount: Int!, $reason: String!) {
      orderRefund(id: $id, amountCents: $amount, reason: $reason) { id }
    }`,
    {
      id: first.id,
      amount: 3000,
      reason: `Devolução parcial pedida por ${SHOPPER.name} (tel. ${SHOPPER.phoneFormatted}, CPF ${SHOPPER.cpfFormatted})`,
    },
    admin.token,
  );
  await gql(
    `mutation ($id: ID!, $reason: String!) { orderCancel(id: $id, reason: $reason) { id } }`,
    { id: second.id, reason: `${SHOPPER.first} Quixabeira desistiu (${SHOPPER.email})` },
    admin.token,
  );

  // She asks to be told when the sold-out variant is back, and tracks her order over GET.
  await gql(
    `mutation ($variantId: ID!, $email: String!) { requestRestockAlert(variantId: $variantId, email: $email) }`,
    { variantId: soldOut, email: SHOPPER.email },
  );
  const tracking = await ctx.app.inject({
    method: 'GET',
    url: `/graphql?query=${encodeURIComponent(
      'query Track($number: String!, $email: String!) { orderStatus(number: $number, email: $email) { number } }',
    )}&variables=${encodeURIComponent(JSON.stringify({ number: first.number, email: SHOPPER.email }))}`,
  });
  expect(tracking.json()).toMatchObject({ data: { orderStatus: { number: first.number } } });
  // A dashboard page opened with her in the URL, and a broken JSON body quoting her.
  await ctx.app.inject({
    method: 'GET',
    url: `/dashboard/pedidos?busca=${encodeURIComponent(SHOPPER.email)}`,
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/admin/exports/orders',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    payload: `{"filter":{"search":"${SHOPPER.email}","cpf":"${SHOPPER.cpfFormatted}"`,
  });

  // Exports searched by her CPF and by her e-mail (orders), and by her e-mail (audit log).
  for (const [kind, search] of [
    ['orders', SHOPPER.cpfFormatted],
    ['orders', SHOPPER.email],
    ['audit', SHOPPER.email],
  ] as const) {
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: `/admin/exports/${kind}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { filter: { search } },
    });
    expect(ticket.statusCode).toBe(200);
    const file = await ctx.app.inject({
      method: 'GET',
      url: (ticket.json() as { url: string }).url,
    });
    expect(file.statusCode).toBe(200);
    if (kind === 'orders') expect(file.body).toContain(SHOPPER.name);
  }

  // Texts not tied to her orders: a stock note, an unmatched bank line, a webhook of no order.
  await ctx.db.execute(sql`INSERT INTO stock_movements (variant_id, delta, reason, kind, note)
    VALUES (${inStock}, -1, 'Reserva', 'EDIT', ${`Separado para ${SHOPPER.name}, ${SHOPPER.phoneFormatted}`})`);
  const statement = await ctx.db.execute<{ id: string }>(sql`
    INSERT INTO bank_statement_imports (file_name, format) VALUES ('extrato.ofx', 'OFX') RETURNING id`);
  await ctx.db.execute(sql`INSERT INTO bank_statement_entries
      (import_id, position, bank_id, posted_at, amount_cents, description, match)
    VALUES (${statement.rows[0]!.id}, 0, 'B1', now(), 999,
      ${`PIX RECEBIDO LINDAURA QUIXABEIRA VASCONCELLOS ${SHOPPER.cpfFormatted}`}, 'UNMATCHED')`);
  await ctx.db.execute(sql`INSERT INTO payment_events (provider, event_id, type, payload)
    VALUES ('mercadopago', 'evt-1', 'payment',
      ${JSON.stringify({ payer: { email: SHOPPER.email, identification: SHOPPER.cpf } })}::jsonb)`);

  // The outbox sends her mails (order placed, paid, refunded, canceled; the alert's confirmation).
  await ctx.app.mail.flush();
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe('before the anonymisation', () => {
  it('her data is where the store needs it, never in the audit log or the export tickets', async () => {
    const hits = await databaseHits(SECRETS);
    expect(tables(hits)).toEqual(
      expect.arrayContaining([
        'orders.customer_name',
        'orders.customer_email',
        'orders.customer_cpf',
        'orders.customer_phone',
        'orders.complement',
        'orders.refund_reason',
        'orders.cancel_reason',
        'order_refunds.reason',
        'order_events.note',
        'mail_outbox.to_address',
        'mail_outbox.text_body',
        'restock_alerts.email',
        'stock_movements.note',
        'bank_statement_entries.description',
        'payment_events.payload',
      ]),
    );
    expect(hits.filter((hit) => /^(audit_log|\w+_export_tickets)\./.test(hit))).toEqual([]);
    // The other shopper's data is there too (the scan sees everyone).
    expect(await databaseHits([OTHER.email, OTHER.name])).not.toEqual([]);
  });

  it('the server used rate-limit keys for her e-mail, hashed', () => {
    const keys = [...store.keys];
    expect(keys.some((key) => key.startsWith('order-status:email:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('restock:email:'))).toBe(true);
    expect(textHits(keys, SECRETS)).toEqual([]);
  });
});

describe('customerAnonymize, then every column, log line and key', () => {
  it('anonymises her orders and removes her alert', async () => {
    const data = await gql(
      `mutation ($id: ID!, $confirmation: String!) {
        customerAnonymize(id: $id, confirmation: $confirmation) {
          ordersAnonymized mailsAnonymized restockAlertsRemoved customer { name anonymized }
        }
      }`,
      { id: customerIdOf(SHOPPER.email), confirmation: SHOPPER.email },
      admin.token,
    );
    anonymized = data.customerAnonymize;
    expect(anonymized).toMatchObject({
      ordersAnonymized: 2,
      restockAlertsRemoved: 1,
      customer: { name: 'Cliente anonimizado', anonymized: true },
    });
    expect(anonymized!.mailsAnonymized).toBeGreaterThanOrEqual(5);
  });

  it('leaves none of her data in any column of any table', async () => {
    expect(anonymized).toBeDefined();
    expect(await databaseHits(SECRETS)).toEqual([]);
    // The other shopper is untouched; her orders keep their amounts.
    expect(tables(await databaseHits([OTHER.email, OTHER.name]))).toContain(
      'orders.customer_email',
    );
    const kept = await ctx.db.execute<{ total: number; refunded: number | null; city: string }>(
      sql`SELECT total_cents AS total, refunded_cents AS refunded, city FROM orders
        WHERE id = ${orderIds.refunded}`,
    );
    expect(kept.rows[0]).toMatchObject({ refunded: 3000, city: 'Belo Horizonte' });
  });

  it("shows the refund's reason removed, and her data export holds nothing of her", async () => {
    const order = await gql(
      `query ($id: ID!) { order(id: $id) { number refunds { amountCents reason staffName } } }`,
      { id: orderIds.refunded },
      admin.token,
    );
    expect(order.order).toMatchObject({
      number: numbers.refunded,
      refunds: [{ amountCents: 3000, reason: REMOVED_TEXT, staffName: admin.name }],
    });
    const exported = await gql(
      `mutation ($id: ID!) { customerDataExport(id: $id) }`,
      { id: customerIdOf(SHOPPER.email) },
      admin.token,
    );
    const document = exported.customerDataExport as string;
    expect(JSON.parse(document).orders).toHaveLength(2);
    expect(textHits([document], SECRETS)).toEqual([]);
  });

  it('wrote none of her data to the log', () => {
    // The lines that carried her before: the tracking GET, the dashboard URL, the bad JSON body.
    const log = logLines.join('');
    expect(log).toContain('"url":"/graphql?query=[oculto]&variables=[oculto]"');
    expect(log).toContain('/dashboard/pedidos?busca=[oculto]');
    expect(log).toContain('client error');
    expect(logLines.length).toBeGreaterThan(20);
    const encoded = SECRETS.map((secret) => encodeURIComponent(secret));
    expect(textHits(logLines, [...SECRETS, ...encoded])).toEqual([]);
  });

  it('used no rate-limit key naming her', () => {
    expect(textHits(store.keys, SECRETS)).toEqual([]);
  });
});
