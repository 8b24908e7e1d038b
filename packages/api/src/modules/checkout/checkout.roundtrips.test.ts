// placeOrder's round trips to the database (issue 17, item 5): every statement of a transaction is
// one round trip on its connection, so the checkout sends as few as it can. Counted at the
// driver, transactions included, on the embedded database and on PostgreSQL.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
function recordStatements(): { statements: string[]; stop(): void } {
  const statements: string[] = [];
  const text = (query: unknown) =>
    String(typeof query === 'string' ? query : (query as { text?: string }).text).replace(
      /\s+/g,
      ' ',
    );
  const embedded = pgliteClientOf(ctx.db) as
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
async function placeCounted(input: unknown) {
  // The order's mail is sent after the answer, by the outbox's own run: not counted here.
  await ctx.app.mail.flush();
  const mailer = ctx.app.mail as { kick(): void };
  const kick = mailer.kick;
  mailer.kick = () => undefined;
  const recorder = recordStatements();
  try {
    const response = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input });
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
