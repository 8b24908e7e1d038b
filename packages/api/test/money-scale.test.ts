// Sums of money past GraphQL's 32-bit Int (R$ 21.474.836,47): a month of R$ 100 million in the
// dashboard's figures, top products and brands, the daily series, and a customer's spend travel
// exact as the Cents scalar, never INTERNAL_SERVER_ERROR. A real database (PGlite; PostgreSQL
// with TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureOrder, seedFixtureCatalog } from '../src/modules/orders/orders.fixtures';
import { orderLines, orders } from '../src/modules/orders/orders.tables';
import { createTestContext, graphql, signInStaffRoles, type TestContext } from './helpers';

/** R$ 20 million an order: five make R$ 100 million (each still fits the order's own columns). */
const ORDER_CENTS = 2_000_000_000;
const ORDERS = 5;
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const catalog = await seedFixtureCatalog(ctx.db);
  for (let i = 0; i < ORDERS; i += 1) {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.sneaker, quantity: 1 }],
      status: 'PAID',
      customerEmail: 'atacado@example.com',
      paidAt: new Date(`2026-03-0${i + 1}T15:00:00Z`),
    });
    await ctx.db
      .update(orders)
      .set({ subtotalCents: ORDER_CENTS, shippingCents: 0, totalCents: ORDER_CENTS })
      .where(eq(orders.id, order.id));
    await ctx.db
      .update(orderLines)
      .set({ unitPriceCents: ORDER_CENTS, lineTotalCents: ORDER_CENTS })
      .where(eq(orderLines.orderId, order.id));
  }
  await ctx.db.execute(sql`ANALYZE orders`);
  const app = ctx.app;
  admin = (await signInStaffRoles({ app, db: ctx.db })).admin.token;
});
afterAll(async () => {
  await ctx.close();
});

describe('money past 32 bits', () => {
  it('the dashboard’s R$ 100 million month, exact', async () => {
    const { body } = await graphql(
      ctx.app,
      `
        query ($range: DateRangeInput!) {
          dashboardStats(range: $range) {
            revenueCents
            averageTicketCents
            current {
              revenueCents
              averageTicketCents
            }
            topProducts {
              revenueCents
            }
            topBrands {
              revenueCents
            }
            series {
              date
              revenueCents
            }
          }
        }
      `,
      { range: { from: '2026-03-01', to: '2026-03-31' } },
      admin,
    );
    expect(body.errors).toBeUndefined();
    const stats = body.data?.dashboardStats as {
      revenueCents: number;
      averageTicketCents: number;
      current: { revenueCents: number };
      topProducts: Array<{ revenueCents: number }>;
      topBrands: Array<{ revenueCents: number }>;
      series: Array<{ date: string; revenueCents: number }>;
    };
    expect(stats.revenueCents).toBe(10_000_000_000);
    expect(stats.current.revenueCents).toBe(10_000_000_000);
    expect(stats.averageTicketCents).toBe(ORDER_CENTS);
    expect(stats.topProducts[0]!.revenueCents).toBe(10_000_000_000);
    expect(stats.topBrands[0]!.revenueCents).toBe(10_000_000_000);
    expect(stats.series.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(10_000_000_000);
  });

  it('a customer’s R$ 100 million spend, exact', async () => {
    const { body } = await graphql(
      ctx.app,
      `
        query {
          customers(filter: { search: "atacado@example.com" }) {
            nodes {
              totalSpentCents
            }
          }
        }
      `,
      {},
      admin,
    );
    expect(body.errors).toBeUndefined();
    const customers = body.data?.customers as { nodes: Array<{ totalSpentCents: number }> };
    expect(customers.nodes[0]!.totalSpentCents).toBe(10_000_000_000);
  });
});
