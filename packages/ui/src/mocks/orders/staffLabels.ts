// The labels of the orders domain's mock (spread into orders/orders.ts): ordersBuyLabels as the
// API answers it: ADMIN and SUPPORT only; 1 to 100 orders, none twice; unpaid, shipped, pickup or
// already-labelled orders refused by name without a carrier; a fixture's `labelRefusal` is the
// carrier's reason; the others get a Correios label (a valid S10 code) and one batch PDF path.
// The PDFs themselves are served by exports.ts.
import { labelBatchError, labelIneligibility, s10CheckDigit } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { record } from './staffOrders';

let serial = 0;

/** An S10 object code (2 letters, 8 digits, the check digit, 'BR') from a number. */
export function mockObjectCode(seed: number): string {
  const digits = String(seed % 100_000_000).padStart(8, '0');
  return `AB${digits}${s10CheckDigit(digits)}BR`;
}

export const staffLabelResolvers = {
  ordersBuyLabels: ({ ids }: { ids: string[] }, context: RequestContext) => {
    const staff = requireStaff(context);
    if (staff.role !== 'ADMIN' && staff.role !== 'SUPPORT') {
      throw new GraphQLError('Você não tem permissão para esta ação.', {
        extensions: { code: 'FORBIDDEN' },
      });
    }
    const listError = labelBatchError(ids);
    if (listError) throw badInput(listError, 'ids');
    const batchId = `batch-${++serial}`;
    const createdAt = new Date().toISOString();
    let purchased = 0;
    const results = ids.map((id) => {
      const order = context.world.orders.staffOrders.find((item) => item.id === id);
      if (!order)
        return {
          orderId: id,
          orderNumber: null,
          ok: false,
          error: 'Pedido não encontrado.',
          label: null,
        };
      // The mock's methods are all the Correios' but the store's own motoboy.
      const live = order.shippingLabel?.status === 'PURCHASED' ? order.shippingLabel : null;
      const why = labelIneligibility(
        {
          status: order.status,
          shippingMethodKind: order.shippingMethodKind,
          shippingMethodName: order.shippingMethodName,
          carrier: /motoboy/i.test(order.shippingMethodName) ? null : 'correios',
          live,
        },
        () => true,
      );
      if (why)
        return { orderId: id, orderNumber: order.number, ok: false, error: why, label: null };
      const labelId = `${order.id}-label-${++serial}`;
      if (order.labelRefusal) {
        order.shippingLabel = {
          id: labelId,
          carrier: 'correios',
          carrierName: 'Correios',
          service: '03298',
          status: 'FAILED',
          trackingCode: null,
          error: order.labelRefusal,
          pdfPath: null,
          createdAt,
        };
        return {
          orderId: id,
          orderNumber: order.number,
          ok: false,
          error: `Correios: ${order.labelRefusal}`,
          label: order.shippingLabel,
        };
      }
      // Deterministic (stories are screenshotted): from the order's number.
      const trackingCode = mockObjectCode(64_000_000 + Number(order.number.replace(/\D/g, '')));
      order.shippingLabel = {
        id: labelId,
        carrier: 'correios',
        carrierName: 'Correios',
        service: '03298',
        status: 'PURCHASED',
        trackingCode,
        error: null,
        pdfPath: `/admin/labels/${labelId}.pdf`,
        createdAt,
      };
      record(order, staff, 'label_purchased', { note: `Correios · ${trackingCode}` });
      purchased += 1;
      return {
        orderId: id,
        orderNumber: order.number,
        ok: true,
        error: null,
        label: order.shippingLabel,
      };
    });
    return {
      id: purchased > 0 ? batchId : null,
      purchased,
      failed: results.length - purchased,
      pdfPath: purchased > 0 ? `/admin/label-batches/${batchId}.pdf` : null,
      results,
    };
  },
} satisfies RootResolvers;
