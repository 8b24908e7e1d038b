// Unpaid Pix orders expire: a periodic job cancels them with reason 'expirado', returns their stock
// and their coupon use, and mails the shopper. Safe with several server instances: each order is
// claimed with FOR UPDATE SKIP LOCKED, so two instances never process the same one.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import { orderCanceledMail } from '../fulfilment/fulfilment.mail';
import { getStoreSettings } from '../settings/settings.repository';
import { enqueueMail } from './checkout.mail';
import { insertOrderEvent, insertStockMovements, orderLinesOf } from './checkout.repository';
import type { OrderRow } from '../commerce/commerce.tables';
import { orders } from '../commerce/commerce.tables';

export const PIX_EXPIRED_REASON = 'expirado';
const BATCH_SIZE = 50;

/** Cancels one claimed order: status, stock back in a fixed order, coupon use, timeline, mail. */
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
    .where(sql`${orders.id} = ${order.id} AND ${orders.status} = 'PENDING_PAYMENT'`)
    .returning({ id: orders.id });
  if (updated.length === 0) return false;

  const lines = await orderLinesOf(tx, order.id);
  const restock = lines
    .filter((line): line is typeof line & { variantId: string } => line.variantId !== null)
    .sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  for (const line of restock) {
    await tx.execute(
      sql`UPDATE variants SET stock = stock + ${line.quantity}, updated_at = now() WHERE id = ${line.variantId}`,
    );
  }
  await insertStockMovements(
    tx,
    restock.map((line) => ({
      variantId: line.variantId,
      delta: line.quantity,
      reason: `Pedido ${order.number} expirado`,
    })),
  );
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
    data: { reason: PIX_EXPIRED_REASON },
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
      },
      'o prazo de pagamento do Pix expirou',
      false,
    ),
  );
  return true;
}

/**
 * Cancels every unpaid Pix order whose code expired before `now`; returns how many. Each batch is
 * one transaction; orders locked by someone else (staff marking one paid, another instance) are
 * skipped and picked up on a later run if still unpaid.
 */
export async function expireUnpaidPixOrders(
  db: Database,
  now: Date,
  publicUrl: string,
): Promise<number> {
  const settings = await getStoreSettings(db);
  const ctx = { storeName: settings.storeName, publicUrl };
  let total = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const claimed = await tx
        .select()
        .from(orders)
        .where(
          sql`${orders.status} = 'PENDING_PAYMENT' AND ${orders.paymentMethod} = 'PIX' AND ${orders.pixExpiresAt} <= ${now.toISOString()}::timestamptz`,
        )
        .orderBy(orders.pixExpiresAt)
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      let expired = 0;
      for (const order of claimed) {
        if (await expireOrder(tx, order, ctx)) expired += 1;
      }
      return { claimed: claimed.length, expired };
    });
    total += count.expired;
    if (count.claimed < BATCH_SIZE) return total;
  }
}

export interface PixExpiryOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to look for expired orders; default one minute. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the Pix expiry once now (also what the interval calls); resolves to the count. */
    runPixExpiry(): Promise<number>;
  }
}

/** Registers the periodic Pix expiry; needs the db plugin (app.db, app.config, app.clock). */
export const pixExpiryPlugin = fp<PixExpiryOptions>(
  async (app: FastifyInstance, opts) => {
    let running: Promise<number> | null = null;
    const run = (): Promise<number> => {
      // One run at a time per instance; other instances are kept apart by SKIP LOCKED.
      running ??= expireUnpaidPixOrders(app.db, new Date(app.clock.now()), app.config.publicUrl)
        .catch((err: unknown) => {
          app.log.error({ err }, 'Pix expiry job failed');
          return 0;
        })
        .finally(() => {
          running = null;
        });
      return running;
    };
    if (!app.hasDecorator('runPixExpiry')) app.decorate('runPixExpiry', run);
    if (!opts.enabled) return;
    const timer = setInterval(() => void run(), opts.intervalMs ?? 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'vitrine-pix-expiry', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
