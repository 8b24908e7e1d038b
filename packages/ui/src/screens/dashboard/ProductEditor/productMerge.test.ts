// The three-way merge after a VERSION_CONFLICT: base (the version loaded), theirs (stored now),
// mine (the form). What only one side changed is taken from it, what both changed waits for a
// choice, variants are matched by id.
import { formatBRL } from '@vitrine/rules';
import { describe, expect, it } from 'vitest';

import { formFromProduct, toSaveInput, type EditorProduct } from './productForm';
import { mergeProduct } from './productMerge';

function editorProduct(overrides: Partial<EditorProduct> = {}): EditorProduct {
  return {
    id: 'product-1',
    version: 4,
    slug: 'camiseta-basica',
    name: 'Camiseta básica',
    description: 'Algodão.',
    brand: { id: 'brand-aurora', name: 'Aurora', slug: 'aurora' },
    category: { id: 'cat-camisetas', name: 'Camisetas' },
    published: true,
    featured: false,
    seoTitle: null,
    seoDescription: null,
    ncm: null,
    cest: null,
    origin: 0,
    taxSituation: null,
    images: [{ id: 'img-1', url: '/media/img-1.webp', alt: 'Frente' }],
    variants: [
      {
        id: 'v-p',
        sku: 'CAM-P',
        size: 'P',
        color: 'Azul',
        priceCents: 12990,
        compareAtPriceCents: null,
        stock: 5,
        weightGrams: 200,
        lengthCm: 30,
        widthCm: 20,
        heightCm: 2,
        gtin: null,
        lowStockThreshold: null,
        hasOrders: true,
      },
    ],
    ...overrides,
  };
}

const names = { brand: (id: string) => id, category: (id: string) => id };
const variantOf = (product: EditorProduct, overrides: Partial<EditorProduct['variants'][0]>) => ({
  ...product.variants[0]!,
  ...overrides,
});

describe('the three-way merge after a version conflict', () => {
  it("keeps the other person's 'de' price and re-applies only my stock", () => {
    const base = editorProduct({
      variants: [variantOf(editorProduct(), { compareAtPriceCents: 17990 })],
    });
    const theirs = editorProduct({
      version: 5,
      variants: [variantOf(editorProduct(), { compareAtPriceCents: 18990 })],
    });
    const mine = formFromProduct(base);
    mine.variants[0]!.stock = '9';
    const { merge, form } = mergeProduct(base, theirs, mine, names);
    expect(merge.conflicts).toEqual([]);
    expect(merge.theirs).toEqual([
      {
        key: 'variants.v-p.compareAt',
        label: 'Variação P / Azul: Preço "de"',
        before: formatBRL(17990),
        mine: formatBRL(17990),
        theirs: formatBRL(18990),
      },
    ]);
    expect(merge.mine.map((item) => [item.label, item.before, item.mine])).toEqual([
      ['Variação P / Azul: Estoque', '5', '9'],
    ]);
    expect(form?.variants[0]?.compareAt).toBe('189,90');
    const input = toSaveInput(form!);
    expect(input).toEqual({
      ...toSaveInput(formFromProduct(theirs)),
      variants: [{ ...toSaveInput(formFromProduct(theirs)).variants[0], stock: 9 }],
    });
  });

  it('asks about a field both changed, and takes the side chosen', () => {
    const base = editorProduct();
    const theirs = editorProduct({ version: 5, name: 'Camiseta da outra pessoa' });
    const mine = formFromProduct(base);
    mine.name = 'Minha camiseta';
    mine.description = 'Minha descrição.';
    const asked = mergeProduct(base, theirs, mine, names);
    expect(asked.form).toBeNull();
    expect(asked.merge.conflicts).toEqual([
      {
        key: 'name',
        label: 'Nome',
        before: 'Camiseta básica',
        mine: 'Minha camiseta',
        theirs: 'Camiseta da outra pessoa',
      },
    ]);
    expect(mergeProduct(base, theirs, mine, names, { name: 'mine' }).form?.name).toBe(
      'Minha camiseta',
    );
    const theirsChosen = mergeProduct(base, theirs, mine, names, { name: 'theirs' }).form;
    expect(theirsChosen?.name).toBe('Camiseta da outra pessoa');
    expect(theirsChosen?.description).toBe('Minha descrição.');
    // The same new value on both sides is no question.
    mine.name = 'Camiseta da outra pessoa';
    expect(mergeProduct(base, theirs, mine, names).merge.conflicts).toEqual([]);
  });

  it('leaves out a stock only a sale changed, and asks when I changed it too', () => {
    const base = editorProduct();
    const theirs = editorProduct({ version: 5, variants: [variantOf(base, { stock: 2 })] });
    const mine = formFromProduct(base);
    mine.name = 'Meu nome';
    const merged = mergeProduct(base, theirs, mine, names).form!;
    expect(merged.name).toBe('Meu nome');
    expect(merged.variants[0]?.stock).toBe('2');
    expect(toSaveInput(merged).variants[0]).not.toHaveProperty('stock');
    mine.variants[0]!.stock = '9';
    const asked = mergeProduct(base, theirs, mine, names);
    expect(asked.merge.conflicts.map((item) => [item.label, item.mine, item.theirs])).toEqual([
      ['Variação P / Azul: Estoque', '9', '2'],
    ]);
    const chosen = mergeProduct(base, theirs, mine, names, { 'variants.v-p.stock': 'mine' });
    expect(toSaveInput(chosen.form!).variants[0]?.stock).toBe(9);
  });

  it('matches variants by id: removed, added and changed on either side', () => {
    const variant = (id: string, size: string, extra: Partial<EditorProduct['variants'][0]> = {}) =>
      variantOf(editorProduct(), { id, sku: `CAM-${size}`, size, ...extra });
    const base = editorProduct({
      variants: [variant('v-p', 'P'), variant('v-m', 'M'), variant('v-g', 'G')],
    });
    // They: removed M (which I changed) and G (which I left), added GG.
    const theirs = editorProduct({
      version: 5,
      variants: [variant('v-p', 'P'), variant('v-gg', 'GG')],
    });
    const mine = formFromProduct(base);
    mine.variants[1]!.price = '139,90';
    const asked = mergeProduct(base, theirs, mine, names);
    expect(asked.form).toBeNull();
    expect(asked.merge.conflicts.map((item) => [item.label, item.theirs])).toEqual([
      ['Variação M / Azul (removida pela outra pessoa)', 'Removida'],
    ]);
    expect(asked.merge.theirs.map((item) => [item.label, item.theirs])).toEqual([
      ['Variação G / Azul', 'Removida'],
      ['Variação GG / Azul', `SKU CAM-GG, ${formatBRL(12990)}, estoque 5`],
    ]);
    const kept = mergeProduct(base, theirs, mine, names, { 'variants.v-m': 'mine' }).form!;
    expect(kept.variants.map((row) => [row.size, row.id])).toEqual([
      ['P', 'v-p'],
      ['M', null],
      ['GG', 'v-gg'],
    ]);
    expect(kept.sizes).toEqual(['P', 'M', 'GG']);
    expect(toSaveInput(kept).variants[1]).toMatchObject({ priceCents: 13990, stock: 5 });
    const dropped = mergeProduct(base, theirs, mine, names, { 'variants.v-m': 'theirs' }).form!;
    expect(dropped.variants.map((row) => row.id)).toEqual(['v-p', 'v-gg']);
  });

  it('asks before dropping a variant I removed that the other person changed', () => {
    const base = editorProduct();
    const theirs = editorProduct({ version: 5, variants: [variantOf(base, { priceCents: 9990 })] });
    const mine = formFromProduct(base);
    mine.sizes = ['M'];
    mine.variants = [{ ...mine.variants[0]!, key: 'nova', id: null, size: 'M', sku: 'CAM-M' }];
    const asked = mergeProduct(base, theirs, mine, names);
    expect(asked.merge.conflicts.map((item) => [item.label, item.mine])).toEqual([
      ['Variação P / Azul (alterada pela outra pessoa)', 'Removida'],
    ]);
    expect(asked.merge.mine.map((item) => item.label)).toEqual(['Variação M / Azul']);
    const back = mergeProduct(base, theirs, mine, names, { 'variants.v-p': 'theirs' }).form!;
    expect(back.variants.map((row) => [row.size, row.price])).toEqual([
      ['P', '99,90'],
      ['M', '129,90'],
    ]);
    expect(back.sizes).toEqual(['P', 'M']);
  });

  it('asks when both added a variant of the same size and colour', () => {
    const base = editorProduct();
    const added = variantOf(base, { id: 'v-m', size: 'M', sku: 'CAM-M-DELES' });
    const theirs = editorProduct({ version: 5, variants: [base.variants[0]!, added] });
    const mine = formFromProduct(base);
    mine.sizes = ['P', 'M'];
    mine.variants = [
      mine.variants[0]!,
      { ...mine.variants[0]!, key: 'nova', id: null, size: 'M', sku: 'CAM-M-MEU' },
    ];
    expect(mergeProduct(base, theirs, mine, names).merge.conflicts).toHaveLength(1);
    const sku = (side: 'mine' | 'theirs') =>
      mergeProduct(base, theirs, mine, names, { 'variants.novo.M|Azul': side }).form!.variants.map(
        (row) => row.sku,
      );
    expect(sku('mine')).toEqual(['CAM-P', 'CAM-M-MEU']);
    expect(sku('theirs')).toEqual(['CAM-P', 'CAM-M-DELES']);
  });
});
