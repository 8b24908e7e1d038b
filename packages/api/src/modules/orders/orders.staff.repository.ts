// Staff order queries: the filtered, keyset-paginated list and the pieces of an order's detail
// (lines, timeline, payments, refunds) fetched for many orders at once.
import { STORE_TIME_ZONE } from '../../lib/dates';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import {
  orderEvents,
  orderLines,
  orders,
  payments,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
  type PaymentRow,
} from './orders.tables';
import { orderRefunds, type OrderRefundRow } from './orders.tables';
import { mailOutbox, type MailOutboxRow } from '../mail/mail.tables';
import { variants } from '../catalog/catalog.tables';

export type OrderSortKey = 'NEWEST' | 'OLDEST' | 'TOTAL_DESC' | 'TOTAL_ASC' | 'EXPIRES_SOONEST';

export interface OrderListFilter {
  status?: OrderRow['status'] | null;
  paymentStatus?: OrderRow['paymentStatus'] | null;
  fulfilmentStatus?: OrderRow['fulfilmentStatus'] | null;
  paymentMethod?: OrderRow['paymentMethod'] | null;
  /** Unpaid orders whose payment deadline is before this instant. */
  expiresBefore?: Date | null;
  /** Shipped orders the carrier could not deliver, or that go back to the store. */
  deliveryProblem?: boolean;
  brandId?: string | null;
  /** YYYY-MM-DD, already validated. */
  dateFrom?: string | null;
  dateTo?: string | null;
  search?: string | null;
  /** A BRAND_MANAGER's brands: only orders with at least one line of them. */
  visibleBrandIds?: readonly string[] | null;
  /**
   * Whether the search also matches the customer's e-mail and CPF (ADMIN and SUPPORT); a
   * BRAND_MANAGER, who never sees them, finds orders by number and name only.
   */
  searchContact?: boolean;
}

export interface OrderKeyset {
  /**
   * Microseconds since the epoch (dates) or centavos (totals), as a decimal string; null for an
   * order without a payment deadline under EXPIRES_SOONEST (those come last).
   */
  key: string | null;
  id: string;
}

export interface OrderListRow extends OrderRow {
  sortKey: string | null;
}

/**
 * An unpaid order's payment deadline, null for any other (the same expression as the index of
 * migration 0013). Rows written before payment_expires_at existed fall back to the Pix deadline.
 */
export const unpaidDeadline = sql`(CASE WHEN ${orders.status} = 'PENDING_PAYMENT' THEN coalesce(${orders.paymentExpiresAt}, ${orders.pixExpiresAt}) END)`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.paymentStatus) conditions.push(eq(orders.paymentStatus, filter.paymentStatus));
  if (filter.fulfilmentStatus) {
    conditions.push(eq(orders.fulfilmentStatus, filter.fulfilmentStatus));
  }
  if (filter.paymentMethod) conditions.push(eq(orders.paymentMethod, filter.paymentMethod));
  if (filter.expiresBefore) {
    conditions.push(sql`${unpaidDeadline} < ${filter.expiresBefore.toISOString()}::timestamptz`);
  }
  if (filter.deliveryProblem) {
    conditions.push(
      sql`${orders.status} = 'SHIPPED' AND ${orders.trackingStatus} IN ('DELIVERY_FAILED', 'RETURNING')`,
    );
  }
  if (filter.brandId) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM order_lines bl WHERE bl.order_id = ${orders.id} AND bl.brand_id = ${filter.brandId})`,
    );
  }
  if (filter.visibleBrandIds) {
    const ids = sql.join(
      filter.visibleBrandIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    conditions.push(
      filter.visibleBrandIds.length === 0
        ? sql`false`
        : sql`EXISTS (SELECT 1 FROM order_lines vl WHERE vl.order_id = ${orders.id} AND vl.brand_id IN (${ids}))`,
    );
  }
  // Calendar days of the store's zone: from the first day's midnight to the next day after the last.
  if (filter.dateFrom) {
    conditions.push(
      sql`${orders.createdAt} >= (${filter.dateFrom}::date::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`,
    );
  }
  if (filter.dateTo) {
    conditions.push(
      sql`${orders.createdAt} < ((${filter.dateTo}::date + 1)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`,
    );
  }
  const search = filter.search?.trim();
  if (search) conditions.push(searchCondition(search, filter.searchContact ?? true));
  return conditions;
}

/** The WHERE of listOrders and countOrders for `filter` (the search test reads its plan). */
export function orderListWhere(filter: OrderListFilter): SQL | undefined {
  return and(...filterConditions(filter));
}

/**
 * What a grid search is, from its shape: a whole e-mail, a CPF (11 digits, punctuated or not), an
 * order number ('VT-10023', 'vt10023', a bare '10023') or text (part of a name, number or e-mail).
 */
export type OrderSearch =
  | { kind: 'email'; email: string }
  | { kind: 'cpf'; cpf: string; number: string }
  | { kind: 'number'; number: string }
  | { kind: 'text'; text: string };

const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const CPF_SHAPE = /^\d{3}[.\s]?\d{3}[.\s]?\d{3}[-\s]?\d{2}$/;
const ORDER_NUMBER = /^(?:vt)?[\s-]?(\d{1,15})$/i;

export function classifySearch(search: string): OrderSearch {
  const text = search.trim();
  if (WHOLE_EMAIL.test(text)) return { kind: 'email', email: text.toLowerCase() };
  const numberDigits = ORDER_NUMBER.exec(text)?.[1];
  const number = numberDigits ? `VT-${Number(numberDigits)}` : null;
  if (CPF_SHAPE.test(text)) {
    const cpf = text.replace(/\D/g, '');
    // Eleven bare digits could also be an order number; punctuated ones are a CPF only.
    return { kind: 'cpf', cpf, number: number ?? '' };
  }
  if (number) return { kind: 'number', number };
  return { kind: 'text', text };
}

/**
 * The search's condition, each kind on an index (migration 0016 and the ones before it): a whole
 * e-mail on lower(customer_email), a CPF on customer_cpf, a number on the unique number. Only text
 * scans (the name without accents, part of the number or e-mail), as a name can be anywhere in it.
 * `searchContact` false (a BRAND_MANAGER): never by e-mail or CPF.
 */
function searchCondition(search: string, searchContact: boolean): SQL {
  const kind = classifySearch(search);
  switch (kind.kind) {
    case 'email':
      // lower() on both sides: the database's case folding, whatever the letters.
      return searchContact
        ? sql`lower(${orders.customerEmail}) = lower(${kind.email})`
        : sql`false`;
    case 'cpf': {
      const options: SQL[] = [];
      if (searchContact) options.push(sql`${orders.customerCpf} = ${kind.cpf}`);
      if (kind.number) options.push(sql`${orders.number} = ${kind.number}`);
      return options.length ? sql`(${sql.join(options, sql` OR `)})` : sql`false`;
    }
    case 'number':
      return sql`${orders.number} = ${kind.number}`;
    case 'text': {
      const like = `%${escapeLike(kind.text)}%`;
      const options: SQL[] = [
        sql`${orders.number} ILIKE ${like}`,
        sql`vt_unaccent(${orders.customerName}) ILIKE vt_unaccent(${like})`,
      ];
      if (searchContact) options.push(sql`${orders.customerEmail} ILIKE ${like}`);
      return sql`(${sql.join(options, sql` OR `)})`;
    }
  }
}

/**
 * The total a BRAND_MANAGER sees of an order (orders.staff.service brandShare): the whole total
 * when every line is of their brands, else their lines' value less their share of the Pix
 * discount. Sorting by total sorts by it, so the order of the list leaks no other brand's figures.
 */
function brandShareTotal(brandIds: readonly string[]): SQL {
  if (brandIds.length === 0) return sql`${orders.totalCents}`;
  const ids = sql.join(
    brandIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const own = sql`coalesce(st.brand_id IN (${ids}), false)`;
  const ownValue = sql`sum(CASE WHEN ${own} THEN st.line_total_cents - st.discount_cents ELSE 0 END)`;
  const merchandise = sql`(${orders.subtotalCents} - ${orders.discountCents})`;
  return sql`(SELECT CASE WHEN bool_and(${own}) THEN ${orders.totalCents}::bigint
    ELSE (${ownValue} - CASE WHEN ${merchandise} > 0
      THEN round(${orders.pixDiscountCents}::numeric * ${ownValue} / ${merchandise}) ELSE 0 END)::bigint
    END FROM order_lines st WHERE st.order_id = ${orders.id})`;
}

const micros = (column: SQL | typeof orders.createdAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (value: string) =>
  sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/**
 * After the keyset of EXPIRES_SOONEST: deadlines ascending with the orders without one last
 * (NULLS LAST), then id.
 */
function afterDeadline(after: OrderKeyset): SQL {
  if (after.key === null) {
    return sql`(${unpaidDeadline} IS NULL AND ${orders.id} > ${after.id}::uuid)`;
  }
  return sql`(${unpaidDeadline} IS NULL OR (${unpaidDeadline}, ${orders.id}) > (${fromMicros(after.key)}, ${after.id}::uuid))`;
}

export async function listOrders(
  db: Executor,
  filter: OrderListFilter,
  sort: OrderSortKey,
  limit: number,
  after: OrderKeyset | null,
  offset = 0,
): Promise<OrderListRow[]> {
  const conditions = filterConditions(filter);
  if (sort === 'EXPIRES_SOONEST') {
    if (after) conditions.push(afterDeadline(after));
    return db
      .select({ ...getTableColumns(orders), sortKey: micros(unpaidDeadline) })
      .from(orders)
      .where(and(...conditions))
      .orderBy(sql`${unpaidDeadline} ASC NULLS LAST`, asc(orders.id))
      .limit(limit)
      .offset(offset);
  }
  const byTotal = sort === 'TOTAL_ASC' || sort === 'TOTAL_DESC';
  const ascending = sort === 'OLDEST' || sort === 'TOTAL_ASC';
  const totalKey = filter.visibleBrandIds
    ? brandShareTotal(filter.visibleBrandIds)
    : orders.totalCents;
  const keyColumn = byTotal ? totalKey : orders.createdAt;
  if (after && after.key !== null) {
    const keyValue = byTotal ? sql`${Number(after.key)}::bigint` : fromMicros(after.key);
    conditions.push(
      ascending
        ? sql`(${keyColumn}, ${orders.id}) > (${keyValue}, ${after.id}::uuid)`
        : sql`(${keyColumn}, ${orders.id}) < (${keyValue}, ${after.id}::uuid)`,
    );
  }
  const direction = ascending ? asc : desc;
  const rows = await db
    .select({
      ...getTableColumns(orders),
      sortKey: byTotal ? sql<string>`(${totalKey})::text` : micros(orders.createdAt),
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(direction(keyColumn), direction(orders.id))
    .limit(limit)
    .offset(offset);
  return rows;
}

export async function countOrders(db: Executor, filter: OrderListFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...filterConditions(filter)));
  return Number(row?.count ?? 0);
}

export async function findOrderById(db: Executor, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function linesByOrderIds(db: Executor, ids: string[]): Promise<OrderLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

export async function eventsByOrderIds(db: Executor, ids: string[]): Promise<OrderEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, ids))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export async function paymentsByOrderIds(db: Executor, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, ids))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function refundsByOrderIds(db: Executor, ids: string[]): Promise<OrderRefundRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, ids))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/**
 * The outbox has no order column: an order's mails are those to its customer whose subject names
 * its number (every order mail does: 'Recebemos seu pedido VT-10023', 'Pedido VT-10023
 * cancelado', ...), the number standing alone so VT-1 never matches VT-10.
 */
const mailOfOrder = sql`${mailOutbox.toAddress} = ${orders.customerEmail}
  AND ${mailOutbox.subject} ~ ('(^|[^0-9A-Za-z-])' || ${orders.number} || '([^0-9]|$)')`;

/** The subject of each order's newest mail (orders without one are absent). */
export async function lastMailSubjectsByOrderIds(
  db: Executor,
  ids: string[],
): Promise<{ orderId: string; subject: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinctOn([orders.id], { orderId: orders.id, subject: mailOutbox.subject })
    .from(orders)
    .innerJoin(mailOutbox, mailOfOrder)
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id), desc(mailOutbox.createdAt), desc(mailOutbox.id));
  return rows;
}

/** The newest mail about the order, whole (to send it again); null when none was written. */
export async function lastMailOfOrder(
  db: Executor,
  orderId: string,
): Promise<MailOutboxRow | null> {
  const [row] = await db
    .select(getTableColumns(mailOutbox))
    .from(orders)
    .innerJoin(mailOutbox, mailOfOrder)
    .where(eq(orders.id, orderId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}

/**
 * How many times staff resent the order's mails in the last `seconds`, and in how many seconds
 * the oldest of those resends leaves that window (the resend throttle; database time).
 */
export async function countMailResends(
  db: Executor,
  orderId: string,
  seconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const window = sql`${seconds} * interval '1 second'`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      retryAfter: sql<
        string | null
      >`extract(epoch from (min(${orderEvents.createdAt}) + ${window} - now()))::text`,
    })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.type, 'mail_resent'),
        sql`${orderEvents.createdAt} > now() - ${window}`,
      ),
    );
  return {
    count: Number(row?.count ?? 0),
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.retryAfter ?? 1))),
  };
}

export interface VariantSizeRow {
  id: string;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** The variants' current dimensions (a print page's parcel), by id. */
export async function variantSizesByIds(db: Executor, ids: string[]): Promise<VariantSizeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: variants.id,
      lengthCm: variants.lengthCm,
      widthCm: variants.widthCm,
      heightCm: variants.heightCm,
    })
    .from(variants)
    .where(inArray(variants.id, ids));
}
