import { describe, expect, it } from 'vitest';

import {
  colorChoices,
  initialSelection,
  selectColor,
  selectedVariant,
  sizeChoices,
  type VariantLike,
} from './variantChoices';

const variant = (size: string, color: string, stock: number): VariantLike => ({
  id: `${color}-${size}`,
  size,
  color,
  stock,
  available: stock > 0,
});

const variants = [
  variant('P', 'Preto', 3),
  variant('M', 'Preto', 0),
  variant('G', 'Preto', 5),
  variant('P', 'Branco', 0),
  variant('M', 'Branco', 2),
  variant('G', 'Branco', 0),
];

describe('variant availability', () => {
  it('marks a size unavailable when it is sold out in the chosen colour', () => {
    expect(sizeChoices(variants, { color: 'Preto', size: null })).toEqual([
      { value: 'P', available: true },
      { value: 'M', available: false },
      { value: 'G', available: true },
    ]);
    expect(sizeChoices(variants, { color: 'Branco', size: null })).toEqual([
      { value: 'P', available: false },
      { value: 'M', available: true },
      { value: 'G', available: false },
    ]);
  });

  it('keeps a colour available while any of its sizes is in stock, with its swatch', () => {
    const soldOutColour = [...variants, variant('P', 'Coral', 0)];
    expect(colorChoices(soldOutColour, { color: null, size: null })).toEqual([
      { value: 'Preto', swatch: '#1f2937', available: true },
      { value: 'Branco', swatch: '#fafafa', available: true },
      { value: 'Coral', swatch: '#f97362', available: false },
    ]);
  });

  it('drops the size when the new colour does not have it in stock', () => {
    expect(selectColor(variants, { color: 'Preto', size: 'G' }, 'Branco')).toEqual({
      color: 'Branco',
      size: null,
    });
    expect(selectColor(variants, { color: 'Preto', size: 'M' }, 'Branco')).toEqual({
      color: 'Branco',
      size: 'M',
    });
  });

  it('choosing a sold-out colour drops the size, unless the product comes in one size (the variant is then named, for "Avise-me")', () => {
    const withSoldOutColour = [...variants, variant('P', 'Coral', 0), variant('M', 'Coral', 0)];
    expect(selectColor(withSoldOutColour, { color: 'Preto', size: 'P' }, 'Coral')).toEqual({
      color: 'Coral',
      size: null,
    });
    const oneSize = [variant('Único', 'Vinho', 3), variant('Único', 'Verde-sálvia', 0)];
    const chosen = selectColor(oneSize, { color: 'Vinho', size: 'Único' }, 'Verde-sálvia');
    expect(chosen).toEqual({ color: 'Verde-sálvia', size: 'Único' });
    expect(selectedVariant(oneSize, chosen)?.id).toBe('Verde-sálvia-Único');
  });

  it('names a variant only when every dimension is chosen', () => {
    expect(selectedVariant(variants, { color: 'Preto', size: null })).toBeNull();
    expect(selectedVariant(variants, { color: 'Preto', size: 'G' })?.id).toBe('Preto-G');
  });

  it('chooses single values for the shopper and starts on a colour in stock', () => {
    expect(
      initialSelection([variant('Único', 'Vinho', 0), variant('Único', 'Caramelo', 4)]),
    ).toEqual({
      size: 'Único',
      color: 'Caramelo',
    });
  });
});
