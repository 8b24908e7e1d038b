// Dashboard SQL: totals per day, top products and brands over the orders paid in a range of
// calendar days (store's zone), and the variants low on stock. Read-only, raw SQL.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { STORE_TIME_ZONE } from '../../lib/dates';

const TOP_LIMIT = 10;
const LOW_STOCK_LIMIT = 50;

/**
 * Which sales count: the orders paid from `from` to `to` (ISO days, both included) and, for a
 * BRAND_MANAGER, only the lines of `brandIds` (null: every brand, whole orders).
 */
export interface SalesScope {
  from: string;
  to: string;
  brandIds: readonly string[] | null;
}

export type TopProductRow = {
  product_id: string | null;
  product_name: string;
  brand_name: string;
  quantity: number;
  revenue: number;
};

export type TopBrandRow = {
  brand_id: string | null;
  brand_name: string;
  quantity: number;
  revenue: number;
};

export type LowStockRow = {
  variant_id: string;
  product_id: string;
  product_slug: string;
  product_name: string;
  brand_name: string;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
};

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

function brandArray(brandIds: readonly string[]): SQL {
  return brandIds.length > 0
    ? sql`ARRAY[${sql.join(
        brandIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`
    : sql`ARRAY[]::uuid[]`;
}

// A BRAND_MANAGER's figures are those of their brands' lines (net of the coupon share).
function lineFilter({ brandIds }: SalesScope): SQL {
  return brandIds ? sql`AND l.brand_id = ANY(${brandArray(brandIds)})` : sql``;
}

export type DailyRow = {
  day: string;
  revenue: number;
  orders: number;
  units: number;
};

/**
 * Revenue, paid orders and units sold per São Paulo day from `from` to `to`, in one statement
 * (the service asks once for the period and the previous one together).
 */
export async function dailySales(db: Executor, scope: SalesScope): Promise<DailyRow[]> {
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

export type WorkCountsRow = {
  awaiting_pix_current: number;
  awaiting_pix_previous: number;
  to_ship_current: number;
  to_ship_previous: number;
};

const dayStart = (day: string): SQL =>
  sql`(${day}::date::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`;
const dayEnd = (day: string): SQL =>
  sql`((${day}::date + 1)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`;

/**
 * The work left now, counted for two periods at once: orders placed in a period still waiting for
 * their Pix payment, and orders paid in a period still waiting to ship (status PAID).
 */
export async function workCounts(
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
  return (
    result.rows[0] ?? {
      awaiting_pix_current: 0,
      awaiting_pix_previous: 0,
      to_ship_current: 0,
      to_ship_previous: 0,
    }
  );
}

export async function topSellingProducts(
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

export async function topSellingBrands(db: Executor, scope: SalesScope): Promise<TopBrandRow[]> {
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

/**
 * Variants at or under their own low-stock threshold, or `threshold` (the query's) for those
 * without one; of `brandIds` only unless null.
 */
export async function lowStockVariants(
  db: Executor,
  threshold: number,
  brandIds: readonly string[] | null,
): Promise<LowStockRow[]> {
  const result = await db.execute<LowStockRow>(sql`
    SELECT v.id AS variant_id, p.id AS product_id, p.slug AS product_slug, p.name AS product_name, b.name AS brand_name,
           v.sku, v.size, v.color, v.stock
    FROM variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = p.brand_id
    WHERE v.stock <= coalesce(v.low_stock_threshold, ${threshold}) ${brandIds ? sql`AND p.brand_id = ANY(${brandArray(brandIds)})` : sql``}
    ORDER BY v.stock, p.name, v.sku
    LIMIT ${LOW_STOCK_LIMIT}`);
  return result.rows;
}
