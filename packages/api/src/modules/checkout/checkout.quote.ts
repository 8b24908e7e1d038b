// The shared part of a cart's preview and an order's placement: priced lines, the coupon evaluated
// against them, and the shipping options for their parcels.
import {
  evaluateCoupon,
  quoteShipping,
  type CouponCartLine,
  type CouponEvaluation,
  type ParcelItem,
  type ShippingOption,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import type { CarrierPrice } from '../shipping/carriers/carrier-quotes';
import {
  applyFreeShipping,
  couponCartLine,
  couponFromRow,
  parcelItem,
  shippingMethodFromRow,
} from './checkout.pricing';
import type { activeShippingMethods } from './checkout.repository';
import {
  findCouponByCode,
  loadCategoryParents,
  loadNames,
  type CartVariantRow,
} from './checkout.repository';
import type { CartItem } from './checkout.validation';

export interface PricedLine {
  item: CartItem;
  variant: CartVariantRow;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  lineTotalCents: number;
}

/**
 * The coupon of `code` with what its evaluation needs (names for messages, the category tree),
 * read now: a pure evaluation of priced lines, for @vitrine/rules priceCart to call.
 */
export async function loadCouponEvaluation(
  db: Executor,
  code: string,
  now: Date,
): Promise<(lines: readonly PricedLine[]) => CouponEvaluation> {
  const row = await findCouponByCode(db, code);
  const usage = { totalUses: row?.usedCount ?? 0 };
  if (!row) return () => evaluateCoupon(null, { lines: [] }, now, usage);
  const names = await loadNames(db, row.brandIds, row.categoryIds);
  const parents = row.categoryIds.length > 0 ? await loadCategoryParents(db) : null;
  return (lines) => evaluateLoadedCoupon(row, names, parents, lines, now, usage);
}

/** A coupon evaluated with its names and category tree already read. */
export function evaluateLoadedCoupon(
  couponRow: NonNullable<Awaited<ReturnType<typeof findCouponByCode>>>,
  names: Parameters<typeof couponFromRow>[1],
  parents: Map<string, string | null> | null,
  lines: readonly PricedLine[],
  now: Date,
  usage: { totalUses: number; usesByEmail?: number | null },
): CouponEvaluation {
  const cartLines: CouponCartLine[] = lines.map((line) =>
    couponCartLine(line.variant, line.lineTotalCents, parents),
  );
  return evaluateCoupon(couponFromRow(couponRow, names), { lines: cartLines }, now, usage);
}

/** `cep` null: no destination, so only the pickups are quoted (collecting needs no CEP). */
export function quoteFor(
  methods: Awaited<ReturnType<typeof activeShippingMethods>>,
  cep: string | null,
  lines: readonly PricedLine[],
  merchandiseCents: number,
  storeThresholdCents: number | null,
  couponFreeShipping: boolean,
  carrierPrices: ReadonlyMap<string, CarrierPrice> = new Map(),
): ShippingOption[] {
  return quoteParcels(
    methods,
    cep,
    parcelsOf(lines),
    merchandiseCents,
    storeThresholdCents,
    couponFreeShipping,
    carrierPrices,
  );
}

export function parcelsOf(lines: readonly PricedLine[]): ParcelItem[] {
  return lines.map((line) => parcelItem(line.variant, line.item.quantity));
}

export function quoteParcels(
  methods: Awaited<ReturnType<typeof activeShippingMethods>>,
  cep: string | null,
  parcels: ParcelItem[],
  merchandiseCents: number,
  storeThresholdCents: number | null,
  couponFreeShipping: boolean,
  carrierPrices: ReadonlyMap<string, CarrierPrice> = new Map(),
): ShippingOption[] {
  // Method by method: one with a malformed price table is left out instead of failing the cart.
  const options = methods.flatMap((method) => {
    try {
      return quoteShipping(
        [shippingMethodFromRow(method, carrierPrices.get(method.id))],
        cep,
        parcels,
        merchandiseCents,
        storeThresholdCents,
      );
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) return [];
      throw error;
    }
  });
  return applyFreeShipping(options, couponFreeShipping);
}
