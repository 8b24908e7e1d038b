// Money arithmetic for checkout: Pix discount, installment offer, order numbers, amount formats.
// Every amount is an integer number of centavos; rates are integer basis points (1% = 100 bp),
// and products go through BigInt so no float ever touches a price.

export class MoneyInputError extends RangeError {
  override name = 'MoneyInputError';
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new MoneyInputError(`${what} must be a non-negative integer number of centavos`);
  }
}

/**
 * Turns a percentage (5, 2.5, 12.75) into integer basis points (500, 250, 1275).
 * Rejects more than two decimal places so a setting like 3.333% is never silently rounded.
 */
export function percentToBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new MoneyInputError('A percentage must be between 0 and 100');
  }
  const basisPoints = Math.round(percent * 100);
  if (Math.abs(basisPoints - percent * 100) > 1e-6) {
    throw new MoneyInputError('A percentage can have at most two decimal places');
  }
  return basisPoints;
}

/**
 * A setting's percent: a number within [min, max] with at most two decimals, rounded to them
 * (2.5, 1.99); null for anything else. The server's settings and their mocks both take it.
 */
export function parsePercentSetting(value: unknown, min: number, max: number): number | null {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    Math.abs(Math.round(value * 100) - value * 100) > 1e-6
  ) {
    return null;
  }
  return Math.round(value * 100) / 100;
}

/** round_half_up(cents × basisPoints / 10 000), in integers. */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  assertCents(cents, 'The amount');
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new MoneyInputError('Basis points must be an integer between 0 and 10000');
  }
  const product = BigInt(cents) * BigInt(basisPoints);
  return Number((product + 5_000n) / 10_000n);
}

/**
 * The Pix discount: round half-up of subtotal × percent.
 * pixDiscountCents(12990, 5) === 650 (649.5 rounds up), so R$ 129,90 costs R$ 123,40 by Pix.
 */
export function pixDiscountCents(subtotalCents: number, percent: number): number {
  return applyBasisPoints(subtotalCents, percentToBasisPoints(percent));
}

/** Pix total = subtotal − discounts + shipping, never below zero. */
export function pixTotalCents(parts: {
  subtotalCents: number;
  pixDiscountCents: number;
  couponDiscountCents?: number;
  shippingCents?: number;
}): number {
  const coupon = parts.couponDiscountCents ?? 0;
  const shipping = parts.shippingCents ?? 0;
  assertCents(parts.subtotalCents, 'The subtotal');
  assertCents(parts.pixDiscountCents, 'The Pix discount');
  assertCents(coupon, 'The coupon discount');
  assertCents(shipping, 'The shipping price');
  return Math.max(0, parts.subtotalCents - parts.pixDiscountCents - coupon) + shipping;
}

export interface InstallmentSettings {
  /** Most installments offered (store setting, default 10). */
  maxInstallments?: number;
  /** Smallest installment allowed, in centavos (store setting, default 500 = R$ 5,00). */
  minInstallmentCents?: number;
  /**
   * Whether a card can be paid now (a gateway is configured; default true). Installments exist
   * only on a card: without one the offer is a single payment, so no "10x sem juros" is promised.
   */
  cardOffered?: boolean;
}

export interface InstallmentOffer {
  /** Number of installments: min(max, floor(total / minimum)), at least 1. */
  count: number;
  /** Each installment in centavos; they sum to the total, the remainder sits on the first. */
  installments: number[];
  /** The value of every installment but (possibly) the first: floor(total / count). */
  perInstallmentCents: number;
  /** The first installment, which carries the remainder of the division. */
  firstInstallmentCents: number;
  totalCents: number;
  interestFree: true;
}

export const DEFAULT_MAX_INSTALLMENTS = 10;
export const DEFAULT_MIN_INSTALLMENT_CENTS = 500;

/** installmentOffer(10000) splits R$ 100,00 at most 10× with at least R$ 5,00 each. */
export function installmentOffer(
  totalCents: number,
  settings: InstallmentSettings = {},
): InstallmentOffer {
  const max = settings.maxInstallments ?? DEFAULT_MAX_INSTALLMENTS;
  const min = settings.minInstallmentCents ?? DEFAULT_MIN_INSTALLMENT_CENTS;
  const cardOffered = settings.cardOffered ?? true;
  assertCents(totalCents, 'The total');
  if (!Number.isSafeInteger(max) || max < 1 || max > 48) {
    throw new MoneyInputError('maxInstallments must be an integer between 1 and 48');
  }
  if (!Number.isSafeInteger(min) || min < 1) {
    throw new MoneyInputError('minInstallmentCents must be a positive integer');
  }
  const count = cardOffered ? Math.max(1, Math.min(max, Math.floor(totalCents / min))) : 1;
  const base = Math.floor(totalCents / count);
  const first = totalCents - base * (count - 1);
  const installments = [first, ...Array.from({ length: count - 1 }, () => base)];
  return {
    count,
    installments,
    perInstallmentCents: base,
    firstInstallmentCents: first,
    totalCents,
    interestFree: true,
  };
}

export const ORDER_NUMBER_PREFIX = 'VT';

/** orderNumber(10023) === 'VT-10023'. The number is the order sequence, never the row id. */
export function orderNumber(sequence: number, prefix: string = ORDER_NUMBER_PREFIX): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError('An order sequence must be a positive integer');
  }
  if (!/^[A-Z]{1,5}$/.test(prefix))
    throw new RangeError('An order prefix is 1 to 5 capital letters');
  return `${prefix}-${sequence}`;
}

/** 'VT-10023', 'vt10023', ' VT 10023 ' -> 10023; anything else -> null. */
export function parseOrderNumber(
  input: string,
  prefix: string = ORDER_NUMBER_PREFIX,
): number | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const match = /^([A-Za-z]+)[\s-]?(\d{1,15})$/.exec(input.trim());
  if (!match || match[1]?.toUpperCase() !== prefix) return null;
  const sequence = Number(match[2]);
  return Number.isSafeInteger(sequence) && sequence >= 1 ? sequence : null;
}

/** The BR Code amount format: 12340 -> '123.40', 1000 -> '10.00', 5 -> '0.05'. */
export function formatCentsForBrCode(cents: number): string {
  assertCents(cents, 'The amount');
  const text = String(cents).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * 15000 -> 'R$ 150,00' for messages meant for people. Intl puts a no-break space after 'R$';
 * it becomes a plain space so messages compare and log predictably.
 */
export function formatBRL(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new MoneyInputError('Centavos must be an integer');
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}
