// dashboardStats on a known fixture: which orders count, the figures, the per-day series with
// empty days, top products and brands, low stock, and the brand manager's view.
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
import { daysBetween } from './stats.service';

const STATS = `query($range: DateRangeInput!, $threshold: Int) {
  dashboardStats(range: $range, lowStockThreshold: $threshold) {
    from to revenueCents ordersCount averageTicketCents
    topProducts { productName brandName quantity revenueCents }
    topBrands { brandName quantity revenueCents }
    series { date revenueCents ordersCount }
    lowStockVariants { sku productName brandName stock }
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
    expect((await stats({ range: RANGE })).data?.lowStockVariants).toEqual([
      { sku: 'BON-U-AZ', productName: 'Boné Aba Curva', brandName: 'Aurora', stock: 3 },
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
    const { data } = await stats({ range: { from: '2025-12-01', to: '2025-12-02' } }, support);
    expect(data).toMatchObject({ revenueCents: 0, ordersCount: 0, averageTicketCents: 0 });
    expect(data?.series).toHaveLength(2);
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
