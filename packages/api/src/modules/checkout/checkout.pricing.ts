// Turns database rows into the inputs of the pure pricing, coupon and shipping functions.
import type { ImageSource } from '../catalog/catalog.tables';
import type { CouponRow } from '../coupons/coupons.tables';
import { pickupPointOfRow } from '../shipping/shipping.pickup';
import type { ShippingMethodRow } from '../shipping/shipping.tables';
import { pickupAddressText } from '@vitrine/rules';
import type { Coupon, CouponCartLine } from '@vitrine/rules';
import type { DeliveryMethod, ParcelItem, ShippingMethod, ShippingOption } from '@vitrine/rules';
import type { CartVariantRow } from './checkout.repository';

/** Used for a variant without a weight: a folded garment in its bag. */
export const DEFAULT_WEIGHT_GRAMS = 300;

/** 'Tamanho M · Cor Azul' (empty for a variant without options). */
export function variantLabel(variant: Pick<CartVariantRow, 'size' | 'color'>): string {
  const parts: string[] = [];
  if (variant.size) parts.push(`Tamanho ${variant.size}`);
  if (variant.color) parts.push(`Cor ${variant.color}`);
  return parts.join(' · ');
}

/** A product name with its options, for messages: 'Camiseta Básica (Tamanho M · Cor Azul)'. */
export function describeVariant(variant: CartVariantRow): string {
  const label = variantLabel(variant);
  return label ? `${variant.productName} (${label})` : variant.productName;
}

/** A thumbnail: the smallest rendition at least 320 px wide, else the largest there is. */
export function thumbnailUrl(sources: readonly ImageSource[] | undefined): string | null {
  if (!sources || sources.length === 0) return null;
  const sorted = [...sources].sort((a, b) => a.width - b.width);
  const chosen = sorted.find((source) => source.width >= 320) ?? sorted.at(-1)!;
  return `/media/${chosen.path}`;
}

export function parcelItem(variant: CartVariantRow, quantity: number): ParcelItem {
  return {
    weightGrams: variant.weightGrams ?? DEFAULT_WEIGHT_GRAMS,
    lengthCm: variant.lengthCm,
    widthCm: variant.widthCm,
    heightCm: variant.heightCm,
    quantity,
  };
}

export function shippingMethodFromRow(
  row: ShippingMethodRow,
  /** The carrier's price for this parcel and destination, when it answered in time. */
  carrierQuote?: { priceCents: number; businessDays: number },
): ShippingMethod {
  if (row.kind === 'pickup') {
    const point = pickupPointOfRow(row);
    return {
      kind: 'pickup',
      id: row.id,
      name: row.name,
      readyInBusinessDays: row.readyInBusinessDays,
      ...(point ? { address: pickupAddressText(point), point } : {}),
    };
  }
  return {
    kind: 'delivery',
    id: row.id,
    name: row.name,
    // JSON keys are the region digits as strings; property access by number finds them.
    byRegion: row.rates.byRegion as DeliveryMethod['byRegion'],
    byUf: row.rates.byUf,
    handlingBusinessDays: row.handlingBusinessDays,
    freeShippingThresholdCents: row.excludedFromFreeShipping
      ? null
      : (row.freeShippingThresholdCents ?? undefined),
    ...(carrierQuote ? { carrierQuote } : {}),
  };
}

/** Sorted by price; a coupon's free shipping makes every option free (pickup is free already). */
export function applyFreeShipping(
  options: ShippingOption[],
  couponFreeShipping: boolean,
): ShippingOption[] {
  return options
    .map((option) =>
      couponFreeShipping ? { ...option, priceCents: 0, freeShipping: true } : option,
    )
    .sort(
      (a, b) =>
        a.priceCents - b.priceCents ||
        a.businessDays - b.businessDays ||
        a.name.localeCompare(b.name, 'pt-BR'),
    );
}

export function couponFromRow(
  row: CouponRow,
  names: { brands: Map<string, string>; categories: Map<string, string> },
): Coupon {
  const discount: Coupon['discount'] =
    row.kind === 'percent' && row.percent !== null
      ? { type: 'percentage', percent: row.percent }
      : row.kind === 'fixed' && row.amountCents !== null
        ? { type: 'fixed', amountCents: row.amountCents }
        : null;
  return {
    code: row.code,
    active: row.active,
    discount,
    freeShipping: row.freeShipping || row.kind === 'free_shipping',
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perEmailLimit: row.perEmailLimit,
    brands: row.brandIds.map((id) => ({ id, name: names.brands.get(id) ?? 'indisponível' })),
    categories: row.categoryIds.map((id) => ({
      id,
      name: names.categories.get(id) ?? 'indisponível',
    })),
  };
}

/** A category and its ancestors, so a coupon for 'Roupas' covers 'Roupas > Camisetas'. */
export function categoryWithAncestors(
  categoryId: string,
  parents: ReadonlyMap<string, string | null>,
): string[] {
  const ids: string[] = [];
  let current: string | null | undefined = categoryId;
  // The depth guard stops a (forbidden, but cheap to survive) cycle in the tree.
  while (current && ids.length < 32 && !ids.includes(current)) {
    ids.push(current);
    current = parents.get(current);
  }
  return ids;
}

export function couponCartLine(
  variant: CartVariantRow,
  lineTotalCents: number,
  parents: ReadonlyMap<string, string | null> | null,
): CouponCartLine {
  return {
    brandId: variant.brandId,
    categoryIds: parents
      ? categoryWithAncestors(variant.categoryId, parents)
      : [variant.categoryId],
    lineTotalCents,
  };
}
