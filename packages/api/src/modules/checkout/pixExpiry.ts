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
import type { Database, Executor } from '../../db';
import { periodicJob } from '../../lib/periodic-job';
import { orderCanceledMail } from '../orders/orders.mail';
import { mailPickupOf } from '../orders/orders.transitions';
import { getStoreSettings } from '../settings/settings.repository';
import { enqueueMail } from './checkout.mail';
import { insertOrderEvent, orderLinesOf } from '../orders/orders.repository';
import { insertStockMovements } from './checkout.repository';
import type { OrderRow } from '../orders/orders.tables';
import {
  claimExpiredOrder,
  expiryCandidates,
  markOrderExpired,
  releaseCouponUse,
  returnStock,
  type ExpiryCandidate,
} from './pixExpiry.repository';

export const PIX_EXPIRED_REASON = 'expirado';
const BATCH_SIZE = 50;

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
  if (!(await markOrderExpired(tx, order.id, PIX_EXPIRED_REASON))) return false;

  const lines = await orderLinesOf(tx, order.id);
  // Ascending variant id, one row at a time, as checkout takes them; a variant on two lines is
  // restocked once with both quantities.
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId === null) continue;
    quantities.set(line.variantId, (quantities.get(line.variantId) ?? 0) + line.quantity);
  }
  const restock = [...quantities.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await returnStock(tx, restock);
  await insertStockMovements(
    tx,
    restock.map(([variantId, quantity]) => ({
      variantId,
      delta: quantity,
      reason: `Pedido ${order.number} expirado`,
    })),
  );
  // The coupon after the variants, as in checkout.
  if (order.couponId) await releaseCouponUse(tx, order.id, order.couponId);
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
  let after: ExpiryCandidate | null = null;
  for (;;) {
    const page = await expiryCandidates(db, cutoff, after, batchSize);
    for (const candidate of page) {
      const expired = await db.transaction(async (tx) => {
        const order = await claimExpiredOrder(tx, candidate.id, cutoff);
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
