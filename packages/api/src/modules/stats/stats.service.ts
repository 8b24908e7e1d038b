// Dashboard figures over the orders paid in a range of calendar days (store's zone): revenue,
// order count, average ticket, top products and brands, a per-day series and low stock.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import { STORE_TIME_ZONE } from '../../lib/dates';
import { parseIsoDay } from '../../lib/dates';

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
const TOP_LIMIT = 10;
const LOW_STOCK_LIMIT = 50;

export interface DashboardStats {
  from: string;
  to: string;
  revenueCents: number;
  ordersCount: number;
  averageTicketCents: number;
  topProducts: {
    productId: string | null;
    productName: string;
    brandName: string;
    quantity: number;
    revenueCents: number;
  }[];
  topBrands: {
    brandId: string | null;
    brandName: string;
    quantity: number;
    revenueCents: number;
  }[];
  series: { date: string; revenueCents: number; ordersCount: number }[];
  lowStockVariants: {
    variantId: string;
    productId: string;
    productName: string;
    brandName: string;
    sku: string;
    size: string | null;
    color: string | null;
    stock: number;
  }[];
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function parseRange(range: { from: string; to: string }): { from: string; to: string } {
  const from = parseIsoDay(range?.from ?? '');
  const to = parseIsoDay(range?.to ?? '');
  if (!from) throw badUserInput('Data inicial inválida: use AAAA-MM-DD.', 'range.from');
  if (!to) throw badUserInput('Data final inválida: use AAAA-MM-DD.', 'range.to');
  if (from > to) throw badUserInput('A data inicial deve ser anterior ou igual à final.', 'range');
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (span > MAX_RANGE_DAYS) {
    throw badUserInput(`Escolha um período de no máximo ${MAX_RANGE_DAYS} dias.`, 'range');
  }
  return { from, to };
}

const int = (value: unknown): number => Number(value ?? 0);

export async function dashboardStats(
  db: Executor,
  principal: StaffPrincipal,
  args: { range: { from: string; to: string }; lowStockThreshold?: number | null },
): Promise<DashboardStats> {
  const { from, to } = parseRange(args.range);
  const threshold = args.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 10_000) {
    throw badUserInput('O limite de estoque baixo deve ser de 0 a 10000.', 'lowStockThreshold');
  }

  // Paid on one of these days and not canceled or fully refunded; partial refunds are subtracted.
  const paidOrders = sql`
    SELECT o.id, o.total_cents - coalesce(o.refunded_cents, 0) AS revenue,
           (o.paid_at AT TIME ZONE ${STORE_TIME_ZONE})::date AS day
    FROM orders o
    WHERE o.paid_at >= (${from}::date::timestamp AT TIME ZONE ${STORE_TIME_ZONE})
      AND o.paid_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})
      AND o.status IN ('PAID', 'SHIPPED', 'DELIVERED')`;

  // A BRAND_MANAGER's figures are those of their brands' lines (net of the coupon share).
  const brandManager = principal.role === 'BRAND_MANAGER';
  const ownBrands: SQL =
    principal.brandIds.length > 0
      ? sql`ARRAY[${sql.join(
          principal.brandIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`
      : sql`ARRAY[]::uuid[]`;
  const lineFilter = brandManager ? sql`AND l.brand_id = ANY(${ownBrands})` : sql``;

  const perOrder = brandManager
    ? sql`
      SELECT p.id, p.day, sum(l.line_total_cents - l.discount_cents) AS revenue
      FROM (${paidOrders}) p JOIN order_lines l ON l.order_id = p.id
      WHERE true ${lineFilter}
      GROUP BY p.id, p.day`
    : paidOrders;

  const daily = await db.execute<{ day: string; revenue: number; orders: number }>(sql`
    SELECT x.day::text AS day, sum(x.revenue)::bigint AS revenue, count(*)::int AS orders
    FROM (${perOrder}) x
    GROUP BY x.day
    ORDER BY x.day`);

  const topProducts = await db.execute<{
    product_id: string | null;
    product_name: string;
    brand_name: string;
    quantity: number;
    revenue: number;
  }>(sql`
    SELECT l.product_id, max(l.product_name) AS product_name, max(l.brand_name) AS brand_name,
           sum(l.quantity)::int AS quantity,
           sum(l.line_total_cents - l.discount_cents)::bigint AS revenue
    FROM (${paidOrders}) p JOIN order_lines l ON l.order_id = p.id
    WHERE true ${lineFilter}
    GROUP BY l.product_id, CASE WHEN l.product_id IS NULL THEN l.product_name END
    ORDER BY revenue DESC, quantity DESC, product_name
    LIMIT ${TOP_LIMIT}`);

  const topBrands = await db.execute<{
    brand_id: string | null;
    brand_name: string;
    quantity: number;
    revenue: number;
  }>(sql`
    SELECT l.brand_id, max(l.brand_name) AS brand_name, sum(l.quantity)::int AS quantity,
           sum(l.line_total_cents - l.discount_cents)::bigint AS revenue
    FROM (${paidOrders}) p JOIN order_lines l ON l.order_id = p.id
    WHERE true ${lineFilter}
    GROUP BY l.brand_id, CASE WHEN l.brand_id IS NULL THEN l.brand_name END
    ORDER BY revenue DESC, quantity DESC, brand_name
    LIMIT ${TOP_LIMIT}`);

  const lowStock = await db.execute<{
    variant_id: string;
    product_id: string;
    product_name: string;
    brand_name: string;
    sku: string;
    size: string | null;
    color: string | null;
    stock: number;
  }>(sql`
    SELECT v.id AS variant_id, p.id AS product_id, p.name AS product_name, b.name AS brand_name,
           v.sku, v.size, v.color, v.stock
    FROM variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = p.brand_id
    WHERE v.stock <= ${threshold} ${brandManager ? sql`AND p.brand_id = ANY(${ownBrands})` : sql``}
    ORDER BY v.stock, p.name, v.sku
    LIMIT ${LOW_STOCK_LIMIT}`);

  const byDay = new Map(daily.rows.map((row) => [row.day, row]));
  const series = daysBetween(from, to).map((date) => {
    const row = byDay.get(date);
    return { date, revenueCents: int(row?.revenue), ordersCount: int(row?.orders) };
  });
  const revenueCents = series.reduce((sum, day) => sum + day.revenueCents, 0);
  const ordersCount = series.reduce((sum, day) => sum + day.ordersCount, 0);
  return {
    from,
    to,
    revenueCents,
    ordersCount,
    averageTicketCents: ordersCount === 0 ? 0 : Math.round(revenueCents / ordersCount),
    topProducts: topProducts.rows.map((row) => ({
      productId: row.product_id,
      productName: row.product_name,
      brandName: row.brand_name,
      quantity: int(row.quantity),
      revenueCents: int(row.revenue),
    })),
    topBrands: topBrands.rows.map((row) => ({
      brandId: row.brand_id,
      brandName: row.brand_name,
      quantity: int(row.quantity),
      revenueCents: int(row.revenue),
    })),
    series,
    lowStockVariants: lowStock.rows.map((row) => ({
      variantId: row.variant_id,
      productId: row.product_id,
      productName: row.product_name,
      brandName: row.brand_name,
      sku: row.sku,
      size: row.size,
      color: row.color,
      stock: int(row.stock),
    })),
  };
}
