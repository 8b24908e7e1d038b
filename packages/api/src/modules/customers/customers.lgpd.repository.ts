// The LGPD requests' SQL on other modules' tables (customers.service.ts keeps the rules, the audit
// and the flow): what the data export reads besides the orders themselves, and the rows the
// anonymisation locks and rewrites (orders, refunds, timeline, payments and gateway events, coupon
// uses, bank statement lines, saved views, stock movements).
import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { escapeLike, iso, rawRows } from './customers.repository';

export interface ExportedLine {
  productName: string;
  brandName: string;
  variantLabel: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  discountCents: number;
}

export interface ExportedEvent {
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  actor: string;
  note: string | null;
  createdAt: string;
}

export interface ExportedPayment {
  provider: string;
  method: string;
  status: string;
  amountCents: number;
  refundedCents: number;
  createdAt: string;
}

export interface ExportedRefund {
  amountCents: number;
  reason: string;
  createdAt: string;
}

export interface ExportedCoupon {
  code: string;
  discountCents: number;
}

/** Each order's lines, timeline, payments, refunds and coupons, in the export's order. */
export interface OrderExtras {
  lines: ExportedLine[];
  events: ExportedEvent[];
  payments: ExportedPayment[];
  refunds: ExportedRefund[];
  coupons: ExportedCoupon[];
}

const uuidArray = (ids: string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The lines, timeline, payments, refunds and coupons of these orders, by order id. */
export async function orderExtrasOf(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, OrderExtras>> {
  const extras = new Map<string, OrderExtras>(
    orderIds.map((id) => [id, { lines: [], events: [], payments: [], refunds: [], coupons: [] }]),
  );
  if (orderIds.length === 0) return extras;
  const ids = uuidArray(orderIds);
  type Of<T> = T & { orderId: string };
  const [lines, events, payments, refunds, coupons] = await Promise.all([
    rawRows<Of<ExportedLine>>(
      db,
      sql`SELECT order_id AS "orderId", product_name AS "productName", brand_name AS "brandName",
        variant_label AS "variantLabel", sku, unit_price_cents AS "unitPriceCents",
        quantity, line_total_cents AS "lineTotalCents", discount_cents AS "discountCents"
        FROM order_lines WHERE order_id = ANY(${ids}) ORDER BY order_id, position`,
    ),
    rawRows<Of<ExportedEvent>>(
      db,
      sql`SELECT order_id AS "orderId", type, from_status AS "fromStatus", to_status AS "toStatus",
        actor, note, ${iso(sql`created_at`)} AS "createdAt"
        FROM order_events WHERE order_id = ANY(${ids}) ORDER BY order_id, created_at, id`,
    ),
    rawRows<Of<ExportedPayment>>(
      db,
      sql`SELECT order_id AS "orderId", provider, method, status, amount_cents AS "amountCents",
        refunded_cents AS "refundedCents", ${iso(sql`created_at`)} AS "createdAt"
        FROM payments WHERE order_id = ANY(${ids}) ORDER BY order_id, created_at, id`,
    ),
    rawRows<Of<ExportedRefund>>(
      db,
      sql`SELECT order_id AS "orderId", amount_cents AS "amountCents", reason,
        ${iso(sql`created_at`)} AS "createdAt"
        FROM order_refunds WHERE order_id = ANY(${ids}) ORDER BY order_id, created_at, id`,
    ),
    rawRows<Of<ExportedCoupon>>(
      db,
      sql`SELECT r.order_id AS "orderId", c.code, r.discount_cents AS "discountCents"
        FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
        WHERE r.order_id = ANY(${ids})`,
    ),
  ]);
  const push = <T>(rows: Of<T>[], into: (order: OrderExtras) => T[]) => {
    for (const { orderId, ...row } of rows) {
      const order = extras.get(String(orderId));
      if (order) into(order).push(row as T);
    }
  };
  push(lines, (order) => order.lines);
  push(events, (order) => order.events);
  push(payments, (order) => order.payments);
  push(refunds, (order) => order.refunds);
  push(coupons, (order) => order.coupons);
  return extras;
}

// ---------------------------------------------------------------------------------------------
// The LGPD anonymisation: the rows it locks and the writes it makes (the rules that decide each
// new value are the service's).

/** The replacement values of an order's personal data (the rest is fixed: see the statement). */
export interface OrderAnonymization {
  name: string;
  email: string;
  /** What replaces the cancel and refund reasons. */
  removedText: string;
  idempotencyKey: string;
}

export async function anonymizeOrderRow(
  tx: Transaction,
  orderId: string,
  values: OrderAnonymization,
): Promise<void> {
  await tx.execute(sql`UPDATE orders SET
      customer_name = ${values.name},
      customer_email = ${values.email},
      customer_cpf = '',
      customer_phone = '',
      street = CASE WHEN street = '' THEN '' ELSE 'Anonimizado' END,
      street_number = CASE WHEN street_number = '' THEN '' ELSE 'S/N' END,
      complement = NULL,
      district = CASE WHEN district = '' THEN '' ELSE 'Anonimizado' END,
      postal_code = CASE WHEN postal_code = '' THEN '' ELSE left(postal_code, 5) || '000' END,
      client_address = NULL,
      cancel_reason = CASE WHEN cancel_reason IS NULL THEN NULL ELSE ${values.removedText} END,
      refund_reason = CASE WHEN refund_reason IS NULL THEN NULL ELSE ${values.removedText} END,
      idempotency_key = ${values.idempotencyKey},
      anonymized_at = now(),
      updated_at = now()
    WHERE id = ${orderId}`);
}

export async function setRefundReasons(
  tx: Transaction,
  orderIds: string[],
  reason: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE order_refunds SET reason = ${reason} WHERE order_id = ANY(${uuidArray(orderIds)})`,
  );
}

export interface OrderEventText {
  id: string;
  actor: string;
  note: string | null;
  actorName: string | null;
  /** The event's data as JSON text. */
  data: string;
}

/** The timeline events of these orders, locked (`for update`). */
export async function lockOrderEvents(tx: Transaction, orderIds: string[]) {
  return rawRows<OrderEventText>(
    tx,
    sql`SELECT id, actor, note, actor_name AS "actorName", data::text AS data FROM order_events
      WHERE order_id = ANY(${uuidArray(orderIds)}) FOR UPDATE`,
  );
}

export async function updateOrderEvent(
  tx: Transaction,
  event: Omit<OrderEventText, 'actor'>,
): Promise<void> {
  await tx.execute(
    sql`UPDATE order_events SET note = ${event.note}, actor_name = ${event.actorName},
      data = ${event.data}::jsonb WHERE id = ${event.id}`,
  );
}

/** A JSON column the anonymisation scrubs on the orders' payments and gateway events. */
export type OrderJsonColumn =
  { table: 'payments'; column: 'raw' } | { table: 'payment_events'; column: 'payload' };

/** That column of these orders' rows, as JSON text, locked (`for update`). */
export async function lockOrderJson(tx: Transaction, target: OrderJsonColumn, orderIds: string[]) {
  return rawRows<{ id: string; value: string }>(
    tx,
    sql`SELECT id, ${sql.identifier(target.column)}::text AS value FROM ${sql.identifier(target.table)}
      WHERE order_id = ANY(${uuidArray(orderIds)}) FOR UPDATE`,
  );
}

export async function setOrderJson(
  tx: Transaction,
  target: OrderJsonColumn,
  id: string,
  value: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE ${sql.identifier(target.table)} SET ${sql.identifier(target.column)} = ${value}::jsonb WHERE id = ${id}`,
  );
}

export async function setRedemptionEmails(
  tx: Transaction,
  orderIds: string[],
  email: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE coupon_redemptions SET email = ${email} WHERE order_id = ANY(${uuidArray(orderIds)})`,
  );
}

/** The bank statement lines matched to these orders. */
export async function statementEntriesOf(tx: Transaction, orderIds: string[]) {
  return rawRows<{ id: string; description: string }>(
    tx,
    sql`SELECT id, description FROM bank_statement_entries WHERE order_id = ANY(${uuidArray(orderIds)})`,
  );
}

export async function setStatementDescription(
  tx: Transaction,
  id: string,
  description: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE bank_statement_entries SET description = ${description} WHERE id = ${id}`,
  );
}

/** Every staff member's saved list view; `owner` is staff and screen (names are unique in it). */
export async function allSavedViews(tx: Transaction) {
  return rawRows<{ id: string; owner: string; name: string; query: string }>(
    tx,
    sql`SELECT id, staff_id || ':' || screen AS owner, name, query FROM staff_saved_views`,
  );
}

export async function updateSavedView(
  tx: Transaction,
  id: string,
  name: string,
  query: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE staff_saved_views SET name = ${name}, query = ${query} WHERE id = ${id}`,
  );
}

/** The person's identifiers on their orders: addresses, whole names, CPF and phone digits. */
export interface PersonIdentifiers {
  emails: string[];
  names: string[];
  /** CPFs and phones (with and without the area code), digits only. */
  digits: string[];
}

/** A table with texts not about the orders that may name the person. */
export interface NamingTarget {
  table: 'stock_movements' | 'bank_statement_entries' | 'payment_events';
  columns: string[];
  /** The column holds JSON (written back as jsonb). */
  json?: boolean;
  /** Only the rows matched to no order. */
  withoutOrder?: boolean;
}

/**
 * Rows of the target whose columns may name the person (a whole name or address, lower case and
 * without accents, or the digits of a CPF or phone once punctuation is dropped), locked: the
 * candidates a strong scrub reads, so a large table is filtered by the database first.
 */
export async function lockRowsNaming(
  tx: Transaction,
  target: NamingTarget,
  ids: PersonIdentifiers,
): Promise<Record<string, string | null>[]> {
  const texts = [
    ...ids.emails.map((email) => `%${escapeLike(email.toLowerCase())}%`),
    ...ids.names.map(
      (name) => `%${escapeLike(name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''))}%`,
    ),
  ];
  const digits = ids.digits.map((d) => `%${d}%`);
  const anyOf = (list: string[]) =>
    sql`ANY(ARRAY[${sql.join(
      list.map((item) => sql`${item}`),
      sql`, `,
    )}]::text[])`;
  const conditions = target.columns.flatMap((column) => {
    const text = sql.raw(`${column}::text`);
    return [
      ...(texts.length > 0 ? [sql`vt_unaccent(lower(${text})) LIKE ${anyOf(texts)}`] : []),
      ...(digits.length > 0
        ? [sql`regexp_replace(${text}, '[^0-9]', '', 'g') LIKE ${anyOf(digits)}`]
        : []),
    ];
  });
  if (conditions.length === 0) return [];
  const where = target.withoutOrder ? sql`order_id IS NULL` : sql`true`;
  return rawRows<Record<string, string | null>>(
    tx,
    sql`SELECT id::text AS id, ${sql.join(
      target.columns.map((column) => sql.raw(`${column}::text AS ${column}`)),
      sql`, `,
    )} FROM ${sql.identifier(target.table)}
      WHERE (${where}) AND (${sql.join(conditions, sql` OR `)}) FOR UPDATE`,
  );
}

/** Writes new values of some of the target's columns on one row. */
export async function setNamingColumns(
  tx: Transaction,
  target: NamingTarget,
  id: string,
  values: { column: string; value: string }[],
): Promise<void> {
  if (values.length === 0) return;
  const changes = values.map(
    ({ column, value }) =>
      sql`${sql.identifier(column)} = ${value}${target.json ? sql.raw('::jsonb') : sql``}`,
  );
  await tx.execute(
    sql`UPDATE ${sql.identifier(target.table)} SET ${sql.join(changes, sql`, `)}
      WHERE id = ${id}::uuid`,
  );
}
