// The dashboard figures of the GraphQL mock (root field dashboardStats, in the orders domain):
// the orders domain's handler spreads these resolvers into its own. The figures of a day are a
// fixed function of the day, so any period (and any clock) has figures, the same on every run;
// the counts "aguardando Pix" and "a enviar" are those of the staff order fixtures. As the server:
// SUPPORT gets no money (null), a BRAND_MANAGER their brands' share, an empty store zeros.
import { checkDashboardStatsInput } from '@vitrine/rules';

import { STAFF_ORDER_ITEMS } from './staffOrders.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

interface DateRange {
  from: string;
  to: string;
}

const MS_PER_DAY = 86_400_000;

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);
}

function dayOf(value: number): string {
  return new Date(value * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A number in [0, 1) fixed for `key` (FNV-1a). */
function noise(key: string): number {
  let hash = 2166136261;
  for (const char of key) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 4294967296;
}

const BRANDS = [...new Map(STAFF_ORDER_ITEMS.map((item) => [item.brandId, item])).values()].map(
  (item) => ({ id: item.brandId, name: item.brandName }),
);

/** The share of the store's sales each brand makes (Aurora sells most). */
function brandWeight(brandId: string): number {
  const index = BRANDS.findIndex((brand) => brand.id === brandId);
  return [0.4, 0.28, 0.2, 0.12][index] ?? 0.1;
}

interface DayFigures {
  date: string;
  ordersCount: number;
  revenueCents: number;
  unitsSold: number;
}

/** The store's figures of one day, scaled to `share` (a brand's part of the sales). */
function dayFigures(date: string, share: number): DayFigures {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
  const orders = Math.round((3 + noise(`o${date}`) * 9) * weekend * share);
  const ticket = 15_000 + Math.round(noise(`t${date}`) * 18_000);
  return {
    date,
    ordersCount: orders,
    revenueCents: orders * ticket,
    unitsSold: orders * (1 + Math.round(noise(`u${date}`) * 2)),
  };
}

function daysOf(range: DateRange): string[] {
  const first = dayNumber(range.from);
  return Array.from({ length: dayNumber(range.to) - first + 1 }, (_, index) =>
    dayOf(first + index),
  );
}

export const statsResolvers = {
  dashboardStats: (
    {
      range,
      lowStockThreshold,
      brandId,
    }: { range: DateRange; lowStockThreshold?: number | null; brandId?: string | null },
    context: RequestContext,
  ) => {
    const staff = requireStaff(context);
    // The server's rule for the range and the threshold (@vitrine/rules checkDashboardStatsInput).
    const checked = checkDashboardStatsInput({ range, lowStockThreshold });
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const length = dayNumber(range.to) - dayNumber(range.from) + 1;

    const seen =
      staff.role === 'BRAND_MANAGER'
        ? BRANDS.filter((brand) => staff.brandIds.includes(brand.id))
        : BRANDS;
    const brands = brandId ? seen.filter((brand) => brand.id === brandId) : seen;
    const orders = context.world.orders.staffOrders.filter(
      (order) =>
        brands.length === BRANDS.length ||
        order.lines.some((line) => brands.some((brand) => brand.id === line.brandId)),
    );
    const empty = context.world.orders.staffOrders.length === 0 || brands.length === 0;
    const share = empty ? 0 : brands.reduce((sum, brand) => sum + brandWeight(brand.id), 0);
    const money = staff.role !== 'SUPPORT';

    const previousRange = {
      from: dayOf(dayNumber(range.from) - length),
      to: dayOf(dayNumber(range.from) - 1),
    };
    // The previous period sold a little less, so the comparison shows a change.
    const series = daysOf(range).map((date) => dayFigures(date, share));
    const previousSeries = daysOf(previousRange).map((date) => dayFigures(date, share * 0.85));

    const figures = (period: DateRange, days: DayFigures[], current: boolean) => {
      const revenueCents = days.reduce((sum, day) => sum + day.revenueCents, 0);
      const ordersCount = days.reduce((sum, day) => sum + day.ordersCount, 0);
      return {
        ...period,
        revenueCents: money ? revenueCents : null,
        ordersCount,
        averageTicketCents: money
          ? ordersCount === 0
            ? 0
            : Math.round(revenueCents / ordersCount)
          : null,
        unitsSold: days.reduce((sum, day) => sum + day.unitsSold, 0),
        awaitingPixCount: current
          ? orders.filter((o) => o.status === 'PENDING_PAYMENT' && o.paymentMethod === 'PIX').length
          : Math.max(0, orders.filter((o) => o.status === 'PENDING_PAYMENT').length - 1),
        toShipCount: current
          ? orders.filter((o) => o.status === 'PAID' && o.fulfilmentStatus === 'UNFULFILLED').length
          : 0,
      };
    };
    const current = figures(range, series, true);
    const previous = figures(previousRange, previousSeries, false);
    const asDaily = (day: DayFigures) => ({
      date: day.date,
      revenueCents: money ? day.revenueCents : null,
      ordersCount: day.ordersCount,
    });

    const units = current.unitsSold;
    const items = STAFF_ORDER_ITEMS.filter((item) =>
      brands.some((brand) => brand.id === item.brandId),
    );
    const topProducts = empty
      ? []
      : items
          .map((item, index) => {
            const quantity = Math.max(1, Math.round((units / (index + 2)) * 0.6));
            return {
              productId: item.productId,
              productName: item.productName,
              brandName: item.brandName,
              quantity,
              revenueCents: quantity * item.unitPriceCents,
            };
          })
          .sort((a, b) => b.revenueCents - a.revenueCents)
          .slice(0, 10)
          .map((product) => ({ ...product, revenueCents: money ? product.revenueCents : null }));
    const topBrands = empty
      ? []
      : brands
          .map((brand) => ({
            brandId: brand.id,
            brandName: brand.name,
            quantity: Math.round((units * brandWeight(brand.id)) / share),
            revenueCents: Math.round(
              ((current.revenueCents ?? series.reduce((s, d) => s + d.revenueCents, 0)) *
                brandWeight(brand.id)) /
                share,
            ),
          }))
          .sort((a, b) => b.revenueCents - a.revenueCents)
          .map((brand) => ({ ...brand, revenueCents: money ? brand.revenueCents : null }));
    const threshold = checked.value.lowStockThreshold;
    const lowStockVariants = empty
      ? []
      : items
          .map((item, index) => ({
            variantId: `v-${item.sku}`,
            productId: item.productId,
            productSlug: item.productId.replace(/^p-/, ''),
            productName: item.productName,
            brandName: item.brandName,
            sku: item.sku,
            size: item.variantLabel.match(/Tamanho (\S+)/)?.[1] ?? null,
            color: item.variantLabel.match(/Cor (.+)$/)?.[1] ?? null,
            stock: index % 3,
          }))
          .filter((variant) => variant.stock <= threshold)
          .sort((a, b) => a.stock - b.stock)
          .slice(0, 5);

    return {
      from: range.from,
      to: range.to,
      revenueCents: current.revenueCents,
      ordersCount: current.ordersCount,
      averageTicketCents: current.averageTicketCents,
      current,
      previous,
      series: series.map(asDaily),
      previousSeries: previousSeries.map(asDaily),
      topProducts,
      topBrands,
      lowStockVariants,
    };
  },
} satisfies RootResolvers;
