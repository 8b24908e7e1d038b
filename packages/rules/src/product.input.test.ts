import { describe, expect, it } from 'vitest';

import { checkProductSaveInput, suggestFreeSlug, type ProductSaveRuleInput } from './product.input';

const isId = (value: string) => /^id-\d+$/.test(value);
const base: ProductSaveRuleInput = {
  name: '  Camiseta Básica  ',
  description: ' Algodão. ',
  brandId: 'id-1',
  categoryId: 'id-2',
  images: [{ id: 'id-3', alt: '' }],
  variants: [{ sku: ' CAM-P ', size: 'P', priceCents: 4990 }],
};

describe('checkProductSaveInput', () => {
  it('answers the values the server saves: trimmed, the slug from the name, alt texts named', () => {
    const checked = checkProductSaveInput(base, { isId });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      name: 'Camiseta Básica',
      description: 'Algodão.',
      slug: 'camiseta-basica',
      seoTitle: null,
      images: [{ id: 'id-3', alt: 'Camiseta Básica' }],
      variants: [{ id: null, sku: 'CAM-P', size: 'P', priceCents: 4990 }],
    });
  });

  it('refuses the first broken rule, in the order the server reads the fields', () => {
    const refusal = (input: Partial<ProductSaveRuleInput>) => {
      const checked = checkProductSaveInput({ ...base, ...input }, { isId });
      return checked.ok ? null : checked.issue;
    };
    expect(refusal({ name: ' ', description: 'x'.repeat(10_001) })).toEqual({
      field: 'input.name',
      message: 'Informe o nome do produto.',
    });
    expect(refusal({ description: 'x'.repeat(10_001) })?.field).toBe('input.description');
    expect(refusal({ slug: '---' })?.message).toMatch(/^Slug inválido/);
    expect(refusal({ name: '!!!' })?.message).toBe(
      'Não foi possível gerar um slug a partir do nome; informe um slug.',
    );
    expect(refusal({ brandId: 'brand' })).toEqual({
      field: 'input.brandId',
      message: 'Marca não encontrada.',
    });
    expect(refusal({ images: [{ id: 'id-3' }, { id: 'id-3' }] })).toEqual({
      field: 'input.images.1.id',
      message: 'A mesma foto aparece mais de uma vez.',
    });
    expect(refusal({ variants: [] })?.field).toBe('input.variants');
    expect(
      refusal({
        variants: [
          { id: 'id-5', sku: 'A', priceCents: 100 },
          { id: 'id-5', sku: 'B', priceCents: 100 },
        ],
      }),
    ).toEqual({ field: 'input.variants.1.id', message: 'Variante não encontrada neste produto.' });
    expect(
      refusal({
        variants: [
          { sku: 'A', size: 'P', priceCents: 100 },
          { sku: 'a', size: 'M', priceCents: 100 },
        ],
      }),
    ).toEqual({ field: 'input.variants.1.sku', message: 'O SKU a aparece mais de uma vez.' });
    expect(refusal({ variants: [{ sku: 'A', priceCents: 0 }] })?.field).toBe(
      'input.variants.0.priceCents',
    );
  });
});

describe('suggestFreeSlug', () => {
  it('numbers the slug until one is free, within 80 characters', () => {
    const taken = new Set(['camiseta-2']);
    expect(suggestFreeSlug('camiseta', (slug) => taken.has(slug))).toBe('camiseta-3');
    const long = `${'a'.repeat(79)}-`;
    expect(suggestFreeSlug(long, () => false)).toBe(`${'a'.repeat(78)}-2`);
  });
});
