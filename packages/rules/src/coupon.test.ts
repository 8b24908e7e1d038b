import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  evaluateCoupon,
  normaliseCouponCode,
  type Coupon,
  type CouponCart,
  type CouponEvaluation,
} from './coupon';

const now = new Date('2026-11-05T15:00:00-03:00');
const noUse = { totalUses: 0, usesByEmail: 0 };

const cart: CouponCart = {
  lines: [
    { brandId: 'nike', categoryIds: ['calcados', 'tenis'], lineTotalCents: 29990 },
    { brandId: 'adidas', categoryIds: ['roupas'], lineTotalCents: 12990 },
    { brandId: 'nike', categoryIds: ['roupas'], lineTotalCents: 8990 },
  ],
};
const subtotal = 29990 + 12990 + 8990;

function percent(p: number, extra: Partial<Coupon> = {}): Coupon {
  return { code: 'PROMO', discount: { type: 'percentage', percent: p }, ...extra };
}

function rejected(result: CouponEvaluation) {
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result)}`);
  return result;
}

function accepted(result: CouponEvaluation) {
  if (!result.ok) throw new Error(`expected the coupon to apply: ${result.message}`);
  return result;
}

describe('evaluateCoupon: the discount', () => {
  it('takes a percentage of the subtotal, rounded half up', () => {
    const result = accepted(evaluateCoupon(percent(10), cart, now, noUse));
    expect(result.discountCents).toBe(5197); // 5197.0
    expect(
      accepted(
        evaluateCoupon(
          percent(5),
          { lines: [{ brandId: 'x', categoryIds: [], lineTotalCents: 12990 }] },
          now,
          noUse,
        ),
      ).discountCents,
    ).toBe(650);
    expect(
      accepted(
        evaluateCoupon(
          percent(5),
          { lines: [{ brandId: 'x', categoryIds: [], lineTotalCents: 12989 }] },
          now,
          noUse,
        ),
      ).discountCents,
    ).toBe(649);
  });

  it('accepts the rate in basis points too', () => {
    const coupon: Coupon = { code: 'BP', discount: { type: 'percentage', basisPoints: 1250 } };
    expect(accepted(evaluateCoupon(coupon, cart, now, noUse)).discountCents).toBe(6496); // 6496.25
  });

  it('gives a fixed amount, never more than the eligible subtotal', () => {
    const fixed: Coupon = { code: 'DEZ', discount: { type: 'fixed', amountCents: 1000 } };
    expect(accepted(evaluateCoupon(fixed, cart, now, noUse)).discountCents).toBe(1000);
    const huge: Coupon = { code: 'MIL', discount: { type: 'fixed', amountCents: 100000 } };
    expect(accepted(evaluateCoupon(huge, cart, now, noUse)).discountCents).toBe(subtotal);
    const brandOnly: Coupon = { ...huge, brands: [{ id: 'adidas', name: 'Adidas' }] };
    expect(accepted(evaluateCoupon(brandOnly, cart, now, noUse)).discountCents).toBe(12990);
  });

  it('computes the discount over eligible lines only and spreads it over them', () => {
    const coupon = percent(20, { brands: [{ id: 'nike', name: 'Nike' }] });
    const result = accepted(evaluateCoupon(coupon, cart, now, noUse));
    expect(result.eligibleSubtotalCents).toBe(29990 + 8990);
    expect(result.discountCents).toBe(7796); // 7796.0
    expect(result.lineDiscountsCents).toEqual([5998, 0, 1798]);
  });

  it('requires both the brand and the category when both are set', () => {
    const coupon = percent(10, {
      brands: [{ id: 'nike', name: 'Nike' }],
      categories: [{ id: 'roupas', name: 'Roupas' }],
    });
    const result = accepted(evaluateCoupon(coupon, cart, now, noUse));
    expect(result.eligibleSubtotalCents).toBe(8990);
    expect(result.lineDiscountsCents).toEqual([0, 0, 899]);
  });

  it('can give only free shipping', () => {
    const coupon: Coupon = { code: 'FRETEGRATIS', discount: null, freeShipping: true };
    expect(evaluateCoupon(coupon, cart, now, noUse)).toMatchObject({
      ok: true,
      discountCents: 0,
      freeShipping: true,
    });
    expect(accepted(evaluateCoupon(percent(10), cart, now, noUse)).freeShipping).toBe(false);
  });

  it('never exceeds the eligible subtotal and the line parts always sum to the discount (property)', () => {
    const lineTotals = fc.array(fc.integer({ min: 0, max: 99_999 }), {
      minLength: 1,
      maxLength: 5,
    });
    const coupons = fc.oneof(
      fc.integer({ min: 1, max: 10_000 }).map((basisPoints): Coupon => ({
        code: 'P',
        discount: { type: 'percentage', basisPoints },
      })),
      fc
        .integer({ min: 1, max: 200_000 })
        .map((amountCents): Coupon => ({ code: 'F', discount: { type: 'fixed', amountCents } })),
    );
    fc.assert(
      fc.property(lineTotals, coupons, (totals, coupon) => {
        const lines = totals.map((lineTotalCents, j) => ({
          brandId: j % 2 ? 'a' : 'b',
          categoryIds: [],
          lineTotalCents,
        }));
        const result = accepted(evaluateCoupon(coupon, { lines }, now, noUse));
        expect(result.discountCents).toBeLessThanOrEqual(result.eligibleSubtotalCents);
        expect(result.lineDiscountsCents.reduce((a, b) => a + b, 0)).toBe(result.discountCents);
        result.lineDiscountsCents.forEach((part, j) => {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(lines[j]?.lineTotalCents ?? 0);
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('evaluateCoupon: the precise Portuguese reasons', () => {
  it('says the code was not found', () => {
    expect(evaluateCoupon(null, cart, now, noUse)).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Cupom não encontrado.',
    });
  });

  it('says when a coupon expired, with the date in Brasília time', () => {
    // 23:59:59 in São Paulo on 10/11 is already 11/11 in UTC: the message must still say 10/11.
    const coupon = percent(10, { endsAt: new Date('2026-11-10T23:59:59-03:00') });
    const result = rejected(
      evaluateCoupon(coupon, cart, new Date('2026-11-11T00:00:00-03:00'), noUse),
    );
    expect(result).toEqual({
      ok: false,
      code: 'EXPIRED',
      message: 'Este cupom expirou em 10/11/2026.',
    });
    expect(evaluateCoupon(coupon, cart, new Date('2026-11-10T23:59:59-03:00'), noUse).ok).toBe(
      true,
    );
  });

  it('says when a coupon is not valid yet', () => {
    const coupon = percent(10, { startsAt: new Date('2026-12-01T00:00:00-03:00') });
    const result = rejected(evaluateCoupon(coupon, cart, now, noUse));
    expect(result.code).toBe('NOT_STARTED');
    expect(result.message).toBe('Este cupom ainda não está válido: vale a partir de 01/12/2026.');
    expect(evaluateCoupon(coupon, cart, new Date('2026-12-01T00:00:00-03:00'), noUse).ok).toBe(
      true,
    );
  });

  it('names the minimum order in reais', () => {
    const coupon = percent(10, { minSubtotalCents: 15000 });
    const small: CouponCart = { lines: [{ brandId: 'x', categoryIds: [], lineTotalCents: 14999 }] };
    expect(rejected(evaluateCoupon(coupon, small, now, noUse))).toEqual({
      ok: false,
      code: 'MIN_SUBTOTAL_NOT_MET',
      message: 'Pedido mínimo de R$ 150,00 para este cupom.',
    });
    const enough: CouponCart = {
      lines: [{ brandId: 'x', categoryIds: [], lineTotalCents: 15000 }],
    };
    expect(evaluateCoupon(coupon, enough, now, noUse).ok).toBe(true);
  });

  it('counts only participating products toward the minimum of a restricted coupon', () => {
    const coupon = percent(10, {
      minSubtotalCents: 15000,
      brands: [{ id: 'adidas', name: 'Adidas' }],
    });
    expect(rejected(evaluateCoupon(coupon, cart, now, noUse)).message).toBe(
      'Pedido mínimo de R$ 150,00 em produtos participantes para este cupom.',
    );
  });

  it('says when the total usage limit is reached', () => {
    const coupon = percent(10, { usageLimit: 100 });
    expect(rejected(evaluateCoupon(coupon, cart, now, { totalUses: 100 }))).toMatchObject({
      code: 'USAGE_LIMIT_REACHED',
      message: 'Este cupom já atingiu o limite de usos.',
    });
    expect(evaluateCoupon(coupon, cart, now, { totalUses: 99 }).ok).toBe(true);
  });

  it('says when this customer already used it as often as allowed, once the e-mail is known', () => {
    const coupon = percent(10, { perEmailLimit: 1 });
    expect(
      rejected(evaluateCoupon(coupon, cart, now, { totalUses: 5, usesByEmail: 1 })),
    ).toMatchObject({
      code: 'PER_EMAIL_LIMIT_REACHED',
      message: 'Você já usou este cupom o máximo de vezes permitido.',
    });
    expect(evaluateCoupon(coupon, cart, now, { totalUses: 5, usesByEmail: 0 }).ok).toBe(true);
    expect(evaluateCoupon(coupon, cart, now, { totalUses: 5 }).ok).toBe(true);
  });

  it('names the brands and categories a restricted coupon is for', () => {
    const onlyPuma = percent(10, { brands: [{ id: 'puma', name: 'Puma' }] });
    expect(rejected(evaluateCoupon(onlyPuma, cart, now, noUse))).toEqual({
      ok: false,
      code: 'NOT_APPLICABLE',
      message: 'Este cupom vale apenas para produtos da marca Puma.',
    });
    const brands = percent(10, {
      brands: [
        { id: 'puma', name: 'Puma' },
        { id: 'fila', name: 'Fila' },
        { id: 'asics', name: 'Asics' },
      ],
    });
    expect(rejected(evaluateCoupon(brands, cart, now, noUse)).message).toBe(
      'Este cupom vale apenas para produtos das marcas Puma, Fila e Asics.',
    );
    const category = percent(10, { categories: [{ id: 'acessorios', name: 'Acessórios' }] });
    expect(rejected(evaluateCoupon(category, cart, now, noUse)).message).toBe(
      'Este cupom vale apenas para produtos da categoria Acessórios.',
    );
    const both = percent(10, {
      brands: [{ id: 'adidas', name: 'Adidas' }],
      categories: [
        { id: 'tenis', name: 'Tênis' },
        { id: 'bones', name: 'Bonés' },
      ],
    });
    expect(rejected(evaluateCoupon(both, cart, now, noUse)).message).toBe(
      'Este cupom vale apenas para produtos da marca Adidas nas categorias Tênis e Bonés.',
    );
  });

  it('says a switched-off coupon is no longer available', () => {
    expect(
      rejected(evaluateCoupon(percent(10, { active: false }), cart, now, noUse)),
    ).toMatchObject({
      code: 'INACTIVE',
      message: 'Este cupom não está mais disponível.',
    });
  });

  it('checks validity before usage, and usage before the cart', () => {
    const coupon = percent(10, {
      endsAt: new Date('2026-11-01T00:00:00-03:00'),
      usageLimit: 1,
      minSubtotalCents: 1_000_000,
    });
    expect(rejected(evaluateCoupon(coupon, cart, now, { totalUses: 1 })).code).toBe('EXPIRED');
    const used = { ...coupon, endsAt: null };
    expect(rejected(evaluateCoupon(used, cart, now, { totalUses: 1 })).code).toBe(
      'USAGE_LIMIT_REACHED',
    );
  });
});

describe('evaluateCoupon: bad configuration is a programming error, not a shopper message', () => {
  it('throws for a zero, negative or over-100% discount and for bad line totals', () => {
    expect(() => evaluateCoupon(percent(0), cart, now, noUse)).toThrow(RangeError);
    expect(() => evaluateCoupon(percent(101), cart, now, noUse)).toThrow(RangeError);
    expect(() =>
      evaluateCoupon({ code: 'X', discount: { type: 'fixed', amountCents: -5 } }, cart, now, noUse),
    ).toThrow(RangeError);
    expect(() =>
      evaluateCoupon(
        percent(10),
        { lines: [{ brandId: 'x', categoryIds: [], lineTotalCents: 1.5 }] },
        now,
        noUse,
      ),
    ).toThrow(RangeError);
  });
});

describe('normaliseCouponCode', () => {
  it('uppercases and trims, and refuses what cannot be a code', () => {
    expect(normaliseCouponCode(' bemvindo10 ')).toBe('BEMVINDO10');
    expect(normaliseCouponCode('black-friday_2026')).toBe('BLACK-FRIDAY_2026');
    expect(normaliseCouponCode('')).toBeNull();
    expect(normaliseCouponCode('com espaço')).toBeNull();
    expect(normaliseCouponCode('X'.repeat(41))).toBeNull();
  });
});

describe('allocateProportionally', () => {
  it('splits in whole centavos that sum exactly to the total', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocateProportionally(7, [0, 0])).toEqual([0, 0]);
  });

  it('always sums to the total, each part within one centavo of its exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 12 }),
        (total, weights) => {
          const parts = allocateProportionally(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(parts).toHaveLength(weights.length);
          if (sum === 0) {
            expect(parts.every((part) => part === 0)).toBe(true);
            return;
          }
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            const floor = Number((BigInt(total) * BigInt(weights[i] ?? 0)) / BigInt(sum));
            expect(Number.isInteger(part)).toBe(true);
            expect(part === floor || part === floor + 1).toBe(true);
            if (weights[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });
});
