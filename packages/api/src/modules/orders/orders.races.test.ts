// Two staff acting on the same order at once (issue 13): one wins, the other is told why in
// Portuguese, and nothing happens twice: no double refund, no double stock return, no double
// coupon release, no double mail. Each pair is fired with Promise.all, on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL, where the transitions queue on the order row's lock.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  signInStaffRoles,
  STAFF_PASSWORD,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import { stockMovements } from '../catalog/catalog.tables';
import { coupons } from '../coupons/coupons.tables';
import { mailOutbox } from '../mail/mail.tables';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  stockOf,
  type FixtureCatalog,
} from './orders.fixtures';
import { orderEvents, orderRefunds, orders, type OrderRow } from './orders.tables';

const FIELDS = 'id status paymentStatus refundedCents';
const MUTATION = {
  refundAll: `mutation($id: ID!, $amount: Int!) { r: orderRefund(id: $id, amountCents: $amount, reason: "Devolução") { ${FIELDS} } }`,
  cancel: `mutation($id: ID!) { r: orderCancel(id: $id, reason: "Cliente desistiu") { ${FIELDS} } }`,
  ship: `mutation($id: ID!) { r: orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456785BR") { ${FIELDS} } }`,
  markPaid: `mutation($id: ID!) { r: orderMarkPaid(id: $id) { ${FIELDS} } }`,
  bulkMarkPaid: `mutation($id: ID!) { r: ordersMarkPaid(ids: [$id]) { ok error order { ${FIELDS} } } }`,
  resend: `mutation($id: ID!) { r: orderResendLastMail(id: $id) { id } }`,
};

interface Outcome {
  ok: boolean;
  message: string | null;
  code: string | null;
}

let ctx: TestContext;
let catalog: FixtureCatalog;
/** The staff trio and a second ADMIN (payments and refunds are ADMIN only). */
type Who = StaffRoleKey | 'otherAdmin';
let staff: Record<Who, SignedInStaff>;
/** Each pair runs on a few orders at once, so their transactions really interleave. */
const ROUNDS = 3;

async function attempt(
  name: keyof typeof MUTATION,
  variables: Record<string, unknown>,
  who: Who,
): Promise<Outcome> {
  const { statusCode, body } = await graphql(ctx.app, MUTATION[name], variables, staff[who].token);
  expect(statusCode).toBe(200);
  const error = body.errors?.[0];
  if (error) return { ok: false, message: error.message, code: error.extensions?.code ?? null };
  // ordersMarkPaid reports an order's failure in its result, not as an error.
  const data = body.data?.r;
  const bulk = Array.isArray(data) ? (data[0] as { ok: boolean; error: string | null }) : null;
  if (bulk && !bulk.ok) return { ok: false, message: bulk.error, code: 'BULK' };
  return { ok: true, message: null, code: null };
}

function onlyOneWins(outcomes: Outcome[]): Outcome {
  expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
  const loser = outcomes.find((o) => !o.ok)!;
  expect(loser.code).not.toBe('INTERNAL_SERVER_ERROR');
  return loser;
}

async function eventsOf(orderId: string, type: string) {
  return ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));
}

async function mailsAbout(order: OrderRow, subject: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, order.customerEmail), eq(mailOutbox.subject, subject)));
}

async function rowOf(id: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

function paidOrders(count: number, extra: Partial<Parameters<typeof insertFixtureOrder>[1]> = {}) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      insertFixtureOrder(ctx.db, {
        status: 'PAID',
        customerEmail: `corrida${i}-${Math.random().toString(36).slice(2, 8)}@example.com`,
        lines: [
          { variant: catalog.shirt, quantity: 2 },
          { variant: catalog.cap, quantity: 1 },
        ],
        ...extra,
      }),
    ),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const trio = await signInStaffRoles(ctx, {
    managerBrandIds: [catalog.brandA],
    names: { admin: 'Ana Admin', manager: 'Bia Aurora', support: 'Sérgio Suporte' },
  });
  const other = await createStaffUser(ctx.db, {
    email: 'admin2@vitrine.test',
    password: STAFF_PASSWORD,
    role: 'ADMIN',
    name: 'Otto Admin',
  });
  const token = await loginAs(ctx.app, other.email, STAFF_PASSWORD);
  staff = { ...trio, otherAdmin: { id: other.id, email: other.email, name: other.name, token } };
});

afterAll(async () => {
  await ctx.close();
});

describe('two staff on the same order at once', () => {
  it('refunds the whole amount once when two full refunds race', async () => {
    const placed = await paidOrders(ROUNDS);
    const outcomes = await Promise.all(
      placed.flatMap((order) => [
        attempt('refundAll', { id: order.id, amount: order.totalCents }, 'admin'),
        attempt('refundAll', { id: order.id, amount: order.totalCents }, 'otherAdmin'),
      ]),
    );
    for (const [i, order] of placed.entries()) {
      const loser = onlyOneWins(outcomes.slice(2 * i, 2 * i + 2));
      expect(loser).toEqual({
        ok: false,
        message: 'Não é possível reembolsar um pedido com status Reembolsado.',
        code: 'BAD_USER_INPUT',
      });
      const after = await rowOf(order.id);
      expect(after).toMatchObject({
        status: 'REFUNDED',
        paymentStatus: 'REFUNDED',
        refundedCents: order.totalCents,
      });
      const refunds = await ctx.db
        .select({
          total: sql<number>`sum(${orderRefunds.amountCents})::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id));
      expect(refunds[0]).toEqual({ total: order.totalCents, n: 1 });
      expect(await eventsOf(order.id, 'refunded')).toHaveLength(1);
      expect(await mailsAbout(order, `Reembolso do pedido ${order.number}`)).toHaveLength(1);
    }
  });

  it('returns the stock and the coupon once when two cancellations race', async () => {
    const [coupon] = await ctx.db
      .insert(coupons)
      .values({ code: 'CORRIDA', kind: 'percent', percent: 10, usageLimit: 10 })
      .returning();
    const shirtBefore = await stockOf(ctx.db, catalog.shirt.id);
    const capBefore = await stockOf(ctx.db, catalog.cap.id);
    const placed: OrderRow[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      placed.push(
        await insertFixtureOrder(ctx.db, {
          status: 'PAID',
          customerEmail: `cancela${i}@example.com`,
          couponId: coupon!.id,
          discountCents: 100,
          takeStock: true,
          lines: [
            { variant: catalog.shirt, quantity: 2 },
            { variant: catalog.cap, quantity: 1 },
          ],
        }),
      );
    }
    expect(await stockOf(ctx.db, catalog.shirt.id)).toBe(shirtBefore - 2 * ROUNDS);
    const outcomes = await Promise.all(
      placed.flatMap((order) => [
        attempt('cancel', { id: order.id }, 'admin'),
        attempt('cancel', { id: order.id }, 'support'),
      ]),
    );
    for (const [i, order] of placed.entries()) {
      expect(onlyOneWins(outcomes.slice(2 * i, 2 * i + 2))).toEqual({
        ok: false,
        message: 'Não é possível cancelar um pedido com status Cancelado.',
        code: 'BAD_USER_INPUT',
      });
      expect(await eventsOf(order.id, 'canceled')).toHaveLength(1);
      expect(await mailsAbout(order, `Pedido ${order.number} cancelado`)).toHaveLength(1);
    }
    // Every unit back exactly once, one ledger row per variant and order.
    expect(await stockOf(ctx.db, catalog.shirt.id)).toBe(shirtBefore);
    expect(await stockOf(ctx.db, catalog.cap.id)).toBe(capBefore);
    for (const order of placed) {
      const movements = await ctx.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.reason, `Pedido ${order.number} cancelado`));
      expect(movements.map((m) => m.delta).sort()).toEqual([1, 2]);
    }
    const [after] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after?.usedCount).toBe(0);
  });

  it('lets either shipping or cancelling win, never both, and the stock follows the winner', async () => {
    const capBefore = await stockOf(ctx.db, catalog.cap.id);
    const placed: OrderRow[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      placed.push(
        await insertFixtureOrder(ctx.db, {
          status: 'PAID',
          customerEmail: `envio${i}@example.com`,
          takeStock: true,
          lines: [{ variant: catalog.cap, quantity: 1 }],
        }),
      );
    }
    const outcomes = await Promise.all(
      placed.flatMap((order) => [
        attempt('ship', { id: order.id }, 'admin'),
        attempt('cancel', { id: order.id }, 'support'),
      ]),
    );
    let canceled = 0;
    for (const [i, order] of placed.entries()) {
      const [shipped, cancel] = outcomes.slice(2 * i, 2 * i + 2);
      const loser = onlyOneWins([shipped!, cancel!]);
      const after = await rowOf(order.id);
      if (shipped!.ok) {
        expect(after.status).toBe('SHIPPED');
        expect(loser.message).toBe('Não é possível cancelar um pedido com status Enviado.');
        expect(await eventsOf(order.id, 'canceled')).toHaveLength(0);
      } else {
        canceled += 1;
        expect(after.status).toBe('CANCELED');
        expect(loser.message).toBe('Não é possível enviar um pedido com status Cancelado.');
        expect(await eventsOf(order.id, 'shipped')).toHaveLength(0);
        expect(after.trackingCode).toBeNull();
      }
    }
    // Only the canceled ones gave their cap back.
    expect(await stockOf(ctx.db, catalog.cap.id)).toBe(capBefore - ROUNDS + canceled);
  });

  it('confirms a Pix payment once when the bulk and the single confirmation race', async () => {
    const placed = await Promise.all(
      Array.from({ length: ROUNDS }, (_, i) =>
        insertFixtureOrder(ctx.db, {
          customerEmail: `pix-corrida${i}@example.com`,
          lines: [{ variant: catalog.shirt, quantity: 1 }],
        }),
      ),
    );
    const outcomes = await Promise.all(
      placed.flatMap((order) => [
        attempt('markPaid', { id: order.id }, 'admin'),
        attempt('bulkMarkPaid', { id: order.id }, 'otherAdmin'),
      ]),
    );
    for (const [i, order] of placed.entries()) {
      expect(onlyOneWins(outcomes.slice(2 * i, 2 * i + 2)).message).toBe(
        'Não é possível marcar como pago um pedido com status Pago.',
      );
      expect(await eventsOf(order.id, 'paid')).toHaveLength(1);
      expect(await mailsAbout(order, `Pagamento confirmado: pedido ${order.number}`)).toHaveLength(
        1,
      );
    }
  });

  it('counts racing resends against the throttle: never more than 3 an hour', async () => {
    const [order] = await paidOrders(1);
    // A mail to resend: the refund of one centavo.
    expect((await attempt('refundAll', { id: order!.id, amount: 1 }, 'admin')).ok).toBe(true);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        attempt('resend', { id: order!.id }, i % 2 === 0 ? 'admin' : 'support'),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.code)).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    expect(await eventsOf(order!.id, 'mail_resent')).toHaveLength(3);
  });
});
