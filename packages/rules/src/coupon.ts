// Decides whether a coupon applies to a cart and by how much, with the precise Portuguese reason
// when it does not. Pure: the caller loads the coupon and its usage counts (inside the order
// transaction when placing an order, so the count it passes is the locked one).
import { applyBasisPoints, formatBRL, percentToBasisPoints } from './pricing';

export type CouponDiscount =
  | { type: 'percentage'; basisPoints: number }
  | { type: 'percentage'; percent: number }
  | { type: 'fixed'; amountCents: number };

/** A brand or category a coupon is limited to; the name goes into the shopper's message. */
export interface CouponScope {
  id: string;
  name: string;
}

export interface Coupon {
  code: string;
  /** Switched off by staff; defaults to true. */
  active?: boolean;
  /** null for a coupon that only gives free shipping. */
  discount: CouponDiscount | null;
  freeShipping?: boolean;
  /** Minimum subtotal of the eligible products, in centavos. */
  minSubtotalCents?: number | null;
  startsAt?: Date | null;
  /** Last instant of validity (inclusive). */
  endsAt?: Date | null;
  usageLimit?: number | null;
  perEmailLimit?: number | null;
  /** When set, only lines of these brands count... */
  brands?: readonly CouponScope[] | null;
  /** ...and (when also set) only lines in one of these categories. */
  categories?: readonly CouponScope[] | null;
}

export interface CouponCartLine {
  brandId: string;
  /** The product's categories (include ancestors for a category tree). */
  categoryIds: readonly string[];
  /** Unit price × quantity, in centavos, as re-priced by the server. */
  lineTotalCents: number;
}

export interface CouponCart {
  lines: readonly CouponCartLine[];
}

export interface CouponUsage {
  /** Orders that used this coupon so far. */
  totalUses: number;
  /** Orders by this customer's e-mail that used it; null or absent when the e-mail is unknown yet. */
  usesByEmail?: number | null;
}

export type CouponErrorCode =
  | 'NOT_FOUND'
  | 'INACTIVE'
  | 'NOT_STARTED'
  | 'EXPIRED'
  | 'USAGE_LIMIT_REACHED'
  | 'PER_EMAIL_LIMIT_REACHED'
  | 'NOT_APPLICABLE'
  | 'MIN_SUBTOTAL_NOT_MET';

export interface CouponAccepted {
  ok: true;
  couponCode: string;
  discountCents: number;
  freeShipping: boolean;
  /** Subtotal of the lines the coupon applies to. */
  eligibleSubtotalCents: number;
  /** The discount spread over the cart lines (same order), for order-line snapshots and refunds. */
  lineDiscountsCents: number[];
}

export interface CouponRejected {
  ok: false;
  code: CouponErrorCode;
  message: string;
}

export type CouponEvaluation = CouponAccepted | CouponRejected;

export interface EvaluateCouponOptions {
  /** Zone in which dates are shown to the shopper. */
  timeZone?: string;
}

export const COUPON_NOT_FOUND_MESSAGE = 'Cupom não encontrado.';

/** ' bemvindo10 ' -> 'BEMVINDO10'; null for something that cannot be a code. */
export function normaliseCouponCode(input: string): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9_-]{0,39}$/.test(code) ? code : null;
}

function reject(code: CouponErrorCode, message: string): CouponRejected {
  return { ok: false, code, message };
}

function formatDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

const list = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

function scopeMessage(coupon: Coupon): string {
  const brands = coupon.brands?.map((b) => b.name) ?? [];
  const categories = coupon.categories?.map((c) => c.name) ?? [];
  let text = 'Este cupom vale apenas para produtos';
  if (brands.length > 0) {
    text += brands.length === 1 ? ` da marca ${brands[0]}` : ` das marcas ${list.format(brands)}`;
  }
  if (categories.length > 0) {
    const joiner = brands.length > 0 ? ' n' : ' d';
    text +=
      categories.length === 1
        ? `${joiner}a categoria ${categories[0]}`
        : `${joiner}as categorias ${list.format(categories)}`;
  }
  return `${text}.`;
}

function assertCouponConfig(coupon: Coupon): number | null {
  const d = coupon.discount;
  if (d === null) return null;
  if (d.type === 'fixed') {
    if (!Number.isSafeInteger(d.amountCents) || d.amountCents <= 0) {
      throw new RangeError(`Coupon ${coupon.code}: amountCents must be a positive integer`);
    }
    return null;
  }
  const basisPoints = 'basisPoints' in d ? d.basisPoints : percentToBasisPoints(d.percent);
  if (!Number.isSafeInteger(basisPoints) || basisPoints <= 0 || basisPoints > 10_000) {
    throw new RangeError(`Coupon ${coupon.code}: the percentage must be above 0 and up to 100`);
  }
  return basisPoints;
}

/**
 * Splits `total` over `weights` in proportion, in whole centavos, so the parts sum exactly to
 * the total (largest remainder; ties go to the earlier line).
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const parts = exact.map(Number);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const remainders = weights
    .map((w, i) => ({ i, r: (BigInt(total) * BigInt(w)) % BigInt(sum) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * evaluateCoupon(coupon, cart, now, usage): the discount in centavos and free shipping, or the
 * reason in Portuguese. A null coupon (unknown code) gives 'Cupom não encontrado.'.
 */
export function evaluateCoupon(
  coupon: Coupon | null | undefined,
  cart: CouponCart,
  now: Date,
  usage: CouponUsage,
  options: EvaluateCouponOptions = {},
): CouponEvaluation {
  if (!coupon) return reject('NOT_FOUND', COUPON_NOT_FOUND_MESSAGE);
  const timeZone = options.timeZone ?? 'America/Sao_Paulo';
  const basisPoints = assertCouponConfig(coupon);
  for (const line of cart.lines) {
    if (!Number.isSafeInteger(line.lineTotalCents) || line.lineTotalCents < 0) {
      throw new RangeError('lineTotalCents must be a non-negative integer');
    }
  }

  if (coupon.active === false) {
    return reject('INACTIVE', 'Este cupom não está mais disponível.');
  }
  if (coupon.startsAt && now.getTime() < coupon.startsAt.getTime()) {
    return reject(
      'NOT_STARTED',
      `Este cupom ainda não está válido: vale a partir de ${formatDate(coupon.startsAt, timeZone)}.`,
    );
  }
  if (coupon.endsAt && now.getTime() > coupon.endsAt.getTime()) {
    return reject('EXPIRED', `Este cupom expirou em ${formatDate(coupon.endsAt, timeZone)}.`);
  }
  if (
    coupon.usageLimit !== null &&
    coupon.usageLimit !== undefined &&
    usage.totalUses >= coupon.usageLimit
  ) {
    return reject('USAGE_LIMIT_REACHED', 'Este cupom já atingiu o limite de usos.');
  }
  if (
    coupon.perEmailLimit !== null &&
    coupon.perEmailLimit !== undefined &&
    usage.usesByEmail !== null &&
    usage.usesByEmail !== undefined &&
    usage.usesByEmail >= coupon.perEmailLimit
  ) {
    return reject(
      'PER_EMAIL_LIMIT_REACHED',
      'Você já usou este cupom o máximo de vezes permitido.',
    );
  }

  const brandIds = coupon.brands?.length ? new Set(coupon.brands.map((b) => b.id)) : null;
  const categoryIds = coupon.categories?.length
    ? new Set(coupon.categories.map((c) => c.id))
    : null;
  const restricted = brandIds !== null || categoryIds !== null;
  const eligible = cart.lines.map(
    (line) =>
      (brandIds === null || brandIds.has(line.brandId)) &&
      (categoryIds === null || line.categoryIds.some((id) => categoryIds.has(id))),
  );
  const eligibleTotals = cart.lines.map((line, i) => (eligible[i] ? line.lineTotalCents : 0));
  const eligibleSubtotalCents = eligibleTotals.reduce((a, b) => a + b, 0);
  if (restricted && !eligible.some(Boolean)) {
    return reject('NOT_APPLICABLE', scopeMessage(coupon));
  }

  const minimum = coupon.minSubtotalCents ?? 0;
  if (minimum > 0 && eligibleSubtotalCents < minimum) {
    return reject(
      'MIN_SUBTOTAL_NOT_MET',
      restricted
        ? `Pedido mínimo de ${formatBRL(minimum)} em produtos participantes para este cupom.`
        : `Pedido mínimo de ${formatBRL(minimum)} para este cupom.`,
    );
  }

  let discountCents = 0;
  if (coupon.discount?.type === 'fixed') {
    discountCents = Math.min(coupon.discount.amountCents, eligibleSubtotalCents);
  } else if (basisPoints !== null) {
    discountCents = applyBasisPoints(eligibleSubtotalCents, basisPoints);
  }

  return {
    ok: true,
    couponCode: coupon.code,
    discountCents,
    freeShipping: coupon.freeShipping === true,
    eligibleSubtotalCents,
    lineDiscountsCents: allocateProportionally(discountCents, eligibleTotals),
  };
}
