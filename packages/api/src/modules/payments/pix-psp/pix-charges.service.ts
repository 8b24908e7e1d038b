// Pix through the PSP's API: one immediate charge (cob) per Pix order, kept in pix_charges (the
// outbox of this provider). The worker creates due charges with retries and backoff and polls the
// open ones until paid, removed or expired; a webhook only says which txid to read back. Paying
// an order happens in one place (settle), under the charge row's lock: once, whatever the number
// of webhook deliveries, polls and instances. A charge never delays the order: placeOrder tries to
// create it for a short while and leaves it to the worker otherwise (the static BR Code stays
// meanwhile, payable and confirmed by statement or by hand).
import type { Database, Executor } from '../../../db';
import { formatBRL } from '@vitrine/rules';
import { lockOrderById } from '../../orders/orders.repository';
import type { OrderRow } from '../../orders/orders.tables';
import { appendOrderEvent, applyOrderPaid } from '../../orders/orders.transitions';
import {
  insertPaymentEventOnce,
  markPaymentEventProcessed,
  upsertProviderPayment,
} from '../payments.repository';
import { pixChargeTxid } from './pix-psp.config';
import { PIX_BANK_ACTOR, recordRefundStates } from './pix-refund-states';
import {
  insertPixChargeOnce,
  lockDuePixCharges,
  lockPixCharge,
  pendingPixOrdersWithoutCharge,
  pixChargeByTxid,
  pixOrderById,
  replacePixCodeInPendingMails,
  setPendingOrderPixCode,
  setPixChargesNextAttempt,
  updatePixCharge,
  updatePixChargeToCreate,
} from './pix-charges.repository';
import type { PixChargeRow, PixChargeRowStatus } from './pix-charges.tables';
import { notificationsOf, PixProviderError, type PixCharge, type PixProvider } from './provider';

export const PIX_PSP_PROVIDER = 'pix-psp';
/** How long a worker owns a due row it took (another instance takes it after). */
const LEASE_MS = 60_000;
/** The first poll of an open charge, then doubling up to the cap. */
const POLL_FIRST_MS = 10_000;
const POLL_MAX_MS = 5 * 60_000;
const CREATE_RETRY_FIRST_MS = 2_000;

export type SettleOutcome = 'paid' | 'attention' | 'duplicate' | 'not-paid' | 'unknown';

export interface PixChargesDeps {
  db: Database;
  provider: PixProvider;
  publicUrl: string;
  now?: () => Date;
  /** A Pix was settled: the paid mail is in the outbox (kick the sender). */
  onSettled?: () => void;
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

function backoff(first: number, attempts: number): number {
  return Math.min(first * 2 ** Math.min(attempts, 10), POLL_MAX_MS);
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export class PixCharges {
  constructor(private readonly deps: PixChargesDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  get provider(): PixProvider {
    return this.deps.provider;
  }

  /** The row of an order's charge (TO_CREATE), written once whatever the number of calls. */
  async ensureRow(db: Executor, order: OrderRow): Promise<void> {
    if (order.paymentMethod !== 'PIX' || order.status !== 'PENDING_PAYMENT') return;
    const expiresAt = order.pixExpiresAt ?? order.paymentExpiresAt;
    if (!expiresAt) return;
    await insertPixChargeOnce(db, {
      orderId: order.id,
      txid: pixChargeTxid(order.id),
      amountCents: order.totalCents,
      expiresAt,
      nextAttemptAt: this.now(),
    });
  }

  /**
   * Right after an order: writes its charge and tries to create it at the PSP for up to `waitMs`,
   * so the shopper gets the dynamic code at once; answers the order as it is then (its pix_code
   * the PSP's when created). Never throws: the worker goes on where this stopped.
   */
  async chargeNow(order: OrderRow, waitMs: number): Promise<OrderRow> {
    try {
      await this.ensureRow(this.deps.db, order);
      const creation = this.createOne(pixChargeTxid(order.id));
      await Promise.race([
        creation,
        new Promise((resolve) => setTimeout(resolve, waitMs).unref?.()),
      ]);
      creation.catch(() => undefined);
      const fresh = await pixOrderById(this.deps.db, order.id);
      return fresh ?? order;
    } catch (error) {
      this.deps.log?.error({ err: error, orderId: order.id }, 'pix charge not started');
      return order;
    }
  }

  /** Writes the missing rows of Pix orders still waiting (a crash between order and row). */
  async sweep(limit = 100): Promise<number> {
    const missing = await pendingPixOrdersWithoutCharge(this.deps.db, limit);
    for (const { orders: order } of missing) await this.ensureRow(this.deps.db, order);
    return missing.length;
  }

  /** Takes the due rows (leased, so other instances skip them) and works each. */
  async runDue(limit = 20): Promise<number> {
    const now = this.now();
    const due = await this.deps.db.transaction(async (tx) => {
      const rows = await lockDuePixCharges(tx, now, limit);
      if (rows.length > 0) {
        await setPixChargesNextAttempt(
          tx,
          rows.map((row) => row.txid),
          new Date(now.getTime() + LEASE_MS),
        );
      }
      return rows;
    });
    for (const row of due) {
      try {
        if (row.status === 'TO_CREATE') await this.createOne(row.txid);
        else await this.pollOne(row.txid);
      } catch (error) {
        this.deps.log?.error({ err: error, txid: row.txid }, 'pix charge work failed');
      }
    }
    return due.length;
  }

  private async row(txid: string): Promise<PixChargeRow | null> {
    return pixChargeByTxid(this.deps.db, txid);
  }

  private async order(orderId: string): Promise<OrderRow | null> {
    return (await pixOrderById(this.deps.db, orderId)) ?? null;
  }

  private async setRow(txid: string, values: Partial<PixChargeRow>): Promise<void> {
    await updatePixCharge(this.deps.db, txid, { ...values, updatedAt: this.now() });
  }

  /** Creates a TO_CREATE charge at the PSP; retried with backoff while the PSP is unavailable. */
  async createOne(txid: string): Promise<void> {
    const row = await this.row(txid);
    if (!row || row.status !== 'TO_CREATE') return;
    const order = await this.order(row.orderId);
    const now = this.now();
    if (!order || order.status !== 'PENDING_PAYMENT' || row.expiresAt <= now) {
      await this.setRow(txid, { status: 'EXPIRED' });
      return;
    }
    let charge: PixCharge;
    try {
      charge = await this.deps.provider.createCharge({
        txid,
        amountCents: row.amountCents,
        expiresInSeconds: Math.max(60, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
        payer: order.customerCpf ? { name: order.customerName, cpf: order.customerCpf } : null,
        description: `Pedido ${order.number}`,
      });
    } catch (error) {
      const retry = error instanceof PixProviderError && error.code === 'UNAVAILABLE';
      await this.setRow(txid, {
        status: retry ? 'TO_CREATE' : 'FAILED',
        attempts: row.attempts + 1,
        lastError: errorText(error),
        nextAttemptAt: new Date(now.getTime() + backoff(CREATE_RETRY_FIRST_MS, row.attempts)),
      });
      this.deps.log?.warn({ err: error, txid, retry }, 'pix charge not created');
      return;
    }
    await this.deps.db.transaction(async (tx) => {
      await updatePixChargeToCreate(tx, txid, {
        status: charge.status === 'ATIVA' ? 'ATIVA' : charge.status,
        location: charge.location,
        pixCopiaECola: charge.pixCopiaECola,
        attempts: 0,
        lastError: null,
        nextAttemptAt: new Date(now.getTime() + POLL_FIRST_MS),
        updatedAt: now,
      });
      if (charge.pixCopiaECola) await useDynamicCode(tx, order, charge.pixCopiaECola);
    });
    if (charge.status === 'CONCLUIDA') await this.settle(txid, charge);
  }

  /** Reads an open charge back: settles it when paid, follows removals, removes it when the
   * order no longer waits (canceled or paid another way), or polls it again later. */
  async pollOne(txid: string): Promise<void> {
    const row = await this.row(txid);
    if (!row || row.status !== 'ATIVA') return;
    const now = this.now();
    const reschedule = (error: unknown) =>
      this.setRow(txid, {
        attempts: row.attempts + 1,
        lastError: error ? errorText(error) : null,
        nextAttemptAt: new Date(now.getTime() + backoff(POLL_FIRST_MS, row.attempts + 1)),
      });
    let charge: PixCharge;
    try {
      charge = await this.deps.provider.getCharge(txid);
    } catch (error) {
      await reschedule(error);
      return;
    }
    if (charge.status === 'CONCLUIDA' || charge.pix.length > 0) {
      await this.settle(txid, charge);
      return;
    }
    if (charge.status !== 'ATIVA') {
      await this.setRow(txid, { status: charge.status });
      return;
    }
    const order = await this.order(row.orderId);
    if (!order || order.status !== 'PENDING_PAYMENT') {
      // Nobody should pay a charge whose order is gone or paid another way.
      try {
        const removed = await this.deps.provider.cancelCharge(txid);
        await this.setRow(txid, { status: removed.status });
      } catch (error) {
        await reschedule(error);
      }
      return;
    }
    if (row.expiresAt.getTime() + 5 * 60_000 <= now.getTime()) {
      await this.setRow(txid, { status: 'EXPIRED' });
      return;
    }
    await reschedule(null);
  }

  /** A webhook's body: each txid named is read back from the PSP and settled when paid. */
  async onWebhook(body: unknown): Promise<{ settled: number; unavailable: boolean }> {
    let settled = 0;
    let unavailable = false;
    for (const notification of notificationsOf(body)) {
      if (!notification.txid) continue;
      const row = await this.row(notification.txid);
      if (!row) continue;
      let charge: PixCharge;
      try {
        charge = await this.deps.provider.getCharge(notification.txid);
      } catch (error) {
        unavailable = true;
        // Polled soon instead.
        await this.setRow(notification.txid, { nextAttemptAt: this.now() });
        this.deps.log?.warn({ err: error, txid: notification.txid }, 'pix webhook: no read-back');
        continue;
      }
      if (charge.pix.length === 0) continue; // what the body claimed is not what the PSP says
      if ((await this.settle(notification.txid, charge)) === 'paid') settled += 1;
      // A later webhook of a paid charge tells what became of its devoluções.
      await recordRefundStates(this.deps.db, row.orderId, charge, PIX_PSP_PROVIDER);
    }
    return { settled, unavailable };
  }

  /**
   * Records what the PSP says was received for a charge and, when it is exactly the order's total
   * and the order still waits, marks the order paid. Once: the charge row is locked and its
   * CONCLUIDA is the mark.
   */
  async settle(txid: string, charge: PixCharge): Promise<SettleOutcome> {
    const received = charge.pix.reduce((sum, pix) => sum + pix.amountCents, 0);
    if (received <= 0) return 'not-paid';
    const endToEndId = charge.pix[0]!.endToEndId;
    const outcome = await this.deps.db.transaction(async (tx): Promise<SettleOutcome> => {
      const row = await lockPixCharge(tx, txid);
      if (!row) return 'unknown';
      if (row.status === 'CONCLUIDA') return 'duplicate';
      const order = await lockOrderById(tx, row.orderId);
      if (!order) return 'unknown';
      const eventId = await insertPaymentEventOnce(tx, {
        provider: PIX_PSP_PROVIDER,
        eventId: `cob:${txid}:${endToEndId}`,
        type: 'payment.approved',
        providerPaymentId: endToEndId,
        payload: { txid, status: charge.status, pix: charge.pix },
      });
      const data = { provider: PIX_PSP_PROVIDER, txid, endToEndId, amountCents: received };
      let result: SettleOutcome = 'attention';
      const paymentId = await upsertProviderPayment(tx, {
        orderId: order.id,
        provider: PIX_PSP_PROVIDER,
        providerPaymentId: endToEndId,
        method: 'PIX',
        status: 'approved',
        amountCents: received,
        raw: { txid, endToEndId, pix: charge.pix },
      });
      if (order.status === 'PENDING_PAYMENT' && received === order.totalCents) {
        await applyOrderPaid(tx, { publicUrl: this.deps.publicUrl }, PIX_BANK_ACTOR, order, {
          recordManualPayment: false,
          note: 'Pix confirmado pelo banco.',
          data,
        });
        result = 'paid';
      } else {
        // Never paid on another amount or after the order was closed: staff decide (a refund).
        await appendOrderEvent(tx, {
          orderId: order.id,
          type: 'payment',
          actor: PIX_BANK_ACTOR,
          note:
            order.status === 'PENDING_PAYMENT'
              ? `Pix de ${formatBRL(received)} recebido pelo banco difere do total do pedido (${formatBRL(order.totalCents)}): o pedido não foi marcado como pago.`
              : `Pix de ${formatBRL(received)} recebido pelo banco com o pedido já no status ${order.status}: confira e devolva se for o caso.`,
          data: { ...data, attention: true },
        });
      }
      await updatePixCharge(tx, txid, {
        status: 'CONCLUIDA' satisfies PixChargeRowStatus,
        endToEndId,
        receivedCents: received,
        paidAt: charge.pix[0]!.paidAt,
        updatedAt: this.now(),
      });
      if (eventId) await markPaymentEventProcessed(tx, eventId, { orderId: order.id, paymentId });
      return result;
    });
    if (outcome === 'paid' || outcome === 'attention') this.deps.onSettled?.();
    return outcome;
  }
}

/**
 * The order shows the PSP's code from now on (its page, the mails still waiting to be sent): the
 * static code stays payable, but only the charge's is confirmed by the bank on its own.
 */
async function useDynamicCode(tx: Executor, order: OrderRow, code: string): Promise<void> {
  const previous = order.pixCode;
  await setPendingOrderPixCode(tx, order.id, code);
  if (!previous || previous === code) return;
  await replacePixCodeInPendingMails(tx, order.customerEmail, previous, code);
}
