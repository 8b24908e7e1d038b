// Shipping labels over GraphQL: the orders grid buys them in bulk (ordersBuyLabels) and an order
// shows its latest (Order.shippingLabel). Buying spends the store's carrier balance: ADMIN and
// SUPPORT only; a BRAND_MANAGER sees only part of a mixed order, and a label is the whole parcel.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { CARRIER_LABELS } from '../shipping/carriers/provider';
import { latestLabelOf } from './labels.repository';
import { batchPdfPath, labelPdfPath, LABEL_ROLES } from './labels.routes';
import { buyLabels, type LabelDeps } from './labels.service';
import type { ShippingLabelRow } from './labels.tables';

export function shippingLabelView(label: ShippingLabelRow) {
  return {
    id: label.id,
    carrier: label.carrier,
    carrierName: CARRIER_LABELS[label.carrier],
    service: label.service,
    status: label.status,
    trackingCode: label.trackingCode,
    error: label.error,
    pdfPath: label.status === 'PURCHASED' ? labelPdfPath(label.id) : null,
    createdAt: label.createdAt.toISOString(),
  };
}

function deps(ctx: GraphQLContext): LabelDeps {
  const server = ctx.request.server;
  return {
    buyers: server.labelBuyers ?? new Map(),
    originCep: server.shippingOriginCep ?? null,
  };
}

export const resolvers: Resolvers = {
  Mutation: {
    async ordersBuyLabels(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, LABEL_ROLES);
      const batch = await buyLabels(ctx.db, deps(ctx), principal, args.ids);
      return {
        id: batch.batchId,
        purchased: batch.purchased,
        failed: batch.failed,
        pdfPath: batch.batchId && batch.purchased > 0 ? batchPdfPath(batch.batchId) : null,
        results: batch.results.map((result) => ({
          orderId: result.orderId,
          orderNumber: result.orderNumber,
          ok: result.error === null,
          error: result.error,
          label: result.label ? shippingLabelView(result.label) : null,
        })),
      };
    },
  },
  Order: {
    async shippingLabel(order, _args, ctx) {
      if (!LABEL_ROLES.includes(requireStaff(ctx).role)) return null;
      const label = await latestLabelOf(ctx, order.id);
      return label ? shippingLabelView(label) : null;
    },
  },
};
