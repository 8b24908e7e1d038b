// Dashboard figures over the orders paid in a range of calendar days (store's zone): revenue,
// order count, average ticket, units, work left (Pix to confirm, orders to ship), each beside the
// previous period of the same length; top products and brands, per-day series and low stock.
import { checkDashboardStatsInput, STATS_INPUT_LIMITS } from '@vitrine/rules';
import type { Executor } from '../../db';
import { badUserInput, forbidden } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { StaffPrincipal } from '../../graphql/context';
import type { SalesSourceName } from './stats.rollup.plugin';
import {
  dailySales,
  lowStockVariants,
  topSellingBrands,
  topSellingProducts,
  workCounts,
} from './stats.repository';
import {
  dailySalesFromRows,
  topSellingBrandsFromRows,
  topSellingProductsFromRows,
  workCountsFromRows,
} from './stats.rows.repository';

/** The sales figures' two sources: the rollup the server reads, the rows it reproduces. */
const SALES_SOURCES = {
  rollup: { dailySales, workCounts, topSellingProducts, topSellingBrands },
  rows: {
    dailySales: dailySalesFromRows,
    workCounts: workCountsFromRows,
    topSellingProducts: topSellingProductsFromRows,
    topSellingBrands: topSellingBrandsFromRows,
  },
} as const;

export const MAX_RANGE_DAYS = STATS_INPUT_LIMITS.rangeDays;
export const DEFAULT_LOW_STOCK_THRESHOLD = STATS_INPUT_LIMITS.defaultLowStockThreshold;

/** Money is null once `withoutMoney` has been applied (SUPPORT). */
type Money = number | null;

export interface DashboardFigures {
  from: string;
  to: string;
  revenueCents: Money;
  ordersCount: number;
  averageTicketCents: Money;
  unitsSold: number;
  awaitingPixCount: number;
  toShipCount: number;
}

export interface DailyStat {
  date: string;
  revenueCents: Money;
  ordersCount: number;
}

export interface DashboardStats {
  from: string;
  to: string;
  revenueCents: Money;
  ordersCount: number;
  averageTicketCents: Money;
  current: DashboardFigures;
  previous: DashboardFigures;
  topProducts: {
    productId: string | null;
    productName: string;
    brandName: string;
    quantity: number;
    revenueCents: Money;
  }[];
  topBrands: {
    brandId: string | null;
    brandName: string;
    quantity: number;
    revenueCents: Money;
  }[];
  series: DailyStat[];
  previousSeries: DailyStat[];
  lowStockVariants: {
    variantId: string;
    productId: string;
    productSlug: string;
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

const int = (value: unknown): number => Number(value ?? 0);

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The period of the same number of days that ends the day before `from` (calendar arithmetic). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return { from: isoDay(start - days * DAY_MS), to: isoDay(start - DAY_MS) };
}

/**
 * Which brands' lines count: a BRAND_MANAGER's brands, narrowed to `brandId` (one of theirs, else
 * FORBIDDEN); ADMIN and SUPPORT see every brand or the one `brandId` names.
 */
function brandScope(
  principal: StaffPrincipal,
  brandId: string | null | undefined,
): string[] | null {
  if (brandId === null || brandId === undefined) {
    return principal.role === 'BRAND_MANAGER' ? principal.brandIds : null;
  }
  if (!isUuid(brandId)) throw badUserInput('Marca inválida.', 'brandId');
  const id = brandId.toLowerCase();
  if (principal.role === 'BRAND_MANAGER' && !principal.brandIds.includes(id)) throw forbidden();
  return [id];
}

function figuresOf(
  range: { from: string; to: string },
  series: { revenueCents: number; ordersCount: number; unitsSold: number }[],
  awaitingPixCount: number,
  toShipCount: number,
): DashboardFigures {
  const revenueCents = series.reduce((sum, day) => sum + day.revenueCents, 0);
  const ordersCount = series.reduce((sum, day) => sum + day.ordersCount, 0);
  return {
    from: range.from,
    to: range.to,
    revenueCents,
    ordersCount,
    averageTicketCents: ordersCount === 0 ? 0 : Math.round(revenueCents / ordersCount),
    unitsSold: series.reduce((sum, day) => sum + day.unitsSold, 0),
    awaitingPixCount,
    toShipCount,
  };
}

export async function dashboardStats(
  db: Executor,
  principal: StaffPrincipal,
  args: {
    range: { from: string; to: string };
    lowStockThreshold?: number | null;
    brandId?: string | null;
  },
  source: SalesSourceName = 'rollup',
): Promise<DashboardStats> {
  // The range, then the low-stock threshold (@vitrine/rules checkDashboardStatsInput).
  const checked = checkDashboardStatsInput(args);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const { from, to, lowStockThreshold: threshold } = checked.value;

  // A BRAND_MANAGER's figures (or anyone's with brandId) are those of the brands' lines (net of
  // the coupon share).
  const brandIds = brandScope(principal, args.brandId);
  const previous = previousPeriod(from, to);
  const scope = { from, to, brandIds };
  const sales = SALES_SOURCES[source];
  // One statement for both periods' days; top lists over this period only. Independent reads,
  // run side by side (a pool runs them on several connections).
  const [daily, counts, topProducts, topBrands, lowStock] = await Promise.all([
    sales.dailySales(db, { from: previous.from, to, brandIds }),
    sales.workCounts(db, { from, to }, previous, brandIds),
    sales.topSellingProducts(db, scope),
    sales.topSellingBrands(db, scope),
    lowStockVariants(db, threshold, brandIds),
  ]);

  const byDay = new Map(daily.map((row) => [row.day, row]));
  const seriesOf = (range: { from: string; to: string }) =>
    daysBetween(range.from, range.to).map((date) => {
      const row = byDay.get(date);
      return {
        date,
        revenueCents: int(row?.revenue),
        ordersCount: int(row?.orders),
        unitsSold: int(row?.units),
      };
    });
  const currentDays = seriesOf({ from, to });
  const previousDays = seriesOf(previous);
  const current = figuresOf(
    { from, to },
    currentDays,
    int(counts.awaiting_pix_current),
    int(counts.to_ship_current),
  );
  const strip = ({ date, revenueCents, ordersCount }: (typeof currentDays)[number]) => ({
    date,
    revenueCents,
    ordersCount,
  });
  return {
    from,
    to,
    revenueCents: current.revenueCents,
    ordersCount: current.ordersCount,
    averageTicketCents: current.averageTicketCents,
    current,
    previous: figuresOf(
      previous,
      previousDays,
      int(counts.awaiting_pix_previous),
      int(counts.to_ship_previous),
    ),
    topProducts: topProducts.map((row) => ({
      productId: row.product_id,
      productName: row.product_name,
      brandName: row.brand_name,
      quantity: int(row.quantity),
      revenueCents: int(row.revenue),
    })),
    topBrands: topBrands.map((row) => ({
      brandId: row.brand_id,
      brandName: row.brand_name,
      quantity: int(row.quantity),
      revenueCents: int(row.revenue),
    })),
    series: currentDays.map(strip),
    previousSeries: previousDays.map(strip),
    lowStockVariants: lowStock.map((row) => ({
      variantId: row.variant_id,
      productId: row.product_id,
      productSlug: row.product_slug,
      productName: row.product_name,
      brandName: row.brand_name,
      sku: row.sku,
      size: row.size,
      color: row.color,
      stock: int(row.stock),
    })),
  };
}

/** The same figures without any money (SUPPORT sees counts only): every revenue and ticket null. */
export function withoutMoney(stats: DashboardStats): DashboardStats {
  const figures = (f: DashboardFigures): DashboardFigures => ({
    ...f,
    revenueCents: null,
    averageTicketCents: null,
  });
  const day = (d: DailyStat): DailyStat => ({ ...d, revenueCents: null });
  return {
    ...stats,
    revenueCents: null,
    averageTicketCents: null,
    current: figures(stats.current),
    previous: figures(stats.previous),
    series: stats.series.map(day),
    previousSeries: stats.previousSeries.map(day),
    topProducts: stats.topProducts.map((p) => ({ ...p, revenueCents: null })),
    topBrands: stats.topBrands.map((b) => ({ ...b, revenueCents: null })),
  };
}
