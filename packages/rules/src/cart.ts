// A shopper's cart as the checkout takes it (cartPreview, shippingQuote, placeOrder): 1 to 50
// distinct variants, each a whole quantity from 1 to 50, a variant listed twice merged into its
// first line; and the coupon code typed beside it. The server's checkout validation answers these
// words (packages/api/src/modules/checkout/checkout.validation.ts); the mocks call this rule.
// Then the cart priced (priceCart): its lines and stock, the coupon, the shipping chosen, the Pix
// price and the instalments, as the server's cartPreview answers and the mocks answer too; and,
// for a cart being bought, what the payment chosen pays (the order placeOrder writes).
import { normaliseCouponCode, type CouponEvaluation } from './coupon';
import {
  installmentHeadline,
  installmentOptionFor,
  installmentTable,
  type InstallmentOption,
  type InstallmentTableSettings,
} from './installments';
import { pixDiscountCents, pixTotalCents } from './pricing';

export const MAX_CART_LINES = 50;
export const MAX_QUANTITY_PER_LINE = 50;

export const CART_MESSAGES = {
  notAList: 'Envie os itens do carrinho.',
  empty: 'O carrinho está vazio.',
  tooManyLines: `O carrinho pode ter no máximo ${MAX_CART_LINES} produtos diferentes.`,
  badItem: 'Item do carrinho inválido.',
  unknownVariant: 'Produto não encontrado.',
  quantity: 'A quantidade deve ser um número inteiro de pelo menos 1.',
  maxQuantity: `Você pode comprar no máximo ${MAX_QUANTITY_PER_LINE} unidades de cada item.`,
} as const;

export interface CheckedCartItem {
  variantId: string;
  quantity: number;
  /** The item's position in the request (the first, for a variant listed twice). */
  index: number;
}

export type CartItemsCheck =
  { ok: true; items: CheckedCartItem[] } | { ok: false; field: string; message: string };

/**
 * The cart's items, merged by variant (ids lower-cased), or the first problem and the field it is
 * at (`items`, `items[2].quantity`...). `isVariantId` says whether a text has a variant id's shape.
 */
export function checkCartItems(
  value: unknown,
  field: string,
  isVariantId: (id: unknown) => id is string,
): CartItemsCheck {
  const refuse = (at: string, message: string): CartItemsCheck => ({
    ok: false,
    field: at,
    message,
  });
  if (!Array.isArray(value)) return refuse(field, CART_MESSAGES.notAList);
  if (value.length === 0) return refuse(field, CART_MESSAGES.empty);
  if (value.length > MAX_CART_LINES) return refuse(field, CART_MESSAGES.tooManyLines);
  const merged = new Map<string, CheckedCartItem>();
  for (const [i, raw] of (value as unknown[]).entries()) {
    const at = `${field}[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return refuse(at, CART_MESSAGES.badItem);
    }
    const { variantId, quantity } = raw as { variantId?: unknown; quantity?: unknown };
    if (!isVariantId(variantId)) return refuse(`${at}.variantId`, CART_MESSAGES.unknownVariant);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return refuse(`${at}.quantity`, CART_MESSAGES.quantity);
    }
    if (quantity > MAX_QUANTITY_PER_LINE)
      return refuse(`${at}.quantity`, CART_MESSAGES.maxQuantity);
    const id = variantId.toLowerCase();
    const existing = merged.get(id);
    if (!existing) merged.set(id, { variantId: id, quantity, index: i });
    else {
      existing.quantity += quantity;
      if (existing.quantity > MAX_QUANTITY_PER_LINE) {
        return refuse(`${at}.quantity`, CART_MESSAGES.maxQuantity);
      }
    }
  }
  return { ok: true, items: [...merged.values()] };
}

/**
 * Why a code cannot be a coupon: codes are 1 to 40 letters (no accents), digits, '-' or '_',
 * starting with a letter or a digit (normaliseCouponCode, the rule coupons are created with).
 */
export const COUPON_FORMAT_MESSAGE =
  'Cupom inválido: use só letras sem acento, números, - ou _ (sem espaços).';

/**
 * The coupon code typed beside a cart, upper-cased (blank: none), or why it cannot be one. Never
 * throws: a preview answers a malformed code as its couponError and prices the cart without it.
 */
export function readCartCouponCode(value: unknown): { code: string | null; error: string | null } {
  if (value === null || value === undefined) return { code: null, error: null };
  if (typeof value !== 'string') return { code: null, error: COUPON_FORMAT_MESSAGE };
  if (value.trim() === '') return { code: null, error: null };
  const code = value.length <= 60 ? normaliseCouponCode(value) : null;
  return code === null ? { code: null, error: COUPON_FORMAT_MESSAGE } : { code, error: null };
}

// ---------------------------------------------------------------------------------------------
// The cart priced.

export type CartLineAvailability = 'AVAILABLE' | 'INSUFFICIENT_STOCK' | 'OUT_OF_STOCK';

/** What the store sells a variant at now, as the caller read it (its database, its fixtures). */
export interface CartOffer {
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
}

/** A checked cart item, with the variant's offer: null when none is on sale by that id. */
export interface CartPricingItem {
  variantId: string;
  quantity: number;
  offer: CartOffer | null;
}

export interface PricedCartLine<I extends CartPricingItem> {
  /** The caller's item, with whatever it carries (the variant's row, its product...). */
  item: I;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  /** What can be bought of it now: the stock, at most MAX_QUANTITY_PER_LINE. */
  availableQuantity: number;
  availability: CartLineAvailability;
  lineTotalCents: number;
}

/** A shipping option as far as the price of a cart cares. */
export interface CartShippingOption {
  methodId: string;
  priceCents: number;
}

export interface CartPricingInput<I extends CartPricingItem, O extends CartShippingOption> {
  /** The checked items (checkCartItems), in the cart's order. */
  items: readonly I[];
  /** Why the typed coupon code cannot be one (readCartCouponCode): the cart is priced without. */
  couponFormatError: string | null;
  /**
   * The typed coupon evaluated against the lines on sale (evaluateCoupon); null when no code was
   * typed. Not called for a cart with nothing on sale.
   */
  evaluateCoupon: ((lines: readonly PricedCartLine<I>[]) => CouponEvaluation) | null;
  /**
   * The shipping options for the lines on sale, their merchandise (the subtotal less the coupon)
   * and the coupon's free shipping. Not called for a cart with nothing on sale.
   */
  quoteShipping: (merchandiseCents: number, couponFreeShipping: boolean) => readonly O[];
  /** Whether an option is delivered (the others are collected: a pickup is only ever chosen). */
  isDelivery: (option: O) => boolean;
  /** The option the shopper chose, if any. */
  shippingMethodId: string | null;
  pixDiscountPercent: number;
  /** The store's instalment table, and whether a card can be paid at all. */
  installments: InstallmentTableSettings;
  /**
   * The payment chosen, when the cart is being bought (placeOrder): the answer then carries what
   * that payment pays (`payment`). A preview leaves it out.
   */
  payment?: CartPaymentChoice;
}

export type CartPaymentMethod = 'PIX' | 'CARD' | 'BOLETO';

export interface CartPaymentChoice {
  method: CartPaymentMethod;
  /** 1, or a card's instalments. */
  installments: number;
}

export const CART_PAYMENT_MESSAGES = {
  nothingToPay: 'O total do pedido precisa ser maior que zero.',
  singlePaymentOnly: 'Este pedido só pode ser pago à vista.',
  installmentsRange: (most: number) => `Escolha de 1 a ${most} parcelas.`,
} as const;

/** What the payment chosen pays for the cart as priced. */
export interface CartPayment {
  method: CartPaymentMethod;
  installments: number;
  /** The Pix discount (Pix only; 0 otherwise). */
  pixDiscountCents: number;
  /** What is paid before a card plan's interest: the Pix total by Pix, the card's total else. */
  baseCents: number;
  /** The table's line for the instalments chosen past 1x; null at 1x or when not offered. */
  plan: InstallmentOption | null;
  /** The plan's interest (0 interest-free or at 1x). */
  interestCents: number;
  /** What is charged: the base plus the plan's interest. */
  totalCents: number;
  /** The coupon's discount spread over the lines on sale (their order); [] without a coupon. */
  lineDiscountsCents: number[];
  /** Why this payment cannot be made as chosen (nothing to pay, instalments not offered). */
  error: { field: 'couponCode' | 'installments'; message: string } | null;
}

export interface CartPricing<I extends CartPricingItem, O extends CartShippingOption> {
  lines: PricedCartLine<I>[];
  /** The items with no variant on sale, by id. */
  unavailableVariantIds: string[];
  itemCount: number;
  subtotalCents: number;
  coupon: { code: string; discountCents: number; freeShipping: boolean } | null;
  couponError: string | null;
  discountCents: number;
  shippingOptions: O[];
  selectedShippingMethodId: string | null;
  shippingCents: number | null;
  /** The card's price: the merchandise and the shipping chosen. */
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
  /** Something to buy, all of it on sale and in stock. */
  canCheckout: boolean;
  /** What the payment chosen pays: only when one was given (CartPricingInput.payment). */
  payment?: CartPayment;
}

/**
 * What a payment pays: by Pix the merchandise less its Pix discount, plus the shipping; by card
 * or boleto the total, a card plan past the interest-free instalments adding its interest (the
 * store's table for that amount: a count it does not offer is refused).
 */
function paymentOf(
  choice: CartPaymentChoice,
  amounts: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    pixDiscountCents: number;
  },
  installments: InstallmentTableSettings,
  lineDiscountsCents: number[],
): CartPayment {
  const pixDiscount = choice.method === 'PIX' ? amounts.pixDiscountCents : 0;
  const baseCents = pixTotalCents({
    subtotalCents: amounts.subtotalCents,
    couponDiscountCents: amounts.discountCents,
    pixDiscountCents: pixDiscount,
    shippingCents: amounts.shippingCents,
  });
  const payment: CartPayment = {
    method: choice.method,
    installments: choice.installments,
    pixDiscountCents: pixDiscount,
    baseCents,
    plan: null,
    interestCents: 0,
    totalCents: baseCents,
    lineDiscountsCents,
    error: null,
  };
  if (baseCents <= 0) {
    return {
      ...payment,
      error: { field: 'couponCode', message: CART_PAYMENT_MESSAGES.nothingToPay },
    };
  }
  if (choice.installments <= 1) return payment;
  const plan = installmentOptionFor(baseCents, choice.installments, installments);
  if (!plan) {
    const most = installmentTable(baseCents, installments).length;
    const message =
      most === 1
        ? CART_PAYMENT_MESSAGES.singlePaymentOnly
        : CART_PAYMENT_MESSAGES.installmentsRange(most);
    return { ...payment, error: { field: 'installments', message } };
  }
  return { ...payment, plan, interestCents: plan.interestCents, totalCents: plan.totalCents };
}

function priceLine<I extends CartPricingItem>(item: I, offer: CartOffer): PricedCartLine<I> {
  const availableQuantity = Math.max(0, Math.min(offer.stock, MAX_QUANTITY_PER_LINE));
  return {
    item,
    unitPriceCents: offer.unitPriceCents,
    compareAtPriceCents: offer.compareAtPriceCents,
    quantity: item.quantity,
    availableQuantity,
    availability:
      availableQuantity === 0
        ? 'OUT_OF_STOCK'
        : availableQuantity < item.quantity
          ? 'INSUFFICIENT_STOCK'
          : 'AVAILABLE',
    lineTotalCents: offer.unitPriceCents * item.quantity,
  };
}

/**
 * A cart priced as the checkout sells it, never from a price the shopper sent: each variant on
 * sale at its price (the others set aside), the coupon on those lines (its refusal as
 * couponError, the cart priced without it), the shipping options for the merchandise and the one
 * chosen (else the cheapest delivery; a pickup only when chosen), the Pix discount on the
 * merchandise, the card's total with its instalments, and whether it can be bought as it is.
 */
export function priceCart<I extends CartPricingItem, O extends CartShippingOption>(
  input: CartPricingInput<I, O>,
): CartPricing<I, O> {
  const unavailableVariantIds: string[] = [];
  const lines: PricedCartLine<I>[] = [];
  for (const item of input.items) {
    if (item.offer === null) unavailableVariantIds.push(item.variantId);
    else lines.push(priceLine(item, item.offer));
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);

  let coupon: CartPricing<I, O>['coupon'] = null;
  let couponError = input.couponFormatError;
  let lineDiscountsCents: number[] = [];
  if (input.evaluateCoupon && lines.length > 0) {
    const evaluation = input.evaluateCoupon(lines);
    if (evaluation.ok) {
      coupon = {
        code: evaluation.couponCode,
        discountCents: evaluation.discountCents,
        freeShipping: evaluation.freeShipping,
      };
      lineDiscountsCents = evaluation.lineDiscountsCents;
    } else couponError = evaluation.message;
  }
  const discountCents = coupon?.discountCents ?? 0;
  const merchandiseCents = subtotalCents - discountCents;

  const shippingOptions =
    lines.length === 0
      ? []
      : [...input.quoteShipping(merchandiseCents, coupon?.freeShipping ?? false)];
  const cheapestDelivery = shippingOptions
    .filter(input.isDelivery)
    .reduce<O | null>(
      (best, option) => (best === null || option.priceCents < best.priceCents ? option : best),
      null,
    );
  const selected =
    shippingOptions.find((option) => option.methodId === input.shippingMethodId) ??
    cheapestDelivery;
  const shippingCents = selected ? selected.priceCents : null;
  const pixDiscount = pixDiscountCents(merchandiseCents, input.pixDiscountPercent);
  const totalCents = merchandiseCents + (shippingCents ?? 0);
  const headline = installmentHeadline(totalCents, input.installments);
  const payment =
    input.payment &&
    paymentOf(
      input.payment,
      {
        subtotalCents,
        discountCents,
        shippingCents: shippingCents ?? 0,
        pixDiscountCents: pixDiscount,
      },
      input.installments,
      lineDiscountsCents,
    );
  return {
    lines,
    unavailableVariantIds,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    coupon,
    couponError,
    discountCents,
    shippingOptions,
    selectedShippingMethodId: selected?.methodId ?? null,
    shippingCents,
    totalCents,
    pixDiscountPercent: input.pixDiscountPercent,
    pixDiscountCents: pixDiscount,
    pixTotalCents: pixTotalCents({
      subtotalCents,
      couponDiscountCents: discountCents,
      pixDiscountCents: pixDiscount,
      shippingCents: shippingCents ?? 0,
    }),
    installments: headline.interestFree,
    installmentsWithInterest: headline.withInterest,
    installmentOptions: installmentTable(totalCents, input.installments),
    canCheckout:
      lines.length > 0 &&
      unavailableVariantIds.length === 0 &&
      lines.every((line) => line.availability === 'AVAILABLE'),
    ...(payment ? { payment } : {}),
  };
}
