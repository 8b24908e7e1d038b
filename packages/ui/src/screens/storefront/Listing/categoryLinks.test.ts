// A category page's sub-category links under filters: they keep the filters and count what they
// lead to (the listing's facets), leaving out a sub-category with none.
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER_SELECTION, type ListingFacets } from '../../../components/storefront';
import { subcategoryLinks } from './categoryLinks';
import { EMPTY_LISTING_STATE, type ListingState } from './listingParams';

const CHILDREN = [
  { name: 'Camisetas', slug: 'camisetas', productCount: 9 },
  { name: 'Calças', slug: 'calcas', productCount: 7 },
  { name: 'Moletons', slug: 'moletons', productCount: 5 },
];

const FACETS: ListingFacets = {
  categories: [
    { value: 'roupas', label: 'Roupas', count: 6, parentValue: null },
    { value: 'camisetas', label: 'Camisetas', count: 4, parentValue: 'roupas' },
    { value: 'calcas', label: 'Calças', count: 2, parentValue: 'roupas' },
  ],
  brands: [],
  sizes: [],
  colors: [],
  priceRange: null,
  inStockCount: 0,
};

const FILTERED: ListingState = {
  ...EMPTY_LISTING_STATE,
  filters: {
    ...EMPTY_FILTER_SELECTION,
    sizes: ['M'],
    minPriceCents: 10_000,
    maxPriceCents: 20_000,
  },
  sort: 'PRICE_ASC',
  page: 3,
};

describe('subcategoryLinks', () => {
  it('without filters, link each sub-category with its whole count', () => {
    expect(subcategoryLinks(CHILDREN, EMPTY_LISTING_STATE, FACETS)).toEqual([
      { label: 'Camisetas', href: '/categoria/camisetas', count: 9 },
      { label: 'Calças', href: '/categoria/calcas', count: 7 },
      { label: 'Moletons', href: '/categoria/moletons', count: 5 },
    ]);
  });

  it('under filters, keep them (and the sort, not the page) and count the filtered products', () => {
    const search = '?tamanho=M&preco_min=100&preco_max=200&ordem=menor-preco';
    expect(subcategoryLinks(CHILDREN, FILTERED, FACETS)).toEqual([
      { label: 'Camisetas', href: `/categoria/camisetas${search}`, count: 4 },
      { label: 'Calças', href: `/categoria/calcas${search}`, count: 2 },
    ]);
  });

  it('under filters, while the facets load, show no count rather than the whole one', () => {
    const links = subcategoryLinks(CHILDREN, FILTERED, null);
    expect(links.map((link) => link.label)).toEqual(['Camisetas', 'Calças', 'Moletons']);
    expect(links.every((link) => link.count === undefined)).toBe(true);
  });

  it('a category chosen in the URL is not a filter of the page (the page is the category)', () => {
    const state = { ...EMPTY_LISTING_STATE, filters: { ...EMPTY_FILTER_SELECTION, category: 'x' } };
    expect(subcategoryLinks(CHILDREN, state, FACETS)[0]).toEqual({
      label: 'Camisetas',
      href: '/categoria/camisetas',
      count: 9,
    });
  });
});
