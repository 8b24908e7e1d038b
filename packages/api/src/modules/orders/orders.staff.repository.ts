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

export type OrderSortKey = 'NEWEST' | 'OLDEST' | 'TOTAL_DESC' | 'TOTAL_ASC';

export interface OrderListFilter {
  status?: OrderRow['status'] | null;
  paymentStatus?: OrderRow['paymentStatus'] | null;
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
  /** Microseconds since the epoch (dates) or centavos (totals), as a decimal string. */
  key: string;
  id: string;
}

export interface OrderListRow extends OrderRow {
  sortKey: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.paymentStatus) conditions.push(eq(orders.paymentStatus, filter.paymentStatus));
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
  if (search) {
    const like = `%${escapeLike(search)}%`;
    const options: SQL[] = [
      sql`${orders.number} ILIKE ${like}`,
      sql`vt_unaccent(${orders.customerName}) ILIKE vt_unaccent(${like})`,
    ];
    const searchContact = filter.searchContact ?? true;
    if (searchContact) options.push(sql`${orders.customerEmail} ILIKE ${like}`);
    // 'VT 10023', 'vt10023' and a bare '10023' find the order number too.
    const numberDigits = /^(?:vt)?[\s-]?(\d{1,15})$/i.exec(search)?.[1];
    if (numberDigits) options.push(sql`${orders.number} = ${`VT-${Number(numberDigits)}`}`);
    // A CPF typed with or without its punctuation.
    const digits = search.replace(/[.\-\s]/g, '');
    if (searchContact && /^\d{3,11}$/.test(digits))
      options.push(sql`${orders.customerCpf} LIKE ${`%${digits}%`}`);
    conditions.push(sql`(${sql.join(options, sql` OR `)})`);
  }
  return conditions;
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

const createdMicros = sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`;
const createdFromMicros = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

export async function listOrders(
  db: Executor,
  filter: OrderListFilter,
  sort: OrderSortKey,
  limit: number,
  after: OrderKeyset | null,
): Promise<OrderListRow[]> {
  const conditions = filterConditions(filter);
  const byTotal = sort === 'TOTAL_ASC' || sort === 'TOTAL_DESC';
  const ascending = sort === 'OLDEST' || sort === 'TOTAL_ASC';
  const totalKey = filter.visibleBrandIds
    ? brandShareTotal(filter.visibleBrandIds)
    : orders.totalCents;
  const keyColumn = byTotal ? totalKey : orders.createdAt;
  if (after) {
    const keyValue = byTotal ? sql`${Number(after.key)}::bigint` : createdFromMicros(after.key);
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
      sortKey: byTotal ? sql<string>`(${totalKey})::text` : createdMicros,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(direction(keyColumn), direction(orders.id))
    .limit(limit);
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
