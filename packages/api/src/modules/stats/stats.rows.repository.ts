// The dashboard's sales figures and work counts computed from the orders' rows: every order paid
// in the range joined with its lines, the unpaid and unshipped orders of both periods. This is the definition the rollup (migrations/0049_dashboard_sales_rollup.sql,
// read by stats.repository.ts) reproduces; it is kept as the oracle the rollup is compared with
// (stats.rollup.test.ts) and as the "before" of bench/orders-grid.ts (dashboardSalesPlugin's
// source 'rows'). The rollup answers every range of whole São Paulo days: the server never
// falls back to this.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { STORE_TIME_ZONE } from '../../lib/dates';
import {
  brandArray,
  TOP_LIMIT,
  type DailyRow,
  type SalesScope,
  type TopBrandRow,
  type TopProductRow,
  type WorkCountsRow,
} from './stats.repository';

// Paid on one of these days and not canceled or fully refunded; partial refunds are subtracted.
function paidOrders({ from, to }: SalesScope): SQL {
  return sql`
    SELECT o.id, o.total_cents - coalesce(o.refunded_cents, 0) AS revenue,
           (o.paid_at AT TIME ZONE ${STORE_TIME_ZONE})::date AS day
    FROM orders o
    WHERE o.paid_at >= (${from}::date::timestamp AT TIME ZONE ${STORE_TIME_ZONE})
      AND o.paid_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})
      AND o.status IN ('PAID', 'SHIPPED', 'DELIVERED')`;
}

// A BRAND_MANAGER's figures are those of their brands' lines (net of the coupon share).
function lineFilter({ brandIds }: SalesScope): SQL {
  return brandIds ? sql`AND l.brand_id = ANY(${brandArray(brandIds)})` : sql``;
}

/** Revenue, paid orders and units sold per São Paulo day from `from` to `to`, from the rows. */
export async function dailySalesFromRows(db: Executor, scope: SalesScope): Promise<DailyRow[]> {
  const perOrder = scope.brandIds
    ? sql`
      SELECT p.id, p.day, sum(l.line_total_cents - l.discount_cents) AS revenue,
             sum(l.quantity) AS units
      FROM (${paidOrders(scope)}) p JOIN order_lines l ON l.order_id = p.id
      WHERE true ${lineFilter(scope)}
      GROUP BY p.id, p.day`
    : sql`
      SELECT p.id, p.day, max(p.revenue) AS revenue, coalesce(sum(l.quantity), 0) AS units
      FROM (${paidOrders(scope)}) p LEFT JOIN order_lines l ON l.order_id = p.id
      GROUP BY p.id, p.day`;
  const result = await db.execute<DailyRow>(sql`
    SELECT x.day::text AS day, sum(x.revenue)::bigint AS revenue, count(*)::int AS orders,
           sum(x.units)::bigint AS units
    FROM (${perOrder}) x
    GROUP BY x.day
    ORDER BY x.day`);
  return result.rows;
}

export async function topSellingProductsFromRows(
  db: Executor,
  scope: SalesScope,
): Promise<TopProductRow[]> {
  const result = await db.execute<TopProductRow>(sql`
    SELECT l.product_id, max(l.product_name) AS product_name, max(l.brand_name) AS brand_name,
           sum(l.quantity)::int AS quantity,
           sum(l.line_total_cents - l.discount_cents)::bigint AS revenue
    FROM (${paidOrders(scope)}) p JOIN order_lines l ON l.order_id = p.id
    WHERE true ${lineFilter(scope)}
    GROUP BY l.product_id, CASE WHEN l.product_id IS NULL THEN l.product_name END
    ORDER BY revenue DESC, quantity DESC, product_name
    LIMIT ${TOP_LIMIT}`);
  return result.rows;
}

export async function topSellingBrandsFromRows(
  db: Executor,
  scope: SalesScope,
): Promise<TopBrandRow[]> {
  const result = await db.execute<TopBrandRow>(sql`
    SELECT l.brand_id, max(l.brand_name) AS brand_name, sum(l.quantity)::int AS quantity,
           sum(l.line_total_cents - l.discount_cents)::bigint AS revenue
    FROM (${paidOrders(scope)}) p JOIN order_lines l ON l.order_id = p.id
    WHERE true ${lineFilter(scope)}
    GROUP BY l.brand_id, CASE WHEN l.brand_id IS NULL THEN l.brand_name END
    ORDER BY revenue DESC, quantity DESC, brand_name
    LIMIT ${TOP_LIMIT}`);
  return result.rows;
}

const dayStart = (day: string): SQL =>
  sql`(${day}::date::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`;
const dayEnd = (day: string): SQL =>
  sql`((${day}::date + 1)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`;

/**
 * The work left now, for two periods at once, from the rows: orders placed in a period still
 * waiting for their Pix payment, and orders paid in a period still waiting to ship (status PAID).
 */
export async function workCountsFromRows(
  db: Executor,
  current: { from: string; to: string },
  previous: { from: string; to: string },
  brandIds: readonly string[] | null,
): Promise<WorkCountsRow> {
  const awaiting = (range: { from: string; to: string }) =>
    sql`count(*) FILTER (WHERE o.status = 'PENDING_PAYMENT' AND o.payment_method = 'PIX'
      AND o.created_at >= ${dayStart(range.from)} AND o.created_at < ${dayEnd(range.to)})::int`;
  const toShip = (range: { from: string; to: string }) =>
    sql`count(*) FILTER (WHERE o.status = 'PAID'
      AND o.paid_at >= ${dayStart(range.from)} AND o.paid_at < ${dayEnd(range.to)})::int`;
  const start = dayStart(previous.from);
  const end = dayEnd(current.to);
  const brands = brandIds
    ? sql`AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.brand_id = ANY(${brandArray(brandIds)}))`
    : sql``;
  const result = await db.execute<WorkCountsRow>(sql`
    SELECT ${awaiting(current)} AS awaiting_pix_current, ${awaiting(previous)} AS awaiting_pix_previous,
           ${toShip(current)} AS to_ship_current, ${toShip(previous)} AS to_ship_previous
    FROM orders o
    WHERE o.status IN ('PENDING_PAYMENT', 'PAID')
      AND ((o.created_at >= ${start} AND o.created_at < ${end})
        OR (o.paid_at >= ${start} AND o.paid_at < ${end}))
      ${brands}`);
  return result.rows[0]!;
}
