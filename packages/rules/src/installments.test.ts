import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeOrderInstallments,
  installmentHeadline,
  installmentOptionFor,
  installmentTable,
  priceInstallmentCents,
  type InstallmentTableSettings,
} from './installments';
import { installmentOffer } from './pricing';

const STORE: InstallmentTableSettings = {
  maxInstallments: 12,
  interestFreeInstallments: 6,
  monthlyInterestPercent: 3.47,
  minInstallmentCents: 500,
};

describe('priceInstallmentCents (the Price table)', () => {
  it('prices R$ 129,90 in 12x at 3,47% a.m. as R$ 13,42 and at 1,99% a.m. as R$ 12,28', () => {
    expect(priceInstallmentCents(12990, 12, 347)).toBe(1342);
    expect(priceInstallmentCents(12990, 12, 199)).toBe(1228);
  });

  it('is the textbook formula, rounded up to the centavo', () => {
    // R$ 1.000,00 in 10x at 2% a.m.: 1000 × 0.02 / (1 − 1.02^−10) = 111.3265… → R$ 111,33.
    expect(priceInstallmentCents(100000, 10, 200)).toBe(11133);
    // One instalment with interest is the principal plus one month of it.
    expect(priceInstallmentCents(10000, 1, 250)).toBe(10250);
  });

  it('at 0% a.m. is the division rounded up, so the plan never pays less than the principal', () => {
    expect(priceInstallmentCents(10000, 3, 0)).toBe(3334);
  });

  it('agrees with the float formula to the centavo and never charges less than the principal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 2, max: 48 }),
        fc.integer({ min: 1, max: 999 }),
        (principal, count, bp) => {
          const per = priceInstallmentCents(principal, count, bp);
          const i = bp / 10_000;
          const float = (principal * i) / (1 - (1 + i) ** -count);
          expect(per - float).toBeGreaterThanOrEqual(-1e-6);
          expect(per - float).toBeLessThan(1 + 1e-6);
          expect(per * count).toBeGreaterThanOrEqual(principal);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses nonsense', () => {
    expect(() => priceInstallmentCents(-1, 2, 100)).toThrow(RangeError);
    expect(() => priceInstallmentCents(100, 0, 100)).toThrow(RangeError);
    expect(() => priceInstallmentCents(100, 49, 100)).toThrow(RangeError);
    expect(() => priceInstallmentCents(100, 2, 1.5)).toThrow(RangeError);
  });
});

describe('installmentTable', () => {
  it('shows the issue’s example: R$ 129,90 in up to 6x sem juros de R$ 21,65, or 12x de R$ 13,42 com juros', () => {
    const table = installmentTable(12990, STORE);
    expect(table.map((option) => option.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(table[5]).toEqual({
      count: 6,
      perInstallmentCents: 2165,
      firstInstallmentCents: 2165,
      totalCents: 12990,
      interestCents: 0,
      interestFree: true,
    });
    expect(table[11]).toEqual({
      count: 12,
      perInstallmentCents: 1342,
      firstInstallmentCents: 1342,
      totalCents: 16104,
      interestCents: 16104 - 12990,
      interestFree: false,
    });
    expect(installmentHeadline(12990, STORE)).toEqual({
      interestFree: table[5],
      withInterest: table[11],
    });
  });

  it('keeps interest-free plans equal to installmentOffer (the remainder on the first)', () => {
    const table = installmentTable(10000, { ...STORE, interestFreeInstallments: 3 });
    const offer = installmentOffer(10000, { maxInstallments: 3, minInstallmentCents: 500 });
    expect(table[2]).toMatchObject({
      count: 3,
      firstInstallmentCents: offer.firstInstallmentCents,
      perInstallmentCents: offer.perInstallmentCents,
      totalCents: 10000,
    });
  });

  it('offers only the interest-free plans when the monthly interest is 0', () => {
    const table = installmentTable(12990, { ...STORE, monthlyInterestPercent: 0 });
    expect(table.map((option) => option.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(installmentHeadline(12990, { ...STORE, monthlyInterestPercent: 0 }).withInterest).toBe(
      null,
    );
  });

  it('stops at the first instalment below the minimum, never leaving a gap', () => {
    // R$ 40,00 with R$ 10,00 minimum: 4x sem juros is R$ 10,00; 5x would be R$ 8,00.
    const table = installmentTable(4000, { ...STORE, minInstallmentCents: 1000 });
    expect(table.map((option) => option.count)).toEqual([1, 2, 3, 4]);
  });

  it('is a single payment without a card, and for an amount too small to split', () => {
    expect(installmentTable(12990, { ...STORE, cardOffered: false })).toHaveLength(1);
    expect(installmentTable(900, STORE).map((option) => option.count)).toEqual([1]);
    expect(installmentHeadline(900, STORE).withInterest).toBe(null);
  });

  it('holds for every amount and setting: totals add up, interest only past the free count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 5000 }),
        (base, max, free, bp, min) => {
          const settings = {
            maxInstallments: max,
            interestFreeInstallments: free,
            monthlyInterestPercent: bp / 100,
            minInstallmentCents: min,
          };
          const table = installmentTable(base, settings);
          expect(table[0]?.count).toBe(1);
          table.forEach((option, index) => {
            expect(option.count).toBe(index + 1);
            expect(option.count).toBeLessThanOrEqual(max);
            const paid =
              option.firstInstallmentCents + (option.count - 1) * option.perInstallmentCents;
            expect(paid).toBe(option.totalCents);
            expect(option.totalCents - option.interestCents).toBe(base);
            expect(option.interestFree).toBe(option.count === 1 || option.count <= free);
            if (option.interestFree) expect(option.interestCents).toBe(0);
            else expect(option.interestCents).toBeGreaterThanOrEqual(0);
            if (option.count > 1) expect(option.perInstallmentCents).toBeGreaterThanOrEqual(min);
            expect(installmentOptionFor(base, option.count, settings)).toEqual(option);
          });
          expect(installmentOptionFor(base, table.length + 1, settings)).toBe(null);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses nonsense settings', () => {
    expect(() => installmentTable(1000, { ...STORE, maxInstallments: 0 })).toThrow(RangeError);
    expect(() => installmentTable(1000, { ...STORE, interestFreeInstallments: 0 })).toThrow(
      RangeError,
    );
    expect(() => installmentTable(1000, { ...STORE, monthlyInterestPercent: 10 })).toThrow(
      RangeError,
    );
    expect(() => installmentTable(1000, { ...STORE, monthlyInterestPercent: 1.999 })).toThrow(
      'two decimal places',
    );
    expect(installmentOptionFor(1000, 0, STORE)).toBe(null);
    expect(installmentOptionFor(1000, 2.5, STORE)).toBe(null);
  });
});

describe('describeOrderInstallments', () => {
  it('reads a single payment as nothing, an interest-free plan and a plan with interest', () => {
    expect(
      describeOrderInstallments({ installments: 1, totalCents: 12990, interestCents: 0 }),
    ).toBe(null);
    expect(
      describeOrderInstallments({ installments: 6, totalCents: 12990, interestCents: 0 }),
    ).toBe('6x sem juros');
    expect(
      describeOrderInstallments({ installments: 12, totalCents: 16104, interestCents: 3114 }),
    ).toBe('12x de R$ 13,42 com juros');
  });
});
