// Dashboard figures over the orders paid in a range of calendar days (store's zone): revenue,
// order count, average ticket, top products and brands, a per-day series and low stock.
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import { parseIsoDay } from '../../lib/dates';
import {
  dailySales,
  lowStockVariants,
  topSellingBrands,
  topSellingProducts,
} from './stats.repository';

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

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

  // A BRAND_MANAGER's figures are those of their brands' lines (net of the coupon share).
  const brandIds = principal.role === 'BRAND_MANAGER' ? principal.brandIds : null;
  const scope = { from, to, brandIds };
  const daily = await dailySales(db, scope);
  const topProducts = await topSellingProducts(db, scope);
  const topBrands = await topSellingBrands(db, scope);
  const lowStock = await lowStockVariants(db, threshold, brandIds);

  const byDay = new Map(daily.map((row) => [row.day, row]));
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
    series,
    lowStockVariants: lowStock.map((row) => ({
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
