// bestSellers: the home page's "Mais vendidos", ranked by units of paid orders of the last 90 days.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { products } from './catalog.tables';

const BEST_SELLERS = /* GraphQL */ `
  query BestSellers($first: Int) {
    bestSellers(first: $first) {
      slug
      name
    }
  }
`;
const DAY = 86_400_000;

async function bestSellers(first?: number) {
  const { body } = await graphql(ctx.app, BEST_SELLERS, first === undefined ? {} : { first });
  expect(body.errors).toBeUndefined();
  return (body.data as { bestSellers: { slug: string; name: string }[] }).bestSellers;
}

let ctx: TestContext;
let catalog: FixtureCatalog;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const now = ctx.clock.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const { shirt, cap, sneaker } = catalog;
  // Camiseta: 3 paid + 2 shipped = 5 units; Tênis: 4 delivered.
  await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    lines: [{ variant: shirt, quantity: 3 }],
    createdAt: at(2),
  });
  await insertFixtureOrder(ctx.db, {
    status: 'SHIPPED',
    lines: [{ variant: shirt, quantity: 2 }],
    createdAt: at(10),
  });
  await insertFixtureOrder(ctx.db, {
    status: 'DELIVERED',
    lines: [{ variant: sneaker, quantity: 4 }],
    createdAt: at(30),
  });
  // None of these count for the Boné: unpaid, canceled, refunded, or paid too long ago.
  for (const status of ['PENDING_PAYMENT', 'CANCELED', 'REFUNDED'] as const) {
    await insertFixtureOrder(ctx.db, {
      status,
      lines: [{ variant: cap, quantity: 10 }],
      createdAt: at(1),
    });
  }
  await insertFixtureOrder(ctx.db, {
    status: 'DELIVERED',
    lines: [{ variant: cap, quantity: 50 }],
    createdAt: at(91),
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('bestSellers', () => {
  it('ranks published products by units of paid orders of the last 90 days', async () => {
    expect((await bestSellers()).map((product) => product.slug)).toEqual([
      'camiseta-basica',
      'tenis-corrida',
    ]);
  });

  it('takes at most `first` products', async () => {
    expect(await bestSellers(1)).toEqual([{ slug: 'camiseta-basica', name: 'Camiseta Básica' }]);
  });

  it('never shows an unpublished product', async () => {
    await ctx.db
      .update(products)
      .set({ published: false })
      .where(eq(products.id, catalog.sneaker.productId));
    expect((await bestSellers()).map((product) => product.slug)).toEqual(['camiseta-basica']);
    await ctx.db
      .update(products)
      .set({ published: true })
      .where(eq(products.id, catalog.sneaker.productId));
  });

  it('refuses a page size outside 1 to 24, naming the field', async () => {
    for (const first of [0, 25, -3]) {
      const { body } = await graphql(ctx.app, BEST_SELLERS, { first });
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'first',
      });
      expect(body.errors?.[0]?.message).toBe('Informe first entre 1 e 24.');
    }
  });
});
