// The NF-e of the staff's orders in the GraphQL mock (spread into the orders domain,
// handlers/orders.ts), as the server answers them: issuing configured, each paid order's invoice
// (fixtures/invoices.ts), and invoiceRetry (ADMIN and SUPPORT: sent again, authorised at once),
// invoiceCancel and invoiceCorrect (ADMIN: reason 15 to 255, text 15 to 1000, within 24 hours).
import { GraphQLError } from 'graphql';

import type { OrderInvoiceNode } from '../../screens/dashboard/Orders/OrderInvoice.graphql';
import type { OrdersState } from '../fixtures/orders';
import { makeInvoice, type WithInvoice } from '../fixtures/invoices';
import { STAFF_ORDERS_NOW, type StaffOrderFixture } from '../fixtures/staffOrders';
import { badInput, requireStaff, type RequestContext, type RootResolvers } from './graphqlDomain';

const FORBIDDEN = 'Você não tem permissão para esta ação.';
const states = new WeakMap<OrdersState, Map<string, OrderInvoiceNode | null>>();

function forbidden(): GraphQLError {
  return new GraphQLError(FORBIDDEN, { extensions: { code: 'FORBIDDEN' } });
}

/** The order's invoice in this world (seeded from the fixture on first use). */
export function invoiceOfOrder(
  orders: OrdersState,
  order: StaffOrderFixture,
): OrderInvoiceNode | null {
  let map = states.get(orders);
  if (!map) {
    map = new Map();
    states.set(orders, map);
  }
  if (!map.has(order.id)) {
    const seeded = (order as WithInvoice<StaffOrderFixture>).seededInvoice;
    const paid = ['PAID', 'SHIPPED', 'DELIVERED'].includes(order.status);
    map.set(
      order.id,
      seeded !== undefined
        ? structuredClone(seeded)
        : paid
          ? makeInvoice('authorized', { id: `inv-${order.id}` })
          : null,
    );
  }
  return map.get(order.id) ?? null;
}

/** The invoice as the caller sees it: none for a BRAND_MANAGER, SUPPORT without the fiscal acts. */
export function invoiceFor(
  context: RequestContext,
  order: StaffOrderFixture,
): OrderInvoiceNode | null {
  const staff = requireStaff(context);
  if (staff.role === 'BRAND_MANAGER') return null;
  const invoice = invoiceOfOrder(context.world.orders, order);
  if (!invoice || staff.role === 'ADMIN') return invoice;
  return { ...invoice, allowedActions: invoice.allowedActions.filter((a) => a === 'RETRY') };
}

function findInvoice(context: RequestContext, id: string): [StaffOrderFixture, OrderInvoiceNode] {
  for (const order of context.world.orders.staffOrders) {
    const invoice = invoiceOfOrder(context.world.orders, order);
    if (invoice?.id === id) return [order, invoice];
  }
  throw new GraphQLError('Nota fiscal não encontrada.', { extensions: { code: 'NOT_FOUND' } });
}

function admin(context: RequestContext) {
  if (requireStaff(context).role !== 'ADMIN') throw forbidden();
}

export const staffInvoiceResolvers = {
  invoicing: (_args: unknown, context: RequestContext) => {
    requireStaff(context);
    return {
      configured: true,
      provider: 'focusnfe',
      environment: 'homologacao',
      host: 'homologacao.focusnfe.com.br',
      webhookConfigured: true,
      pendingCount: 0,
      processingCount: 0,
      rejectedCount: 0,
    };
  },
  invoiceRetry: ({ orderId }: { orderId: string }, context: RequestContext) => {
    if (requireStaff(context).role === 'BRAND_MANAGER') throw forbidden();
    const order = context.world.orders.staffOrders.find((item) => item.id === orderId);
    if (!order)
      throw new GraphQLError('Pedido não encontrado.', { extensions: { code: 'NOT_FOUND' } });
    const invoice = invoiceOfOrder(context.world.orders, order);
    if (invoice && invoice.status !== 'REJECTED' && invoice.status !== 'PENDING') {
      throw badInput('Esta nota fiscal já foi autorizada ou cancelada: não há o que reenviar.');
    }
    const sent = makeInvoice('authorized', {
      id: invoice?.id ?? `inv-${order.id}`,
      number: invoice?.number ?? 1042,
    });
    Object.assign(invoice ?? {}, sent);
    if (!invoice) states.get(context.world.orders)!.set(order.id, sent);
    return invoiceFor(context, order);
  },
  invoiceCancel: ({ id, reason }: { id: string; reason: string }, context: RequestContext) => {
    admin(context);
    const text = reason.trim();
    if (text.length < 15 || text.length > 255) {
      throw badInput('A justificativa do cancelamento deve ter de 15 a 255 caracteres.', 'reason');
    }
    const [order, invoice] = findInvoice(context, id);
    if (!invoice.allowedActions.includes('CANCEL')) {
      throw badInput(
        'Passou o prazo de 24 horas para cancelar esta NF-e: emita uma NF-e de devolução pelo emissor do seu contador.',
      );
    }
    Object.assign(invoice, {
      status: 'CANCELED',
      statusLabel: 'Cancelada',
      canceledAt: STAFF_ORDERS_NOW,
      cancelReason: text,
      danfeUrl: null,
      xmlUrl: null,
      cancelSuggested: false,
      allowedActions: [],
    });
    return invoiceFor(context, order);
  },
  invoiceCorrect: ({ id, text }: { id: string; text: string }, context: RequestContext) => {
    admin(context);
    const clean = text.trim();
    if (clean.length < 15 || clean.length > 1000) {
      throw badInput('A carta de correção deve ter de 15 a 1.000 caracteres.', 'text');
    }
    const [order, invoice] = findInvoice(context, id);
    invoice.corrections.push({
      sequence: invoice.corrections.length + 1,
      text: clean,
      protocol: `13526000000002${invoice.corrections.length + 1}`,
      staffName: requireStaff(context).name,
      createdAt: STAFF_ORDERS_NOW,
    });
    return invoiceFor(context, order);
  },
} satisfies RootResolvers;
