// The store's instalment table: interest-free instalments up to a count, then instalments with a
// monthly interest by the Price table (tabela Price, equal instalments), each instalment at least
// the store's minimum. The server prices checkouts and charges cards with it; the storefront shows
// exactly its numbers ("em até 6x sem juros de R$ 21,65", "12x de R$ 13,42 com juros"). Integer
// centavos throughout: the Price instalment is computed in BigInt, never in floats.
import { formatBRL, MoneyInputError, percentToBasisPoints } from './pricing';

export interface InstallmentTableSettings {
  /** Most instalments offered (1 to 48). */
  maxInstallments: number;
  /** Instalments up to this count carry no interest (at least 1). */
  interestFreeInstallments: number;
  /**
   * Monthly interest on plans past the interest-free ones, in percent with at most two decimals
   * (1.99 = 1,99% a.m.). 0: only the interest-free instalments are offered.
   */
  monthlyInterestPercent: number;
  /** Smallest instalment, in centavos (at least 1). */
  minInstallmentCents: number;
  /** Whether a card can be paid now; without one the table is a single payment. Default true. */
  cardOffered?: boolean;
}

/** One line of the table: what the shopper pays in `count` instalments. */
export interface InstallmentOption {
  count: number;
  /** Every instalment but (on interest-free plans) the first. */
  perInstallmentCents: number;
  /** The first instalment: it carries the division's remainder on interest-free plans. */
  firstInstallmentCents: number;
  /** What the card is charged: the base amount plus the interest. */
  totalCents: number;
  /** totalCents minus the base amount; 0 on interest-free plans. */
  interestCents: number;
  interestFree: boolean;
}

/** The monthly interest is at most 9,99% a.m. (a typo of 19,9 is refused, not charged). */
export const MAX_MONTHLY_INTEREST_PERCENT = 9.99;
export const MAX_INSTALLMENTS_LIMIT = 48;

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new MoneyInputError(`${what} must be a non-negative integer number of centavos`);
  }
}

function checkSettings(settings: InstallmentTableSettings): number {
  const {
    maxInstallments: max,
    interestFreeInstallments: free,
    minInstallmentCents: min,
  } = settings;
  if (!Number.isSafeInteger(max) || max < 1 || max > MAX_INSTALLMENTS_LIMIT) {
    throw new MoneyInputError('maxInstallments must be an integer between 1 and 48');
  }
  if (!Number.isSafeInteger(free) || free < 1) {
    throw new MoneyInputError('interestFreeInstallments must be a positive integer');
  }
  if (!Number.isSafeInteger(min) || min < 1) {
    throw new MoneyInputError('minInstallmentCents must be a positive integer');
  }
  if (settings.monthlyInterestPercent > MAX_MONTHLY_INTEREST_PERCENT) {
    throw new MoneyInputError('monthlyInterestPercent must be at most 9.99');
  }
  return percentToBasisPoints(settings.monthlyInterestPercent);
}

/**
 * The Price table's instalment: principal × i × (1+i)^n / ((1+i)^n − 1), rounded half up to the
 * centavo, with i = basisPoints / 10 000 a month. priceInstallmentCents(12990, 12, 199) === 1228.
 * Rounded up to the centavo (at 0 bp too): rounding half down on a small amount in many
 * instalments could make the plan pay less than the principal (R$ 1,00 in 23x).
 */
export function priceInstallmentCents(
  principalCents: number,
  count: number,
  monthlyBasisPoints: number,
): number {
  assertCents(principalCents, 'The principal');
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_INSTALLMENTS_LIMIT) {
    throw new MoneyInputError('count must be an integer between 1 and 48');
  }
  if (!Number.isSafeInteger(monthlyBasisPoints) || monthlyBasisPoints < 0) {
    throw new MoneyInputError('The monthly rate must be a non-negative integer of basis points');
  }
  const principal = BigInt(principalCents);
  const n = BigInt(count);
  if (monthlyBasisPoints === 0) return Number((principal + n - 1n) / n);
  const base = 10_000n;
  const grown = (base + BigInt(monthlyBasisPoints)) ** n;
  const numerator = principal * BigInt(monthlyBasisPoints) * grown;
  const denominator = base * (grown - base ** n);
  return Number((numerator + denominator - 1n) / denominator);
}

function interestFreeOption(baseCents: number, count: number): InstallmentOption {
  const per = Math.floor(baseCents / count);
  return {
    count,
    perInstallmentCents: per,
    firstInstallmentCents: baseCents - per * (count - 1),
    totalCents: baseCents,
    interestCents: 0,
    interestFree: true,
  };
}

function optionAt(
  baseCents: number,
  count: number,
  settings: InstallmentTableSettings,
  basisPoints: number,
): InstallmentOption | null {
  if (count > settings.maxInstallments) return null;
  if (count === 1) return interestFreeOption(baseCents, 1);
  if (count <= settings.interestFreeInstallments) {
    const option = interestFreeOption(baseCents, count);
    return option.perInstallmentCents >= settings.minInstallmentCents ? option : null;
  }
  if (basisPoints === 0) return null;
  const per = priceInstallmentCents(baseCents, count, basisPoints);
  if (per < settings.minInstallmentCents) return null;
  return {
    count,
    perInstallmentCents: per,
    firstInstallmentCents: per,
    totalCents: per * count,
    interestCents: per * count - baseCents,
    interestFree: false,
  };
}

/**
 * The whole table for an amount: 1x, 2x, … up to the last count the settings allow whose
 * instalment is at least the minimum (the table never has gaps: it stops at the first count that
 * does not qualify). Without a card, a single payment.
 */
export function installmentTable(
  baseCents: number,
  settings: InstallmentTableSettings,
): InstallmentOption[] {
  assertCents(baseCents, 'The amount');
  const basisPoints = checkSettings(settings);
  if (settings.cardOffered === false) return [interestFreeOption(baseCents, 1)];
  const table: InstallmentOption[] = [];
  for (let count = 1; count <= settings.maxInstallments; count += 1) {
    const option = optionAt(baseCents, count, settings, basisPoints);
    if (!option) break;
    table.push(option);
  }
  return table;
}

/** The line of the table for `count` instalments, or null when the table does not offer it. */
export function installmentOptionFor(
  baseCents: number,
  count: number,
  settings: InstallmentTableSettings,
): InstallmentOption | null {
  if (!Number.isSafeInteger(count) || count < 1) return null;
  return installmentTable(baseCents, settings).find((option) => option.count === count) ?? null;
}

/** What a price tag says: the most interest-free instalments, and the longest plan with interest. */
export interface InstallmentHeadline {
  interestFree: InstallmentOption;
  withInterest: InstallmentOption | null;
}

export function installmentHeadline(
  baseCents: number,
  settings: InstallmentTableSettings,
): InstallmentHeadline {
  const table = installmentTable(baseCents, settings);
  const free = table.filter((option) => option.interestFree);
  const paid = table.filter((option) => !option.interestFree);
  // The table always holds 1x, which is interest-free.
  return { interestFree: free[free.length - 1] ?? table[0]!, withInterest: paid.at(-1) ?? null };
}

/**
 * How an order's card plan reads: '6x sem juros', '12x de R$ 13,42 com juros'; null for a single
 * payment. Plans with interest are equal instalments, so each is the total over the count.
 */
export function describeOrderInstallments(order: {
  installments: number;
  totalCents: number;
  interestCents: number;
}): string | null {
  if (!Number.isSafeInteger(order.installments) || order.installments < 2) return null;
  if (order.interestCents <= 0) return `${order.installments}x sem juros`;
  const each = Math.round(order.totalCents / order.installments);
  return `${order.installments}x de ${formatBRL(each)} com juros`;
}

/** The store settings the table is made of (StoreSettings / AdminSettings fields). */
export interface InstallmentSettingsFields {
  maxInstallments: number;
  interestFreeInstallments: number;
  installmentInterestPercent: number;
  minInstallmentCents: number;
}

/**
 * The table of the store's settings: interest-free up to min(maxInstallments,
 * interestFreeInstallments); past them, up to maxInstallments only with a monthly interest above 0.
 * The server prices with it and the mocks answer with it.
 */
export function installmentTableOf(store: InstallmentSettingsFields): InstallmentTableSettings {
  const interestFree = Math.max(1, Math.min(store.maxInstallments, store.interestFreeInstallments));
  const interest = store.installmentInterestPercent;
  return {
    maxInstallments: interest > 0 ? Math.max(1, store.maxInstallments) : interestFree,
    interestFreeInstallments: interestFree,
    monthlyInterestPercent: interest,
    minInstallmentCents: Math.max(1, store.minInstallmentCents),
  };
}

/** The storefront's InstallmentRules: maxInstallments is what may be promised as 'sem juros'. */
export interface InstallmentRules {
  maxInstallments: number;
  minInstallmentCents: number;
  maxInstallmentsWithInterest: number;
  monthlyInterestPercent: number;
}

export function installmentRulesOf(table: InstallmentTableSettings): InstallmentRules {
  return {
    maxInstallments: table.interestFreeInstallments,
    minInstallmentCents: table.minInstallmentCents,
    maxInstallmentsWithInterest: table.maxInstallments,
    monthlyInterestPercent: table.monthlyInterestPercent,
  };
}

/** The table back from the storefront's InstallmentRules (installmentRulesOf's inverse). */
export function installmentTableOfRules(rules: InstallmentRules): InstallmentTableSettings {
  return {
    maxInstallments: rules.maxInstallmentsWithInterest,
    interestFreeInstallments: rules.maxInstallments,
    monthlyInterestPercent: rules.monthlyInterestPercent,
    minInstallmentCents: rules.minInstallmentCents,
  };
}
