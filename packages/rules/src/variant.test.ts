import { describe, expect, it } from 'vitest';

import {
  checkRules,
  describeVariantPackage,
  priceNotBelowCompareAtMessage,
  VARIANT_MESSAGES,
  variantInputSchema,
  variantPackageSchema,
  variantPriceSchema,
} from './variant';

const base = { sku: ' CAM-P-AZUL ', priceCents: 12990 };

describe('variant rules', () => {
  it('normalises a good variant: trimmed SKU and options, blank as null, GTIN digits', () => {
    const checked = checkRules(variantInputSchema, {
      ...base,
      size: ' P ',
      color: '',
      compareAtPriceCents: 15990,
      gtin: '789 1234-567895',
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        sku: 'CAM-P-AZUL',
        size: 'P',
        color: null,
        priceCents: 12990,
        compareAtPriceCents: 15990,
        stock: null,
        weightGrams: null,
        lengthCm: null,
        widthCm: null,
        heightCm: null,
        gtin: '7891234567895',
        lowStockThreshold: null,
      },
    });
  });

  it.each([
    [{ sku: 'com espaço' }, 'sku', VARIANT_MESSAGES.sku],
    [{ size: 'x'.repeat(41) }, 'size', VARIANT_MESSAGES.sizeTooLong],
    [{ priceCents: 0 }, 'priceCents', VARIANT_MESSAGES.priceNotPositive],
    [{ priceCents: 100_000_001 }, 'priceCents', VARIANT_MESSAGES.priceTooHigh],
    [{ compareAtPriceCents: 12990 }, 'compareAtPriceCents', VARIANT_MESSAGES.compareAtNotAbove],
    [
      { compareAtPriceCents: 100_000_001 },
      'compareAtPriceCents',
      VARIANT_MESSAGES.compareAtTooHigh,
    ],
    [{ stock: -1 }, 'stock', VARIANT_MESSAGES.stockNegative],
    [{ stock: 1_000_001 }, 'stock', VARIANT_MESSAGES.stockTooHigh],
    [{ weightGrams: 0 }, 'weightGrams', VARIANT_MESSAGES.weightNotPositive],
    [{ gtin: '7891234567890' }, 'gtin', VARIANT_MESSAGES.gtin],
    [{ lowStockThreshold: 100_001 }, 'lowStockThreshold', VARIANT_MESSAGES.lowStockThreshold],
  ])('refuses %j on %s with its one message', (change, field, message) => {
    expect(checkRules(variantInputSchema, { ...base, ...change })).toEqual({
      ok: false,
      issue: { field, message },
    });
  });

  it('says "de" price in words, never the field name', () => {
    expect(VARIANT_MESSAGES.compareAtNotAbove).toBe(
      'O preço "de" deve ser maior que o preço de venda.',
    );
    expect(Object.values(VARIANT_MESSAGES).join(' ')).not.toMatch(/Cents|Grams|Cm\b/);
  });

  it('checks the grid price alone and names the stored "de" price when a new price reaches it', () => {
    expect(checkRules(variantPriceSchema, { priceCents: 9990 })).toEqual({
      ok: true,
      value: { priceCents: 9990, compareAtPriceCents: null },
    });
    expect(priceNotBelowCompareAtMessage(9990)).toBe(
      'O preço deve ser menor que o preço "de" (R$ 99,90): mude o preço "de" no editor do produto.',
    );
  });

  it('checks a bulk package with the variant rules: at least one value, each a whole number above zero', () => {
    expect(checkRules(variantPackageSchema, { weightGrams: 300, heightCm: 4 })).toEqual({
      ok: true,
      value: { weightGrams: 300, lengthCm: null, widthCm: null, heightCm: 4 },
    });
    expect(checkRules(variantPackageSchema, {})).toEqual({
      ok: false,
      issue: { field: 'weightGrams', message: VARIANT_MESSAGES.packageEmpty },
    });
    expect(checkRules(variantPackageSchema, { lengthCm: 0 }).ok).toBe(false);
    expect(checkRules(variantPackageSchema, { weightGrams: 300, widthCm: 2.5 })).toEqual({
      ok: false,
      issue: { field: 'widthCm', message: VARIANT_MESSAGES.widthNotPositive },
    });
  });

  it('describes a package: the three dimensions together, or each one given by name', () => {
    const all = { weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 };
    expect(describeVariantPackage(all)).toBe('peso 1.200 g, 30 × 20 × 10 cm');
    expect(
      describeVariantPackage({ weightGrams: null, lengthCm: 30, widthCm: null, heightCm: 4 }),
    ).toBe('comprimento 30 cm, altura 4 cm');
  });
});
