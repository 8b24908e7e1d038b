// Unpaid Pix orders expire: cancelled with reason 'expirado', stock and coupon use returned, the
// shopper mailed, exactly once even when two instances run the job at the same moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db';
import { CapturingTransport } from '../mail/mail.service';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';
import { expireUnpaidPixOrders, PIX_EXPIRED_REASON, pixExpiryPlugin } from './pixExpiry';

const HOUR = 3_600_000;
const MINUTE = 60_000;
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
  it('cancels an unpaid Pix order after the Pix hold (30 minutes), returning its stock and coupon use', async () => {
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

    expect(await expireUnpaidPixOrders(ctx.db, now(29 * MINUTE), ctx.config.publicUrl)).toBe(0);
    expect(await expireUnpaidPixOrders(ctx.db, now(31 * MINUTE), ctx.config.publicUrl)).toBe(1);

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

describe('payment expiry in pages', () => {
  it('walks every expired order page by page, skipping none and repeating none', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'EXP-PAGINAS', priceCents: 1000, stock: 20 },
    ]);
    const variantId = catalog.variantIds[0]!;
    for (let i = 0; i < 12; i += 1) {
      await placeOrder(fixtureOrderInput([{ variantId, quantity: 1 }], pickupId));
      // Two orders share each deadline: the page boundary falls between equal deadlines too.
      if (i % 2 === 1) ctx.clock.advance(1000);
    }
    const expired = await expireUnpaidPixOrders(ctx.db, now(30 * HOUR), ctx.config.publicUrl, {
      batchSize: 5,
    });
    expect(expired).toBe(12);
    expect(
      (await row<{ stock: number }>(sql`SELECT stock FROM variants WHERE id = ${variantId}`)).stock,
    ).toBe(20);
    expect(
      await row(sql`
        SELECT count(*)::int AS pending FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE l.variant_id = ${variantId} AND o.status = 'PENDING_PAYMENT'`),
    ).toEqual({ pending: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('payment expiry racing checkout (PostgreSQL)', () => {
  it('expires orders while new ones take the same variants and coupon: no deadlock, stock and coupon uses add up', async () => {
    const STOCK = 10_000;
    const catalog = await insertFixtureCatalog(
      ctx.db,
      Array.from({ length: 4 }, (_, i) => ({
        sku: `CORRIDA-${i}`,
        priceCents: 2000,
        stock: STOCK,
      })),
    );
    // In ascending id: the order checkout locks them in.
    const ids = [...catalog.variantIds].sort();
    await ctx.db.execute(
      sql`INSERT INTO coupons (code, kind, percent) VALUES ('CORRIDA', 'percent', 10)`,
    );
    // The oldest order (expired first) holds only the last variant; the others hold three of the
    // four, in an order that differs from cart to cart. A job that kept every lock of a batch in
    // one transaction would hold the last variant while wanting the first, and a checkout holding
    // the first would want the last: a deadlock.
    const cart = (i: number) =>
      i === 0
        ? [{ variantId: ids[3]!, quantity: 1 }]
        : i >= 100
          ? [3, 1, 0, 2].map((k) => ({ variantId: ids[(k + i) % 4]!, quantity: 1 }))
          : [0, 1, 2].map((k) => ({
              variantId: ids[(i + k * (i % 2 === 0 ? 1 : 3)) % 4]!,
              quantity: 1 + (k % 2),
            }));
    const input = (i: number) =>
      fixtureOrderInput(cart(i), pickupId, {
        couponCode: i % 2 === 0 ? 'CORRIDA' : null,
        customer: {
          name: `Cliente ${i}`,
          email: `corrida${i}@example.com`,
          cpf: '529.982.247-25',
          phone: '11987654321',
        },
      });
    for (let i = 0; i < 40; i += 1) {
      await placeOrder(input(i));
      ctx.clock.advance(1000); // distinct deadlines: order 0 expires first
    }

    // The job runs on two more connections pools while forty new carts check out.
    ctx.clock.advance(25 * HOUR);
    const others = [await openDatabase(ctx.config), await openDatabase(ctx.config)];
    try {
      const at = now();
      const results = await Promise.all([
        expireUnpaidPixOrders(others[0]!.db, at, ctx.config.publicUrl),
        ...Array.from({ length: 40 }, (_, i) =>
          graphql(ctx.app, PLACE_ORDER_MUTATION, { input: input(100 + i) }).then(({ body }) => {
            if (body.errors) throw new Error(JSON.stringify(body.errors));
            return 0;
          }),
        ),
        expireUnpaidPixOrders(others[1]!.db, at, ctx.config.publicUrl),
        expireUnpaidPixOrders(ctx.db, at, ctx.config.publicUrl),
      ]);
      expect(results[0]! + results.at(-2)! + results.at(-1)!).toBe(40);
    } finally {
      for (const other of others) await other.close();
    }

    for (const variantId of ids) {
      const { stock, sold, moved } = await row<{ stock: number; sold: number; moved: number }>(sql`
        SELECT v.stock,
          (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE l.variant_id = v.id AND o.status <> 'CANCELED') AS sold,
          (SELECT coalesce(sum(delta), 0)::int FROM stock_movements m WHERE m.variant_id = v.id) AS moved
        FROM variants v WHERE v.id = ${variantId}`);
      expect(stock).toBe(STOCK - sold);
      expect(moved).toBe(-sold);
    }
    const coupon = await row<{ used: number; redeemed: number; live: number }>(sql`
      SELECT c.used_count AS used,
        (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS redeemed,
        (SELECT count(*)::int FROM orders o WHERE o.coupon_id = c.id AND o.status <> 'CANCELED') AS live
      FROM coupons c WHERE c.code = 'CORRIDA'`);
    expect(coupon.used).toBe(coupon.redeemed);
    expect(coupon.redeemed).toBe(coupon.live);
    expect(coupon.live).toBe(20);
  });
});

describe('mail after commit', () => {
  it('sends the "order received" mail with the Pix code right after placeOrder, not on the next outbox run', async () => {
    // The test app has no periodic outbox run at all: only the kick after commit delivers.
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'MAIL-1', priceCents: 4000, stock: 5 },
    ]);
    const { body } = await graphql(ctx.app, PLACE_ORDER_MUTATION, {
      input: fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        customer: {
          name: 'Rosa Lima',
          email: 'rosa@example.com',
          cpf: '529.982.247-25',
          phone: '11987654321',
        },
      }),
    });
    const placed = body.data?.placeOrder as { number: string; pix: { code: string } };
    await vi.waitFor(
      () => {
        const mail = ctx.mail.sent.find(
          (m) => m.subject === `Recebemos seu pedido ${placed.number}`,
        );
        expect(mail?.to).toBe('rosa@example.com');
        expect(mail?.text).toContain(placed.pix.code);
      },
      { timeout: 2000, interval: 20 },
    );
  });

  it('sends the cancellation mails right after the expiry job runs', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'MAIL-2', priceCents: 4000, stock: 5 },
    ]);
    const number = await placeOrder(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        customer: {
          name: 'Íris Souza',
          email: 'iris@example.com',
          cpf: '529.982.247-25',
          phone: '11987654321',
        },
      }),
    );
    // An app with the expiry plugin (its timer off: the run is triggered here) and no outbox timer.
    const mail = new CapturingTransport();
    const app = buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: false,
      mailTransport: mail,
      mailRetryIntervalMs: 0,
    });
    app.register(pixExpiryPlugin, { enabled: false });
    await app.ready();
    try {
      ctx.clock.advance(25 * HOUR);
      expect(await app.runPixExpiry()).toBeGreaterThanOrEqual(1);
      await vi.waitFor(
        () => {
          const sent = mail.sent.find(
            (m) => m.to === 'iris@example.com' && m.subject === `Pedido ${number} cancelado`,
          );
          expect(sent?.text).toContain('o prazo de pagamento do Pix expirou');
        },
        { timeout: 2000, interval: 20 },
      );
    } finally {
      await app.close();
    }
  });
});
