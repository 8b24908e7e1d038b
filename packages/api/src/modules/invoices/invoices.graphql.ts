// The NF-e over GraphQL: Order.invoice, OrderReturn.invoice (the NF-e de devolução) and the list
// (Query.invoices) for ADMIN and SUPPORT, whether
// issuing is configured (Query.invoicing), the actions (invoiceRetry: ADMIN and SUPPORT;
// invoiceCancel and invoiceCorrect: ADMIN, fiscal acts of the company) and the shopper's links
// (CustomerOrder.invoice). A BRAND_MANAGER sees no invoice: it is the whole order's.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { staffActor } from '../orders/orders.transitions';
import type { StaffRole } from '../staff/staff.tables';
import {
  allowedInvoiceActions,
  cancelInvoice,
  correctInvoice,
  INVOICE_FISCAL_ROLES,
  INVOICE_RETRY_ROLES,
  INVOICE_VIEW_ROLES,
  retryInvoice,
  retryReturnInvoice,
} from './invoices.actions';
import { danfePath, xmlPath } from './invoices.config';
import {
  correctionsOf,
  invoiceCounts,
  invoiceOfOrderLoader,
  hasReceivedReturn,
  invoiceOfReturnLoader,
  invoicePage,
  orderIdAndNumber,
  orderNumberAndStatus,
  returnNumberOf,
  saleInvoiceOfOrderNumber,
} from './invoices.repository';
import { CANCEL_WINDOW_MS } from './invoices.service';
import type { InvoiceRow, InvoiceStatus } from './invoices.tables';
import { checkInvoiceFilter, checkInvoicePage, INVOICE_MESSAGES } from '@vitrine/rules';

type Ctx = GraphQLContext;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  PENDING: 'Aguardando envio',
  PROCESSING: 'Processando',
  AUTHORIZED: 'Autorizada',
  REJECTED: 'Rejeitada',
  CANCELED: 'Cancelada',
};

const NOT_CONFIGURED = INVOICE_MESSAGES.notConfigured;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function handle(ctx: Ctx) {
  const invoicesHandle = ctx.request.server.invoices;
  if (!invoicesHandle) throw badUserInput(NOT_CONFIGURED);
  return invoicesHandle;
}

function now(ctx: Ctx): Date {
  const server = ctx.request.server;
  return new Date(server.hasDecorator('clock') ? server.clock.now() : Date.now());
}

/** What the caller already read beside the invoice (the list's page, the order, the return). */
interface KnownOfInvoice {
  orderNumber?: string;
  returnNumber?: number | null;
}

async function invoiceView(
  ctx: Ctx,
  invoice: InvoiceRow,
  role: StaffRole,
  known: KnownOfInvoice = {},
) {
  const corrections = await correctionsOf(ctx.db, invoice.id);
  let number = known.orderNumber;
  let orderStatus: string | null = null;
  if (number === undefined || invoice.cancelSuggestedAt === null) {
    const order = await orderNumberAndStatus(ctx.db, invoice.orderId);
    number = order?.number ?? '';
    orderStatus = order?.status ?? null;
  }
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  const authorised = invoice.status === 'AUTHORIZED';
  // A refund of goods that came back is the devolução's, not a reason to cancel the sale's NF-e.
  const refundedByReturn =
    authorised && orderStatus === 'REFUNDED' && (await hasReceivedReturn(ctx.db, invoice.orderId));
  const returnNumber = !invoice.returnId
    ? null
    : known.returnNumber !== undefined
      ? known.returnNumber
      : await returnNumberOf(ctx.db, invoice.returnId);
  return {
    id: invoice.id,
    kind: invoice.kind,
    returnNumber,
    returnId: invoice.returnId,
    orderId: invoice.orderId,
    orderNumber: number,
    status: invoice.status,
    statusLabel: INVOICE_STATUS_LABELS[invoice.status],
    environment: invoice.environment,
    series: invoice.series,
    number: invoice.number,
    accessKey: invoice.accessKey,
    protocol: invoice.protocol,
    rejectionCode: invoice.rejectionCode,
    rejectionMessage: invoice.rejectionMessage,
    danfeUrl: authorised ? `${base}${danfePath(invoice.publicToken)}` : null,
    xmlUrl: authorised ? `${base}${xmlPath(invoice.publicToken)}` : null,
    attempts: invoice.attempts,
    lastError: invoice.lastError,
    nextAttemptAt: iso(invoice.nextAttemptAt),
    authorizedAt: iso(invoice.authorizedAt),
    cancelDeadline: invoice.authorizedAt
      ? new Date(invoice.authorizedAt.getTime() + CANCEL_WINDOW_MS).toISOString()
      : null,
    canceledAt: iso(invoice.canceledAt),
    cancelReason: invoice.cancelReason,
    cancelSuggested:
      authorised &&
      invoice.kind === 'SALE' &&
      (invoice.cancelSuggestedAt !== null ||
        orderStatus === 'CANCELED' ||
        (orderStatus === 'REFUNDED' && !refundedByReturn)),
    corrections: corrections.map((c) => ({
      sequence: c.sequence,
      text: c.text,
      protocol: c.protocol,
      staffName: c.staffName,
      createdAt: c.createdAt.toISOString(),
    })),
    allowedActions: allowedInvoiceActions(invoice, role, now(ctx), corrections.length),
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}

/** The mails the change put in the outbox go now, and the worker sends what became due. */
async function committed<T>(ctx: Ctx, change: Promise<T>): Promise<T> {
  const result = await change;
  ctx.request.server.mail.kick();
  ctx.request.server.invoices?.kick();
  return result;
}

export const resolvers: Resolvers = {
  Query: {
    async invoicing(_root, _args, ctx) {
      requireStaff(ctx, INVOICE_VIEW_ROLES);
      const invoicesHandle = ctx.request.server.invoices;
      const counts = await invoiceCounts(ctx.db);
      const info = invoicesHandle?.info();
      return {
        configured: Boolean(invoicesHandle),
        provider: info?.provider ?? null,
        environment: info?.environment ?? null,
        host: info?.host ?? null,
        webhookConfigured: info?.webhookConfigured ?? false,
        pendingCount: counts.PENDING,
        processingCount: counts.PROCESSING,
        rejectedCount: counts.REJECTED,
      };
    },
    async orderInvoice(_root, args, ctx) {
      const principal = requireStaff(ctx, INVOICE_VIEW_ROLES);
      if (!isUuid(args.orderId)) throw notFound('Pedido não encontrado.');
      const order = await orderIdAndNumber(ctx.db, args.orderId);
      if (!order) throw notFound('Pedido não encontrado.');
      const invoice = await invoiceOfOrderLoader(ctx, order.id);
      return invoice
        ? invoiceView(ctx, invoice, principal.role, { orderNumber: order.number })
        : null;
    },
    async invoices(_root, args, ctx) {
      const principal = requireStaff(ctx, INVOICE_VIEW_ROLES);
      const page = checkInvoicePage(args.first, args.offset);
      if (!page.ok) throw badUserInput(page.issue.message, page.issue.field);
      const filter = checkInvoiceFilter(args.filter);
      if (!filter.ok) throw badUserInput(filter.issue.message, filter.issue.field);
      const { first, offset } = page.value;
      const rows = await invoicePage(ctx.db, filter.value, first, offset);
      return {
        totalCount: rows.total,
        nodes: await Promise.all(
          rows.rows.map((row) =>
            invoiceView(ctx, row.invoice, principal.role, {
              orderNumber: row.orderNumber,
              returnNumber: row.returnNumber,
            }),
          ),
        ),
      };
    },
  },
  Mutation: {
    async invoiceRetry(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, INVOICE_RETRY_ROLES);
      const { deps } = handle(ctx);
      const invoice = await committed(
        ctx,
        retryInvoice(ctx.db, deps, staffActor(principal), args.orderId),
      );
      return invoiceView(ctx, invoice, principal.role);
    },
    async returnInvoiceRetry(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, INVOICE_RETRY_ROLES);
      const { deps } = handle(ctx);
      const invoice = await committed(
        ctx,
        retryReturnInvoice(ctx.db, deps, staffActor(principal), args.returnId),
      );
      return invoiceView(ctx, invoice, principal.role);
    },
    async invoiceCancel(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, INVOICE_FISCAL_ROLES);
      const { deps } = handle(ctx);
      const invoice = await committed(
        ctx,
        cancelInvoice(ctx.db, deps, staffActor(principal), args.id, args.reason),
      );
      return invoiceView(ctx, invoice, principal.role);
    },
    async invoiceCorrect(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, INVOICE_FISCAL_ROLES);
      const { deps } = handle(ctx);
      const invoice = await committed(
        ctx,
        correctInvoice(ctx.db, deps, staffActor(principal), args.id, args.text),
      );
      return invoiceView(ctx, invoice, principal.role);
    },
  },
  Order: {
    async invoice(order, _args, ctx) {
      const principal = requireStaff(ctx);
      if (!INVOICE_VIEW_ROLES.includes(principal.role)) return null;
      const invoice = await invoiceOfOrderLoader(ctx, order.id);
      return invoice
        ? invoiceView(ctx, invoice, principal.role, { orderNumber: order.number })
        : null;
    },
  },
  OrderReturn: {
    async invoice(parent, _args, ctx) {
      const principal = requireStaff(ctx);
      if (!INVOICE_VIEW_ROLES.includes(principal.role)) return null;
      const invoice = await invoiceOfReturnLoader(ctx, parent.id);
      return invoice
        ? invoiceView(ctx, invoice, principal.role, { returnNumber: parent.number })
        : null;
    },
  },
  // The parent is the shopper's view of an order (orderStatus, placeOrder), already authorised.
  CustomerOrder: {
    async invoice(parent, _args, ctx) {
      const invoice = await saleInvoiceOfOrderNumber(ctx.db, parent.number);
      // Number and series are non-null in CustomerInvoice: an invoice without them is not shown.
      if (!invoice || invoice.status !== 'AUTHORIZED' || !invoice.accessKey) return null;
      if (invoice.number === null || invoice.series === null) return null;
      const base = ctx.config.publicUrl.replace(/\/+$/, '');
      return {
        number: invoice.number,
        series: invoice.series,
        accessKey: invoice.accessKey,
        danfeUrl: `${base}${danfePath(invoice.publicToken)}`,
        xmlUrl: `${base}${xmlPath(invoice.publicToken)}`,
      };
    },
  },
};
