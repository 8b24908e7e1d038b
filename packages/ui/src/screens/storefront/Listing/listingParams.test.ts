import { describe, expect, it } from 'vitest';

import { listingSearch, parseListingParams, productFilter } from './listingParams';

function parse(search: string) {
  return parseListingParams(new URLSearchParams(search));
}

describe('listing URL state', () => {
  it('reads every filter, the sort and the page from the URL', () => {
    const state = parse(
      '?q=camiseta&categoria=roupas&marca=aurora&marca=mare&tamanho=M&cor=Preto&preco_min=50&preco_max=200&estoque=1&ordem=menor-preco&pagina=3',
    );
    expect(state).toEqual({
      query: 'camiseta',
      filters: {
        category: 'roupas',
        brands: ['aurora', 'mare'],
        sizes: ['M'],
        colors: ['Preto'],
        minPriceCents: 5000,
        maxPriceCents: 20000,
        inStock: true,
      },
      sort: 'PRICE_ASC',
      page: 3,
    });
  });

  it('writes the same state back to the same URL (round trip)', () => {
    const search =
      '?q=camiseta&categoria=roupas&marca=aurora&marca=mare&tamanho=M&cor=Preto&preco_min=50&preco_max=200&estoque=1&ordem=menor-preco&pagina=3';
    expect(listingSearch(parse(search))).toBe(search);
  });

  it('leaves defaults out of the URL', () => {
    expect(listingSearch(parse(''))).toBe('');
    expect(listingSearch(parse('?ordem=novidades&pagina=1'))).toBe('');
    expect(listingSearch(parse('?q=tenis&ordem=relevancia'))).toBe('?q=tenis');
  });

  it('ignores what it cannot read instead of failing', () => {
    const state = parse('?pagina=abc&ordem=qualquer&preco_min=dez&estoque=sim&marca=');
    expect(state.page).toBe(1);
    expect(state.sort).toBe('NEWEST');
    expect(state.filters.minPriceCents).toBeNull();
    expect(state.filters.inStock).toBe(false);
    expect(state.filters.brands).toEqual([]);
    expect(state.filters.category).toBeNull();
  });

  it('keeps one well-formed category slug and drops anything else', () => {
    expect(parse('?categoria=tenis&categoria=bolsas').filters.category).toBe('tenis');
    expect(parse('?categoria=Moda-Praia').filters.category).toBe('moda-praia');
    expect(parse('?categoria=%3Cscript%3E').filters.category).toBeNull();
    expect(parse('?categoria=a--b').filters.category).toBeNull();
    expect(parse(`?categoria=${'a'.repeat(61)}`).filters.category).toBeNull();
  });

  it('does not sort by relevance without a search, and swaps an inverted price range', () => {
    expect(parse('?ordem=relevancia').sort).toBe('NEWEST');
    expect(parse('?preco_min=300&preco_max=100').filters).toMatchObject({
      minPriceCents: 10000,
      maxPriceCents: 30000,
    });
  });

  it('builds the GraphQL filter, with the page fixing the category or the brand', () => {
    const state = parse('?marca=mare&tamanho=P&estoque=1');
    expect(productFilter(state, { categorySlug: 'camisetas' })).toEqual({
      brandSlugs: ['mare'],
      categorySlug: 'camisetas',
      sizes: ['P'],
      inStock: true,
    });
    expect(productFilter(state, { brandSlug: 'aurora' }).brandSlugs).toEqual(['aurora']);
  });

  it('sends the chosen category as categorySlug, unless the page is a category', () => {
    const state = parse('?q=couro&categoria=calcados');
    expect(productFilter(state)).toEqual({ categorySlug: 'calcados', search: 'couro' });
    expect(productFilter(state, { brandSlug: 'serra' })).toEqual({
      brandSlugs: ['serra'],
      categorySlug: 'calcados',
      search: 'couro',
    });
    expect(productFilter(state, { categorySlug: 'roupas' }).categorySlug).toBe('roupas');
    expect(productFilter(parse('?q=couro'))).toEqual({ search: 'couro' });
  });
});
