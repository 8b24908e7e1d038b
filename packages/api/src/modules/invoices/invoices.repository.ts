// Reads and writes of the invoices: the orders that should have one, the due work claimed by one
// instance at a time (SKIP LOCKED), what the payload is built from, and the list screen's page.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { SETTLED_RETURN_STATUSES } from '@vitrine/rules';
import type { Executor } from '../../db';
import type { GraphQLContext } from '../../graphql/context';
import { keyedLoader } from '../../lib/keyed-loader';
import { products } from '../catalog/catalog.tables';
import { orderLines, orders, type OrderRow } from '../orders/orders.tables';
import { orderReturns } from '../returns/returns.tables';
import type { InvoiceLine } from './payload';
import {
  invoiceCorrections,
  invoiceIssuing,
  invoices,
  type InvoiceCorrectionRow,
  type InvoiceKind,
  type InvoiceRow,
  type InvoiceStatus,
} from './invoices.tables';
import { invoiceRef, returnInvoiceRef } from './invoices.config';

/** `('RECEIVED', 'REFUNDED')`: a return whose goods are back (@vitrine/rules). */
const SETTLED_RETURNS = sql`(${sql.join(
  SETTLED_RETURN_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** Marks since when the store issues invoices (the first start with a provider); answers it. */
export async function ensureIssuingSince(db: Executor): Promise<Date> {
  await db.insert(invoiceIssuing).values({ id: true }).onConflictDoNothing();
  const [row] = await db.select().from(invoiceIssuing).limit(1);
  return row!.enabledSince;
}

/**
 * Creates the PENDING invoice of every order paid (or shipped, by the store's setting) since
 * issuing began that has none, and is not canceled or refunded. Idempotent (unique order_id): two
 * instances sweeping at once create each invoice once. Answers how many were created.
 */
export async function createMissingInvoices(
  db: Executor,
  input: { provider: string; environment: string; now: Date },
): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO invoices (order_id, provider, environment, ref, next_attempt_at)
    SELECT o.id, ${input.provider}, ${input.environment},
      'vt' || replace(o.id::text, '-', ''), ${input.now.toISOString()}::timestamptz
    FROM orders o, store_settings s, invoice_issuing i
    WHERE s.id AND (
        (s.nfe_issue_on = 'PAID' AND o.paid_at >= i.enabled_since
          AND o.status IN ('PAID', 'SHIPPED', 'DELIVERED'))
        OR (s.nfe_issue_on = 'SHIPPED' AND o.shipped_at >= i.enabled_since
          AND o.status IN ('SHIPPED', 'DELIVERED')))
      AND NOT EXISTS (SELECT 1 FROM invoices v WHERE v.order_id = o.id AND v.kind = 'SALE')
    ORDER BY o.paid_at
    LIMIT 200
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return result.rows.length;
}

/**
 * Creates the PENDING NF-e de devolução of every return received (goods back in the store) whose
 * order's sale NF-e is authorised and that has none. A sale NF-e canceled instead needs none.
 * Idempotent (unique return_id). Answers how many were created.
 */
export async function createMissingReturnInvoices(
  db: Executor,
  input: { provider: string; environment: string; now: Date },
): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO invoices (order_id, kind, return_id, provider, environment, ref, next_attempt_at)
    SELECT r.order_id, 'RETURN', r.id, ${input.provider}, ${input.environment},
      'vtd' || replace(r.id::text, '-', ''), ${input.now.toISOString()}::timestamptz
    FROM order_returns r
    JOIN invoices s ON s.order_id = r.order_id AND s.kind = 'SALE' AND s.status = 'AUTHORIZED'
    WHERE r.status IN ${SETTLED_RETURNS}
      AND NOT EXISTS (SELECT 1 FROM invoices v WHERE v.return_id = r.id)
    ORDER BY r.received_at
    LIMIT 200
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return result.rows.length;
}

/** A return's NF-e de devolução created by hand (staff: a return received before issuing). */
export async function insertReturnInvoice(
  db: Executor,
  input: { orderId: string; returnId: string; provider: string; environment: string; now: Date },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .insert(invoices)
    .values({
      orderId: input.orderId,
      kind: 'RETURN',
      returnId: input.returnId,
      provider: input.provider,
      environment: input.environment as InvoiceRow['environment'],
      ref: returnInvoiceRef(input.returnId),
      nextAttemptAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A return's NF-e de devolução, if it has one. */
export async function invoiceOfReturn(
  db: Executor,
  returnId: string,
  lock = false,
): Promise<InvoiceRow | null> {
  const query = db.select().from(invoices).where(eq(invoices.returnId, returnId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A return's number within its order (Devolução 1, 2...); null when there is none. */
export async function returnNumberOf(db: Executor, returnId: string): Promise<number | null> {
  const [row] = await db
    .select({ number: orderReturns.number })
    .from(orderReturns)
    .where(eq(orderReturns.id, returnId));
  return row?.number ?? null;
}

/** Whether goods of the order came back (a return received): they get a devolução, not a cancel. */
export async function hasReceivedReturn(db: Executor, orderId: string): Promise<boolean> {
  const result = await db.execute<{ found: number }>(sql`
    SELECT 1 AS found FROM order_returns
    WHERE order_id = ${orderId}::uuid AND status IN ${SETTLED_RETURNS} LIMIT 1`);
  return result.rows.length > 0;
}

/** A return locked for its NF-e de devolução: its order and status; null when there is none. */
export async function lockReturnForInvoice(
  db: Executor,
  returnId: string,
): Promise<{ orderId: string; status: string } | null> {
  const result = await db.execute<{ order_id: string; status: string }>(sql`
    SELECT order_id, status FROM order_returns WHERE id = ${returnId}::uuid FOR UPDATE`);
  const row = result.rows[0];
  return row ? { orderId: row.order_id, status: row.status } : null;
}

/** What a return brought back, by order line: its units and their share of the refund. */
export interface ReturnedLine {
  orderLineId: string;
  quantity: number;
  refundCents: number;
}

export async function returnForInvoice(
  db: Executor,
  returnId: string,
): Promise<{ number: number; shippingRefundCents: number; lines: ReturnedLine[] } | null> {
  const head = await db.execute<{ number: number; shipping_refund_cents: number }>(sql`
    SELECT number, shipping_refund_cents FROM order_returns WHERE id = ${returnId}::uuid`);
  const row = head.rows[0];
  if (!row) return null;
  const lines = await db.execute<{
    order_line_id: string;
    quantity: number;
    refund_cents: number;
  }>(sql`
    SELECT rl.order_line_id, rl.quantity, rl.refund_cents
    FROM order_return_lines rl JOIN order_lines l ON l.id = rl.order_line_id
    WHERE rl.return_id = ${returnId}::uuid
    ORDER BY l.position`);
  return {
    number: Number(row.number),
    shippingRefundCents: Number(row.shipping_refund_cents),
    lines: lines.rows.map((line) => ({
      orderLineId: line.order_line_id,
      quantity: Number(line.quantity),
      refundCents: Number(line.refund_cents),
    })),
  };
}

/** An order's invoice created by hand (staff: an order paid before issuing began). */
export async function insertInvoice(
  db: Executor,
  input: { orderId: string; provider: string; environment: string; now: Date },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .insert(invoices)
    .values({
      orderId: input.orderId,
      provider: input.provider,
      environment: input.environment as InvoiceRow['environment'],
      ref: invoiceRef(input.orderId),
      nextAttemptAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Claims the due PENDING and PROCESSING invoices (a lease until `leaseUntil`). */
export async function claimDueInvoices(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<InvoiceRow[]> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE invoices SET next_attempt_at = ${leaseUntil.toISOString()}, updated_at = now()
    WHERE id IN (
      SELECT id FROM invoices
      WHERE status IN ('PENDING', 'PROCESSING') AND next_attempt_at <= ${now.toISOString()}
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.createdAt));
}

export async function invoiceById(
  db: Executor,
  id: string,
  lock = false,
): Promise<InvoiceRow | null> {
  const query = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function invoiceByRef(db: Executor, ref: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.ref, ref));
  return row ?? null;
}

export async function invoiceOfOrder(
  db: Executor,
  orderId: string,
  lock = false,
): Promise<InvoiceRow | null> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'SALE')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Changes an invoice only while it is in one of `from` (a webhook and a poll racing: one wins). */
export async function updateInvoiceIfStatusIn(
  db: Executor,
  id: string,
  from: readonly InvoiceStatus[],
  changes: Partial<Omit<InvoiceRow, 'id' | 'orderId' | 'ref' | 'publicToken' | 'createdAt'>>,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(invoices.id, id), inArray(invoices.status, [...from])))
    .returning();
  return row ?? null;
}

/** Gives the invoice its series and number (taken with takeInvoiceNumber); answers the row. */
export async function setInvoiceNumber(
  tx: Executor,
  id: string,
  taken: { series: number; number: number },
): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ series: taken.series, number: taken.number, updatedAt: sql`now()` })
    .where(sql`${invoices.id} = ${id}`)
    .returning();
  return row!;
}

/** Records a correction letter the SEFAZ registered (once per invoice and sequence). */
export async function insertInvoiceCorrection(
  tx: Executor,
  correction: typeof invoiceCorrections.$inferInsert,
): Promise<void> {
  await tx.insert(invoiceCorrections).values(correction).onConflictDoNothing();
}

/** The next number of the store's series, taken atomically (the row lock orders concurrent takers). */
export async function takeInvoiceNumber(db: Executor): Promise<{ series: number; number: number }> {
  const result = await db.execute<{ series: number; number: string | number }>(sql`
    UPDATE store_settings SET nfe_next_number = nfe_next_number + 1
    WHERE id RETURNING nfe_series AS series, nfe_next_number - 1 AS number`);
  const row = result.rows[0]!;
  return { series: Number(row.series), number: Number(row.number) };
}

export async function orderForInvoice(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The order's lines with their products' fiscal data now (null for a product gone). */
export async function invoiceLinesOf(db: Executor, orderId: string): Promise<InvoiceLine[]> {
  const rows = await db
    .select({
      lineId: orderLines.id,
      sku: orderLines.sku,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
      discountCents: orderLines.discountCents,
      productId: products.id,
      ncm: products.ncm,
      cest: products.cest,
      origin: products.origin,
      taxSituation: products.taxSituation,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return rows.map((row) => ({
    lineId: row.lineId,
    sku: row.sku,
    productName: row.productName,
    variantLabel: row.variantLabel,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    lineTotalCents: row.lineTotalCents,
    discountCents: row.discountCents,
    product: row.productId
      ? { ncm: row.ncm, cest: row.cest, origin: row.origin ?? 0, taxSituation: row.taxSituation }
      : null,
  }));
}

export async function correctionsOf(
  db: Executor,
  invoiceId: string,
): Promise<InvoiceCorrectionRow[]> {
  return db
    .select()
    .from(invoiceCorrections)
    .where(eq(invoiceCorrections.invoiceId, invoiceId))
    .orderBy(asc(invoiceCorrections.sequence));
}

/** AUTHORIZED invoices whose files are not stored yet (the download failed). */
export async function invoicesMissingFiles(db: Executor, limit: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'AUTHORIZED'),
        sql`(${invoices.danfePdf} IS NULL OR ${invoices.xml} IS NULL)`,
        sql`${invoices.danfeUrl} IS NOT NULL`,
      ),
    )
    .limit(limit);
}

/** Authorised invoices of orders canceled or refunded since, not yet noted on the timeline. */
export async function invoicesToSuggestCancel(
  db: Executor,
): Promise<{ id: string; orderId: string; orderStatus: string }[]> {
  const result = await db.execute<{ id: string; order_id: string; status: string }>(sql`
    SELECT v.id, v.order_id, o.status FROM invoices v JOIN orders o ON o.id = v.order_id
    WHERE v.status = 'AUTHORIZED' AND v.cancel_suggested_at IS NULL AND v.kind = 'SALE'
      AND o.status IN ('CANCELED', 'REFUNDED')
      -- Goods that came back get their NF-e de devolução instead.
      AND NOT EXISTS (SELECT 1 FROM order_returns r
        WHERE r.order_id = o.id AND r.status IN ${SETTLED_RETURNS})
    LIMIT 100`);
  return result.rows.map((row) => ({ id: row.id, orderId: row.order_id, orderStatus: row.status }));
}

/** The order's invoice, batched per request (Order.invoice on a list). */
export function invoiceOfOrderLoader(
  ctx: Pick<GraphQLContext, 'db' | 'loaders'>,
  orderId: string,
): Promise<InvoiceRow | null> {
  const loader = ctx.loaders.get('invoices-by-order', () =>
    keyedLoader<string, InvoiceRow | null>(
      async (ids) => {
        const rows = await ctx.db
          .select()
          .from(invoices)
          .where(and(inArray(invoices.orderId, ids), eq(invoices.kind, 'SALE')));
        return new Map(rows.map((row) => [row.orderId, row]));
      },
      () => null,
    ),
  );
  return loader.load(orderId);
}

/** The return's NF-e de devolução, batched per request (OrderReturn.invoice on the order page). */
export function invoiceOfReturnLoader(
  ctx: Pick<GraphQLContext, 'db' | 'loaders'>,
  returnId: string,
): Promise<InvoiceRow | null> {
  const loader = ctx.loaders.get('invoices-by-return', () =>
    keyedLoader<string, InvoiceRow | null>(
      async (ids) => {
        const rows = await ctx.db.select().from(invoices).where(inArray(invoices.returnId, ids));
        return new Map(rows.map((row) => [row.returnId!, row]));
      },
      () => null,
    ),
  );
  return loader.load(returnId);
}

export interface InvoicePageRow {
  invoice: InvoiceRow;
  orderNumber: string;
  customerName: string;
  totalCents: number;
  orderStatus: string;
  /** The return's number (Devolução 1, 2...) of a RETURN invoice; null for a sale. */
  returnNumber: number | null;
}

/** The list screen: newest first, by status. */
export async function invoicePage(
  db: Executor,
  filter: { status: InvoiceStatus | null; kind: InvoiceKind | null },
  first: number,
  offset: number,
): Promise<{ total: number; rows: InvoicePageRow[] }> {
  const where = and(
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(invoices).where(where);
  const rows = await db
    .select({
      invoice: invoices,
      orderNumber: orders.number,
      customerName: orders.customerName,
      totalCents: orders.totalCents,
      orderStatus: orders.status,
      returnNumber: orderReturns.number,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(orderReturns, eq(orderReturns.id, invoices.returnId))
    .where(where)
    .orderBy(desc(invoices.updatedAt), desc(invoices.id))
    .limit(first)
    .offset(offset);
  return { total: Number(totals?.total ?? 0), rows };
}

export async function invoiceCounts(db: Executor): Promise<Record<InvoiceStatus, number>> {
  const rows = await db
    .select({ status: invoices.status, total: count() })
    .from(invoices)
    .groupBy(invoices.status);
  const counts = { PENDING: 0, PROCESSING: 0, AUTHORIZED: 0, REJECTED: 0, CANCELED: 0 };
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}

/** A file by the shopper's token: only an authorised invoice's. */
export async function invoiceFileByToken(
  db: Executor,
  token: string,
): Promise<{
  danfePdf: Uint8Array | null;
  xml: Uint8Array | null;
  accessKey: string | null;
} | null> {
  const [row] = await db
    .select({ danfePdf: invoices.danfePdf, xml: invoices.xml, accessKey: invoices.accessKey })
    .from(invoices)
    .where(and(eq(invoices.publicToken, token), eq(invoices.status, 'AUTHORIZED')));
  return row ?? null;
}

/** An order's number and status (the invoice's view), or undefined. */
export async function orderNumberAndStatus(
  db: Executor,
  orderId: string,
): Promise<{ number: string; status: OrderRow['status'] } | undefined> {
  const [order] = await db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** An order's id and number, or undefined. */
export async function orderIdAndNumber(
  db: Executor,
  orderId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [order] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** The sale's NF-e of the order numbered `number`, or undefined. */
export async function saleInvoiceOfOrderNumber(
  db: Executor,
  number: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.number, number), eq(invoices.kind, 'SALE')));
  return row?.invoice;
}
