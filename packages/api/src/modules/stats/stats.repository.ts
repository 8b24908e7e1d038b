// Dashboard SQL: totals per day, top products and brands over the orders paid in a range of
// calendar days (store's zone), read from the per-day rollup that the database keeps with every
// order change (migrations/0049_dashboard_sales_rollup.sql; stats.rows.repository.ts computes the
// same from the orders' rows), the work left from the same rollup, its fold, and the variants low
// on stock. Raw SQL.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';

export const TOP_LIMIT = 10;
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

export function brandArray(brandIds: readonly string[]): SQL {
  return brandIds.length > 0
    ? sql`ARRAY[${sql.join(
        brandIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`
    : sql`ARRAY[]::uuid[]`;
}

export type DailyRow = {
  day: string;
  revenue: number;
  orders: number;
  units: number;
};

/** The rollup's rows of `kind` paid from `from` to `to` (São Paulo days, both included). */
function rollupDays(kind: 'order' | 'brand' | 'product', { from, to }: SalesScope): SQL {
  return sql`s.kind = ${kind} AND s.day BETWEEN ${from}::date AND ${to}::date`;
}

/**
 * Revenue, paid orders and units sold per São Paulo day from `from` to `to`, from the rollup
 * (the service asks once for the period and the previous one together). A brand scope sums its
 * brands' rows and counts the orders with a line of one of them.
 */
export async function dailySales(db: Executor, scope: SalesScope): Promise<DailyRow[]> {
  if (!scope.brandIds) {
    const result = await db.execute<DailyRow>(sql`
      SELECT s.day::text AS day, sum(s.revenue_cents)::bigint AS revenue,
             sum(s.orders)::int AS orders, sum(s.units)::bigint AS units
      FROM dashboard_sales s
      WHERE ${rollupDays('order', scope)}
      GROUP BY s.day
      HAVING sum(s.orders) > 0
      ORDER BY s.day`);
    return result.rows;
  }
  const brands = brandArray(scope.brandIds);
  const result = await db.execute<DailyRow>(sql`
    SELECT x.day::text AS day, sum(x.revenue)::bigint AS revenue, sum(x.orders)::int AS orders,
           sum(x.units)::bigint AS units
    FROM (
      SELECT s.day, 0 AS revenue, s.orders, 0 AS units
      FROM dashboard_sales s
      WHERE ${rollupDays('order', scope)} AND s.brands && ${brands}
      UNION ALL
      SELECT s.day, s.revenue_cents, 0, s.units
      FROM dashboard_sales s
      WHERE ${rollupDays('brand', scope)} AND s.brand_id = ANY(${brands})
    ) x
    GROUP BY x.day
    HAVING sum(x.orders) > 0
    ORDER BY x.day`);
  return result.rows;
}

export type WorkCountsRow = {
  awaiting_pix_current: number;
  awaiting_pix_previous: number;
  to_ship_current: number;
  to_ship_previous: number;
};

/**
 * The work left now, counted for two periods at once from the rollup: orders placed in a period
 * still waiting for their Pix payment, and orders paid in a period still waiting to ship (status
 * PAID); of a brand scope, the orders with a line of one of its brands.
 */
export async function workCounts(
  db: Executor,
  current: { from: string; to: string },
  previous: { from: string; to: string },
  brandIds: readonly string[] | null,
): Promise<WorkCountsRow> {
  const count = (kind: string, range: { from: string; to: string }) =>
    sql`coalesce(sum(s.orders) FILTER (WHERE s.kind = ${kind}
      AND s.day BETWEEN ${range.from}::date AND ${range.to}::date), 0)::int`;
  const brands = brandIds ? sql`AND s.brands && ${brandArray(brandIds)}` : sql``;
  const result = await db.execute<WorkCountsRow>(sql`
    SELECT ${count('awaiting_pix', current)} AS awaiting_pix_current,
           ${count('awaiting_pix', previous)} AS awaiting_pix_previous,
           ${count('to_ship', current)} AS to_ship_current,
           ${count('to_ship', previous)} AS to_ship_previous
    FROM dashboard_sales s
    WHERE s.kind IN ('awaiting_pix', 'to_ship')
      AND s.day BETWEEN ${previous.from}::date AND ${current.to}::date ${brands}`);
  return (
    result.rows[0] ?? {
      awaiting_pix_current: 0,
      awaiting_pix_previous: 0,
      to_ship_current: 0,
      to_ship_previous: 0,
    }
  );
}

/**
 * The period's best sellers from the rollup: its product rows summed per key (product and brand,
 * with the names the lines carried), the keys still holding a line, grouped as the rows are (by
 * product, or by name for a line whose product is gone), named by the greatest name.
 */
export async function topSellingProducts(
  db: Executor,
  scope: SalesScope,
): Promise<TopProductRow[]> {
  const brands = scope.brandIds ? sql`AND s.brand_id = ANY(${brandArray(scope.brandIds)})` : sql``;
  const result = await db.execute<TopProductRow>(sql`
    SELECT k.product_id, max(k.product_name) AS product_name, max(k.brand_name) AS brand_name,
           sum(k.quantity)::int AS quantity, sum(k.revenue)::bigint AS revenue
    FROM (
      SELECT s.product_id, s.product_name, s.brand_name, sum(s.units) AS quantity,
             sum(s.revenue_cents) AS revenue
      FROM dashboard_sales s
      WHERE ${rollupDays('product', scope)} ${brands}
      GROUP BY s.product_id, s.product_name, s.brand_id, s.brand_name
      HAVING sum(s.lines) > 0
    ) k
    GROUP BY k.product_id, CASE WHEN k.product_id IS NULL THEN k.product_name END
    ORDER BY revenue DESC, quantity DESC, product_name
    LIMIT ${TOP_LIMIT}`);
  return result.rows;
}

/** The period's best-selling brands from the rollup's brand rows (as topSellingProducts). */
export async function topSellingBrands(db: Executor, scope: SalesScope): Promise<TopBrandRow[]> {
  const brands = scope.brandIds ? sql`AND s.brand_id = ANY(${brandArray(scope.brandIds)})` : sql``;
  const result = await db.execute<TopBrandRow>(sql`
    SELECT k.brand_id, max(k.brand_name) AS brand_name, sum(k.quantity)::int AS quantity,
           sum(k.revenue)::bigint AS revenue
    FROM (
      SELECT s.brand_id, s.brand_name, sum(s.units) AS quantity, sum(s.revenue_cents) AS revenue
      FROM dashboard_sales s
      WHERE ${rollupDays('brand', scope)} ${brands}
      GROUP BY s.brand_id, s.brand_name
      HAVING sum(s.lines) > 0
    ) k
    GROUP BY k.brand_id, CASE WHEN k.brand_id IS NULL THEN k.brand_name END
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

/** Serialises the folds of every instance (pg_advisory_xact_lock key). */
const FOLD_LOCK_KEY = 7_346_112_049;

/**
 * Replaces the rollup's rows of every day that received deltas since the last fold by their sums
 * (zero sums left out). Deltas appended meanwhile by other transactions stay for the next fold;
 * readers are exact between folds too (they sum every row), the fold only bounds the table.
 */
export async function foldDashboardSales(db: Executor): Promise<{ before: number; after: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    const result = await tx.execute<{ before: number; after: number }>(sql`
      WITH days AS (SELECT DISTINCT s.day FROM dashboard_sales s WHERE NOT s.folded),
      gone AS (
        DELETE FROM dashboard_sales s USING days d WHERE s.day = d.day RETURNING s.*
      ),
      kept AS (
        INSERT INTO dashboard_sales (kind, day, brands, brand_id, brand_name, product_id,
                                     product_name, orders, lines, units, revenue_cents, folded)
        SELECT kind, day, brands, brand_id, brand_name, product_id, product_name, sum(orders),
               sum(lines), sum(units), sum(revenue_cents), true
        FROM gone
        GROUP BY kind, day, brands, brand_id, brand_name, product_id, product_name
        HAVING sum(orders) <> 0 OR sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue_cents) <> 0
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM gone)::int AS before, (SELECT count(*) FROM kept)::int AS after`);
    const row = result.rows[0];
    return { before: Number(row?.before ?? 0), after: Number(row?.after ?? 0) };
  });
}
