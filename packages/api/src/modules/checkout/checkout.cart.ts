// The cart before the order: re-pricing a cart from the database with its coupon, shipping and
// instalments (cartPreview: the rows read here, the price by @vitrine/rules priceCart, as the
// mocks price theirs), a CEP's shipping quote, and the staff's shipping simulator.
import {
  checkShippingSimulationInput,
  priceCart,
  type CartOffer,
  type CartPricing,
  type PricedCartLine,
  type ShippingOption,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { isUuid } from '../../lib/ids';
import { carrierPricesFor } from './carrier-pricing';
import { getStoreSettings } from '../settings/settings.repository';
import { installmentSettingsOf } from '../settings/settings.service';
import { CheckoutError } from './checkout.errors';
import { thumbnailUrl, variantLabel } from './checkout.pricing';
import {
  activeShippingMethods,
  loadCartVariants,
  type CartVariantRow,
} from './checkout.repository';
import {
  validateCartItems,
  readOptionalCouponCode,
  validateOptionalCep,
  validateCep,
  type CartItem,
} from './checkout.validation';
import type { CheckoutDeps } from './checkout.service';
import {
  loadCouponEvaluation,
  parcelsOf,
  quoteFor,
  quoteParcels,
  type PricedLine,
} from './checkout.quote';

export type { CartLineAvailability } from '@vitrine/rules';

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
  availability: PricedCartLine<CartPreviewItem>['availability'];
  lineTotalCents: number;
}

/** The cart priced (@vitrine/rules CartPricing), its lines as the cart shows them. */
export interface CartPreviewView extends Omit<
  CartPricing<CartPreviewItem, ShippingOption>,
  'lines'
> {
  lines: CartLineView[];
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
  const { cartItems, onSale } = cartRows(items, variantRows);
  // What the rule needs from the database, read before it runs: the coupon (only with something
  // to buy), and the methods and the carriers' prices for the parcels (a pickup needs no CEP).
  const evaluateCoupon =
    code !== null && onSale.length > 0 ? await loadCouponEvaluation(db, code, now) : null;
  const methods = onSale.length > 0 ? await activeShippingMethods(db) : [];
  const carrierPrices =
    onSale.length > 0 ? await carrierPricesFor(deps, methods, cep, parcelsOf(onSale)) : undefined;

  const priced = priceCart({
    items: cartItems,
    couponFormatError,
    evaluateCoupon: evaluateCoupon && ((lines) => evaluateCoupon(lines.map(pricedLineOf))),
    quoteShipping: (merchandiseCents, couponFreeShipping) =>
      quoteFor(
        methods,
        cep,
        onSale,
        merchandiseCents,
        settings.freeShippingThresholdCents,
        couponFreeShipping,
        carrierPrices,
      ),
    isDelivery: (option) => option.kind === 'delivery',
    shippingMethodId: wantedMethodId,
    pixDiscountPercent: settings.pixDiscountPercent,
    // Installments are a card's: without a gateway no card can be paid, so none is promised.
    installments: {
      ...installmentSettingsOf(settings),
      cardOffered: deps.gatewayConfigured ?? false,
    },
  });
  return { ...priced, lines: priced.lines.map(lineView) };
}

/**
 * The rows the rule prices (@vitrine/rules priceCart): each item with its variant's offer, an
 * unknown or unpublished variant without one (the rule sets it aside); and the lines on sale.
 */
function cartRows(items: readonly CartItem[], variantRows: readonly CartVariantRow[]) {
  const byId = new Map(variantRows.map((row) => [row.variantId, row]));
  const cartItems: CartPreviewItem[] = items.map((item) => {
    const variant = byId.get(item.variantId);
    const onSale = variant && variant.published ? variant : null;
    return {
      ...item,
      variant: onSale,
      offer: onSale && {
        unitPriceCents: onSale.priceCents,
        compareAtPriceCents: onSale.compareAtPriceCents,
        stock: onSale.stock,
      },
    };
  });
  const onSale: PricedLine[] = cartItems.flatMap(({ variant, ...item }) =>
    variant ? [pricedLine(item, variant)] : [],
  );
  return { cartItems, onSale };
}

function pricedLine(item: CartItem, variant: CartVariantRow): PricedLine {
  return {
    item,
    variant,
    unitPriceCents: variant.priceCents,
    compareAtPriceCents: variant.compareAtPriceCents,
    lineTotalCents: variant.priceCents * item.quantity,
  };
}

type CartPreviewItem = CartItem & { variant: CartVariantRow | null; offer: CartOffer | null };

function pricedLineOf({ item }: PricedCartLine<CartPreviewItem>): PricedLine {
  return pricedLine(
    { variantId: item.variantId, quantity: item.quantity, index: item.index },
    item.variant!,
  );
}

/** A priced line as the cart shows it: the rule's numbers with the variant's names and photo. */
function lineView(line: PricedCartLine<CartPreviewItem>): CartLineView {
  const variant = line.item.variant!;
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
    unitPriceCents: line.unitPriceCents,
    compareAtPriceCents: line.compareAtPriceCents,
    quantity: line.quantity,
    availableQuantity: line.availableQuantity,
    availability: line.availability,
    lineTotalCents: line.lineTotalCents,
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
  // The options are the cart's as its one rule prices it (priceCart, as cartPreview without a
  // coupon): its lines on sale, their merchandise, no method chosen.
  const { cartItems, onSale } = cartRows(items, variantRows);
  if (onSale.length === 0) return [];
  const carrierPrices = await carrierPricesFor(deps, methods, cep, parcelsOf(onSale));
  return priceCart({
    items: cartItems,
    couponFormatError: null,
    evaluateCoupon: null,
    quoteShipping: (merchandiseCents, couponFreeShipping) =>
      quoteFor(
        methods,
        cep,
        onSale,
        merchandiseCents,
        settings.freeShippingThresholdCents,
        couponFreeShipping,
        carrierPrices,
      ),
    isDelivery: (option) => option.kind === 'delivery',
    shippingMethodId: null,
    pixDiscountPercent: settings.pixDiscountPercent,
    installments: { ...installmentSettingsOf(settings), cardOffered: false },
  }).shippingOptions;
}

/** Shipping simulation limits: a parcel of 1 g to 100 kg, a subtotal up to R$ 1.000.000,00. */
/**
 * The options the storefront would quote for a CEP, a billable weight and a merchandise subtotal
 * (the staff's shipping simulator): the same active methods, price tables, store and method
 * free-shipping thresholds and exclusions as a cart's quote, for one parcel of that weight. The
 * input by @vitrine/rules checkShippingSimulationInput, as the mocks check it.
 */
export async function shippingSimulation(
  db: Executor,
  args: { postalCode: unknown; weightGrams: unknown; subtotalCents?: unknown },
): Promise<ShippingOption[]> {
  const checked = checkShippingSimulationInput(args);
  if (!checked.ok) throw new CheckoutError(checked.issue.message, checked.issue.field);
  const { postalCode: cep, weightGrams: weight, subtotalCents: subtotal } = checked.value;
  const [settings, methods] = await Promise.all([getStoreSettings(db), activeShippingMethods(db)]);
  const parcels = [{ weightGrams: weight, quantity: 1 }];
  return quoteParcels(methods, cep, parcels, subtotal, settings.freeShippingThresholdCents, false);
}
