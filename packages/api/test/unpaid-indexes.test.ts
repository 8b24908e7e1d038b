// placeOrder's unpaid-order limits do not scan the unpaid backlog: with thousands of
// PENDING_PAYMENT orders, the checkout's checks statement finds a guest's unpaid orders through
// the three partial indexes (client address 0010, e-mail identity and CPF digits 0044), one
// BitmapOr. The e-mail index holds lib/email-identity.ts's expression written out in SQL: were the
// two to drift apart, the planner could no longer use it and this test fails. A real database
// (PGlite; PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStatement, namedStatement } from '../src/db/statements';
import { CHECKOUT_CHECKS } from '../src/modules/checkout/checkout.repository';
import { emailIdentityKey } from '../src/lib/email-identity';
import { createTestContext, type TestContext } from './helpers';

const BACKLOG = 3000;
let ctx: TestContext;

const EXPLAIN = namedStatement(
  'explain_checkout_checks',
  `EXPLAIN (FORMAT JSON) ${CHECKOUT_CHECKS.text}`,
);

/** Every node of a JSON plan, depth first. */
function nodes(plan: Record<string, unknown>): Array<Record<string, unknown>> {
  const children = (plan.Plans as Array<Record<string, unknown>> | undefined) ?? [];
  return [plan, ...children.flatMap(nodes)];
}

beforeAll(async () => {
  ctx = await createTestContext();
  // A Black Friday backlog of unpaid Pix orders, each its own shopper.
  await ctx.db.execute(sql`
    INSERT INTO orders (customer_name, customer_email, customer_cpf, customer_phone, postal_code,
      street, street_number, district, city, uf, shipping_method_name, shipping_method_kind,
      shipping_business_days, subtotal_cents, total_cents, payment_method, idempotency_key,
      request_hash, client_address, status)
    SELECT 'Cliente ' || n, 'cliente.' || n || '+promo@Gmail.com', lpad(n::text, 11, '0'),
      '11987654321', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 'PAC', 'delivery', 5,
      1000, 1000, 'PIX', 'backlog-' || n, 'x', '10.0.' || (n / 250) || '.' || (n % 250),
      'PENDING_PAYMENT'
    FROM generate_series(1, ${BACKLOG}) AS n`);
  await ctx.db.execute(sql`ANALYZE orders`);
});
afterAll(async () => {
  await ctx.close();
});

describe('the unpaid-order limits with a backlog of unpaid orders', () => {
  it('find a guest’s unpaid orders through the indexes, never by scanning the backlog', async () => {
    const email = emailIdentityKey('Cliente.1234+promo@gmail.com');
    const values = ['10.0.4.234', email, '00000001234', true, null, null];
    const [row] = await runStatement<{ 'QUERY PLAN': unknown }>(ctx.db, EXPLAIN, values);
    const raw = row!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
      Plan: Record<string, unknown>;
    }>;
    const all = nodes(plan[0]!.Plan);
    const onOrders = all.filter((node) => node['Relation Name'] === 'orders');
    expect(onOrders.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const indexes = all.map((node) => node['Index Name']).filter(Boolean);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'orders_unpaid_client_idx',
        'orders_unpaid_email_key_idx',
        'orders_unpaid_cpf_digits_idx',
      ]),
    );

    // And the statement counts them as the limits mean: one order by each key.
    const [checks] = await runStatement<{ unpaid: { client: number; email: number; cpf: number } }>(
      ctx.db,
      CHECKOUT_CHECKS,
      values,
    );
    expect(checks!.unpaid).toMatchObject({ client: 1, email: 1, cpf: 1 });
  });
});
