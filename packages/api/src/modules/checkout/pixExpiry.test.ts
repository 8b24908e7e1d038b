// Unpaid Pix orders expire: cancelled with reason 'expirado', stock and coupon use returned, the
// shopper mailed, exactly once even when two instances run the job at the same moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';
import { expireUnpaidPixOrders, PIX_EXPIRED_REASON } from './pixExpiry';

const HOUR = 3_600_000;
let ctx: TestContext;
let pickupId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
});

afterAll(async () => {
  await ctx?.close();
});

async function placeOrder(input: unknown): Promise<string> {
  const { body } = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input });
  const number = (body.data?.placeOrder as { number: string } | null)?.number;
  if (!number) throw new Error(JSON.stringify(body.errors));
  return number;
}

async function row<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await ctx.db.execute<Record<string, unknown>>(query);
  return result.rows[0] as T;
}

function now(offsetMs = 0): Date {
  return new Date(ctx.clock.now() + offsetMs);
}

describe('Pix expiry', () => {
  it('cancels an unpaid Pix order after the configured hours, returning its stock and coupon use', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'EXP-1', priceCents: 8000, stock: 5 },
    ]);
    const variantId = catalog.variantIds[0]!;
    await ctx.db.execute(
      sql`INSERT INTO coupons (code, kind, amount_cents, usage_limit) VALUES ('EXPIRA10', 'fixed', 1000, 10)`,
    );
    const number = await placeOrder(
      fixtureOrderInput([{ variantId, quantity: 2 }], pickupId, { couponCode: 'EXPIRA10' }),
    );
    expect(
      (await row<{ stock: number }>(sql`SELECT stock FROM variants WHERE id = ${variantId}`)).stock,
    ).toBe(3);
    const mailsBefore = Number(
      (await row<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox`)).n,
    );

    expect(await expireUnpaidPixOrders(ctx.db, now(23 * HOUR), ctx.config.publicUrl)).toBe(0);
    expect(await expireUnpaidPixOrders(ctx.db, now(25 * HOUR), ctx.config.publicUrl)).toBe(1);

    const order = await row<{
      id: string;
      status: string;
      payment_status: string;
      cancel_reason: string;
      canceled_at: Date | null;
    }>(
      sql`SELECT id, status, payment_status, cancel_reason, canceled_at FROM orders WHERE number = ${number}`,
    );
    expect(order).toMatchObject({
      status: 'CANCELED',
      payment_status: 'EXPIRED',
      cancel_reason: PIX_EXPIRED_REASON,
    });
    expect(order.canceled_at).not.toBeNull();
    expect(
      (await row<{ stock: number }>(sql`SELECT stock FROM variants WHERE id = ${variantId}`)).stock,
    ).toBe(5);
    expect(await row(sql`SELECT used_count FROM coupons WHERE code = 'EXPIRA10'`)).toEqual({
      used_count: 0,
    });
    expect(
      await row(
        sql`SELECT count(*)::int AS n FROM coupon_redemptions WHERE order_id = ${order.id}`,
      ),
    ).toEqual({ n: 0 });
    const events = await ctx.db.execute(
      sql`SELECT type, from_status, to_status, actor, note FROM order_events WHERE order_id = ${order.id} ORDER BY created_at, type DESC`,
    );
    expect(events.rows).toEqual([
      {
        type: 'placed',
        from_status: null,
        to_status: 'PENDING_PAYMENT',
        actor: 'customer',
        note: null,
      },
      {
        type: 'canceled',
        from_status: 'PENDING_PAYMENT',
        to_status: 'CANCELED',
        actor: 'system',
        note: 'expirado',
      },
    ]);
    const ledger = await ctx.db.execute(
      sql`SELECT delta FROM stock_movements WHERE variant_id = ${variantId} ORDER BY delta`,
    );
    expect(ledger.rows).toEqual([{ delta: -2 }, { delta: 2 }]);
    const mail = await row<{ subject: string; to_address: string }>(
      sql`SELECT subject, to_address FROM mail_outbox ORDER BY created_at DESC, subject LIMIT 1`,
    );
    expect(mail).toEqual({
      subject: `Pedido ${number} cancelado`,
      to_address: 'maria@example.com',
    });
    expect(
      Number((await row<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox`)).n),
    ).toBe(mailsBefore + 1);

    // The public tracking shows the cancellation and no longer offers the Pix code.
    const tracking = await graphql(
      ctx.app,
      `
        query ($n: String!, $e: String!) {
          orderStatus(number: $n, email: $e) {
            status
            cancelReason
            pix {
              code
            }
            timeline {
              label
            }
          }
        }
      `,
      { n: number, e: 'maria@example.com' },
    );
    expect(tracking.body.data?.orderStatus).toEqual({
      status: 'CANCELED',
      cancelReason: 'expirado',
      pix: null,
      timeline: [{ label: 'Pedido recebido' }, { label: 'Pedido cancelado' }],
    });

    // A second run finds nothing left to do.
    expect(await expireUnpaidPixOrders(ctx.db, now(26 * HOUR), ctx.config.publicUrl)).toBe(0);
  });

  it('leaves paid orders alone', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'EXP-PAGO', priceCents: 8000, stock: 5 },
    ]);
    const number = await placeOrder(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId),
    );
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'PAID', payment_status = 'PAID' WHERE number = ${number}`,
    );
    await expireUnpaidPixOrders(ctx.db, now(48 * HOUR), ctx.config.publicUrl);
    expect(await row(sql`SELECT status FROM orders WHERE number = ${number}`)).toEqual({
      status: 'PAID',
    });
  });

  it('expires each order once when two instances run the job at the same moment', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'EXP-DUPLO', priceCents: 5000, stock: 30 },
    ]);
    const variantId = catalog.variantIds[0]!;
    const numbers: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      numbers.push(await placeOrder(fixtureOrderInput([{ variantId, quantity: 2 }], pickupId)));
    }
    expect(
      (await row<{ stock: number }>(sql`SELECT stock FROM variants WHERE id = ${variantId}`)).stock,
    ).toBe(6);

    let otherDb: Database = ctx.db;
    let closeOther = async () => {};
    if (ctx.kind === 'pg') {
      const opened = await openDatabase(ctx.config);
      otherDb = opened.db;
      closeOther = opened.close;
    }
    try {
      const at = now(30 * HOUR);
      const [a, b, c] = await Promise.all([
        expireUnpaidPixOrders(ctx.db, at, ctx.config.publicUrl),
        expireUnpaidPixOrders(otherDb, at, ctx.config.publicUrl),
        expireUnpaidPixOrders(otherDb, at, ctx.config.publicUrl),
      ]);
      expect(a + b + c).toBe(12);
    } finally {
      await closeOther();
    }
    expect(
      (await row<{ stock: number }>(sql`SELECT stock FROM variants WHERE id = ${variantId}`)).stock,
    ).toBe(30);
    const cancelEvents = await ctx.db.execute<{ number: string; n: number }>(sql`
      SELECT o.number, count(e.id)::int AS n FROM orders o
      JOIN order_events e ON e.order_id = o.id AND e.type = 'canceled'
      WHERE o.number IN ${sql.raw(`(${numbers.map((n) => `'${n}'`).join(', ')})`)}
      GROUP BY o.number`);
    expect(cancelEvents.rows).toHaveLength(12);
    expect(cancelEvents.rows.every((r) => Number(r.n) === 1)).toBe(true);
  });
});
