// dashboardStats on a known fixture: which orders count, the figures, the per-day series with
// empty days, top products and brands, low stock, and the brand manager's view.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { daysBetween, previousPeriod } from './stats.service';

const FIGURES =
  'from to revenueCents ordersCount averageTicketCents unitsSold awaitingPixCount toShipCount';
const STATS = `query($range: DateRangeInput!, $threshold: Int, $brandId: ID) {
  dashboardStats(range: $range, lowStockThreshold: $threshold, brandId: $brandId) {
    from to revenueCents ordersCount averageTicketCents
    current { ${FIGURES} }
    previous { ${FIGURES} }
    previousSeries { date revenueCents ordersCount }
    topProducts { productName brandName quantity revenueCents }
    topBrands { brandName quantity revenueCents }
    series { date revenueCents ordersCount }
    lowStockVariants { sku productSlug productName brandName stock }
  }
}`;

let ctx: TestContext;
let catalog: FixtureCatalog;
let admin: string;
let support: string;
let managerA: string;

async function stats(variables: Record<string, unknown>, token = admin) {
  const { body } = await graphql(ctx.app, STATS, variables, token);
  return { data: body.data?.dashboardStats as Record<string, unknown> | undefined, body };
}

const RANGE = { from: '2026-01-10', to: '2026-01-12' };

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  admin = staff.admin.token;
  support = staff.support.token;
  managerA = staff.manager.token;

  // Counted: paid on the 10th, R$ 100,00 of shirts + R$ 15,00 shipping.
  await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    paidAt: new Date('2026-01-10T15:00:00Z'),
    lines: [{ variant: catalog.shirt, quantity: 2 }],
  });
  // Counted on the 11th (23:30 in São Paulo, the 12th in UTC): 230,00 - 10,00 coupon + 15,00
  // shipping = 235,00, minus a partial refund of 20,00 = 215,00.
  await insertFixtureOrder(ctx.db, {
    status: 'DELIVERED',
    paidAt: new Date('2026-01-12T02:30:00Z'),
    discountCents: 1000,
    refundedCents: 2000,
    lines: [
      { variant: catalog.sneaker, quantity: 1 },
      { variant: catalog.cap, quantity: 1 },
    ],
  });
  // Not counted: canceled after payment, unpaid, paid after the range, fully refunded.
  await insertFixtureOrder(ctx.db, {
    status: 'CANCELED',
    paidAt: new Date('2026-01-10T16:00:00Z'),
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    paidAt: new Date('2026-01-13T03:30:00Z'),
    lines: [{ variant: catalog.sneaker, quantity: 3 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'REFUNDED',
    paidAt: new Date('2026-01-11T12:00:00Z'),
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });

  // The previous period (2026-01-07 to 09): 200,00 + 15,00 paid on the 9th, still to ship, and
  // 50,00 + 15,00 paid at 02:30Z on the 10th, which is still the 9th in São Paulo (shipped).
  await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    paidAt: new Date('2026-01-09T12:00:00Z'),
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'SHIPPED',
    paidAt: new Date('2026-01-10T02:30:00Z'),
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  // Waiting for Pix: one placed in this period, one in the previous; a card order does not count.
  await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    createdAt: new Date('2026-01-11T12:00:00Z'),
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    createdAt: new Date('2026-01-08T12:00:00Z'),
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'PENDING_PAYMENT',
    paymentMethod: 'CARD',
    createdAt: new Date('2026-01-11T13:00:00Z'),
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('dashboardStats', () => {
  it('adds up the orders paid in the range, net of refunds, with an average ticket', async () => {
    const { data } = await stats({ range: RANGE });
    expect(data).toMatchObject({
      from: '2026-01-10',
      to: '2026-01-12',
      revenueCents: 33000,
      ordersCount: 2,
      averageTicketCents: 16500,
    });
  });

  it("gives one series entry per day of the store's zone, zero on days without sales", async () => {
    const { data } = await stats({ range: RANGE });
    expect(data?.series).toEqual([
      { date: '2026-01-10', revenueCents: 11500, ordersCount: 1 },
      { date: '2026-01-11', revenueCents: 21500, ordersCount: 1 },
      { date: '2026-01-12', revenueCents: 0, ordersCount: 0 },
    ]);
  });

  it('ranks products and brands by revenue net of the coupon', async () => {
    const { data } = await stats({ range: RANGE });
    expect(data?.topProducts).toEqual([
      { productName: 'Tênis Corrida', brandName: 'Boreal', quantity: 1, revenueCents: 19000 },
      { productName: 'Camiseta Básica', brandName: 'Aurora', quantity: 2, revenueCents: 10000 },
      { productName: 'Boné Aba Curva', brandName: 'Aurora', quantity: 1, revenueCents: 3000 },
    ]);
    expect(data?.topBrands).toEqual([
      { brandName: 'Boreal', quantity: 1, revenueCents: 19000 },
      { brandName: 'Aurora', quantity: 3, revenueCents: 13000 },
    ]);
  });

  it('lists variants at or below the low-stock threshold, lowest first', async () => {
    // The product's slug, so the home links to its page.
    const { rows } = await ctx.db.execute<{ slug: string }>(
      sql`SELECT p.slug FROM products p JOIN variants v ON v.product_id = p.id WHERE v.sku = 'BON-U-AZ'`,
    );
    expect((await stats({ range: RANGE })).data?.lowStockVariants).toEqual([
      {
        sku: 'BON-U-AZ',
        productSlug: rows[0]!.slug,
        productName: 'Boné Aba Curva',
        brandName: 'Aurora',
        stock: 3,
      },
    ]);
    const wider = await stats({ range: RANGE, threshold: 10 });
    expect((wider.data?.lowStockVariants as { sku: string }[]).map((v) => v.sku)).toEqual([
      'BON-U-AZ',
      'TEN-42-AZ',
    ]);
  });

  it("gives a BRAND_MANAGER the figures of their brand's lines only", async () => {
    const { data } = await stats({ range: RANGE, threshold: 10 }, managerA);
    expect(data).toMatchObject({
      revenueCents: 13000,
      ordersCount: 2,
      averageTicketCents: 6500,
      series: [
        { date: '2026-01-10', revenueCents: 10000, ordersCount: 1 },
        { date: '2026-01-11', revenueCents: 3000, ordersCount: 1 },
        { date: '2026-01-12', revenueCents: 0, ordersCount: 0 },
      ],
      topBrands: [{ brandName: 'Aurora', quantity: 3, revenueCents: 13000 }],
    });
    expect((data?.lowStockVariants as { sku: string }[]).map((v) => v.sku)).toEqual(['BON-U-AZ']);
  });

  it('answers zeros for a range without sales', async () => {
    const { data } = await stats({ range: { from: '2025-12-01', to: '2025-12-02' } });
    expect(data).toMatchObject({ revenueCents: 0, ordersCount: 0, averageTicketCents: 0 });
    expect(data?.series).toHaveLength(2);
  });

  it('gives the figures beside the previous period of the same length, in São Paulo days', async () => {
    const { data } = await stats({ range: RANGE });
    expect(data?.current).toEqual({
      from: '2026-01-10',
      to: '2026-01-12',
      revenueCents: 33000,
      ordersCount: 2,
      averageTicketCents: 16500,
      unitsSold: 4,
      awaitingPixCount: 1,
      toShipCount: 1,
    });
    expect(data?.previous).toEqual({
      from: '2026-01-07',
      to: '2026-01-09',
      revenueCents: 28000,
      ordersCount: 2,
      averageTicketCents: 14000,
      unitsSold: 2,
      awaitingPixCount: 1,
      toShipCount: 1,
    });
    // The order paid at 02:30Z on the 10th is on the 9th's bar, not the 10th's.
    expect(data?.previousSeries).toEqual([
      { date: '2026-01-07', revenueCents: 0, ordersCount: 0 },
      { date: '2026-01-08', revenueCents: 0, ordersCount: 0 },
      { date: '2026-01-09', revenueCents: 28000, ordersCount: 2 },
    ]);
  });

  it('compares one day with the day before', async () => {
    const { data } = await stats({ range: { from: '2026-01-10', to: '2026-01-10' } });
    expect(data?.current).toMatchObject({ revenueCents: 11500, ordersCount: 1, unitsSold: 2 });
    expect(data?.previous).toMatchObject({
      from: '2026-01-09',
      to: '2026-01-09',
      revenueCents: 28000,
      ordersCount: 2,
    });
  });

  it('gives SUPPORT the counts without any money', async () => {
    const { data, body } = await stats({ range: RANGE }, support);
    expect(body.errors).toBeUndefined();
    expect(data).toMatchObject({ revenueCents: null, averageTicketCents: null, ordersCount: 2 });
    for (const figures of [data?.current, data?.previous]) {
      expect(figures).toMatchObject({ revenueCents: null, averageTicketCents: null });
    }
    expect(data?.current).toMatchObject({ ordersCount: 2, unitsSold: 4, toShipCount: 1 });
    const money = [
      ...(data?.series as { revenueCents: unknown }[]),
      ...(data?.previousSeries as { revenueCents: unknown }[]),
      ...(data?.topProducts as { revenueCents: unknown }[]),
      ...(data?.topBrands as { revenueCents: unknown }[]),
    ].map((entry) => entry.revenueCents);
    expect(money.length).toBeGreaterThan(6);
    expect(money.every((value) => value === null)).toBe(true);
  });

  it("narrows an ADMIN's figures to one brand's lines with brandId", async () => {
    const { data } = await stats({ range: RANGE, brandId: catalog.brandB });
    expect(data?.current).toMatchObject({
      revenueCents: 19000,
      ordersCount: 1,
      unitsSold: 1,
      awaitingPixCount: 0,
      toShipCount: 0,
    });
    expect(data?.previous).toMatchObject({ revenueCents: 20000, awaitingPixCount: 1 });
    expect(data?.topBrands).toEqual([{ brandName: 'Boreal', quantity: 1, revenueCents: 19000 }]);
  });

  it('lets a BRAND_MANAGER pass one of their brands only', async () => {
    const own = await stats({ range: RANGE, brandId: catalog.brandA }, managerA);
    expect(own.data?.current).toMatchObject({
      revenueCents: 13000,
      unitsSold: 3,
      awaitingPixCount: 1,
      toShipCount: 1,
    });
    const other = await stats({ range: RANGE, brandId: catalog.brandB }, managerA);
    expect(other.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await stats({ range: RANGE, brandId: 'aurora' });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'brandId',
    });
  });

  it("counts the same days whatever the process's time zone", async () => {
    const saved = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      const { data } = await stats({ range: RANGE });
      expect(data?.previous).toMatchObject({ from: '2026-01-07', revenueCents: 28000 });
      expect((data?.series as { revenueCents: number }[]).map((d) => d.revenueCents)).toEqual([
        11500, 21500, 0,
      ]);
      process.env.TZ = 'UTC';
      expect((await stats({ range: RANGE })).data?.current).toMatchObject({ revenueCents: 33000 });
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it.each([
    [{ from: '2026-13-01', to: '2026-01-02' }, 'range.from'],
    [{ from: '2026-01-02', to: 'ontem' }, 'range.to'],
    [{ from: '2026-01-10', to: '2026-01-01' }, 'range'],
    [{ from: '2024-01-01', to: '2025-12-31' }, 'range'],
  ])('refuses the range %j', async (range, field) => {
    const { body } = await stats({ range });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('requires a session', async () => {
    const { body } = await stats({ range: RANGE }, '');
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('previousPeriod', () => {
  it('ends the day before from and has as many days, across month and leap-year ends', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(previousPeriod('2024-03-01', '2024-03-01')).toEqual({
      from: '2024-02-29',
      to: '2024-02-29',
    });
  });
});

describe('daysBetween', () => {
  it('lists every calendar day across a month end, both ends included', () => {
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });
});
