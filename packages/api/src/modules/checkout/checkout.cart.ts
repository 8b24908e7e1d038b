// The cart before the order: re-pricing a cart from the database with its coupon, shipping and
// instalments (cartPreview), a CEP's shipping quote, and the staff's shipping simulator.
import {
  installmentHeadline,
  installmentTable,
  pixDiscountCents as computePixDiscount,
  pixTotalCents,
  type CouponAccepted,
  type InstallmentOption,
  type ShippingOption,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { isUuid } from '../../lib/ids';
import { carrierPricesFor } from './carrier-pricing';
import { getStoreSettings } from '../settings/settings.repository';
import { installmentSettingsOf } from '../settings/settings.service';
import { CheckoutError } from './checkout.errors';
import { thumbnailUrl, variantLabel } from './checkout.pricing';
import { activeShippingMethods, findCouponByCode, loadCartVariants } from './checkout.repository';
import {
  MAX_QUANTITY_PER_LINE,
  validateCartItems,
  readOptionalCouponCode,
  validateOptionalCep,
  validateCep,
} from './checkout.validation';
import type { CheckoutDeps } from './checkout.service';
import {
  evaluateCouponFor,
  parcelsOf,
  quoteFor,
  quoteParcels,
  type PricedLine,
} from './checkout.quote';

export type CartLineAvailability = 'AVAILABLE' | 'INSUFFICIENT_STOCK' | 'OUT_OF_STOCK';

export interface CartLineView {
  variantId: string;
  productId: string;
  productSlug: string;
  productName: string;
  brandName: string;
  variantLabel: string;
  sku: string;
  size: string | null;
  color: string | null;
  imageUrl: string | null;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  availableQuantity: number;
  availability: CartLineAvailability;
  lineTotalCents: number;
}

export interface CartPreviewView {
  lines: CartLineView[];
  unavailableVariantIds: string[];
  itemCount: number;
  subtotalCents: number;
  coupon: { code: string; discountCents: number; freeShipping: boolean } | null;
  couponError: string | null;
  discountCents: number;
  shippingOptions: ShippingOption[];
  selectedShippingMethodId: string | null;
  shippingCents: number | null;
  totalCents: number;
  pixDiscountPercent: number;
  pixDiscountCents: number;
  pixTotalCents: number;
  /** The most interest-free instalments. */
  installments: InstallmentOption;
  /** The longest plan with interest, if the store offers one for this amount. */
  installmentsWithInterest: InstallmentOption | null;
  /** The whole table, 1x first. */
  installmentOptions: InstallmentOption[];
  canCheckout: boolean;
}

export interface CartPreviewArgs {
  items: unknown;
  postalCode?: unknown;
  couponCode?: unknown;
  shippingMethodId?: unknown;
}

/** Re-prices a cart from the database; never trusts a price sent by the client. */
export async function cartPreview(
  deps: CheckoutDeps,
  args: CartPreviewArgs,
): Promise<CartPreviewView> {
  const items = validateCartItems(args.items, 'items');
  const cep = validateOptionalCep(args.postalCode, 'postalCode');
  // A malformed code is the shopper's typing: it comes back as couponError, never as a failure.
  const { code, error: couponFormatError } = readOptionalCouponCode(args.couponCode);
  const wantedMethodId =
    args.shippingMethodId === null || args.shippingMethodId === undefined
      ? null
      : isUuid(args.shippingMethodId)
        ? args.shippingMethodId.toLowerCase()
        : null;
  const { db } = deps;
  const now = new Date(deps.clock.now());

  const [variantRows, settings] = await Promise.all([
    loadCartVariants(
      db,
      items.map((item) => item.variantId),
    ),
    getStoreSettings(db),
  ]);
  const byId = new Map(variantRows.map((row) => [row.variantId, row]));
  const unavailableVariantIds: string[] = [];
  const priced: PricedLine[] = [];
  for (const item of items) {
    const variant = byId.get(item.variantId);
    if (!variant || !variant.published) {
      unavailableVariantIds.push(item.variantId);
      continue;
    }
    priced.push({
      item,
      variant,
      unitPriceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      lineTotalCents: variant.priceCents * item.quantity,
    });
  }
  const lines: CartLineView[] = priced.map(({ item, variant, lineTotalCents }) => {
    const availableQuantity = Math.max(0, Math.min(variant.stock, MAX_QUANTITY_PER_LINE));
    return {
      variantId: variant.variantId,
      productId: variant.productId,
      productSlug: variant.productSlug,
      productName: variant.productName,
      brandName: variant.brandName,
      variantLabel: variantLabel(variant),
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      imageUrl: thumbnailUrl(variant.firstImage ?? undefined),
      unitPriceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      quantity: item.quantity,
      availableQuantity,
      availability:
        availableQuantity === 0
          ? 'OUT_OF_STOCK'
          : availableQuantity < item.quantity
            ? 'INSUFFICIENT_STOCK'
            : 'AVAILABLE',
      lineTotalCents,
    };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);

  let coupon: CouponAccepted | null = null;
  let couponError: string | null = couponFormatError;
  if (code !== null && priced.length > 0) {
    const row = await findCouponByCode(db, code);
    const evaluation = await evaluateCouponFor(db, row, priced, now, {
      totalUses: row?.usedCount ?? 0,
    });
    if (evaluation.ok) coupon = evaluation;
    else couponError = evaluation.message;
  }
  const discountCents = coupon?.discountCents ?? 0;
  const merchandiseCents = subtotalCents - discountCents;

  let shippingOptions: ShippingOption[] = [];
  let selected: ShippingOption | null = null;
  // Without a CEP the pickups are still quoted: collecting at the store needs none.
  if (priced.length > 0) {
    const methods = await activeShippingMethods(db);
    shippingOptions = quoteFor(
      methods,
      cep,
      priced,
      merchandiseCents,
      settings.freeShippingThresholdCents,
      coupon?.freeShipping ?? false,
      await carrierPricesFor(deps, methods, cep, parcelsOf(priced)),
    );
    // Unasked, the cheapest delivery (options come cheapest first); pickup only when chosen, since
    // the store's counter may be a country away from the shopper's CEP. Without a CEP there is no
    // delivery to default to: nothing is priced until the shopper asks for a pickup.
    selected =
      shippingOptions.find((option) => option.methodId === wantedMethodId) ??
      shippingOptions.find((option) => option.kind === 'delivery') ??
      null;
  }
  const shippingCents = selected ? selected.priceCents : null;
  const pixDiscountCents = computePixDiscount(merchandiseCents, settings.pixDiscountPercent);
  const totalCents = merchandiseCents + (shippingCents ?? 0);
  return {
    lines,
    unavailableVariantIds,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    coupon: coupon
      ? {
          code: coupon.couponCode,
          discountCents: coupon.discountCents,
          freeShipping: coupon.freeShipping,
        }
      : null,
    couponError,
    discountCents,
    shippingOptions,
    selectedShippingMethodId: selected?.methodId ?? null,
    shippingCents,
    totalCents,
    pixDiscountPercent: settings.pixDiscountPercent,
    pixDiscountCents,
    pixTotalCents: pixTotalCents({
      subtotalCents,
      couponDiscountCents: discountCents,
      pixDiscountCents,
      shippingCents: shippingCents ?? 0,
    }),
    // Installments are a card's: without a gateway no card can be paid, so none is promised.
    ...installmentsOf(totalCents, {
      ...installmentSettingsOf(settings),
      cardOffered: deps.gatewayConfigured ?? false,
    }),
    canCheckout:
      lines.length > 0 &&
      unavailableVariantIds.length === 0 &&
      lines.every((line) => line.availability === 'AVAILABLE'),
  };
}

/** The store's instalment table on a card price, and the two plans a price tag names. */
function installmentsOf(
  totalCents: number,
  settings: Parameters<typeof installmentTable>[1],
): Pick<CartPreviewView, 'installments' | 'installmentsWithInterest' | 'installmentOptions'> {
  const headline = installmentHeadline(totalCents, settings);
  return {
    installments: headline.interestFree,
    installmentsWithInterest: headline.withInterest,
    installmentOptions: installmentTable(totalCents, settings),
  };
}

/** The shipping options for a CEP and a cart, cheapest first (unknown items are left out). */
export async function shippingQuote(
  deps: CheckoutDeps,
  args: { postalCode: unknown; items: unknown },
): Promise<ShippingOption[]> {
  const cep = validateCep(args.postalCode, 'postalCode');
  const items = validateCartItems(args.items, 'items');
  const { db } = deps;
  const [variantRows, settings, methods] = await Promise.all([
    loadCartVariants(
      db,
      items.map((item) => item.variantId),
    ),
    getStoreSettings(db),
    activeShippingMethods(db),
  ]);
  const byId = new Map(variantRows.map((row) => [row.variantId, row]));
  const priced: PricedLine[] = [];
  for (const item of items) {
    const variant = byId.get(item.variantId);
    if (!variant || !variant.published) continue;
    const lineTotalCents = variant.priceCents * item.quantity;
    priced.push({
      item,
      variant,
      unitPriceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      lineTotalCents,
    });
  }
  if (priced.length === 0) return [];
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return quoteFor(
    methods,
    cep,
    priced,
    subtotal,
    settings.freeShippingThresholdCents,
    false,
    await carrierPricesFor(deps, methods, cep, parcelsOf(priced)),
  );
}

/** Shipping simulation limits: a parcel of 1 g to 100 kg, a subtotal up to R$ 1.000.000,00. */
export const SIMULATION_LIMITS = { maxWeightGrams: 100_000, maxSubtotalCents: 100_000_000 };

/**
 * The options the storefront would quote for a CEP, a billable weight and a merchandise subtotal
 * (the staff's shipping simulator): the same active methods, price tables, store and method
 * free-shipping thresholds and exclusions as a cart's quote, for one parcel of that weight.
 */
export async function shippingSimulation(
  db: Executor,
  args: { postalCode: unknown; weightGrams: unknown; subtotalCents?: unknown },
): Promise<ShippingOption[]> {
  const cep = validateCep(args.postalCode, 'postalCode');
  const weight = args.weightGrams;
  if (
    typeof weight !== 'number' ||
    !Number.isSafeInteger(weight) ||
    weight < 1 ||
    weight > SIMULATION_LIMITS.maxWeightGrams
  ) {
    throw new CheckoutError('Informe o peso em gramas, de 1 g a 100 kg.', 'weightGrams');
  }
  const subtotal = args.subtotalCents ?? 0;
  if (
    typeof subtotal !== 'number' ||
    !Number.isSafeInteger(subtotal) ||
    subtotal < 0 ||
    subtotal > SIMULATION_LIMITS.maxSubtotalCents
  ) {
    throw new CheckoutError(
      'Informe o subtotal em centavos, de zero a R$ 1.000.000,00.',
      'subtotalCents',
    );
  }
  const [settings, methods] = await Promise.all([getStoreSettings(db), activeShippingMethods(db)]);
  const parcels = [{ weightGrams: weight, quantity: 1 }];
  return quoteParcels(methods, cep, parcels, subtotal, settings.freeShippingThresholdCents, false);
}
