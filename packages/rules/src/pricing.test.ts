import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  formatBRL,
  formatCentsForBrCode,
  installmentOffer,
  parsePercentSetting,
  orderNumber,
  parseOrderNumber,
  percentToBasisPoints,
  pixDiscountCents,
  pixTotalCents,
} from './pricing';

describe('pixDiscountCents', () => {
  it('takes 5% off R$ 129,90 as R$ 6,50 (649.5 rounds half up), leaving R$ 123,40', () => {
    const discount = pixDiscountCents(12990, 5);
    expect(discount).toBe(650);
    expect(pixTotalCents({ subtotalCents: 12990, pixDiscountCents: discount })).toBe(12340);
  });

  it('rounds half up and down at the boundary', () => {
    expect(pixDiscountCents(10, 5)).toBe(1); // 0.5 -> 1
    expect(pixDiscountCents(9, 5)).toBe(0); // 0.45 -> 0
    expect(pixDiscountCents(12989, 5)).toBe(649); // 649.45 -> 649
    expect(pixDiscountCents(1001, 2.5)).toBe(25); // 25.025 -> 25
    expect(pixDiscountCents(1002, 2.5)).toBe(25); // 25.05 -> 25
    expect(pixDiscountCents(1020, 2.5)).toBe(26); // 25.5 -> 26
  });

  it('gives no discount at 0% and the whole subtotal at 100%', () => {
    expect(pixDiscountCents(12990, 0)).toBe(0);
    expect(pixDiscountCents(12990, 100)).toBe(12990);
  });

  it('stays exact on amounts where floats would drift', () => {
    // 0.07 * 100 and friends are inexact in binary; the result must still be the integer rule.
    expect(pixDiscountCents(1_000_000_000_001, 7)).toBe(70_000_000_000);
    for (let cents = 0; cents < 3000; cents += 7) {
      expect(pixDiscountCents(cents, 7)).toBe(Math.floor((cents * 7 + 50) / 100));
    }
  });

  it('is the half-up integer rule for every amount and every rate of at most two decimals, never more than the subtotal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, basisPoints) => {
          const discount = pixDiscountCents(cents, basisPoints / 100);
          const exact = (BigInt(cents) * BigInt(basisPoints) + 5_000n) / 10_000n;
          expect(discount).toBe(Number(exact));
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(cents);
          expect(pixTotalCents({ subtotalCents: cents, pixDiscountCents: discount })).toBe(
            cents - discount,
          );
        },
      ),
    );
  });

  it('refuses negative, fractional or out-of-range inputs', () => {
    expect(() => pixDiscountCents(-1, 5)).toThrow(RangeError);
    expect(() => pixDiscountCents(10.5, 5)).toThrow(RangeError);
    expect(() => pixDiscountCents(100, 101)).toThrow(RangeError);
    expect(() => pixDiscountCents(100, 3.333)).toThrow('two decimal places');
    expect(() => pixDiscountCents(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('percentToBasisPoints and applyBasisPoints', () => {
  it('converts percentages exactly', () => {
    expect(percentToBasisPoints(5)).toBe(500);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(percentToBasisPoints(12.75)).toBe(1275);
    expect(applyBasisPoints(12990, 500)).toBe(650);
  });
});

describe('pixTotalCents', () => {
  it('subtracts discounts, adds shipping and never goes below the shipping', () => {
    expect(
      pixTotalCents({
        subtotalCents: 10000,
        pixDiscountCents: 500,
        couponDiscountCents: 1000,
        shippingCents: 2590,
      }),
    ).toBe(11090);
    expect(
      pixTotalCents({
        subtotalCents: 1000,
        pixDiscountCents: 50,
        couponDiscountCents: 1000,
        shippingCents: 990,
      }),
    ).toBe(990);
  });
});

describe('installmentOffer', () => {
  it('splits R$ 100,00 in 3 as 33,34 + 33,33 + 33,33', () => {
    const offer = installmentOffer(10000, { maxInstallments: 3 });
    expect(offer).toEqual({
      count: 3,
      installments: [3334, 3333, 3333],
      perInstallmentCents: 3333,
      firstInstallmentCents: 3334,
      totalCents: 10000,
      interestFree: true,
    });
  });

  it('defaults to at most 10 installments of at least R$ 5,00', () => {
    expect(installmentOffer(12990).count).toBe(10);
    expect(installmentOffer(4999).count).toBe(9); // floor(4999 / 500)
    expect(installmentOffer(1000).count).toBe(2);
    expect(installmentOffer(999).count).toBe(1);
    expect(installmentOffer(0)).toMatchObject({ count: 1, installments: [0] });
  });

  it('honours the store settings', () => {
    expect(
      installmentOffer(100000, { maxInstallments: 12, minInstallmentCents: 10000 }).count,
    ).toBe(10);
    expect(installmentOffer(100000, { maxInstallments: 6, minInstallmentCents: 1000 }).count).toBe(
      6,
    );
  });

  it('offers a single payment when no card can be paid, whatever the settings allow', () => {
    const settings = { maxInstallments: 10, minInstallmentCents: 500 };
    expect(installmentOffer(12990, settings).count).toBe(10);
    expect(installmentOffer(12990, { ...settings, cardOffered: false })).toEqual({
      count: 1,
      installments: [12990],
      perInstallmentCents: 12990,
      firstInstallmentCents: 12990,
      totalCents: 12990,
      interestFree: true,
    });
  });

  it('always sums to the total, each installment at least the minimum when n > 1, first the largest', () => {
    // Stated over the whole range of settings installmentOffer accepts (up to 48 installments);
    // the loop this replaces drew at most 24.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_999_999 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 5000 }),
        (total, max, min) => {
          const offer = installmentOffer(total, { maxInstallments: max, minInstallmentCents: min });
          expect(offer.installments.reduce((a, b) => a + b, 0)).toBe(total);
          expect(offer.installments).toHaveLength(offer.count);
          expect(offer.count).toBe(Math.max(1, Math.min(max, Math.floor(total / min))));
          expect(offer.installments.every((v) => Number.isInteger(v))).toBe(true);
          if (offer.count > 1) expect(Math.min(...offer.installments)).toBeGreaterThanOrEqual(min);
          expect(offer.firstInstallmentCents - offer.perInstallmentCents).toBeLessThan(offer.count);
          expect(offer.firstInstallmentCents).toBeGreaterThanOrEqual(offer.perInstallmentCents);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('describes itself consistently: count × per-installment + the remainder on the first is the total', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 10_000_000 }),
          fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        ),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 100_000 }),
        (total, max, min) => {
          const offer = installmentOffer(total, { maxInstallments: max, minInstallmentCents: min });
          const remainder = offer.firstInstallmentCents - offer.perInstallmentCents;
          expect(offer.count * offer.perInstallmentCents + remainder).toBe(total);
          expect(offer.totalCents).toBe(total);
          expect(offer.installments[0]).toBe(offer.firstInstallmentCents);
          expect(offer.installments.slice(1).every((v) => v === offer.perInstallmentCents)).toBe(
            true,
          );
        },
      ),
    );
  });

  it('rejects nonsense settings', () => {
    expect(() => installmentOffer(1000, { maxInstallments: 0 })).toThrow(RangeError);
    expect(() => installmentOffer(1000, { minInstallmentCents: 0 })).toThrow(RangeError);
    expect(() => installmentOffer(-5)).toThrow(RangeError);
  });
});

describe('order numbers', () => {
  it('formats and parses the human-friendly number', () => {
    expect(orderNumber(10023)).toBe('VT-10023');
    expect(parseOrderNumber('VT-10023')).toBe(10023);
    expect(parseOrderNumber(' vt10023 ')).toBe(10023);
    expect(parseOrderNumber('XX-10023')).toBeNull();
    expect(parseOrderNumber('VT-')).toBeNull();
    expect(parseOrderNumber('VT-0')).toBeNull();
    expect(() => orderNumber(0)).toThrow(RangeError);
    expect(() => orderNumber(1.5)).toThrow(RangeError);
  });
});

describe('amount formats', () => {
  it('formats centavos for the BR Code with a dot and two decimals', () => {
    expect(formatCentsForBrCode(12340)).toBe('123.40');
    expect(formatCentsForBrCode(1000)).toBe('10.00');
    expect(formatCentsForBrCode(5)).toBe('0.05');
    expect(formatCentsForBrCode(0)).toBe('0.00');
    expect(formatCentsForBrCode(123456789)).toBe('1234567.89');
    expect(() => formatCentsForBrCode(1.5)).toThrow(RangeError);
  });

  it('formats reais for people with a plain space', () => {
    expect(formatBRL(15000)).toBe('R$ 150,00');
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
  });
});

describe('parsePercentSetting', () => {
  it('takes a percent within the range with at most two decimals, and nothing else', () => {
    expect(parsePercentSetting(2.5, 0, 50)).toBe(2.5);
    expect(parsePercentSetting(0, 0, 9.99)).toBe(0);
    expect(parsePercentSetting(9.99, 0, 9.99)).toBe(9.99);
    expect(parsePercentSetting(10, 0, 9.99)).toBeNull();
    expect(parsePercentSetting(-0.5, 0, 50)).toBeNull();
    expect(parsePercentSetting(1.999, 0, 9.99)).toBeNull();
    expect(parsePercentSetting('2', 0, 50)).toBeNull();
    expect(parsePercentSetting(Number.NaN, 0, 50)).toBeNull();
  });
});
