// What each staff role sees of an order that mixes brands (issue 11, item 7): ADMIN everything,
// SUPPORT everything but the CPF in full, a BRAND_MANAGER their own lines, the figures of those
// lines and of the customer only what shipping needs, in the list, the detail, the search and the
// answer of a transition. And the store's money (DESIGN.md, roles): confirming a payment,
// refunding, reconciling bank statements and the Pix receiving account are ADMIN only, refused to
// SUPPORT and to a BRAND_MANAGER even on an order made only of their brand.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import { orderEvents, orderRefunds, orders, payments, type OrderRow } from './orders.tables';

const FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';

const ORDER_FIELDS = `
  number
  customer { name email cpf phone }
  address { postalCode street number district city uf }
  subtotalCents discountCents pixDiscountCents shippingCents totalCents refundedCents
  lines { brandName sku quantity lineTotalCents discountCents }
  payments { amountCents }
  refunds { amountCents }
  allowedActions
`;
const DETAIL = `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
const LIST = `query($filter: OrderFilter, $sort: OrderSort) {
  orders(filter: $filter, sort: $sort, first: 100) { totalCount nodes { ${ORDER_FIELDS} } }
}`;

interface OrderView {
  number: string;
  customer: { name: string; email: string | null; cpf: string | null; phone: string | null };
  address: Record<string, string>;
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  shippingCents: number | null;
  totalCents: number;
  refundedCents: number | null;
  lines: { brandName: string; sku: string }[];
  payments: { amountCents: number }[];
  refunds: { amountCents: number }[];
  allowedActions: string[];
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<StaffRoleKey, SignedInStaff>;
let mixed: OrderRow;
let ownOnly: OrderRow;
let otherOnly: OrderRow;
let mostlyOther: OrderRow;

const CPF = '11144477735';

async function detail(who: StaffRoleKey, id: string) {
  const { body } = await graphql(ctx.app, DETAIL, { id }, staff[who].token);
  expect(body.errors).toBeUndefined();
  return body.data?.order as OrderView | null;
}

async function list(who: StaffRoleKey, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(ctx.app, LIST, variables, staff[who].token);
  expect(body.errors).toBeUndefined();
  return body.data?.orders as { totalCount: number; nodes: OrderView[] };
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  // Aurora's shirts (R$ 100,00, carrying the whole R$ 10,00 coupon) and Boreal's sneaker
  // (R$ 200,00), paid by Pix with 5% off the R$ 290,00 of merchandise, shipping R$ 15,00.
  mixed = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerName: 'Joana Misto',
    customerEmail: 'joana.misto@example.com',
    customerCpf: CPF,
    discountCents: 1000,
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.sneaker, quantity: 1 },
    ],
  });
  const [priced] = await ctx.db
    .update(orders)
    .set({ pixDiscountCents: 1450, totalCents: 30000 - 1000 - 1450 + 1500, refundedCents: 2000 })
    .where(eq(orders.id, mixed.id))
    .returning();
  mixed = priced!;
  await ctx.db.insert(payments).values({
    orderId: mixed.id,
    provider: 'manual',
    providerPaymentId: `manual-${mixed.number}`,
    method: 'PIX',
    status: 'approved',
    amountCents: mixed.totalCents,
  });
  await ctx.db
    .insert(orderRefunds)
    .values({ orderId: mixed.id, amountCents: 2000, reason: 'Tênis com defeito' });
  ownOnly = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerName: 'Otávio Própria',
    customerEmail: 'otavio@example.com',
    lines: [{ variant: catalog.cap, quantity: 1 }],
  });
  // Mostly Boreal: the biggest order of all, the smallest share for Aurora (R$ 30,00).
  mostlyOther = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerName: 'Marcos Maior',
    customerEmail: 'marcos@example.com',
    lines: [
      { variant: catalog.cap, quantity: 1 },
      { variant: catalog.sneaker, quantity: 2 },
    ],
  });
  otherOnly = await insertFixtureOrder(ctx.db, {
    customerName: 'Beatriz Outra',
    customerEmail: 'beatriz@example.com',
    customerCpf: '52998224725',
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('an order that mixes brands, by role', () => {
  it('shows ADMIN the whole order and the CPF in full', async () => {
    const order = await detail('admin', mixed.id);
    expect(order).toMatchObject({
      customer: {
        name: 'Joana Misto',
        email: 'joana.misto@example.com',
        cpf: CPF,
        phone: '11987654321',
      },
      address: { street: 'Avenida Paulista', number: '1000', postalCode: '01310100' },
      subtotalCents: 30000,
      discountCents: 1000,
      pixDiscountCents: 1450,
      shippingCents: 1500,
      totalCents: 29050,
      refundedCents: 2000,
      payments: [{ amountCents: 29050 }],
      refunds: [{ amountCents: 2000 }],
    });
    expect(order?.lines.map((line) => line.brandName)).toEqual(['Aurora', 'Boreal']);
    expect(order?.allowedActions).toContain('ship');
  });

  it('shows SUPPORT the whole order with the CPF masked', async () => {
    const order = await detail('support', mixed.id);
    expect(order).toMatchObject({
      customer: { email: 'joana.misto@example.com', cpf: '***.444.777-**', phone: '11987654321' },
      totalCents: 29050,
      shippingCents: 1500,
      payments: [{ amountCents: 29050 }],
    });
    expect(order?.lines).toHaveLength(2);
  });

  it("shows a BRAND_MANAGER their own lines, their lines' figures and the customer's name and address only", async () => {
    const order = await detail('manager', mixed.id);
    expect(order).toEqual({
      number: mixed.number,
      customer: { name: 'Joana Misto', email: null, cpf: null, phone: null },
      address: {
        postalCode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
      },
      // R$ 100,00 of shirts less the coupon's R$ 10,00 they carry, less 9000/29000 of the Pix
      // discount (R$ 4,50).
      subtotalCents: 10000,
      discountCents: 1000,
      pixDiscountCents: 450,
      shippingCents: null,
      totalCents: 8550,
      refundedCents: null,
      lines: [
        {
          brandName: 'Aurora',
          sku: 'CAM-M-AZ',
          quantity: 2,
          lineTotalCents: 10000,
          discountCents: 1000,
        },
      ],
      payments: [],
      refunds: [],
      // Shipping a mixed order is for ADMIN or SUPPORT (orders.transitions).
      allowedActions: [],
    });
  });

  it("shows a BRAND_MANAGER the mixed order's status changes, never its notes or reasons", async () => {
    await ctx.db.insert(orderEvents).values([
      {
        orderId: mixed.id,
        type: 'paid',
        fromStatus: 'PENDING_PAYMENT',
        toStatus: 'PAID',
        actor: 'staff',
        actorName: 'Ana Admin',
        note: 'Pago por transferência, confirmado com a cliente por telefone',
      },
      {
        orderId: mixed.id,
        type: 'note',
        actor: 'staff',
        actorName: 'Ana Admin',
        note: 'Cliente pediu para trocar o tênis da Boreal',
      },
    ]);
    const TIMELINE = `query($id: ID!) { order(id: $id) { timeline { type toStatus note } } }`;
    const read = async (who: StaffRoleKey) => {
      const { body } = await graphql(ctx.app, TIMELINE, { id: mixed.id }, staff[who].token);
      expect(body.errors).toBeUndefined();
      return (
        body.data?.order as {
          timeline: { type: string; toStatus: string | null; note: string | null }[];
        }
      ).timeline;
    };
    const admin = await read('admin');
    expect(admin.map((event) => event.note)).toEqual(
      expect.arrayContaining([
        'Pago por transferência, confirmado com a cliente por telefone',
        'Cliente pediu para trocar o tênis da Boreal',
      ]),
    );
    const manager = await read('manager');
    expect(manager).toContainEqual({ type: 'paid', toStatus: 'PAID', note: null });
    expect(manager.every((event) => event.note === null && event.toStatus !== null)).toBe(true);
    expect(manager.length).toBeLessThan(admin.length);
  });

  it('shows a BRAND_MANAGER an order made only of their brand whole, still without CPF, e-mail or phone', async () => {
    const order = await detail('manager', ownOnly.id);
    expect(order).toMatchObject({
      customer: { name: 'Otávio Própria', email: null, cpf: null, phone: null },
      subtotalCents: 3000,
      shippingCents: 1500,
      totalCents: 4500,
      refundedCents: 0,
    });
    expect(order?.allowedActions).toContain('ship');
    expect(await detail('manager', otherOnly.id)).toBeNull();
  });

  it('applies the same view in the list', async () => {
    const all = await list('admin');
    expect(all.totalCount).toBe(4);
    const mine = await list('manager');
    expect(mine.nodes.map((order) => order.number).sort()).toEqual(
      [mixed.number, ownOnly.number, mostlyOther.number].sort(),
    );
    const listed = mine.nodes.find((order) => order.number === mixed.number);
    expect(listed).toMatchObject({
      customer: { email: null, cpf: null, phone: null },
      totalCents: 8550,
      shippingCents: null,
      lines: [{ brandName: 'Aurora' }],
    });
    expect(mine.nodes.every((order) => order.customer.cpf === null)).toBe(true);
    const bySupport = await list('support');
    expect(bySupport.nodes.every((order) => order.customer.cpf?.startsWith('***.'))).toBe(true);
  });

  it('applies the same view to the answer of a transition', async () => {
    const shipped = await graphql(
      ctx.app,
      `mutation($id: ID!) { orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456785BR") { ${ORDER_FIELDS} } }`,
      { id: ownOnly.id },
      staff.manager.token,
    );
    expect(shipped.body.errors).toBeUndefined();
    expect((shipped.body.data?.orderShip as OrderView).customer).toEqual({
      name: 'Otávio Própria',
      email: null,
      cpf: null,
      phone: null,
    });
    // A mixed order is changed by ADMIN or SUPPORT only: refused, and nothing of it answered.
    const refused = await graphql(
      ctx.app,
      `mutation($id: ID!) { orderAddNote(id: $id, note: "Separado") { ${ORDER_FIELDS} } }`,
      { id: mixed.id },
      staff.manager.token,
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(refused.body.data?.orderAddNote ?? null).toBeNull();
  });
});

describe('searching orders, by role', () => {
  const found = async (who: StaffRoleKey, search: string) =>
    (await list(who, { filter: { search } })).nodes.map((order) => order.number);

  it('finds an order by CPF or e-mail for ADMIN and SUPPORT', async () => {
    for (const who of ['admin', 'support'] as const) {
      expect(await found(who, '111.444.777-35')).toEqual([mixed.number]);
      expect(await found(who, 'joana.misto@')).toEqual([mixed.number]);
    }
  });

  it('never finds an order by CPF or e-mail for a BRAND_MANAGER, by number and name yes', async () => {
    expect(await found('manager', '111.444.777-35')).toEqual([]);
    expect(await found('manager', CPF)).toEqual([]);
    expect(await found('manager', '444777')).toEqual([]);
    expect(await found('manager', 'joana.misto@')).toEqual([]);
    expect(await found('manager', 'Joana')).toEqual([mixed.number]);
    expect(await found('manager', mixed.number)).toEqual([mixed.number]);
  });

  it('filters a BRAND_MANAGER by their own brands only', async () => {
    const byOther = await list('manager', { filter: { brandId: catalog.brandB } });
    expect(byOther.totalCount).toBe(0);
    const byOwn = await list('manager', { filter: { brandId: catalog.brandA } });
    expect(byOwn.totalCount).toBe(3);
    const adminByOther = await list('admin', { filter: { brandId: catalog.brandB } });
    expect(adminByOther.totalCount).toBe(3);
  });

  it("sorts a BRAND_MANAGER's list by the totals they see, page after page", async () => {
    const SORTED = `query($sort: OrderSort, $after: String) {
      orders(sort: $sort, first: 1, after: $after) {
        pageInfo { hasNextPage endCursor } nodes { number totalCents }
      }
    }`;
    const walk = async (who: StaffRoleKey, sort: string) => {
      const seen: { number: string; totalCents: number }[] = [];
      let after: string | null = null;
      do {
        const { body } = await graphql(ctx.app, SORTED, { sort, after }, staff[who].token);
        expect(body.errors).toBeUndefined();
        const page = body.data?.orders as {
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
          nodes: { number: string; totalCents: number }[];
        };
        seen.push(...page.nodes);
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      return seen;
    };
    // The whole orders: R$ 445,00, R$ 290,50, R$ 45,00 (and Boreal's own R$ 215,00).
    expect((await walk('admin', 'TOTAL_DESC')).map((order) => order.number)).toEqual([
      mostlyOther.number,
      mixed.number,
      otherOnly.number,
      ownOnly.number,
    ]);
    // Aurora's shares: R$ 85,50 of the mixed order, the R$ 45,00 order of theirs, R$ 30,00.
    expect(await walk('manager', 'TOTAL_DESC')).toEqual([
      { number: mixed.number, totalCents: 8550 },
      { number: ownOnly.number, totalCents: 4500 },
      { number: mostlyOther.number, totalCents: 3000 },
    ]);
    expect((await walk('manager', 'TOTAL_ASC')).map((order) => order.number)).toEqual([
      mostlyOther.number,
      ownOnly.number,
      mixed.number,
    ]);
  });
});

describe("the store's money, by role: ADMIN only", () => {
  const REFUSED = ['support', 'manager'] as const;

  /** An order of the manager's brand only, so a refusal is the role's, not the mix's. */
  const ownOrder = (status: OrderRow['status']) =>
    insertFixtureOrder(ctx.db, { status, lines: [{ variant: catalog.cap, quantity: 1 }] });

  async function rowOf(id: string): Promise<OrderRow> {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  /** A one-line statement paying `order` by its txid. */
  const statementPaying = (order: OrderRow) =>
    `Data;Descrição;Valor\n12/01/2026;Pix recebido ${order.number.replace('-', '')};${(
      order.totalCents / 100
    )
      .toFixed(2)
      .replace('.', ',')}\n`;

  async function statementCount(): Promise<number> {
    const result = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bank_statement_imports`,
    );
    return Number(result.rows[0]?.n);
  }

  async function importAsAdmin(order: OrderRow): Promise<string> {
    const { body } = await graphql(
      ctx.app,
      `
        mutation ($input: BankStatementInput!) {
          bankStatementImportCreate(input: $input) {
            id
            matchedCount
          }
        }
      `,
      { input: { fileName: 'extrato.csv', content: statementPaying(order) } },
      staff.admin.token,
    );
    expect(body.errors).toBeUndefined();
    const created = body.data?.bankStatementImportCreate as { id: string; matchedCount: number };
    expect(created.matchedCount).toBe(1);
    return created.id;
  }

  interface MoneyOperation {
    query: string;
    /** The variables of one attempt, and a check that the attempt changed nothing. */
    prepare(): Promise<{ variables: Record<string, unknown>; unchanged(): Promise<void> }>;
  }

  const OPERATIONS: Record<string, MoneyOperation> = {
    orderMarkPaid: {
      query: `mutation($id: ID!) { orderMarkPaid(id: $id, note: "Pix visto no banco") { status } }`,
      async prepare() {
        const order = await ownOrder('PENDING_PAYMENT');
        return {
          variables: { id: order.id },
          unchanged: async () => expect((await rowOf(order.id)).status).toBe('PENDING_PAYMENT'),
        };
      },
    },
    ordersMarkPaid: {
      query: `mutation($ids: [ID!]!) { ordersMarkPaid(ids: $ids) { ok order { status } } }`,
      async prepare() {
        const order = await ownOrder('PENDING_PAYMENT');
        return {
          variables: { ids: [order.id] },
          unchanged: async () => expect((await rowOf(order.id)).status).toBe('PENDING_PAYMENT'),
        };
      },
    },
    orderRefund: {
      query: `mutation($id: ID!) { orderRefund(id: $id, amountCents: 1000, reason: "Avaria") { refundedCents } }`,
      async prepare() {
        const order = await ownOrder('PAID');
        return {
          variables: { id: order.id },
          unchanged: async () => {
            const row = await rowOf(order.id);
            expect([row.status, row.refundedCents ?? 0]).toEqual(['PAID', 0]);
          },
        };
      },
    },
    bankStatementImportCreate: {
      query: `mutation($input: BankStatementInput!) { bankStatementImportCreate(input: $input) { id } }`,
      async prepare() {
        const order = await ownOrder('PENDING_PAYMENT');
        const before = await statementCount();
        return {
          variables: { input: { fileName: 'extrato.csv', content: statementPaying(order) } },
          unchanged: async () => expect(await statementCount()).toBe(before),
        };
      },
    },
    bankStatementConfirmMatched: {
      query: `mutation($id: ID!) { bankStatementConfirmMatched(id: $id) { confirmedCount } }`,
      async prepare() {
        const order = await ownOrder('PENDING_PAYMENT');
        const id = await importAsAdmin(order);
        return {
          variables: { id },
          unchanged: async () => expect((await rowOf(order.id)).status).toBe('PENDING_PAYMENT'),
        };
      },
    },
    bankStatementImports: {
      query: `query { bankStatementImports { id fileName } }`,
      async prepare() {
        return { variables: {}, unchanged: async () => undefined };
      },
    },
    bankStatementImport: {
      query: `query($id: ID!) { bankStatementImport(id: $id) { id entries { amountCents } } }`,
      async prepare() {
        const id = await importAsAdmin(await ownOrder('PENDING_PAYMENT'));
        return { variables: { id }, unchanged: async () => undefined };
      },
    },
    'settingsUpdate (Pix key)': {
      query: `mutation($input: SettingsInput!) { settingsUpdate(input: $input) { storeName } }`,
      async prepare() {
        const read = async () =>
          (await graphql(ctx.app, '{ settings { pixKey } }', {}, staff.admin.token)).body.data;
        const before = await read();
        return {
          variables: { input: { pixKey: 'golpe@example.com' } },
          unchanged: async () => expect(await read()).toEqual(before),
        };
      },
    },
  };

  const names = Object.keys(OPERATIONS);

  it.each(names.flatMap((name) => REFUSED.map((who) => [name, who] as const)))(
    'refuses %s to %s with FORBIDDEN and changes nothing',
    async (name, who) => {
      const operation = OPERATIONS[name]!;
      const { variables, unchanged } = await operation.prepare();
      const { statusCode, body } = await graphql(
        ctx.app,
        operation.query,
        variables,
        staff[who].token,
      );
      expect(statusCode).toBe(200);
      expect(body.errors?.[0]).toMatchObject({
        message: FORBIDDEN_MESSAGE,
        extensions: { code: 'FORBIDDEN' },
      });
      // Nothing answered: no data, or the nullable field null.
      expect(Object.values(body.data ?? {}).every((value) => value === null)).toBe(true);
      await unchanged();
    },
  );

  it.each(names)('lets ADMIN run %s', async (name) => {
    const operation = OPERATIONS[name]!;
    const { variables } = await operation.prepare();
    const { body } = await graphql(ctx.app, operation.query, variables, staff.admin.token);
    expect(body.errors).toBeUndefined();
    expect(body.data).not.toBeNull();
    if (name === 'ordersMarkPaid') {
      expect(body.data?.ordersMarkPaid).toEqual([{ ok: true, order: { status: 'PAID' } }]);
    }
  });

  it.each(REFUSED)(
    "refuses the Pix receiving account to %s field by field, the store's other settings read",
    async (who) => {
      const { body } = await graphql(ctx.app, '{ settings { pixKey } }', {}, staff[who].token);
      expect(body.errors?.[0]).toMatchObject({
        message: FORBIDDEN_MESSAGE,
        extensions: { code: 'FORBIDDEN' },
        path: ['settings', 'pixKey'],
      });
      for (const field of ['pixMerchantName', 'pixMerchantCity']) {
        const refused = await graphql(ctx.app, `{ settings { ${field} } }`, {}, staff[who].token);
        expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(refused.body.data ?? null).toBeNull();
      }
      const other = await graphql(
        ctx.app,
        '{ settings { storeName pixExpiryMinutes } }',
        {},
        staff[who].token,
      );
      expect(other.body.errors).toBeUndefined();
      expect(other.body.data?.settings).toMatchObject({ pixExpiryMinutes: 30 });
      const admin = await graphql(
        ctx.app,
        '{ settings { pixKey pixMerchantName pixMerchantCity } }',
        {},
        staff.admin.token,
      );
      expect(admin.body.errors).toBeUndefined();
    },
  );

  it('handles the money through GraphQL only: no REST route confirms, refunds or reads a statement', () => {
    // The REST surface: sign-in, exports (the orders CSV holds payment method and status only,
    // as the orders query), media, live events, the shopper's Pix QR image (a signed link of the
    // shopper's own charge) and, with a gateway configured, its webhook (its own signature).
    const routes = ctx.app.printRoutes({ commonPrefix: false });
    expect(routes).toMatch(/graphql/);
    expect(routes).toMatch(/qr\.svg/);
    expect(routes).toMatch(/exports/);
    expect(routes).not.toMatch(/statement|extrato|refund|reembols|mark-?paid|pagamento/i);
  });

  it('offers markPaid and refund to ADMIN only, the other actions as before', async () => {
    const pending = await ownOrder('PENDING_PAYMENT');
    const paid = await ownOrder('PAID');
    const actions = async (who: StaffRoleKey, id: string) =>
      (await detail(who, id))?.allowedActions;
    expect(await actions('admin', pending.id)).toEqual(['markPaid', 'cancel']);
    expect(await actions('admin', paid.id)).toEqual(['ship', 'cancel', 'refund']);
    for (const who of REFUSED) {
      expect(await actions(who, pending.id)).toEqual(['cancel']);
      expect(await actions(who, paid.id)).toEqual(['ship', 'cancel']);
    }
  });

  it('shows a BRAND_MANAGER no payment, refund or money note even of an order of their brand only', async () => {
    const order = await ownOrder('PENDING_PAYMENT');
    const paid = await graphql(
      ctx.app,
      `
        mutation ($id: ID!) {
          orderMarkPaid(id: $id, note: "Pago por TED, comprovante com Joana") {
            status
          }
        }
      `,
      { id: order.id },
      staff.admin.token,
    );
    expect(paid.body.errors).toBeUndefined();
    const refunded = await graphql(
      ctx.app,
      `
        mutation ($id: ID!) {
          orderRefund(
            id: $id
            amountCents: 500
            reason: "Joana Silva, (11) 98765-4321, pediu desconto"
          ) {
            status
          }
        }
      `,
      { id: order.id },
      staff.admin.token,
    );
    expect(refunded.body.errors).toBeUndefined();
    const TIMELINE = `query($id: ID!) { order(id: $id) {
      payments { amountCents } refunds { reason } timeline { type toStatus note }
    } }`;
    const read = async (who: StaffRoleKey) => {
      const { body } = await graphql(ctx.app, TIMELINE, { id: order.id }, staff[who].token);
      expect(body.errors).toBeUndefined();
      return body.data?.order as {
        payments: unknown[];
        refunds: { reason: string }[];
        timeline: { type: string; toStatus: string | null; note: string | null }[];
      };
    };
    const admin = await read('admin');
    expect(admin.payments).toHaveLength(1);
    expect(admin.refunds.map((r) => r.reason)).toEqual([
      'Joana Silva, (11) 98765-4321, pediu desconto',
    ]);
    const manager = await read('manager');
    expect(manager.payments).toEqual([]);
    expect(manager.refunds).toEqual([]);
    expect(manager.timeline).toContainEqual({ type: 'paid', toStatus: 'PAID', note: null });
    expect(manager.timeline.find((e) => e.type === 'refunded')).toMatchObject({ note: null });
    expect(JSON.stringify(manager)).not.toMatch(/Joana|TED/);
    // SUPPORT handles the customer's questions about it: the order's payments stay readable.
    expect((await read('support')).payments).toHaveLength(1);
  });
});
