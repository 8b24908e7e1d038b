// Customers and LGPD: guest orders grouped by normalised e-mail (and by CPF across e-mails), the
// list's search, totals, sort and roles, the data export and the anonymisation (no personal data
// left anywhere in the database), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits } from '@vitrine/rules';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../checkout/checkout.fixtures';
import { seedCommerceDemo } from '../checkout/checkout.seed';
import { insertFixtureOrder, type FixtureVariant } from '../orders/orders.fixtures';
import { customerIdOf, maskEmail } from './customers.service';

const JOANA = {
  name: 'Joana Pereira Brandão',
  email: 'joana.pereira@gmail.com',
  workEmail: 'joana@empresa-exemplo.com.br',
  cpf: cpfWithCheckDigits('123456789'),
  phone: '21991234567',
};
const CARLOS = {
  name: 'Carlos Andrade',
  email: 'carlos.andrade@example.com',
  cpf: cpfWithCheckDigits('987654321'),
};

const LIST = /* GraphQL */ `
  query ($filter: CustomerFilter, $sort: CustomerSort, $first: Int, $offset: Int) {
    customers(filter: $filter, sort: $sort, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        name
        email
        cpf
        phone
        ordersCount
        totalSpentCents
        firstOrderAt
        lastOrderAt
        anonymized
        anonymizedAt
      }
    }
  }
`;
const ONE = /* GraphQL */ `
  query ($id: ID!) {
    customer(id: $id) {
      id
      name
      email
      cpf
      anonymized
      ordersCount
      orders(first: 10) {
        number
        totalCents
        customer {
          name
          email
          cpf
        }
        lines {
          sku
          quantity
        }
      }
    }
  }
`;
const EXPORT = `mutation ($id: ID!) { customerDataExport(id: $id) }`;
const ANONYMIZE = /* GraphQL */ `
  mutation ($id: ID!, $confirmation: String!) {
    customerAnonymize(id: $id, confirmation: $confirmation) {
      customer {
        id
        name
        email
        cpf
        phone
        anonymized
        anonymizedAt
        ordersCount
        totalSpentCents
      }
      ordersAnonymized
      mailsAnonymized
      restockAlertsRemoved
    }
  }
`;

let ctx: TestContext;
let admin: string;
let support: string;
let manager: string;
let variant: FixtureVariant;
let variantId: string;
let joanaId: string;
let carlosId: string;
let totalsBefore: { number: string; totalCents: number; subtotalCents: number }[];

type GqlError = { message: string; extensions?: { code?: string; field?: string } };

// GraphQL answers are read loosely: every assertion below checks the shape it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

async function gql(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(ctx.app, query, variables, token);
  return {
    data: body.data as Answer | undefined,
    error: body.errors?.[0] as GqlError | undefined,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await signInStaffRoles(ctx);
  admin = staff.admin.token;
  support = staff.support.token;
  manager = staff.manager.token;
  await seedCommerceDemo(ctx.db);
  const catalog = await insertFixtureCatalog(ctx.db, [
    { sku: 'CLI-1', priceCents: 10000, stock: 50 },
  ]);
  variantId = catalog.variantIds[0]!;
  variant = {
    id: variantId,
    productId: catalog.productId,
    brandId: catalog.brandId,
    sku: 'CLI-1',
    priceCents: 10000,
    productName: 'Camiseta Básica',
    brandName: 'Aurora',
  } as FixtureVariant;
  const pac = await shippingMethodIdByName(ctx.db, 'PAC');
  // Joana's first order, placed through the checkout (its mail, timeline and Pix code included).
  const placed = await gql(PLACE_ORDER_MUTATION, {
    input: fixtureOrderInput([{ variantId, quantity: 1 }], pac, {
      customer: { name: JOANA.name, email: JOANA.email, cpf: JOANA.cpf, phone: '(21) 99123-4567' },
    }),
  });
  expect(placed.error).toBeUndefined();
  // Two paid orders (one partly refunded), one of them typed in capitals with spaces around.
  await insertFixtureOrder(ctx.db, {
    lines: [{ variant, quantity: 2 }],
    status: 'DELIVERED',
    customerName: JOANA.name,
    customerEmail: ` ${JOANA.email.toUpperCase()} `,
    customerCpf: JOANA.cpf,
    createdAt: new Date('2025-12-01T10:00:00Z'),
  });
  await insertFixtureOrder(ctx.db, {
    lines: [{ variant, quantity: 1 }],
    status: 'PAID',
    customerName: JOANA.name,
    customerEmail: JOANA.email,
    customerCpf: JOANA.cpf,
    refundedCents: 3000,
    createdAt: new Date('2025-12-10T10:00:00Z'),
  });
  // The same person (same CPF) with her work address: its own customer, joined on her page.
  await insertFixtureOrder(ctx.db, {
    lines: [{ variant, quantity: 1 }],
    status: 'SHIPPED',
    customerName: 'Joana P. Brandão',
    customerEmail: JOANA.workEmail,
    customerCpf: JOANA.cpf,
    createdAt: new Date('2025-11-01T10:00:00Z'),
  });
  await insertFixtureOrder(ctx.db, {
    lines: [{ variant, quantity: 3 }],
    status: 'PAID',
    customerName: CARLOS.name,
    customerEmail: CARLOS.email,
    customerCpf: CARLOS.cpf,
    createdAt: new Date('2025-10-01T10:00:00Z'),
  });
  await ctx.db.execute(sql`UPDATE orders SET customer_phone = ${JOANA.phone}
    WHERE customer_cpf = ${JOANA.cpf}`);
  // A staff note naming her, a gateway record with her address and an "avise-me" alert.
  await ctx.db.execute(sql`INSERT INTO order_events (order_id, type, actor, actor_name, note)
    SELECT id, 'note', 'staff', 'Ana', ${`Joana ligou (CPF ${JOANA.cpf.slice(0, 3)}.${JOANA.cpf.slice(3, 6)}.${JOANA.cpf.slice(6, 9)}-${JOANA.cpf.slice(9)}, tel. (21) 99123-4567): trocar o tamanho.`}
    FROM orders WHERE customer_email = ${JOANA.email}`);
  await ctx.db
    .execute(sql`INSERT INTO payments (order_id, provider, provider_payment_id, method, status, amount_cents, raw)
    SELECT id, 'mercadopago', 'mp-' || number, 'CARD', 'approved', total_cents,
      jsonb_build_object('payer', jsonb_build_object('email', ${JOANA.email}::text, 'identification', ${JOANA.cpf}::text))
    FROM orders WHERE customer_email = ${JOANA.email} AND status = 'PAID'`);
  await ctx.db.execute(sql`INSERT INTO restock_alerts (variant_id, email, confirmed_at)
    VALUES (${variantId}, ${JOANA.email}, now())`);
  // Saved views of the orders list searching for her (as the list's URL writes them), and one not.
  for (const [name, query] of [
    ['Joana', new URLSearchParams({ busca: JOANA.email, situacao: 'PAID' }).toString()],
    ['CPF', new URLSearchParams({ busca: JOANA.cpf }).toString()],
    ['Nome', new URLSearchParams({ busca: 'Joana Brandão', ordem: 'total' }).toString()],
    ['Camisetas', 'busca=camiseta&situacao=PAID'],
  ] as const) {
    await ctx.db.execute(sql`INSERT INTO staff_saved_views (staff_id, screen, name, query)
      SELECT id, 'ORDERS', ${name}, ${query} FROM staff ORDER BY created_at LIMIT 1`);
  }
  joanaId = customerIdOf(JOANA.email);
  carlosId = customerIdOf(CARLOS.email);
  const totals = await ctx.db.execute<{
    number: string;
    totalCents: number;
    subtotalCents: number;
  }>(
    sql`SELECT number, total_cents AS "totalCents", subtotal_cents AS "subtotalCents" FROM orders ORDER BY number`,
  );
  totalsBefore = totals.rows;
});

afterAll(async () => {
  await ctx?.close();
});

describe('customers: who may see them', () => {
  it('answers FORBIDDEN to a BRAND_MANAGER and UNAUTHENTICATED without a token', async () => {
    expect((await gql(LIST, {}, manager)).error?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(ONE, { id: joanaId }, manager)).error?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(EXPORT, { id: joanaId }, manager)).error?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(LIST, {})).error?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lets SUPPORT list and export but not anonymise', async () => {
    expect((await gql(LIST, {}, support)).data?.customers.totalCount).toBe(3);
    const refused = await gql(ANONYMIZE, { id: joanaId, confirmation: JOANA.email }, support);
    expect(refused.error?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('customers: grouping, totals and search', () => {
  it('groups orders by the normalised e-mail with paid totals minus refunds and a masked CPF', async () => {
    const { data } = await gql(LIST, {}, admin);
    const nodes = data?.customers.nodes as Record<string, unknown>[];
    // Newest last order first: Joana's checkout order is today's.
    expect(nodes.map((n) => n.email)).toEqual([JOANA.email, JOANA.workEmail, CARLOS.email]);
    expect(nodes[0]).toMatchObject({
      id: joanaId,
      name: JOANA.name,
      cpf: `***.${JOANA.cpf.slice(3, 6)}.${JOANA.cpf.slice(6, 9)}-**`,
      phone: '(21) 99123-4567',
      ordersCount: 3,
      // DELIVERED 2 x R$ 100 + R$ 15 shipping, PAID R$ 115 minus R$ 30 refunded; unpaid left out.
      totalSpentCents: 21500 + 11500 - 3000,
      firstOrderAt: '2025-12-01T10:00:00.000Z',
      anonymized: false,
      anonymizedAt: null,
    });
  });

  it.each([
    [
      'the CPF with punctuation',
      `${JOANA.cpf.slice(0, 3)}.${JOANA.cpf.slice(3, 6)}.${JOANA.cpf.slice(6, 9)}-${JOANA.cpf.slice(9)}`,
      2,
    ],
    ['the CPF digits', JOANA.cpf, 2],
    ['the phone with punctuation', '(21) 99123-4567', 2],
    ['the whole e-mail in capitals', JOANA.email.toUpperCase(), 1],
    ['part of the name', 'brandão', 2],
    ['part of the e-mail', 'empresa-exemplo', 1],
  ])('finds customers by %s', async (_what, search, count) => {
    const { data } = await gql(LIST, { filter: { search } }, support);
    expect(data?.customers.totalCount).toBe(count);
    expect(
      (data?.customers.nodes as { email: string }[]).every((n) => n.email.startsWith('joana')),
    ).toBe(true);
  });

  it('sorts by total spent, by orders and by name, and pages', async () => {
    const spent = await gql(LIST, { sort: 'TOTAL_SPENT_DESC' }, admin);
    expect((spent.data?.customers.nodes as { email: string }[]).map((n) => n.email)).toEqual([
      CARLOS.email,
      JOANA.email,
      JOANA.workEmail,
    ]);
    const named = await gql(LIST, { sort: 'NAME_ASC', first: 1, offset: 1 }, admin);
    // Carlos Andrade, Joana P. Brandão (her work address), Joana Pereira Brandão.
    expect(named.data?.customers).toMatchObject({
      totalCount: 3,
      nodes: [{ name: 'Joana P. Brandão' }],
    });
    const bad = await gql(LIST, { first: 101 }, admin);
    expect(bad.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
  });

  it("lists the customer's orders with those of the same CPF under another e-mail", async () => {
    const { data } = await gql(ONE, { id: joanaId }, support);
    const orders = data?.customer.orders as { customer: { email: string; cpf: string } }[];
    expect(orders).toHaveLength(4);
    expect(orders.map((o) => o.customer.email)).toContain(JOANA.workEmail);
    // The Order type's own rules: SUPPORT sees the CPF masked.
    expect(orders[0]!.customer.cpf).toMatch(/^\*\*\*\./);
    expect((await gql(ONE, { id: '0'.repeat(32) }, admin)).data?.customer).toBeNull();
    expect((await gql(ONE, { id: 'nada' }, admin)).data?.customer).toBeNull();
  });
});

describe('customerDataExport', () => {
  it('answers everything about the customer as JSON and records it without the address', async () => {
    const { data, error } = await gql(EXPORT, { id: joanaId }, support);
    expect(error).toBeUndefined();
    const doc = JSON.parse(data?.customerDataExport as string);
    expect(doc.customer).toMatchObject({ id: joanaId, email: JOANA.email, ordersCount: 3 });
    expect(doc.orders).toHaveLength(4);
    const placed = doc.orders.find(
      (o: { paymentMethod: string; status: string }) => o.status === 'PENDING_PAYMENT',
    );
    expect(placed.address).toMatchObject({ street: 'Avenida Paulista', complement: 'Apto 12' });
    expect(placed.lines[0]).toMatchObject({ sku: 'CLI-1', quantity: 1 });
    expect(placed.events.map((e: { type: string }) => e.type)).toContain('note');
    expect(doc.mails.length).toBeGreaterThan(0);
    expect(doc.mails[0].to).toBe(JOANA.email);
    expect(doc.restockAlerts).toMatchObject([{ productName: 'Camiseta Básica', sku: 'CLI-1' }]);
    const audit = await ctx.db.execute<Record<string, unknown>>(
      sql`SELECT action, entity, entity_id, entity_label, summary, before::text AS b, after::text AS a
        FROM audit_log WHERE action = 'customer.data_export'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      entity: 'CUSTOMER',
      entity_id: joanaId,
      entity_label: maskEmail(JOANA.email),
    });
    expect(maskEmail(JOANA.email)).toBe('j***@gmail.com');
    expect(JSON.stringify(audit.rows[0])).not.toContain(JOANA.email);
  });

  it('answers NOT_FOUND for an unknown customer', async () => {
    const { error } = await gql(EXPORT, { id: 'f'.repeat(32) }, admin);
    expect(error?.extensions?.code).toBe('NOT_FOUND');
  });
});

/** Every row of every table of the database, as text. */
async function databaseText(): Promise<string> {
  const tables = await ctx.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await ctx.db.execute<{ t: string }>(
      sql`SELECT t::text AS t FROM ${sql.identifier(name)} t`,
    );
    parts.push(`${name}: ${rows.rows.map((r) => r.t).join('\n')}`);
  }
  return parts.join('\n');
}

describe('customerAnonymize', () => {
  it('refuses a confirmation that is not the e-mail, changing nothing', async () => {
    const { error } = await gql(ANONYMIZE, { id: joanaId, confirmation: 'joana' }, admin);
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'confirmation' });
    expect(await databaseText()).toContain(JOANA.email);
  });

  it('removes the personal data everywhere in one go, keeping amounts and lines', async () => {
    const before = await databaseText();
    expect(before).toContain(JOANA.cpf);
    const { data, error } = await gql(
      ANONYMIZE,
      { id: joanaId, confirmation: ` ${JOANA.email.toUpperCase()} ` },
      admin,
    );
    expect(error).toBeUndefined();
    expect(data?.customerAnonymize).toMatchObject({
      customer: {
        id: joanaId,
        name: 'Cliente anonimizado',
        email: null,
        cpf: null,
        phone: null,
        anonymized: true,
        // Her work-address order (same CPF) joined her own three.
        ordersCount: 4,
      },
      ordersAnonymized: 4,
      restockAlertsRemoved: 1,
    });
    expect(data?.customerAnonymize.mailsAnonymized).toBeGreaterThan(0);
    expect(data?.customerAnonymize.customer.anonymizedAt).toMatch(/^\d{4}-/);

    const after = await databaseText();
    const formattedCpf = `${JOANA.cpf.slice(0, 3)}.${JOANA.cpf.slice(3, 6)}.${JOANA.cpf.slice(6, 9)}-${JOANA.cpf.slice(9)}`;
    for (const secret of [
      JOANA.email,
      JOANA.workEmail,
      JOANA.cpf,
      formattedCpf,
      JOANA.phone,
      '99123-4567',
      'Joana',
      'Brandão',
      // Carlos's fixture orders share her street; her complement was hers alone.
      'Apto 12',
    ]) {
      expect(after, `the database still holds ${secret}`).not.toContain(secret);
    }
    // Carlos is untouched; amounts and lines are unchanged.
    expect(after).toContain(CARLOS.email);
    const totals = await ctx.db.execute<{
      number: string;
      totalCents: number;
      subtotalCents: number;
    }>(
      sql`SELECT number, total_cents AS "totalCents", subtotal_cents AS "subtotalCents" FROM orders ORDER BY number`,
    );
    expect(totals.rows).toEqual(totalsBefore);
    const kept = await ctx.db.execute<{ city: string; uf: string; postal_code: string }>(
      sql`SELECT DISTINCT city, uf, postal_code FROM orders WHERE anonymized_at IS NOT NULL`,
    );
    expect(kept.rows).toEqual([{ city: 'São Paulo', uf: 'SP', postal_code: '01310000' }]);
    const audit = await ctx.db.execute<{ entity_id: string; entity_label: string }>(
      sql`SELECT entity_id, entity_label FROM audit_log WHERE action = 'customer.anonymize'`,
    );
    expect(audit.rows).toEqual([{ entity_id: joanaId, entity_label: 'j***@gmail.com' }]);
    // Saved views lose the search that named her (and a name that did) and keep their filters.
    const views = await ctx.db.execute<{ name: string; query: string }>(
      sql`SELECT name, query FROM staff_saved_views ORDER BY name`,
    );
    expect(views.rows).toHaveLength(4);
    expect(views.rows).toEqual(
      expect.arrayContaining([
        { name: '[removido]', query: 'situacao=PAID' },
        { name: 'Camisetas', query: 'busca=camiseta&situacao=PAID' },
        { name: 'CPF', query: '' },
        { name: 'Nome', query: 'ordem=total' },
      ]),
    );
  });

  it('shows the customer anonymised, with the same id, and refuses a second time', async () => {
    const { data } = await gql(ONE, { id: joanaId }, admin);
    expect(data?.customer).toMatchObject({
      name: 'Cliente anonimizado',
      email: null,
      anonymized: true,
    });
    const list = await gql(LIST, { filter: { anonymized: true } }, admin);
    expect(list.data?.customers).toMatchObject({ totalCount: 1, nodes: [{ id: joanaId }] });
    const others = await gql(LIST, { filter: { anonymized: false } }, admin);
    expect(others.data?.customers.nodes).toMatchObject([{ id: carlosId }]);
    const again = await gql(ANONYMIZE, { id: joanaId, confirmation: JOANA.email }, admin);
    expect(again.error).toMatchObject({
      message: 'Este cliente já foi anonimizado.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
