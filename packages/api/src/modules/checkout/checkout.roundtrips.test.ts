// placeOrder's round trips to the database (issue 17, item 5): every statement of a transaction is
// one round trip on its connection, so the checkout sends as few as it can. Counted at the
// driver, transactions included, on the embedded database and on PostgreSQL.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT_LIMITS } from '../../config';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import { pgliteClientOf } from '../../db';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  insertPercentCoupon,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
  type FixtureCatalog,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';

let ctx: TestContext;
let catalog: FixtureCatalog;
let pacId: string;

/** Every statement sent from now on, on any connection (PGlite: its transactions too). */
function recordStatements(context: TestContext): { statements: string[]; stop(): void } {
  const statements: string[] = [];
  const text = (query: unknown) =>
    String(typeof query === 'string' ? query : (query as { text?: string }).text).replace(
      /\s+/g,
      ' ',
    );
  const embedded = pgliteClientOf(context.db) as
    (PGlite & { query: PGlite['query']; transaction: PGlite['transaction'] }) | undefined;
  if (embedded) {
    const query = embedded.query.bind(embedded);
    const transaction = embedded.transaction.bind(embedded);
    embedded.query = ((sql: string, ...rest: unknown[]) => {
      statements.push(text(sql));
      return (query as (...args: unknown[]) => unknown)(sql, ...rest);
    }) as PGlite['query'];
    embedded.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
      transaction(async (tx) => {
        statements.push('begin');
        const txQuery = tx.query.bind(tx);
        const counted = Object.assign(Object.create(tx) as Transaction, {
          query: (sql: string, ...rest: unknown[]) => {
            statements.push(text(sql));
            return (txQuery as (...args: unknown[]) => unknown)(sql, ...rest);
          },
        });
        const result = await callback(counted);
        statements.push('commit');
        return result;
      })) as PGlite['transaction'];
    return {
      statements,
      stop() {
        embedded.query = query as PGlite['query'];
        embedded.transaction = transaction as PGlite['transaction'];
      },
    };
  }
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements.push(text(args[0]));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    statements,
    stop() {
      pg.Client.prototype.query = original;
    },
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  catalog = await insertFixtureCatalog(ctx.db, [
    { sku: 'IDA-VOLTA-1', priceCents: 5990, stock: 100 },
    { sku: 'IDA-VOLTA-2', priceCents: 7990, stock: 100 },
  ]);
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
});

afterAll(async () => {
  await ctx?.close();
});

/** Places one order through GraphQL and records every statement it sends. */
async function placeCounted(input: unknown, context: TestContext = ctx) {
  // The order's mail is sent after the answer, by the outbox's own run: not counted here.
  await context.app.mail.flush();
  const mailer = context.app.mail as { kick(): void };
  const kick = mailer.kick;
  mailer.kick = () => undefined;
  const recorder = recordStatements(context);
  try {
    const response = await graphql(context.app, PLACE_ORDER_MUTATION, { input });
    return { response, statements: recorder.statements };
  } finally {
    recorder.stop();
    mailer.kick = kick;
  }
}

describe('placeOrder round trips', () => {
  it('places a two-line Pix order, answered with its lines and timeline, in 5 statements', async () => {
    const { response, statements } = await placeCounted(
      fixtureOrderInput(
        [
          { variantId: catalog.variantIds[0]!, quantity: 1 },
          { variantId: catalog.variantIds[1]!, quantity: 2 },
        ],
        pacId,
      ),
    );
    expect(response.body.errors).toBeUndefined();
    const placed = response.body.data?.placeOrder as { lines: unknown[]; timeline: unknown[] };
    expect(placed.lines).toHaveLength(2);
    expect(placed.timeline).toHaveLength(1);
    // No look-up before the transaction; the timeline is not read back; the photos come with
    // the variants; the unpaid-order locks (production) are one statement.
    expect(statements[0]).toMatch(/^begin$/i);
    expect(statements.at(-1)).toMatch(/^commit$/i);
    expect(statements.some((statement) => /from "order_events"/.test(statement))).toBe(false);
    expect(statements.some((statement) => /from "images" where/.test(statement))).toBe(false);
    // begin; the key's lock with the settings and shipping methods; the key's look-up, the stock
    // of both lines, the variants with their photos and the order number; the order with its
    // lines, stock ledger, event and mail; commit: 5 (22 before issue 17, 15 with the builder).
    expect(statements).toHaveLength(5);
    expect(statements[1]).toMatch(/pg_advisory_xact_lock[\s\S]*shipping_methods/);
    expect(statements[2]).toMatch(/FOR UPDATE OF v[\s\S]*UPDATE variants[\s\S]*nextval/);
    expect(statements[3]).toMatch(
      /INSERT INTO orders[\s\S]*INSERT INTO order_lines[\s\S]*INSERT INTO stock_movements[\s\S]*INSERT INTO order_events[\s\S]*INSERT INTO mail_outbox/,
    );
  });

  it('places an order with a coupon in 6 statements, the coupon read with its uses in one', async () => {
    await insertPercentCoupon(ctx.db, 'IDAVOLTA10', 10);
    const { response, statements } = await placeCounted(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId, {
        couponCode: 'idavolta10',
      }),
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data?.placeOrder).toMatchObject({ discountCents: 599 });
    // begin; the locks (the key's, the coupon's per e-mail and per CPF) with the settings; the
    // stock; the coupon with this shopper's uses; the order with the coupon's use claimed;
    // commit.
    expect(statements).toHaveLength(6);
    expect(statements[3]).toMatch(/FROM coupons c WHERE upper\(c.code\)[\s\S]*coupon_redemptions/);
    expect(statements[4]).toMatch(/UPDATE coupons c SET used_count = c.used_count \+ 1/);
  });
});

describe('placeOrder round trips with the limits on what one guest holds (production)', () => {
  let limited: TestContext;
  let item: string;
  let pickupId: string;

  beforeAll(async () => {
    limited = await createTestContext({
      env: {
        UNPAID_ORDERS_PER_CLIENT: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient),
        UNPAID_ORDERS_PER_EMAIL: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerEmail),
        UNPAID_ORDERS_PER_CPF: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerCpf),
        VARIANT_HOLD_UNITS: String(DEFAULT_CHECKOUT_LIMITS.variantHoldUnits),
        VARIANT_HOLD_PERCENT: String(DEFAULT_CHECKOUT_LIMITS.variantHoldPercent),
      },
    });
    await seedCommerceDemo(limited.db);
    pickupId = await shippingMethodIdByName(limited.db, 'Retirada na loja');
    item = (
      await insertFixtureCatalog(limited.db, [{ sku: 'IDA-15', priceCents: 5990, stock: 15 }])
    ).variantIds[0]!;
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('counts unpaid orders and the units they hold of the cart in one statement: 6 in all', async () => {
    const placed = await placeCounted(
      fixtureOrderInput([{ variantId: item, quantity: 2 }], pickupId),
      limited,
    );
    expect(placed.response.body.errors).toBeUndefined();
    // begin; the locks (the key's, the guest's by address, e-mail and CPF) with the settings; the
    // stock; the unpaid orders with the units they hold; the order; commit.
    expect(placed.statements).toHaveLength(6);
    expect(placed.statements[1]).toMatch(/pg_advisory_xact_lock/);
    expect(placed.statements[3]).toMatch(
      /status = 'PENDING_PAYMENT'[\s\S]*sum\(l.quantity\)[\s\S]*JOIN orders o ON o.id = l.order_id/,
    );

    // The same statements refuse a second order of the same guest over the bound (2 + 2 > 3).
    const refused = await placeCounted(
      fixtureOrderInput([{ variantId: item, quantity: 2 }], pickupId),
      limited,
    );
    expect(refused.response.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'VARIANT_HOLD_LIMIT',
    });
    expect(refused.statements.filter((s) => !/^(begin|commit|rollback)$/i.test(s))).toHaveLength(3);
  });
});
