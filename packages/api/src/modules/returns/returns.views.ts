// The returns as GraphQL answers them: the shopper's (on CustomerOrder: the window, whether a
// return can be asked now, the units each line can still give back, and her returns with the code
// and how to post) and the staff's (with the carrier's attempts, the refund and the actions the
// caller's role may take). Per-field rules: the refund is the store's money, null for a
// BRAND_MANAGER, who also sees only the lines of their brands.
import {
  OPEN_RETURN_STATUSES,
  RETURN_STATUS_LABELS,
  returnRefund,
  returnWindowEndsAt,
  SETTLED_RETURN_STATUSES,
  type ReturnStatus,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { handlesStoreMoney } from '../../graphql/guards';
import { orderLinesOf } from '../orders/orders.repository';
import type { OrderLineRow, OrderRow } from '../orders/orders.tables';
import {
  linesOfReturns,
  returnedQuantities,
  returnsOfOrder,
  type ReturnLineDetail,
} from './returns.repository';
import { MANUAL_INSTRUCTIONS, returnBlocker } from './returns.service';
import type { OrderReturnRow } from './returns.tables';
import { MANUAL_CARRIER, type ReverseLogistics } from './reverse-logistics';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type ReturnAction = 'SET_CODE' | 'RETRY_CARRIER' | 'RECEIVE' | 'REJECT';

function carrierLabel(ret: OrderReturnRow, logistics: ReverseLogistics | null): string | null {
  if (ret.carrier === MANUAL_CARRIER) return 'Informado pela loja';
  if (ret.carrier && logistics && ret.carrier === logistics.name) return logistics.label;
  return ret.carrier === 'correios' ? 'Correios' : ret.carrier;
}

function instructionsOf(ret: OrderReturnRow, logistics: ReverseLogistics | null): string | null {
  if (!ret.authorizationCode) return null;
  if (ret.carrier === MANUAL_CARRIER) return MANUAL_INSTRUCTIONS;
  return logistics?.instructions ?? MANUAL_INSTRUCTIONS;
}

function common(ret: OrderReturnRow, logistics: ReverseLogistics | null) {
  return {
    id: ret.id,
    number: ret.number,
    status: ret.status,
    statusLabel: RETURN_STATUS_LABELS[ret.status],
    reason: ret.reason,
    wholeOrder: ret.wholeOrder,
    carrier: ret.carrier,
    carrierLabel: carrierLabel(ret, logistics),
    authorizationCode: ret.authorizationCode,
    trackingCode: ret.trackingCode,
    labelUrl: ret.labelUrl,
    authorizationExpiresAt: iso(ret.authorizationExpiresAt),
    instructions: instructionsOf(ret, logistics),
    rejectionReason: ret.rejectionReason,
    requestedAt: ret.requestedAt.toISOString(),
    labelIssuedAt: iso(ret.labelIssuedAt),
    receivedAt: iso(ret.receivedAt),
    refundedAt: iso(ret.refundedAt),
    rejectedAt: iso(ret.rejectedAt),
  };
}

function lineView(line: ReturnLineDetail) {
  return {
    lineId: line.orderLineId,
    productName: line.productName,
    variantLabel: line.variantLabel,
    sku: line.sku,
    imageUrl: line.imageUrl,
    quantity: line.quantity,
    refundCents: line.refundCents,
  };
}

function groupLines(lines: ReturnLineDetail[]): Map<string, ReturnLineDetail[]> {
  const groups = new Map<string, ReturnLineDetail[]>();
  for (const line of lines) {
    const group = groups.get(line.returnId) ?? [];
    group.push(line);
    groups.set(line.returnId, group);
  }
  return groups;
}

function refundInput(lines: readonly OrderLineRow[]) {
  return lines.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    lineTotalCents: line.lineTotalCents,
    discountCents: line.discountCents,
  }));
}

/**
 * An open return's refund as it would be made now (what is left to refund may have changed
 * since the request); a closed one's as stored.
 */
function currentRefund(
  order: OrderRow,
  orderLines: readonly OrderLineRow[],
  ret: OrderReturnRow,
  lines: readonly ReturnLineDetail[],
  settled: Record<string, number>,
): { refundCents: number; shippingRefundCents: number; lines: Map<string, number> } {
  if (!OPEN_RETURN_STATUSES.includes(ret.status)) {
    return {
      refundCents: ret.refundCents,
      shippingRefundCents: ret.shippingRefundCents,
      lines: new Map(lines.map((line) => [line.orderLineId, line.refundCents])),
    };
  }
  const refund = returnRefund(
    order,
    refundInput(orderLines),
    Object.fromEntries(lines.map((line) => [line.orderLineId, line.quantity])),
    settled,
  );
  return {
    refundCents: refund.totalCents,
    shippingRefundCents: refund.shippingCents,
    lines: new Map(refund.lines.map((line) => [line.lineId, line.refundCents])),
  };
}

function allowedActions(
  ret: OrderReturnRow,
  principal: StaffPrincipal,
  mayChange: boolean,
  logistics: ReverseLogistics | null,
): ReturnAction[] {
  if (!OPEN_RETURN_STATUSES.includes(ret.status) || !mayChange) return [];
  const actions: ReturnAction[] = ['SET_CODE'];
  if (ret.status === 'REQUESTED' && logistics && ret.carrierNextAttemptAt === null) {
    actions.push('RETRY_CARRIER');
  }
  if (handlesStoreMoney(principal.role)) actions.push('RECEIVE');
  actions.push('REJECT');
  return actions;
}

/** The order's returns for staff, oldest first. */
export async function staffReturnsView(
  db: Executor,
  principal: StaffPrincipal,
  order: OrderRow,
  options: { mayChange: boolean; logistics: ReverseLogistics | null },
) {
  const returns = await returnsOfOrder(db, order.id);
  if (returns.length === 0) return [];
  const [lines, orderLines, settled] = await Promise.all([
    linesOfReturns(
      db,
      returns.map((ret) => ret.id),
    ),
    orderLinesOf(db, order.id),
    returnedQuantities(db, order.id, { statuses: SETTLED_RETURN_STATUSES }),
  ]);
  const byReturn = groupLines(lines);
  const money = principal.role !== 'BRAND_MANAGER';
  const own = new Set(principal.brandIds);
  return returns.map((ret) => {
    const all = byReturn.get(ret.id) ?? [];
    const refund = currentRefund(order, orderLines, ret, all, settled);
    const visible = money
      ? all
      : all.filter((line) => line.brandId !== null && own.has(line.brandId));
    return {
      ...common(ret, options.logistics),
      lines: visible.map((line) => ({
        ...lineView(line),
        refundCents: money ? (refund.lines.get(line.orderLineId) ?? 0) : null,
      })),
      refundCents: money ? refund.refundCents : null,
      shippingRefundCents: money ? refund.shippingRefundCents : null,
      carrierAttempts: ret.carrierAttempts,
      carrierError: ret.carrierError,
      carrierNextAttemptAt: iso(ret.carrierNextAttemptAt),
      staffName: ret.staffName,
      allowedActions: allowedActions(ret, principal, options.mayChange, options.logistics),
    };
  });
}

/** What the shopper's tracking page shows of returns for this order. */
export async function customerReturnsView(
  db: Executor,
  order: OrderRow,
  options: { now: Date; publicUrl: string; logistics: ReverseLogistics | null },
) {
  const [returns, orderLines, asked] = await Promise.all([
    returnsOfOrder(db, order.id),
    orderLinesOf(db, order.id),
    returnedQuantities(db, order.id),
  ]);
  const lines = await linesOfReturns(
    db,
    returns.map((ret) => ret.id),
  );
  const byReturn = groupLines(lines);
  const returnableLines = orderLines.map((line) => ({
    lineId: line.id,
    productName: line.productName,
    brandName: line.brandName,
    variantLabel: line.variantLabel,
    sku: line.sku,
    imageUrl: line.imageUrl,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    returnableQuantity: Math.max(0, line.quantity - (asked[line.id] ?? 0)),
  }));
  const open = returns.some((ret) => OPEN_RETURN_STATUSES.includes(ret.status as ReturnStatus));
  const returnable =
    returnBlocker(order, options.now, options.publicUrl) === null &&
    !open &&
    returnableLines.some((line) => line.returnableQuantity > 0);
  return {
    returnWindowEndsAt: order.deliveredAt
      ? returnWindowEndsAt(order.deliveredAt).toISOString()
      : null,
    returnable,
    returnableLines,
    returns: returns.map((ret) => ({
      ...common(ret, options.logistics),
      lines: (byReturn.get(ret.id) ?? []).map(lineView),
      refundCents: ret.refundCents,
      shippingRefundCents: ret.shippingRefundCents,
    })),
  };
}
