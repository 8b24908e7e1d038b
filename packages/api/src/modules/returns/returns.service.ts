// The shopper's 7-day return (CDC art. 49) from request to refund, each step in one transaction
// with its timeline event (audited when staff act) and its outbox mails: the shopper asks for the
// whole order or some lines within the window; the reverse carrier's code is issued by the worker
// (returns.worker.ts) or typed by staff; when staff receive the goods the units go back to stock
// and the refund goes back by the way it was paid (the orders module's refund, in the same
// transaction); or staff refuse it with a reason.
import {
  checkReturnCodeInput,
  checkReturnLines,
  checkReturnRejectionReason,
  checkRules,
  isWithinReturnWindow,
  OPEN_RETURN_STATUSES,
  RETURN_MESSAGES,
  returnRefund,
  returnRequestSchema,
  returnWindowClosedMessage,
  returnWindowEndsAt,
  SETTLED_RETURN_STATUSES,
} from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { MailContext } from '../orders/orders.mail';
import { enqueueOutboxMail } from '../orders/orders.outbox';
import {
  insertOrderEvent,
  insertStockMovement,
  lockOrderById,
  orderLinesOf,
  returnVariantStock,
} from '../orders/orders.repository';
import type { OrderLineRow, OrderRow } from '../orders/orders.tables';
import {
  appendOrderEvent,
  applyOrderRefund,
  ORDER_NOT_FOUND_MESSAGE,
  type Actor,
  type FulfilmentDeps,
} from '../orders/orders.transitions';
import { getStoreSettings } from '../settings/settings.repository';
import {
  returnCodeMail,
  returnReceivedMail,
  returnRejectedMail,
  returnRequestedMail,
  returnStoreMail,
  type ReturnMailReturn,
} from './returns.mail';
import {
  insertReturn,
  linesOfReturns,
  lockReturn,
  nextReturnNumber,
  returnedQuantities,
  returnsOfOrder,
  setReturnLineRefunds,
  updateReturnIfStatusIn,
} from './returns.repository';
import type { OrderReturnRow } from './returns.tables';
import {
  MANUAL_CARRIER,
  type ReverseAuthorization,
  type ReverseLogistics,
} from './reverse-logistics';

export interface ReturnsDeps extends FulfilmentDeps {
  /** The reverse carrier; null when none is configured (staff type the code by hand). */
  logistics: ReverseLogistics | null;
  now: () => Date;
}

export const RETURN_NOT_FOUND_MESSAGE = 'Devolução não encontrada.';
export const MANUAL_INSTRUCTIONS =
  'Embale os produtos e leve o pacote a uma agência dos Correios informando o código: a postagem é paga pela loja.';

/** Where the store's exchange policy is (the institutional page). */
export function exchangePolicyUrl(publicUrl: string): string {
  return `${publicUrl}/trocas-e-devolucoes`;
}

async function mailContext(db: Executor, deps: FulfilmentDeps): Promise<MailContext> {
  const settings = await getStoreSettings(db);
  return { storeName: settings.storeName, publicUrl: deps.publicUrl };
}

async function mailReturn(db: Executor, ret: OrderReturnRow): Promise<ReturnMailReturn> {
  const lines = await linesOfReturns(db, [ret.id]);
  return {
    number: ret.number,
    reason: ret.reason,
    refundCents: ret.refundCents,
    shippingRefundCents: ret.shippingRefundCents,
    lines,
  };
}

function refundLines(lines: readonly OrderLineRow[]) {
  return lines.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    lineTotalCents: line.lineTotalCents,
    discountCents: line.discountCents,
  }));
}

/** Whether the order can take a new return now, and why not. */
export function returnBlocker(
  order: Pick<OrderRow, 'status' | 'deliveredAt'>,
  now: Date,
  publicUrl: string,
): string | null {
  if (order.status !== 'DELIVERED' || !order.deliveredAt) return RETURN_MESSAGES.notDelivered;
  if (!isWithinReturnWindow(order.deliveredAt, now)) {
    return returnWindowClosedMessage(
      returnWindowEndsAt(order.deliveredAt),
      exchangePolicyUrl(publicUrl),
    );
  }
  return null;
}

/**
 * The shopper asks to return the whole order (no lines) or some lines, with a reason: only a
 * DELIVERED order inside its 7 days, one open request at a time, each line at most what was
 * bought less what was asked back before. Committed with its timeline event and the mails to
 * the shopper and the store; the carrier is asked afterwards by the worker.
 */
export async function requestReturn(
  db: Database,
  deps: ReturnsDeps,
  orderId: string,
  input: unknown,
): Promise<OrderReturnRow> {
  const checked = checkRules(returnRequestSchema, input);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const { reason, lines: asked } = checked.value;
  return db.transaction(async (tx) => {
    const order = await lockOrderById(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    const now = deps.now();
    const blocker = returnBlocker(order, now, deps.publicUrl);
    if (blocker) throw badUserInput(blocker);
    const existing = await returnsOfOrder(tx, order.id);
    if (existing.some((ret) => OPEN_RETURN_STATUSES.includes(ret.status))) {
      throw badUserInput(RETURN_MESSAGES.alreadyOpen);
    }
    const lines = await orderLinesOf(tx, order.id);
    const askedBefore = await returnedQuantities(tx, order.id);
    const check = checkReturnLines(
      lines.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        returned: askedBefore[line.id] ?? 0,
      })),
      asked,
    );
    if (!check.ok) throw badUserInput(check.message, check.field);
    const refund = returnRefund(order, refundLines(lines), check.returning, askedBefore);
    const ret = await insertReturn(
      tx,
      {
        orderId: order.id,
        number: await nextReturnNumber(tx, order.id),
        reason,
        wholeOrder: refund.wholeOrder,
        refundCents: refund.totalCents,
        shippingRefundCents: refund.shippingCents,
        carrier: deps.logistics?.name ?? null,
        carrierNextAttemptAt: deps.logistics ? now : null,
        requestedAt: now,
      },
      refund.lines.map((line) => ({
        orderLineId: line.lineId,
        quantity: line.quantity,
        refundCents: line.refundCents,
      })),
    );
    await insertOrderEvent(tx, {
      orderId: order.id,
      type: 'return_requested',
      actor: 'customer',
      actorName: order.customerName,
      note: reason,
      data: { returnId: ret.id, returnNumber: ret.number, refundCents: refund.totalCents },
    });
    const ctx = await mailContext(tx, deps);
    const mailed = await mailReturn(tx, ret);
    await enqueueOutboxMail(
      tx,
      returnRequestedMail(ctx, order, mailed, deps.logistics?.label ?? null),
    );
    const store = (await getStoreSettings(tx)).contactEmail;
    if (store) await enqueueOutboxMail(tx, returnStoreMail(ctx, store, order, mailed));
    return ret;
  });
}

async function lockOpenReturn(
  tx: Executor,
  returnId: string,
): Promise<{ ret: OrderReturnRow; order: OrderRow }> {
  if (!isUuid(returnId)) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  const found = await lockReturn(tx, returnId);
  if (!found) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  // The order first, as every change of an order does, then the return again under it.
  const order = await lockOrderById(tx, found.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const ret = (await lockReturn(tx, returnId))!;
  if (!OPEN_RETURN_STATUSES.includes(ret.status)) throw badUserInput(RETURN_MESSAGES.notOpen);
  return { ret, order };
}

/**
 * The code the shopper posts the parcel with: from the carrier (the worker, actor the carrier)
 * or typed by staff (audited). REQUESTED -> LABEL_ISSUED, the shopper mailed the code and how to
 * use it. A code typed again while LABEL_ISSUED corrects it (and mails the new one).
 */
export async function issueAuthorization(
  db: Database,
  deps: ReturnsDeps,
  actor: Actor,
  returnId: string,
  authorization: ReverseAuthorization & { carrier: string; instructions: string },
  note?: string | null,
): Promise<OrderReturnRow> {
  return db.transaction(async (tx) => {
    const { ret, order } = await lockOpenReturn(tx, returnId);
    if (actor.kind !== 'staff' && ret.status !== 'REQUESTED') return ret;
    const updated = await updateReturnIfStatusIn(tx, ret.id, OPEN_RETURN_STATUSES, {
      status: 'LABEL_ISSUED',
      carrier: authorization.carrier,
      authorizationCode: authorization.authorizationCode,
      trackingCode: authorization.trackingCode,
      labelUrl: authorization.labelUrl,
      authorizationExpiresAt: authorization.expiresAt,
      carrierReference: authorization.reference,
      carrierNextAttemptAt: null,
      carrierError: null,
      labelIssuedAt: deps.now(),
    });
    if (!updated) throw badUserInput(RETURN_MESSAGES.notOpen);
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: actor.kind === 'staff' ? 'return_code_set' : 'return_label_issued',
      actor,
      note: note ?? null,
      data: {
        returnId: ret.id,
        returnNumber: ret.number,
        carrier: authorization.carrier,
        authorizationCode: authorization.authorizationCode,
        ...(ret.authorizationCode ? { before: { authorizationCode: ret.authorizationCode } } : {}),
      },
    });
    const carrierLabel =
      authorization.carrier === MANUAL_CARRIER ? null : (deps.logistics?.label ?? null);
    await enqueueOutboxMail(
      tx,
      returnCodeMail(await mailContext(tx, deps), order, await mailReturn(tx, updated), {
        carrierLabel,
        authorizationCode: authorization.authorizationCode,
        expiresAt: authorization.expiresAt,
        labelUrl: authorization.labelUrl,
        instructions: authorization.instructions,
      }),
    );
    return updated;
  });
}

/** Staff type the code by hand (no carrier configured, or the carrier failing). */
export async function setReturnCode(
  db: Database,
  deps: ReturnsDeps,
  actor: Actor,
  returnId: string,
  input: { authorizationCode: string; note?: string | null },
): Promise<OrderReturnRow> {
  // The code, then the note (@vitrine/rules, as the mocks read them).
  const checked = checkReturnCodeInput(input);
  if (!checked.ok) throw badUserInput(checked.message, checked.field);
  const { authorizationCode: code, note } = checked.value;
  return issueAuthorization(
    db,
    deps,
    actor,
    returnId,
    {
      carrier: MANUAL_CARRIER,
      authorizationCode: code,
      trackingCode: null,
      labelUrl: null,
      expiresAt: null,
      reference: null,
      instructions: MANUAL_INSTRUCTIONS,
    },
    note,
  );
}

/** Staff refuse the return, with the reason the shopper is mailed. */
export async function rejectReturn(
  db: Database,
  deps: ReturnsDeps,
  actor: Actor,
  returnId: string,
  reasonInput: string,
): Promise<OrderReturnRow> {
  const checked = checkReturnRejectionReason(reasonInput);
  if (!checked.ok) throw badUserInput(checked.message, checked.field);
  const reason = checked.value;
  return db.transaction(async (tx) => {
    const { ret, order } = await lockOpenReturn(tx, returnId);
    const updated = await updateReturnIfStatusIn(tx, ret.id, OPEN_RETURN_STATUSES, {
      status: 'REJECTED',
      rejectionReason: reason,
      rejectedAt: deps.now(),
      carrierNextAttemptAt: null,
      staffId: actor.kind === 'staff' ? actor.staffId : null,
      staffName: actor.name,
    });
    if (!updated) throw badUserInput(RETURN_MESSAGES.notOpen);
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'return_rejected',
      actor,
      note: reason,
      data: { returnId: ret.id, returnNumber: ret.number },
    });
    await enqueueOutboxMail(
      tx,
      returnRejectedMail(await mailContext(tx, deps), order, await mailReturn(tx, updated), reason),
    );
    return updated;
  });
}

/**
 * Staff received the goods: in one transaction the returned units go back to stock (a RETURN
 * movement each), the return's refund is computed again (what is left to refund may have
 * changed) and refunded through the orders module's refund (card reversal or Pix devolução when
 * paid there), the order RETURNED once every unit is back; the return is REFUNDED (RECEIVED when
 * nothing was left to refund) and the shopper mailed once.
 */
export async function receiveReturn(
  db: Database,
  deps: ReturnsDeps,
  actor: Actor,
  returnId: string,
): Promise<OrderReturnRow> {
  return db.transaction(async (tx) => {
    const { ret, order } = await lockOpenReturn(tx, returnId);
    const now = deps.now();
    const returning = await linesOfReturns(tx, [ret.id]);
    const restocked = await restock(tx, actor, order, ret, returning);
    const settled = await returnedQuantities(tx, order.id, {
      statuses: SETTLED_RETURN_STATUSES,
      except: ret.id,
    });
    const refund = returnRefund(
      order,
      refundLines(await orderLinesOf(tx, order.id)),
      Object.fromEntries(returning.map((line) => [line.orderLineId, line.quantity])),
      settled,
    );
    await setReturnLineRefunds(tx, ret.id, refund.lines);
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'return_received',
      actor,
      data: { returnId: ret.id, returnNumber: ret.number, restocked },
    });
    let refundId: string | null = null;
    if (refund.totalCents > 0) {
      const refunded = await applyOrderRefund(
        tx,
        deps,
        actor,
        order,
        { amountCents: refund.totalCents, reason: `Devolução ${ret.number}: ${ret.reason}` },
        {
          data: { returnId: ret.id, returnNumber: ret.number },
          changes: refund.wholeOrder ? { fulfilmentStatus: 'RETURNED' } : undefined,
          mail: false,
        },
      );
      refundId = refunded.refundId;
    }
    const updated = await updateReturnIfStatusIn(tx, ret.id, OPEN_RETURN_STATUSES, {
      status: refundId ? 'REFUNDED' : 'RECEIVED',
      receivedAt: now,
      refundedAt: refundId ? now : null,
      refundCents: refund.totalCents,
      shippingRefundCents: refund.shippingCents,
      refundId,
      carrierNextAttemptAt: null,
      staffId: actor.kind === 'staff' ? actor.staffId : null,
      staffName: actor.name,
    });
    if (!updated) throw badUserInput(RETURN_MESSAGES.notOpen);
    await enqueueOutboxMail(
      tx,
      returnReceivedMail(await mailContext(tx, deps), order, await mailReturn(tx, updated)),
    );
    return updated;
  });
}

async function restock(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  ret: OrderReturnRow,
  lines: readonly { variantId: string | null; quantity: number }[],
): Promise<{ variantId: string; quantity: number }[]> {
  const byVariant = new Map<string, number>();
  for (const line of lines) {
    // A variant deleted from the catalog since has nothing to return to.
    if (line.variantId === null) continue;
    byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  }
  const restocked: { variantId: string; quantity: number }[] = [];
  // In variant id order, as every restock, so concurrent ones touch rows in the same order.
  for (const variantId of [...byVariant.keys()].sort()) {
    const quantity = byVariant.get(variantId)!;
    if (!(await returnVariantStock(tx, variantId, quantity))) continue;
    await insertStockMovement(tx, {
      variantId,
      delta: quantity,
      reason: `Devolução ${ret.number} do pedido ${order.number}`,
      kind: 'RETURN',
      staffId: actor.kind === 'staff' ? actor.staffId : null,
    });
    restocked.push({ variantId, quantity });
  }
  return restocked;
}

/** Staff ask the carrier again now (after its refusal was fixed, or while it is down). */
export async function retryAuthorization(
  db: Database,
  deps: ReturnsDeps,
  actor: Actor,
  returnId: string,
): Promise<OrderReturnRow> {
  if (!deps.logistics) {
    throw badUserInput(
      'Nenhuma transportadora de devolução está configurada: informe o código de postagem.',
    );
  }
  return db.transaction(async (tx) => {
    const { ret, order } = await lockOpenReturn(tx, returnId);
    if (ret.status !== 'REQUESTED') {
      throw badUserInput('O código de postagem desta devolução já foi emitido.');
    }
    const updated = await updateReturnIfStatusIn(tx, ret.id, ['REQUESTED'], {
      carrier: deps.logistics!.name,
      carrierNextAttemptAt: deps.now(),
    });
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'return_carrier_retry',
      actor,
      data: { returnId: ret.id, returnNumber: ret.number, attempts: ret.carrierAttempts },
    });
    return updated ?? ret;
  });
}
