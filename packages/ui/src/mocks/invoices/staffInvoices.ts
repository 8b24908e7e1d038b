// The NF-e of the staff's orders in the GraphQL mock (spread into the orders domain,
// orders/orders.ts), as the server answers them: whether issuing is configured and how many
// invoices wait or were rejected (invoicing), each paid order's invoice (invoices.fixtures.ts),
// the list latest change first by status (invoices), and invoiceRetry (ADMIN and SUPPORT: sent
// again, or a paid order's first one, authorised at once), invoiceCancel and invoiceCorrect
// (ADMIN: reason 15 to 255, text 15 to 1000, @vitrine/rules invoices.input, within 24 hours). A BRAND_MANAGER is refused.
import { GraphQLError } from 'graphql';

import type {
  InvoiceStatusName,
  OrderInvoiceNode,
} from '../../screens/dashboard/Orders/OrderInvoice.graphql';
import type { OrdersState } from '../orders/orders.fixtures';
import {
  accessKeyOf,
  DEFAULT_INVOICE_NUMBER,
  DEFAULT_INVOICING,
  DEMO_INVOICES,
  invoiceNumberOf,
  makeInvoice,
  type InvoicingFixture,
  type WithInvoice,
} from './invoices.fixtures';
import { STAFF_ORDERS_NOW, type StaffOrderFixture } from '../orders/staffOrders.fixtures';
import {
  checkInvoiceCancelReason,
  checkInvoiceCorrection,
  checkInvoiceFilter,
  checkInvoicePage,
  INVOICE_INPUT_LIMITS,
  INVOICE_MESSAGES as M,
} from '@vitrine/rules';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { staffReturns } from '../returns/returnsWorld';
import type { ReturnFixture } from '../returns/returns.fixtures';

const FORBIDDEN = 'Você não tem permissão para esta ação.';
const MINUTE = 60_000;
const CANCEL_WINDOW_MS = 24 * 60 * MINUTE;
const PAID = new Set(['PAID', 'SHIPPED', 'DELIVERED']);

/** An invoice as the mock keeps it: the order page's fields and when it was made and changed. */
export type StoredInvoice = OrderInvoiceNode & { createdAt: string; updatedAt: string };

const states = new WeakMap<OrdersState, Map<string, StoredInvoice | null>>();

function forbidden(): GraphQLError {
  return new GraphQLError(FORBIDDEN, { extensions: { code: 'FORBIDDEN' } });
}

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export function invoicingOf(orders: OrdersState): InvoicingFixture {
  return orders.invoicing ?? DEFAULT_INVOICING;
}

/**
 * The authorised invoice of a paid order: its own number and chave, authorised five minutes after
 * the payment, cancellable for 24 hours from then.
 */
function authorisedInvoiceOf(order: StaffOrderFixture, environment: string): StoredInvoice {
  const number = invoiceNumberOf(order.number);
  const paidAt = order.paidAt ?? order.createdAt;
  const authorizedAt = later(paidAt, 5 * MINUTE);
  const cancelDeadline = later(authorizedAt, CANCEL_WINDOW_MS);
  const invoice = makeInvoice('authorized', {
    id: `inv-${order.id}`,
    environment,
    number,
    ...(number === DEFAULT_INVOICE_NUMBER ? {} : { accessKey: accessKeyOf(number) }),
    authorizedAt,
    cancelDeadline,
  });
  if (cancelDeadline < STAFF_ORDERS_NOW) {
    invoice.allowedActions = invoice.allowedActions.filter((action) => action !== 'CANCEL');
  }
  return { ...invoice, createdAt: paidAt, updatedAt: authorizedAt };
}

/** The invoice the world starts with: the fixture's own, the demo's, or an authorised one. */
function seedInvoice(orders: OrdersState, order: StaffOrderFixture): StoredInvoice | null {
  const paidAt = order.paidAt ?? order.createdAt;
  const seeded = (order as WithInvoice<StaffOrderFixture>).seededInvoice;
  if (seeded !== undefined) {
    return seeded === null
      ? null
      : { createdAt: paidAt, updatedAt: later(paidAt, 5 * MINUTE), ...structuredClone(seeded) };
  }
  const { configured, environment } = invoicingOf(orders);
  if (!configured || !PAID.has(order.status)) return null;
  if (!Object.hasOwn(DEMO_INVOICES, order.id)) return authorisedInvoiceOf(order, environment);
  const demo = DEMO_INVOICES[order.id];
  if (!demo) return null;
  const invoice = makeInvoice(demo, { id: `inv-${order.id}`, environment });
  if (invoice.number !== null) invoice.number = invoiceNumberOf(order.number);
  // The provider's last failure was a minute ago; a rejection came right after the payment.
  const updatedAt =
    invoice.status === 'PENDING' ? later(STAFF_ORDERS_NOW, -MINUTE) : later(paidAt, 5 * MINUTE);
  return { ...invoice, createdAt: paidAt, updatedAt };
}

/** The order's invoice in this world (seeded from the fixture on first use). */
export function invoiceOfOrder(
  orders: OrdersState,
  order: StaffOrderFixture,
): StoredInvoice | null {
  let map = states.get(orders);
  if (!map) {
    map = new Map();
    states.set(orders, map);
  }
  if (!map.has(order.id)) map.set(order.id, seedInvoice(orders, order));
  return map.get(order.id) ?? null;
}

/**
 * The invoice as the caller sees it (an Invoice of the schema, with its order): none for a
 * BRAND_MANAGER, SUPPORT without the fiscal acts.
 */
/** What `role` may do of an invoice's ADMIN actions: SUPPORT only sends again (fiscal acts are ADMIN's). */
export function actionsOf<T extends string>(role: string, actions: readonly T[]): T[] {
  return role === 'ADMIN' ? [...actions] : actions.filter((action) => action === 'RETRY');
}

/** The server's refusal to send again an invoice that is neither rejected nor waiting. */
export function refuseResend(status: InvoiceStatusName): void {
  if (status === 'PROCESSING') throw badInput(M.stillProcessing);
  if (status !== 'REJECTED' && status !== 'PENDING') throw badInput(M.nothingToResend);
}

/** A return's NF-e de devolução as the schema's Invoice, for `role`. */
export function returnInvoiceView(
  role: string,
  order: StaffOrderFixture,
  ret: ReturnFixture & { invoice: NonNullable<ReturnFixture['invoice']> },
) {
  return {
    ...ret.invoice,
    kind: 'RETURN' as const,
    returnNumber: ret.number,
    returnId: ret.id,
    orderId: order.id,
    orderNumber: order.number,
    allowedActions: actionsOf(role, ret.invoice.allowedActions),
    createdAt: ret.receivedAt ?? ret.requestedAt,
    updatedAt: ret.receivedAt ?? ret.requestedAt,
  };
}

export function invoiceFor(context: RequestContext, order: StaffOrderFixture) {
  const staff = requireStaff(context);
  if (staff.role === 'BRAND_MANAGER') return null;
  const invoice = invoiceOfOrder(context.world.orders, order);
  if (!invoice) return null;
  return {
    ...invoice,
    kind: 'SALE' as const,
    returnNumber: null,
    returnId: null,
    orderId: order.id,
    orderNumber: order.number,
    allowedActions: actionsOf(staff.role, invoice.allowedActions),
  };
}

/** The returns' NF-e de devolução as the caller sees them (sent again from the list or the return). */
function returnInvoicesFor(context: RequestContext) {
  const staff = requireStaff(context);
  return staffReturns(context.world.orders).flatMap(({ order, ret }) =>
    ret.invoice ? [returnInvoiceView(staff.role, order, { ...ret, invoice: ret.invoice })] : [],
  );
}

function findInvoice(context: RequestContext, id: string): [StaffOrderFixture, StoredInvoice] {
  for (const order of context.world.orders.staffOrders) {
    const invoice = invoiceOfOrder(context.world.orders, order);
    if (invoice?.id === id) return [order, invoice];
  }
  throw new GraphQLError(M.notFound, { extensions: { code: 'NOT_FOUND' } });
}

/** ADMIN and SUPPORT (the API refuses a BRAND_MANAGER). */
function viewer(context: RequestContext) {
  if (requireStaff(context).role === 'BRAND_MANAGER') throw forbidden();
}

/** The server's refusal of an action when issuing is not configured (before its input). */
function configured(context: RequestContext) {
  if (!invoicingOf(context.world.orders).configured) throw badInput(M.notConfigured);
}

function admin(context: RequestContext) {
  if (requireStaff(context).role !== 'ADMIN') throw forbidden();
}

interface InvoicesArgs {
  filter?: { status?: InvoiceStatusName | null; kind?: 'SALE' | 'RETURN' | null } | null;
  first?: number | null;
  offset?: number | null;
}

export const staffInvoiceResolvers = {
  invoicing: (_args: unknown, context: RequestContext) => {
    viewer(context);
    const { orders } = context.world;
    const { configured, environment, webhookConfigured } = invoicingOf(orders);
    const counts: Record<InvoiceStatusName, number> = {
      PENDING: 0,
      PROCESSING: 0,
      AUTHORIZED: 0,
      REJECTED: 0,
      CANCELED: 0,
    };
    for (const order of orders.staffOrders) {
      const status = invoiceOfOrder(orders, order)?.status;
      if (status) counts[status] += 1;
    }
    for (const { ret } of staffReturns(orders)) {
      if (ret.invoice) counts[ret.invoice.status] += 1;
    }
    return {
      configured,
      provider: configured ? 'focusnfe' : null,
      environment: configured ? environment : null,
      host: configured
        ? environment === 'producao'
          ? 'api.focusnfe.com.br'
          : 'homologacao.focusnfe.com.br'
        : null,
      webhookConfigured: configured && webhookConfigured,
      pendingCount: counts.PENDING,
      processingCount: counts.PROCESSING,
      rejectedCount: counts.REJECTED,
    };
  },
  invoices: ({ filter, first, offset }: InvoicesArgs, context: RequestContext) => {
    viewer(context);
    const page = checkInvoicePage(first, offset);
    if (!page.ok) throw badInput(page.issue.message, page.issue.field);
    const checked = checkInvoiceFilter(filter);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const { status, kind } = checked.value;
    const { first: size, offset: skip } = page.value;
    const sales = context.world.orders.staffOrders.flatMap((order) => {
      const invoice = invoiceFor(context, order);
      return invoice ? [invoice] : [];
    });
    const nodes = [...sales, ...returnInvoicesFor(context)]
      .filter(
        (invoice) => (!status || invoice.status === status) && (!kind || invoice.kind === kind),
      )
      // Latest change first, as the server (updated_at, then id).
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));
    return { totalCount: nodes.length, nodes: nodes.slice(skip, skip + size) };
  },
  invoiceRetry: ({ orderId }: { orderId: string }, context: RequestContext) => {
    viewer(context);
    configured(context);
    const order = context.world.orders.staffOrders.find((item) => item.id === orderId);
    if (!order)
      throw new GraphQLError('Pedido não encontrado.', { extensions: { code: 'NOT_FOUND' } });
    const invoice = invoiceOfOrder(context.world.orders, order);
    if (!invoice && !PAID.has(order.status)) throw badInput(M.onlyPaidOrders);
    if (invoice) refuseResend(invoice.status);
    const number = invoice?.number ?? invoiceNumberOf(order.number);
    const sent: StoredInvoice = {
      ...makeInvoice('authorized', {
        id: invoice?.id ?? `inv-${order.id}`,
        environment: invoicingOf(context.world.orders).environment,
        number,
        ...(number === DEFAULT_INVOICE_NUMBER ? {} : { accessKey: accessKeyOf(number) }),
        authorizedAt: STAFF_ORDERS_NOW,
        cancelDeadline: later(STAFF_ORDERS_NOW, CANCEL_WINDOW_MS),
      }),
      createdAt: invoice?.createdAt ?? STAFF_ORDERS_NOW,
      updatedAt: STAFF_ORDERS_NOW,
    };
    if (invoice) Object.assign(invoice, sent);
    else states.get(context.world.orders)!.set(order.id, sent);
    return invoiceFor(context, order);
  },
  invoiceCancel: ({ id, reason }: { id: string; reason: string }, context: RequestContext) => {
    admin(context);
    configured(context);
    const checked = checkInvoiceCancelReason(reason);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const text = checked.value;
    const [order, invoice] = findInvoice(context, id);
    if (invoice.status !== 'AUTHORIZED') throw badInput(M.onlyAuthorized);
    if (!invoice.allowedActions.includes('CANCEL')) throw badInput(M.cancelWindowPassed);
    Object.assign(invoice, {
      status: 'CANCELED',
      statusLabel: 'Cancelada',
      canceledAt: STAFF_ORDERS_NOW,
      cancelReason: text,
      danfeUrl: null,
      xmlUrl: null,
      cancelSuggested: false,
      allowedActions: [],
      updatedAt: STAFF_ORDERS_NOW,
    });
    return invoiceFor(context, order);
  },
  invoiceCorrect: ({ id, text }: { id: string; text: string }, context: RequestContext) => {
    admin(context);
    configured(context);
    const checked = checkInvoiceCorrection(text);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const clean = checked.value;
    const [order, invoice] = findInvoice(context, id);
    if (invoice.status !== 'AUTHORIZED') throw badInput(M.onlyAuthorized);
    if (invoice.corrections.length >= INVOICE_INPUT_LIMITS.corrections) {
      throw badInput(M.tooManyCorrections);
    }
    invoice.corrections.push({
      sequence: invoice.corrections.length + 1,
      text: clean,
      protocol: `13526000000002${invoice.corrections.length + 1}`,
      staffName: requireStaff(context).name,
      createdAt: STAFF_ORDERS_NOW,
    });
    invoice.updatedAt = STAFF_ORDERS_NOW;
    return invoiceFor(context, order);
  },
} satisfies RootResolvers;
