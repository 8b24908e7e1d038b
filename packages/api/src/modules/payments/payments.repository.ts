// Database access of gateway payments: the store's Pix key, an order's payments at the gateway,
// the once-per-event record of notifications, and the refunds returned through the gateway.
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  orderEvents,
  orderRefunds,
  orders,
  payments,
  type OrderRow,
  type PaymentRow,
} from '../orders/orders.tables';
import { paymentSettings } from '../settings/settings.tables';
import { paymentEvents } from './payments.tables';

export async function findStorePixKey(db: Executor): Promise<string | null> {
  const [settings] = await db
    .select({ pixKey: paymentSettings.pixKey })
    .from(paymentSettings)
    .limit(1);
  return settings?.pixKey ?? null;
}

/**
 * The gateway's answer stored with the newest pending payment of the order, while the order is
 * a boleto one still waiting for payment; undefined when there is none.
 */
export async function findPendingBoletoPaymentRaw(
  db: Executor,
  orderNumber: string,
): Promise<unknown> {
  const [row] = await db
    .select({ raw: payments.raw })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.number, orderNumber),
        eq(orders.status, 'PENDING_PAYMENT'),
        eq(orders.paymentMethod, 'BOLETO'),
        eq(payments.status, 'pending'),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row?.raw;
}

/** The order's newest payment at the provider in one of the statuses, or null. */
export async function findNewestPaymentInStatus(
  db: Executor,
  orderId: string,
  provider: string,
  statuses: readonly string[],
): Promise<PaymentRow | null> {
  const [live] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        inArray(payments.status, [...statuses]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return live ?? null;
}

/**
 * How many of the order's payments at the provider ended without a charge alive (refused,
 * cancelled...): every one of them was an attempt of its own. Payments still alive are not
 * counted, so calls racing over the same attempt compute the same number.
 */
export async function countEndedPaymentAttempts(
  db: Executor,
  orderId: string,
  provider: string,
  liveStatuses: readonly string[],
): Promise<number> {
  const [attempts] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        notInArray(payments.status, [...liveStatuses]),
      ),
    );
  return Number(attempts?.n ?? 0);
}

/** An approved payment of the order at the provider, or null. */
export async function findApprovedPayment(
  db: Executor,
  orderId: string,
  provider: string,
): Promise<PaymentRow | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        eq(payments.status, 'approved'),
      ),
    )
    .limit(1);
  return payment ?? null;
}

export async function orderStatusOf(
  db: Executor,
  orderId: string,
): Promise<OrderRow['status'] | null> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status ?? null;
}

/** Reads the order by number and locks its row (`for update`) until the transaction ends. */
export async function lockOrderByNumber(db: Executor, number: string): Promise<OrderRow | null> {
  return (await db.select().from(orders).where(eq(orders.number, number)).for('update'))[0] ?? null;
}

/** The order's payment status, set only while the order still waits for payment. */
export async function setPendingOrderPaymentStatus(
  db: Executor,
  orderId: string,
  paymentStatus: OrderRow['paymentStatus'],
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentStatus, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING_PAYMENT')));
}

/**
 * A waiting card order re-priced for another instalment plan, with a timeline entry: its
 * instalments, the plan's interest and the total the card is charged. False when the order no
 * longer waits for its card payment (nothing changes then).
 */
export async function setCardInstallmentPlan(
  db: Executor,
  orderId: string,
  plan: { installments: number; interestCents: number; totalCents: number; note: string },
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({
      installments: plan.installments,
      interestCents: plan.interestCents,
      totalCents: plan.totalCents,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'PENDING_PAYMENT'),
        eq(orders.paymentMethod, 'CARD'),
      ),
    )
    .returning({ id: orders.id });
  if (updated.length === 0) return false;
  await db.insert(orderEvents).values({
    orderId,
    type: 'installments_changed',
    actor: 'customer',
    note: plan.note,
    data: {
      installments: plan.installments,
      interestCents: plan.interestCents,
      totalCents: plan.totalCents,
    },
  });
  return true;
}

export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/**
 * Records a gateway notification unless the same (provider, event id) is recorded already: its
 * id, or null for a duplicate. The unique key makes concurrent copies wait for the first one.
 */
export async function insertPaymentEventOnce(
  db: Executor,
  event: NewPaymentEvent,
): Promise<string | null> {
  const [stored] = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return stored?.id ?? null;
}

export async function markPaymentEventProcessed(
  db: Executor,
  eventId: string,
  links?: { orderId: string; paymentId: string | null },
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ processedAt: sql`now()`, ...links })
    .where(eq(paymentEvents.id, eventId));
}

export type NewPayment = typeof payments.$inferInsert;

/**
 * Inserts the gateway payment, or updates its status, amount and answer when the provider's
 * payment id is recorded already: its id.
 */
export async function upsertProviderPayment(
  db: Executor,
  payment: NewPayment,
): Promise<string | null> {
  const [row] = await db
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerPaymentId],
      set: {
        status: payment.status,
        amountCents: payment.amountCents,
        raw: payment.raw,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: payments.id });
  return row?.id ?? null;
}

/** Ties a staff refund to the payment it went back through and the gateway's refund id. */
export async function linkRefundToGatewayPayment(
  db: Executor,
  refundId: string,
  paymentId: string,
  providerRefundId: string,
): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ paymentId, providerRefundId })
    .where(eq(orderRefunds.id, refundId));
}

export async function addPaymentRefundedCents(
  db: Executor,
  paymentId: string,
  amountCents: number,
): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${amountCents}`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}
