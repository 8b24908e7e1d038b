// The products grid's URL state (filters, sort, page <-> query string) and the bulk price preview.
import { describe, expect, it } from 'vitest';

import { pricePreview, priceRange, readPriceChange } from './bulkPrice';
import { categoryOptions } from './categoryOptions';
import {
  applySavedView,
  clearedFilters,
  EMPTY_PRODUCTS_STATE,
  hasFilters,
  isViewActive,
  parseProductsParams,
  productsParams,
  productsVariables,
  savedViewQuery,
} from './productsUrlState';

describe('products URL state', () => {
  it('reads every filter, the sort and the page from the query string', () => {
    const state = parseProductsParams(
      new URLSearchParams(
        'q=camiseta&marca=brand-serra&categoria=cat-roupas&status=rascunho&destaque=sim&estoque=baixo&preco_min=4990&preco_max=12990&ordem=PRICE_ASC&pagina=3&por=50',
      ),
    );
    expect(state).toEqual({
      search: 'camiseta',
      brandId: 'brand-serra',
      categoryId: 'cat-roupas',
      status: 'rascunho',
      featured: 'sim',
      stock: 'baixo',
      minPriceCents: 4990,
      maxPriceCents: 12990,
      sort: 'PRICE_ASC',
      page: 2,
      pageSize: 50,
    });
    expect(productsVariables(state)).toEqual({
      filter: {
        search: 'camiseta',
        brandIds: ['brand-serra'],
        categoryId: 'cat-roupas',
        published: false,
        featured: true,
        stockLevel: 'LOW',
        minPriceCents: 4990,
        maxPriceCents: 12990,
      },
      sort: 'PRICE_ASC',
      first: 50,
      offset: 100,
    });
  });

  it('writes the same query string back, leaving defaults out', () => {
    const query =
      'q=camiseta&marca=brand-serra&categoria=cat-roupas&status=publicado&destaque=nao&estoque=esgotado&preco_min=0&preco_max=9990&ordem=NAME_DESC&pagina=2&por=100';
    expect(productsParams(parseProductsParams(new URLSearchParams(query))).toString()).toBe(query);
    expect(productsParams(EMPTY_PRODUCTS_STATE).toString()).toBe('');
  });

  it('ignores unknown and malformed values', () => {
    const state = parseProductsParams(
      new URLSearchParams('status=talvez&estoque=muito&preco_min=dez&ordem=RANDOM&pagina=-1&por=7'),
    );
    expect(state).toEqual(EMPTY_PRODUCTS_STATE);
  });

  it('clears filters but keeps the brand scope, sort and page size', () => {
    const state = parseProductsParams(
      new URLSearchParams('q=x&marca=brand-lumi&estoque=baixo&ordem=STOCK_ASC&por=50&pagina=2'),
    );
    expect(hasFilters(state)).toBe(true);
    const cleared = clearedFilters(state);
    expect(hasFilters(cleared)).toBe(false);
    expect(productsParams(cleared).toString()).toBe('marca=brand-lumi&ordem=STOCK_ASC&por=50');
  });

  it('saves a view without the page and the brand, and opens it in the current brand', () => {
    const state = parseProductsParams(
      new URLSearchParams('estoque=baixo&ordem=STOCK_ASC&pagina=4&marca=brand-serra'),
    );
    expect(savedViewQuery(state)).toBe('estoque=baixo&ordem=STOCK_ASC');
    const opened = applySavedView('status=rascunho&marca=brand-mare&pagina=2', state);
    expect(opened.brandId).toBe('brand-serra');
    expect(opened.page).toBe(0);
    expect(opened.status).toBe('rascunho');
    expect(isViewActive('estoque=baixo&ordem=STOCK_ASC', state)).toBe(true);
    expect(isViewActive('estoque=esgotado', state)).toBe(false);
  });
});

describe('bulk price change', () => {
  const products = [
    { id: 'a', name: 'Camiseta', variants: [{ priceCents: 12990 }] },
    { id: 'b', name: 'Tênis', variants: [{ priceCents: 49990 }, { priceCents: 52990 }] },
    { id: 'c', name: 'Meia', variants: [{ priceCents: 390 }] },
  ];

  it('previews a percent cut rounded to ,90', () => {
    const read = readPriceChange({
      mode: 'percent',
      direction: 'decrease',
      value: '10',
      roundTo90: true,
    });
    expect(read).toEqual({
      ok: true,
      change: { percent: -10, roundTo90: true, roundDirection: 'NEAREST' },
    });
    if (!read.ok) return;
    // The nearest ,90: R$ 3,51 is nearer R$ 3,90 than R$ 2,90.
    expect(pricePreview(products, read.change)).toEqual([
      { id: 'a', name: 'Camiseta', before: 'R$ 129,90', after: 'R$ 116,90', invalid: false },
      {
        id: 'b',
        name: 'Tênis',
        before: 'R$ 499,90 – R$ 529,90',
        after: 'R$ 449,90 – R$ 476,90',
        invalid: false,
      },
      { id: 'c', name: 'Meia', before: 'R$ 3,90', after: 'R$ 3,90', invalid: false },
    ]);
  });

  it('rounds +10 % on R$ 79,90 to R$ 87,90 (nearest), or R$ 86,90 when the rule says down', () => {
    const vestido = [{ id: 'v', name: 'Vestido', variants: [{ priceCents: 7990 }] }];
    const form = {
      mode: 'percent',
      direction: 'increase',
      value: '10',
      roundTo90: true,
    } as const;
    const nearest = readPriceChange(form);
    const down = readPriceChange({ ...form, roundDirection: 'DOWN' });
    if (!nearest.ok || !down.ok) throw new Error('a valid change');
    expect(pricePreview(vestido, nearest.change)[0]!.after).toBe('R$ 87,90');
    expect(pricePreview(vestido, down.change)[0]!.after).toBe('R$ 86,90');
    expect(down.change).toEqual({ percent: 10, roundTo90: true, roundDirection: 'DOWN' });
  });

  it('marks a product whose price would reach zero (the server refuses it all)', () => {
    const read = readPriceChange({
      mode: 'amount',
      direction: 'decrease',
      value: '5,00',
      roundTo90: false,
    });
    expect(read).toEqual({ ok: true, change: { amountCents: -500, roundTo90: false } });
    if (!read.ok) return;
    const meia = pricePreview(products, read.change).find((line) => line.id === 'c');
    expect(meia).toMatchObject({ after: '-R$ 1,10', invalid: true });
  });

  it('refuses what is not a change, in Portuguese', () => {
    const empty = readPriceChange({
      mode: 'percent',
      direction: 'increase',
      value: '',
      roundTo90: false,
    });
    expect(empty).toEqual({
      ok: false,
      error: 'Informe um percentual maior que zero, como 10 ou 5,5.',
    });
    expect(
      readPriceChange({ mode: 'percent', direction: 'decrease', value: '100', roundTo90: false }),
    ).toEqual({
      ok: false,
      error: 'A porcentagem deve ser maior que -100 % e de no máximo 1000 %.',
    });
    expect(
      readPriceChange({ mode: 'amount', direction: 'increase', value: 'x', roundTo90: false }).ok,
    ).toBe(false);
  });

  it('shows a single price or a range', () => {
    expect(priceRange(4990, 4990)).toBe('R$ 49,90');
    expect(priceRange(4990, 6990)).toBe('R$ 49,90 – R$ 69,90');
  });

  it('lists the category tree depth first with indents and paths', () => {
    const options = categoryOptions([
      { id: 'r', name: 'Roupas', children: [{ id: 'c', name: 'Camisetas', children: [] }] },
      { id: 'a', name: 'Acessórios' },
    ]);
    expect(options).toEqual([
      { id: 'r', name: 'Roupas', depth: 0, path: 'Roupas' },
      { id: 'c', name: 'Camisetas', depth: 1, path: 'Roupas › Camisetas' },
      { id: 'a', name: 'Acessórios', depth: 0, path: 'Acessórios' },
    ]);
  });
});
