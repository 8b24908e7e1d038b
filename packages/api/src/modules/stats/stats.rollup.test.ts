// The dashboard's sales rollup (migration 0049) against its definition, the orders' rows
// (stats.rows.repository.ts): orders placed through checkout and written by the fixtures, moved through
// every transition, refund and expiry by the staff's mutations and the jobs, their lines corrected,
// orders deleted, the rollup folded; after each step the rollup's days, top products, top brands
// and work counts equal the rows' for every brand scope, and dashboardStats answers the same
// through a server reading the rollup and one reading the rows. A real database (PGlite;
// PostgreSQL with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { DEMO_COUPON_CODE, seedCommerceDemo } from '../checkout/checkout.seed';
import { expireUnpaidPixOrders } from '../checkout/pixExpiry';
import {
  fixtureOrderInput,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../checkout/checkout.fixtures';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { orderLines, orders } from '../orders/orders.tables';
import {
  dailySales,
  foldDashboardSales,
  topSellingBrands,
  topSellingProducts,
  workCounts,
  type SalesScope,
} from './stats.repository';
import { dashboardSalesPlugin } from './stats.rollup.plugin';
import {
  dailySalesFromRows,
  topSellingBrandsFromRows,
  topSellingProductsFromRows,
  workCountsFromRows,
} from './stats.rows.repository';
import { previousPeriod } from './stats.service';

const FIGURES =
  'from to revenueCents ordersCount averageTicketCents unitsSold awaitingPixCount toShipCount';
const STATS = `query($range: DateRangeInput!, $brandId: ID) {
  dashboardStats(range: $range, brandId: $brandId) {
    from to revenueCents ordersCount averageTicketCents
    current { ${FIGURES} }
    previous { ${FIGURES} }
    series { date revenueCents ordersCount }
    previousSeries { date revenueCents ordersCount }
    topProducts { productId productName brandName quantity revenueCents }
    topBrands { brandId brandName quantity revenueCents }
  }
}`;

const MUTATE = {
  markPaid: 'mutation($id: ID!) { r: orderMarkPaid(id: $id) { status } }',
  markPaidBulk: 'mutation($ids: [ID!]!) { r: ordersMarkPaid(ids: $ids) { ok } }',
  ship: 'mutation($id: ID!) { r: orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456785BR") { status } }',
  deliver: 'mutation($id: ID!) { r: orderDeliver(id: $id) { status } }',
  cancel: 'mutation($id: ID!) { r: orderCancel(id: $id, reason: "Cliente desistiu") { status } }',
  refund:
    'mutation($id: ID!, $amount: Int!) { r: orderRefund(id: $id, amountCents: $amount, reason: "Avaria") { status refundedCents } }',
};

let ctx: TestContext;
let rowsApp: FastifyInstance;
let catalog: FixtureCatalog;
let tokens: { admin: string; manager: string; support: string };
let deliveryId: string;
/** São Paulo's today on the database's clock (mutations stamp paid_at with now()). */
let today: string;

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** An instant `days` before today's São Paulo noon, moved by `hours`. */
const paidDaysAgo = (days: number, hours = 0): Date =>
  new Date(Date.parse(`${addDays(today, -days)}T15:00:00Z`) + hours * 3_600_000);

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  catalog = await seedFixtureCatalog(ctx.db);
  deliveryId = await shippingMethodIdByName(ctx.db, 'PAC');
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA, catalog.brandB] });
  tokens = { admin: staff.admin.token, manager: staff.manager.token, support: staff.support.token };
  const day = await ctx.db.execute<{ day: string }>(
    sql`SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date::text AS day`,
  );
  today = day.rows[0]!.day;
  // The same database, with dashboardStats reading the orders' rows.
  rowsApp = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  rowsApp.register(dashboardSalesPlugin, { enabled: false, source: 'rows' });
  await rowsApp.ready();
});

afterAll(async () => {
  await rowsApp?.close();
  await ctx?.close();
});

async function mutate(name: keyof typeof MUTATE, variables: Record<string, unknown>) {
  const { body } = await graphql(ctx.app, MUTATE[name], variables, tokens.admin);
  expect(body.errors, `${name} ${JSON.stringify(variables)}`).toBeUndefined();
  return body.data?.r as { status: string };
}

/** Places an order through checkout (one statement writes the order and its lines). */
async function placeOrder(
  items: { variantId: string; quantity: number }[],
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const input = fixtureOrderInput(items, deliveryId, overrides);
  const { body } = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input });
  const number = (body.data?.placeOrder as { number: string } | null)?.number;
  if (!number) throw new Error(JSON.stringify(body.errors));
  const found = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM orders WHERE number = ${number}`,
  );
  return found.rows[0]!.id;
}

const SCOPES = (): (readonly string[] | null)[] => [
  null,
  [catalog.brandA],
  [catalog.brandB],
  [catalog.brandA, catalog.brandB],
  [],
];

interface Totals {
  orders: number;
  revenue: number;
  awaitingPix: number;
  toShip: number;
}

/**
 * The rollup's days, top lists and work counts equal the rows' for every scope and range; the
 * store's totals over the last 41 days.
 */
async function expectSameSales(step: string): Promise<Totals> {
  const ranges = [
    { from: addDays(today, -40), to: today },
    { from: addDays(today, -3), to: addDays(today, -3) },
    { from: addDays(today, -1), to: today },
  ];
  for (const range of ranges) {
    for (const brandIds of SCOPES()) {
      const scope: SalesScope = { ...range, brandIds };
      const what = `${step}: ${JSON.stringify(scope)}`;
      expect(await dailySales(ctx.db, scope), what).toEqual(
        await dailySalesFromRows(ctx.db, scope),
      );
      expect(await topSellingProducts(ctx.db, scope), what).toEqual(
        await topSellingProductsFromRows(ctx.db, scope),
      );
      expect(await topSellingBrands(ctx.db, scope), what).toEqual(
        await topSellingBrandsFromRows(ctx.db, scope),
      );
      const previous = previousPeriod(range.from, range.to);
      expect(await workCounts(ctx.db, range, previous, brandIds), what).toEqual(
        await workCountsFromRows(ctx.db, range, previous, brandIds),
      );
    }
  }
  const all = await dailySales(ctx.db, { ...ranges[0]!, brandIds: null });
  const work = await workCounts(ctx.db, ranges[0]!, previousPeriod(ranges[0]!.from, today), null);
  return {
    orders: all.reduce((sum, day) => sum + Number(day.orders), 0),
    revenue: all.reduce((sum, day) => sum + Number(day.revenue), 0),
    awaitingPix: work.awaiting_pix_current,
    toShip: work.to_ship_current,
  };
}

const NOTHING: Totals = { orders: 0, revenue: 0, awaitingPix: 0, toShip: 0 };

/** dashboardStats answers the same from the rollup and from the rows, for every role. */
async function expectSameAnswers(step: string): Promise<void> {
  const range = { from: addDays(today, -6), to: today };
  const cases = [
    { token: tokens.admin, variables: { range } },
    { token: tokens.admin, variables: { range, brandId: catalog.brandB } },
    { token: tokens.manager, variables: { range } },
    { token: tokens.manager, variables: { range, brandId: catalog.brandA } },
    { token: tokens.support, variables: { range } },
  ];
  for (const { token, variables } of cases) {
    const rollup = await graphql(ctx.app, STATS, variables, token);
    const rows = await graphql(rowsApp, STATS, variables, token);
    expect(rollup.body.errors, step).toBeUndefined();
    expect(rollup.body, `${step}: ${JSON.stringify(variables)}`).toEqual(rows.body);
  }
}

async function expectSame(step: string) {
  const totals = await expectSameSales(step);
  await expectSameAnswers(step);
  return totals;
}

async function rollupRows(): Promise<{ all: number; unfolded: number }> {
  const result = await ctx.db.execute<{ all: number; unfolded: number }>(
    sql`SELECT count(*)::int AS all, (count(*) FILTER (WHERE NOT folded))::int AS unfolded FROM dashboard_sales`,
  );
  return { all: Number(result.rows[0]!.all), unfolded: Number(result.rows[0]!.unfolded) };
}

describe('the dashboard sales rollup', () => {
  // One story, step by step: each step starts from the orders the previous ones left.
  const placed: Record<string, string> = {};

  it('counts orders placed with Pix as awaiting it, and sells nothing before payment', async () => {
    expect(await expectSame('empty')).toEqual(NOTHING);
    // Two brands in one order, the welcome coupon spread over its lines.
    placed.mixed = await placeOrder(
      [
        { variantId: catalog.shirt.id, quantity: 2 },
        { variantId: catalog.sneaker.id, quantity: 1 },
      ],
      { couponCode: DEMO_COUPON_CODE },
    );
    placed.shirts = await placeOrder([{ variantId: catalog.shirt.id, quantity: 3 }]);
    placed.cap = await placeOrder([{ variantId: catalog.cap.id, quantity: 1 }]);
    // A card order waiting for its payment is no Pix to confirm.
    await insertFixtureOrder(ctx.db, {
      paymentMethod: 'CARD',
      lines: [{ variant: catalog.cap, quantity: 1 }],
    });
    expect(await expectSame('placed')).toEqual({ ...NOTHING, awaitingPix: 3 });
  });

  it('counts an order once paid, to ship until shipped, and the same once delivered', async () => {
    await mutate('markPaid', { id: placed.mixed });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.mixed!));
    expect(order!.discountCents).toBeGreaterThan(0);
    const paid = { orders: 1, revenue: order!.totalCents, awaitingPix: 2, toShip: 1 };
    expect(await expectSame('paid')).toEqual(paid);
    await mutate('ship', { id: placed.mixed });
    expect(await expectSame('shipped')).toEqual({ ...paid, toShip: 0 });
    await mutate('deliver', { id: placed.mixed });
    expect(await expectSame('delivered')).toEqual({ ...paid, toShip: 0 });
  });

  it('subtracts partial refunds and drops an order refunded in full', async () => {
    await mutate('refund', { id: placed.mixed, amount: 1000 });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.mixed!));
    expect(await expectSame('partial refund')).toEqual({
      orders: 1,
      revenue: order!.totalCents - 1000,
      awaitingPix: 2,
      toShip: 0,
    });
    await mutate('refund', { id: placed.mixed, amount: order!.totalCents - 1000 });
    expect(await expectSame('full refund')).toEqual({ ...NOTHING, awaitingPix: 2 });
  });

  it('follows payments in bulk, cancellations before and after payment, refunds and expiry', async () => {
    await mutate('markPaidBulk', { ids: [placed.shirts, placed.cap] });
    const bulk = await expectSame('bulk paid');
    expect(bulk).toMatchObject({ orders: 2, awaitingPix: 0, toShip: 2 });
    await mutate('cancel', { id: placed.cap });
    const canceled = await expectSame('paid then canceled');
    expect(canceled).toMatchObject({ orders: 1, awaitingPix: 0, toShip: 1 });
    await mutate('refund', { id: placed.cap, amount: 500 });
    expect(await expectSame('canceled then refunded')).toEqual(canceled);
    const unpaid = await placeOrder([{ variantId: catalog.sneaker.id, quantity: 1 }]);
    expect(await expectSame('placed again')).toEqual({ ...canceled, awaitingPix: 1 });
    await mutate('cancel', { id: unpaid });
    expect(await expectSame('unpaid canceled')).toEqual(canceled);
    // The Pix expiry job cancels an order whose Pix was not paid in time.
    await placeOrder([{ variantId: catalog.sneaker.id, quantity: 1 }]);
    expect(await expectSame('placed once more')).toEqual({ ...canceled, awaitingPix: 1 });
    const later = new Date(ctx.clock.now() + 3 * 3_600_000);
    expect(await expireUnpaidPixOrders(ctx.db, later, ctx.config.publicUrl)).toBe(1);
    expect(await expectSame('expired')).toEqual(canceled);
  });

  it('puts an order on its São Paulo day and moves it when paid_at changes', async () => {
    // 02:30Z is still the day before in São Paulo: the fixtures write paid orders directly.
    const late = await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      paidAt: paidDaysAgo(2, -12.5),
      discountCents: 700,
      lines: [
        { variant: catalog.cap, quantity: 2 },
        { variant: catalog.sneaker, quantity: 1 },
      ],
    });
    await insertFixtureOrder(ctx.db, {
      status: 'SHIPPED',
      paidAt: paidDaysAgo(3),
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    await insertFixtureOrder(ctx.db, {
      status: 'DELIVERED',
      paidAt: paidDaysAgo(3, 2),
      refundedCents: 1500,
      lines: [{ variant: catalog.sneaker, quantity: 2 }],
    });
    expect((await expectSame('fixture orders')).orders).toBe(4);
    await ctx.db
      .update(orders)
      .set({ paidAt: paidDaysAgo(10) })
      .where(eq(orders.id, late.id));
    expect((await expectSame('paid_at moved')).orders).toBe(4);
  });

  it('follows corrected lines, lines without a product or brand, and renamed products', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      paidAt: paidDaysAgo(1),
      lines: [
        { variant: catalog.shirt, quantity: 1 },
        { variant: catalog.cap, quantity: 1 },
      ],
    });
    await expectSame('two-line order');
    await ctx.db
      .update(orderLines)
      .set({ quantity: 4, lineTotalCents: sql`4 * ${orderLines.unitPriceCents}` })
      .where(eq(orderLines.orderId, order.id));
    await expectSame('quantity corrected');
    // A product deleted from the catalog (its lines keep the name), a brand gone, a new name.
    await ctx.db.execute(
      sql`UPDATE order_lines SET product_id = NULL WHERE order_id = ${order.id} AND sku = ${catalog.cap.sku}`,
    );
    await ctx.db.execute(
      sql`UPDATE order_lines SET brand_id = NULL, brand_name = 'Aurora Antiga' WHERE order_id = ${order.id} AND sku = ${catalog.shirt.sku}`,
    );
    await expectSame('product and brand gone');
    await ctx.db.execute(
      sql`UPDATE order_lines SET product_name = 'Camiseta Básica Nova' WHERE order_id = ${placed.shirts}`,
    );
    await expectSame('renamed in one order');
    await ctx.db.execute(
      sql`UPDATE order_lines SET product_name = 'A Camiseta' WHERE order_id = ${placed.shirts}`,
    );
    await expectSame('renamed again');
  });

  it('counts once an order and its lines written in one statement, and forgets a deleted order', async () => {
    const before = await expectSame('before one statement');
    const id = randomUUID();
    await ctx.db.execute(sql`
      WITH o AS (
        INSERT INTO orders (id, status, payment_status, customer_name, customer_email,
          customer_cpf, customer_phone, postal_code, street, street_number, district, city, uf,
          shipping_method_name, shipping_method_kind, shipping_business_days, subtotal_cents,
          shipping_cents, total_cents, payment_method, idempotency_key, request_hash, paid_at)
        VALUES (${id}, 'PAID', 'PAID', 'Ana', 'ana@example.com', '52998224725', '11987654321',
          '01310100', 'Avenida Paulista', '10', 'Bela Vista', 'São Paulo', 'SP', 'PAC', 'delivery',
          5, 20000, 1500, 21500, 'PIX', ${`one-${id}`}, 'one', now())
        RETURNING id)
      INSERT INTO order_lines (order_id, position, variant_id, product_id, brand_id, product_name,
        brand_name, sku, unit_price_cents, quantity, line_total_cents)
      SELECT o.id, 0, ${catalog.sneaker.id}, ${catalog.sneaker.productId}, ${catalog.sneaker.brandId},
        ${catalog.sneaker.productName}, ${catalog.sneaker.brandName}, ${catalog.sneaker.sku}, 20000, 1, 20000
      FROM o`);
    const after = await expectSame('one statement');
    expect(after).toEqual({
      ...before,
      orders: before.orders + 1,
      revenue: before.revenue + 21500,
      toShip: before.toShip + 1,
    });
    await ctx.db.delete(orders).where(eq(orders.id, id));
    expect(await expectSame('deleted')).toEqual(before);
    await ctx.db.execute(sql`DELETE FROM order_lines WHERE order_id = ${placed.shirts}`);
    expect((await expectSame('lines deleted')).orders).toBe(before.orders);
  });

  it('folds the deltas of the days that received some into their sums, answering the same', async () => {
    const totals = await expectSame('before the fold');
    const before = await rollupRows();
    expect(before.unfolded).toBeGreaterThan(0);
    const folded = await foldDashboardSales(ctx.db);
    expect(folded.before).toBeGreaterThan(folded.after);
    const after = await rollupRows();
    expect(after.unfolded).toBe(0);
    expect(after.all).toBeLessThan(before.all);
    expect(await expectSame('folded')).toEqual(totals);
    // Nothing new: nothing to fold.
    expect(await foldDashboardSales(ctx.db)).toEqual({ before: 0, after: 0 });
    // New deltas after a fold are summed with the folded rows.
    await mutate('refund', { id: placed.cap, amount: 500 });
    await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      paidAt: paidDaysAgo(0),
      lines: [{ variant: catalog.cap, quantity: 1 }],
    });
    expect((await expectSame('after the fold')).orders).toBe(totals.orders + 1);
  });
});
