// What each staff role sees of an order that mixes brands (issue 11, item 7): ADMIN everything,
// SUPPORT everything but the CPF in full, a BRAND_MANAGER their own lines, the figures of those
// lines and of the customer only what shipping needs, in the list, the detail, the search and the
// answer of a transition.
import { eq } from 'drizzle-orm';
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
      `mutation($id: ID!) { orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456789BR") { ${ORDER_FIELDS} } }`,
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
