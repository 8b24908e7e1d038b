import { describe, expect, it } from 'vitest';

import {
  checkCouponInput,
  COUPON_INPUT_MESSAGES as M,
  type CouponInput,
  type CouponScopeCatalog,
} from './coupon.input';

const catalog: CouponScopeCatalog = {
  isId: (id) => /^[a-z]+-\d+$/.test(id),
  exists: (field, ids) =>
    ids.every((id) => (field === 'brandIds' ? ['brand-1', 'brand-2'] : ['cat-1']).includes(id)),
};

const percent = (extra: Partial<CouponInput> = {}): CouponInput => ({
  code: 'DEZ',
  kind: 'PERCENT',
  percent: 10,
  ...extra,
});

function refusal(input: CouponInput, scope: CouponScopeCatalog = catalog) {
  const checked = checkCouponInput(input, scope);
  if (checked.ok) throw new Error(`expected a refusal, got ${JSON.stringify(checked.values)}`);
  return { field: checked.field, message: checked.message };
}

describe('checkCouponInput', () => {
  it('reads a coupon as the server stores it: the code normalised, defaults filled in', () => {
    expect(
      checkCouponInput(
        percent({ code: '  bem-vindo_10 ', description: '  10% na primeira compra ' }),
        catalog,
      ),
    ).toEqual({
      ok: true,
      values: {
        code: 'BEM-VINDO_10',
        description: '10% na primeira compra',
        kind: 'PERCENT',
        percent: 10,
        amountCents: null,
        freeShipping: false,
        minSubtotalCents: null,
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        perEmailLimit: null,
        brandIds: [],
        categoryIds: [],
        active: true,
      },
    });
  });

  it('gives a free-shipping coupon free shipping, and merges repeated brands', () => {
    const checked = checkCouponInput(
      { code: 'FRETE', kind: 'FREE_SHIPPING', brandIds: ['brand-1', 'brand-1', 'brand-2'] },
      catalog,
    );
    expect(checked).toMatchObject({
      ok: true,
      values: { freeShipping: true, percent: null, brandIds: ['brand-1', 'brand-2'] },
    });
  });

  it('takes a calendar day as its first instant for a start and its last for an end, in -03:00', () => {
    const checked = checkCouponInput(
      percent({ startsAt: '2026-12-01', endsAt: ' 2026-12-01 ' }),
      catalog,
    );
    expect(checked).toMatchObject({
      ok: true,
      values: {
        startsAt: new Date('2026-12-01T03:00:00.000Z'),
        endsAt: new Date('2026-12-02T02:59:59.999Z'),
      },
    });
    expect(
      checkCouponInput(percent({ startsAt: '2026-12-01T10:00:00Z', endsAt: '' }), catalog),
    ).toMatchObject({
      ok: true,
      values: { startsAt: new Date('2026-12-01T10:00:00Z'), endsAt: null },
    });
  });

  it('refuses each wrong field with its message', () => {
    expect(refusal(percent({ code: 'DEZ OFF' }))).toEqual({ field: 'code', message: M.code });
    expect(refusal(percent({ description: 'a'.repeat(201) }))).toEqual({
      field: 'description',
      message: M.descriptionTooLong,
    });
    expect(refusal(percent({ kind: 'BOGUS' as CouponInput['kind'] }))).toEqual({
      field: 'kind',
      message: M.kind,
    });
    expect(refusal(percent({ percent: null }))).toEqual({
      field: 'percent',
      message: M.percentMissing,
    });
    for (const value of [0, 100.5, 12.345, Number.NaN]) {
      expect(refusal(percent({ percent: value }))).toEqual({
        field: 'percent',
        message: M.percent,
      });
    }
    expect(refusal(percent({ amountCents: 100 }))).toEqual({
      field: 'amountCents',
      message: M.percentWithAmount,
    });
    expect(refusal({ code: 'F', kind: 'FIXED' })).toEqual({
      field: 'amountCents',
      message: M.amountMissing,
    });
    expect(refusal({ code: 'F', kind: 'FIXED', amountCents: 10_000_001 })).toEqual({
      field: 'amountCents',
      message: M.amount,
    });
    expect(refusal({ code: 'F', kind: 'FIXED', amountCents: 100, percent: 5 })).toEqual({
      field: 'percent',
      message: M.amountWithPercent,
    });
    expect(refusal({ code: 'F', kind: 'FREE_SHIPPING', percent: 5 })).toEqual({
      field: 'kind',
      message: M.freeShippingWithDiscount,
    });
    expect(refusal(percent({ minSubtotalCents: 1.5 }))).toEqual({
      field: 'minSubtotalCents',
      message: M.minSubtotal,
    });
    expect(refusal(percent({ usageLimit: 0 }))).toEqual({
      field: 'usageLimit',
      message: M.usageLimit,
    });
    expect(refusal(percent({ perEmailLimit: 1_000_001 }))).toEqual({
      field: 'perEmailLimit',
      message: M.perEmailLimit,
    });
    expect(refusal(percent({ usageLimit: 1, perEmailLimit: 2 }))).toEqual({
      field: 'perEmailLimit',
      message: M.perEmailOverUsage,
    });
  });

  it('refuses a day that does not exist, a year out of 2000 to 2100 and an end before the start', () => {
    for (const startsAt of [
      '2026-02-31',
      '1999-12-31',
      '2101-01-01',
      '2026-12-01T10:00',
      'amanhã',
    ]) {
      expect(refusal(percent({ startsAt }))).toEqual({ field: 'startsAt', message: M.date });
    }
    expect(refusal(percent({ startsAt: '2026-12-02', endsAt: '2026-12-01' }))).toEqual({
      field: 'endsAt',
      message: M.endBeforeStart,
    });
  });

  it('checks the brands (count, shape, known) before the categories', () => {
    const many = Array.from({ length: 101 }, (_, i) => `brand-${i}`);
    expect(refusal(percent({ brandIds: many }))).toEqual({
      field: 'brandIds',
      message: M.scopeTooMany,
    });
    expect(refusal(percent({ brandIds: ['Aurora'] }))).toEqual({
      field: 'brandIds',
      message: 'Marca inválida.',
    });
    expect(refusal(percent({ brandIds: ['brand-9'], categoryIds: ['x'] }))).toEqual({
      field: 'brandIds',
      message: 'Marca não encontrada: confira a lista.',
    });
    expect(refusal(percent({ brandIds: ['brand-1'], categoryIds: ['cat-9'] }))).toEqual({
      field: 'categoryIds',
      message: 'Categoria não encontrada: confira a lista.',
    });
  });

  it('asks the catalog only about a list it goes on to check, never an empty one', () => {
    const asked: string[][] = [];
    const spy: CouponScopeCatalog = {
      isId: catalog.isId,
      exists: (field, ids) => {
        asked.push([field, ...ids]);
        return catalog.exists(field, ids);
      },
    };
    expect(checkCouponInput(percent({ brandIds: ['brand-1'], categoryIds: [] }), spy).ok).toBe(
      true,
    );
    expect(asked).toEqual([['brandIds', 'brand-1']]);
  });

  it('says the admin refusals that are no field of the input', () => {
    expect(M.codeTaken('DEZ')).toBe('Já existe um cupom com o código DEZ.');
    expect(M.usageBelowUsed(12)).toBe(
      'O limite de usos não pode ser menor que os usos já feitos (12).',
    );
  });
});
