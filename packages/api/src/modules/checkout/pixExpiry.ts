// Unpaid orders expire: a periodic job cancels them with reason 'expirado', returns their stock
// and their coupon use, and mails the shopper. Pix and card orders after the Pix expiry setting,
// boleto orders after the boleto's due date plus the days a payment takes to clear. Safe with
// several server instances: each order is claimed with FOR UPDATE SKIP LOCKED.
//
// Lock order: each order is expired in its own transaction, which locks the order row, then its
// variants in ascending id, then its coupon: the order in which checkout takes variants and
// coupon, so the job and a checkout on the same variants can never wait on each other in a cycle.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import { periodicJob } from '../../lib/periodic-job';
import { orderCanceledMail } from '../orders/orders.mail';
import { mailPickupOf } from '../orders/orders.transitions';
import { getStoreSettings } from '../settings/settings.repository';
import { enqueueMail } from './checkout.mail';
import { insertOrderEvent, orderLinesOf } from '../orders/orders.repository';
import { insertStockMovements } from './checkout.repository';
import type { OrderRow } from '../orders/orders.tables';
import { orders } from '../orders/orders.tables';

export const PIX_EXPIRED_REASON = 'expirado';
const BATCH_SIZE = 50;

/** The deadline of an unpaid order (rows from before migration 0005 only have the Pix one). */
const deadline = sql`coalesce(${orders.paymentExpiresAt}, ${orders.pixExpiresAt})`;
/**
 * Still waiting for money: a card payment authorised (or in review) at the gateway is left to
 * the gateway's verdict rather than canceled under it.
 */
const stillUnpaid = sql`${orders.status} = 'PENDING_PAYMENT' AND ${orders.paymentStatus} IN ('PENDING', 'FAILED', 'CANCELED')`;

const EXPIRY_REASON_TEXT: Record<OrderRow['paymentMethod'], string> = {
  PIX: 'o prazo de pagamento do Pix expirou',
  CARD: 'o prazo para o pagamento com cartão expirou',
  BOLETO: 'o boleto venceu sem pagamento',
};

/** Cancels one locked order: status, stock back in a fixed order, coupon use, timeline, mail. */
async function expireOrder(
  tx: Executor,
  order: OrderRow,
  ctx: { storeName: string; publicUrl: string },
) {
  const updated = await tx
    .update(orders)
    .set({
      status: 'CANCELED',
      paymentStatus: 'EXPIRED',
      fulfilmentStatus: 'CANCELED',
      canceledAt: sql`now()`,
      cancelReason: PIX_EXPIRED_REASON,
      updatedAt: sql`now()`,
    })
    .where(sql`${orders.id} = ${order.id} AND ${stillUnpaid}`)
    .returning({ id: orders.id });
  if (updated.length === 0) return false;

  const lines = await orderLinesOf(tx, order.id);
  // Ascending variant id, one row at a time, as checkout takes them; a variant on two lines is
  // restocked once with both quantities.
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId === null) continue;
    quantities.set(line.variantId, (quantities.get(line.variantId) ?? 0) + line.quantity);
  }
  const restock = [...quantities.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [variantId, quantity] of restock) {
    await tx.execute(
      sql`UPDATE variants SET stock = stock + ${quantity}, updated_at = now() WHERE id = ${variantId}`,
    );
  }
  await insertStockMovements(
    tx,
    restock.map(([variantId, quantity]) => ({
      variantId,
      delta: quantity,
      reason: `Pedido ${order.number} expirado`,
    })),
  );
  // The coupon after the variants, as in checkout.
  if (order.couponId) {
    const released = await tx.execute(
      sql`DELETE FROM coupon_redemptions WHERE order_id = ${order.id} RETURNING id`,
    );
    if (released.rows.length > 0) {
      await tx.execute(
        sql`UPDATE coupons SET used_count = greatest(used_count - 1, 0), updated_at = now() WHERE id = ${order.couponId}`,
      );
    }
  }
  await insertOrderEvent(tx, {
    orderId: order.id,
    type: 'canceled',
    fromStatus: 'PENDING_PAYMENT',
    toStatus: 'CANCELED',
    actor: 'system',
    note: PIX_EXPIRED_REASON,
    data: { reason: PIX_EXPIRED_REASON, paymentMethod: order.paymentMethod },
  });
  await enqueueMail(
    tx,
    orderCanceledMail(
      ctx,
      {
        number: order.number,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        totalCents: order.totalCents,
        lines,
        pickup: mailPickupOf({ ...order, status: 'CANCELED' }),
      },
      EXPIRY_REASON_TEXT[order.paymentMethod],
      false,
    ),
  );
  return true;
}

/**
 * Cancels every unpaid order (Pix, card or boleto) whose payment deadline passed before `now`;
 * returns how many. Candidates are read in pages by (deadline, id); each one is then claimed and
 * expired in its own short transaction, so a lock is never held across orders. An order locked
 * by someone else (staff marking it paid, another instance) is skipped and picked up on a later
 * run if still unpaid.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date,
  publicUrl: string,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const settings = await getStoreSettings(db);
  const ctx = { storeName: settings.storeName, publicUrl };
  const cutoff = now.toISOString();
  let total = 0;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page: { id: string; at: string }[] = (
      await db.execute<{ id: string; at: string }>(sql`
        SELECT id, ${deadline}::text AS at FROM orders
        WHERE status = 'PENDING_PAYMENT' AND ${deadline} <= ${cutoff}::timestamptz
          ${after ? sql`AND (${deadline}, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY ${deadline}, id
        LIMIT ${batchSize}`)
    ).rows;
    for (const candidate of page) {
      const expired = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(
            sql`${orders.id} = ${candidate.id} AND ${stillUnpaid} AND ${deadline} <= ${cutoff}::timestamptz`,
          )
          .for('update', { skipLocked: true });
        return order ? expireOrder(tx, order, ctx) : false;
      });
      if (expired) total += 1;
    }
    const last = page.at(-1);
    if (page.length < batchSize || !last) return total;
    after = { at: last.at, id: last.id };
  }
}

/** The former name, kept for callers written when only Pix orders expired. */
export const expireUnpaidPixOrders = expireUnpaidOrders;

export interface PixExpiryOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to look for expired orders; default one minute. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the payment expiry once now (also what the interval calls); resolves to the count. */
    runPixExpiry(): Promise<number>;
  }
}

/** Registers the periodic Pix expiry; needs the db plugin (app.db, app.config, app.clock). */
export const pixExpiryPlugin = fp<PixExpiryOptions>(
  async (app: FastifyInstance, opts) => {
    // One run at a time per instance; other instances are kept apart by SKIP LOCKED.
    const run = periodicJob(app, {
      name: 'Pix expiry job',
      enabled: opts.enabled,
      ...(opts.intervalMs === undefined ? {} : { intervalMs: opts.intervalMs }),
      fallback: 0,
      work: async () => {
        const count = await expireUnpaidOrders(
          app.db,
          new Date(app.clock.now()),
          app.config.publicUrl,
        );
        // The cancellation mails were committed to the outbox: send them now.
        if (count > 0) app.mail.kick();
        return count;
      },
    });
    if (!app.hasDecorator('runPixExpiry')) app.decorate('runPixExpiry', run);
  },
  { name: 'vitrine-pix-expiry', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
