// Bulk staff actions of the orders grid (ship several paid orders, confirm several Pix payments)
// and the resend of an order's last mail. Each order of a bulk action goes through the same
// transition as the single mutation, in its own transaction, and succeeds or fails on its own.
import { checkBulkOrderIds, ORDER_INPUT_LIMITS } from '@vitrine/rules';
import type { Database } from '../../db';
import { AppGraphQLError, badUserInput, notFound, rateLimited } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import { isUuid } from '../../lib/ids';
import { enqueueMail } from '../mail/mail.service';
import { lockOrderById, touchOrder } from './orders.repository';
import { countMailResends, lastMailOfOrder } from './orders.staff.repository';
import { visibleOrder } from './orders.staff.service';
import type { OrderRow } from './orders.tables';
import {
  appendOrderEvent,
  assertMayChangeOrder,
  cleanNote,
  markOrderPaid,
  ORDER_NOT_FOUND_MESSAGE,
  shipOrder,
  staffActor,
  type FulfilmentDeps,
} from './orders.transitions';

export const MAX_BULK_ORDERS = ORDER_INPUT_LIMITS.bulk;
/** Resends of one order's mails per RESEND_WINDOW_SECONDS, whoever asks. */
export const MAX_RESENDS = 3;
export const RESEND_WINDOW_SECONDS = 3600;
const UNEXPECTED_FAILURE = 'Não foi possível concluir neste pedido: tente de novo.';
export const NOT_REACHED = 'Não deu tempo de processar este pedido: tente de novo.';

export interface OrderBulkResult {
  id: string;
  ok: boolean;
  error: string | null;
  order: OrderRow | null;
}

export interface OrderShipItem {
  id: string;
  carrier: string;
  trackingCode?: string | null;
}

/** 1 to 100 orders, none twice (@vitrine/rules checkBulkOrderIds), else refused on `field`. */
function checkIds(ids: string[], field: string): void {
  const checked = checkBulkOrderIds(ids, field);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
}

export interface BulkOptions {
  log: { error(details: Record<string, unknown>, message: string): void };
  /**
   * Whether there is time to start another order (asked before each after the first). The
   * resolver stops while the operation's time budget still has room to answer, so a long list
   * ends with the orders not reached marked as such instead of a timeout that tells nothing.
   */
  keepGoing?: () => boolean;
}

/** A deadline check leaving `marginMs` of a `budgetMs` budget started now (none without one). */
export function timeBudget(budgetMs: number, marginMs = 2000): () => boolean {
  if (!(budgetMs > 0)) return () => true;
  const stopAt = Date.now() + budgetMs - marginMs;
  return () => Date.now() < stopAt;
}

async function visibleOrNull(db: Database, principal: StaffPrincipal, id: string) {
  try {
    return await visibleOrder(db, principal, id);
  } catch {
    return null;
  }
}

/**
 * Runs `change` for each order one after the other: a refusal (a transition not allowed, another
 * brand's order, a bad tracking code) becomes that order's error in Portuguese; anything else is
 * logged and reported as a failure of that order only.
 */
async function eachOrder(
  db: Database,
  principal: StaffPrincipal,
  ids: string[],
  options: BulkOptions,
  change: (id: string) => Promise<OrderRow>,
): Promise<OrderBulkResult[]> {
  const results: OrderBulkResult[] = [];
  for (const id of ids) {
    if (results.length > 0 && options.keepGoing && !options.keepGoing()) {
      results.push({
        id,
        ok: false,
        error: NOT_REACHED,
        order: await visibleOrNull(db, principal, id),
      });
      continue;
    }
    try {
      await assertMayChangeOrder(db, principal, id);
      const order = await change(id);
      results.push({ id, ok: true, error: null, order });
    } catch (err) {
      if (!(err instanceof AppGraphQLError)) {
        options.log.error({ err, orderId: id }, 'bulk order action');
      }
      const error = err instanceof AppGraphQLError ? err.message : UNEXPECTED_FAILURE;
      const order = await visibleOrNull(db, principal, id);
      results.push({ id, ok: false, error, order });
    }
  }
  return results;
}

export async function shipOrders(
  db: Database,
  deps: FulfilmentDeps,
  principal: StaffPrincipal,
  items: OrderShipItem[],
  options: BulkOptions,
): Promise<OrderBulkResult[]> {
  checkIds(
    items.map((item) => item.id),
    'items',
  );
  const byId = new Map(items.map((item) => [item.id, item]));
  const actor = staffActor(principal);
  return eachOrder(
    db,
    principal,
    items.map((item) => item.id),
    options,
    (id) => shipOrder(db, deps, actor, id, byId.get(id)!),
  );
}

export async function markOrdersPaid(
  db: Database,
  deps: FulfilmentDeps,
  principal: StaffPrincipal,
  ids: string[],
  note: string | null | undefined,
  options: BulkOptions,
): Promise<OrderBulkResult[]> {
  checkIds(ids, 'ids');
  const cleaned = cleanNote(note);
  const actor = staffActor(principal);
  return eachOrder(db, principal, ids, options, (id) =>
    markOrderPaid(db, deps, actor, id, cleaned),
  );
}

/**
 * Writes the order's newest mail to the outbox again, as it was (same recipient, subject and
 * body), and records 'mail_resent' in the timeline. At most MAX_RESENDS per order an hour.
 */
export async function resendLastMail(
  db: Database,
  principal: StaffPrincipal,
  orderId: string,
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const actor = staffActor(principal);
  return db.transaction(async (tx) => {
    // The order's row lock queues concurrent resends, so the throttle counts each of them.
    const order = await lockOrderById(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    const mail = await lastMailOfOrder(tx, orderId);
    if (!mail) throw badUserInput('Nenhum e-mail foi enviado ao cliente sobre este pedido ainda.');
    const recent = await countMailResends(tx, orderId, RESEND_WINDOW_SECONDS);
    if (recent.count >= MAX_RESENDS) {
      throw rateLimited(
        recent.retryAfterSeconds,
        `O e-mail deste pedido já foi reenviado ${MAX_RESENDS} vezes na última hora. Tente novamente mais tarde.`,
      );
    }
    const mailId = await enqueueMail(tx, {
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
    });
    await appendOrderEvent(tx, {
      orderId,
      type: 'mail_resent',
      actor,
      data: { subject: mail.subject, mailId, resentMailId: mail.id },
    });
    return (await touchOrder(tx, orderId)) ?? order;
  });
}
