// The listing's whole state lives in the URL (filters, sort, pages), so a shared link or the
// back button restores exactly what the shopper saw. Parameter names are Portuguese, as the
// shopper sees them in the address bar: ?q=&categoria=&marca=&tamanho=&cor=&preco_min=
// &preco_max=&estoque=1&ordem=&pagina=.
import {
  EMPTY_FILTER_SELECTION,
  type ListingFilterSelection,
  type ListingSort,
} from '../../../components/storefront';

export const PAGE_SIZE = 24;
/** More pages than this in one URL would mean many sequential requests: capped. */
export const MAX_PAGES = 20;

export interface ListingState {
  query: string;
  filters: ListingFilterSelection;
  sort: ListingSort;
  page: number;
}

const SORT_PARAM: Record<ListingSort, string> = {
  RELEVANCE: 'relevancia',
  PRICE_ASC: 'menor-preco',
  PRICE_DESC: 'maior-preco',
  NEWEST: 'novidades',
  NAME: 'nome',
};

/** RELEVANCE needs a search; without one the server orders by NEWEST. */
export function defaultSort(query: string): ListingSort {
  return query.trim() === '' ? 'NEWEST' : 'RELEVANCE';
}

function readSort(value: string | null, query: string): ListingSort {
  const found = (Object.keys(SORT_PARAM) as ListingSort[]).find(
    (sort) => SORT_PARAM[sort] === value,
  );
  if (!found || (found === 'RELEVANCE' && query.trim() === '')) return defaultSort(query);
  return found;
}

function readReais(value: string | null): number | null {
  if (value === null || !/^\d{1,7}$/.test(value)) return null;
  return Number(value) * 100;
}

function readList(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .map((value) => value.trim())
    .filter((value) => value !== '' && value.length <= 60);
  return [...new Set(values)].slice(0, 30);
}

/** One category slug (the first one given): lower-case letters, digits and hyphens. */
function readCategory(params: URLSearchParams): string | null {
  const value = (params.get('categoria') ?? '').trim().toLowerCase();
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 60 ? value : null;
}

export function parseListingParams(params: URLSearchParams): ListingState {
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  let minPriceCents = readReais(params.get('preco_min'));
  let maxPriceCents = readReais(params.get('preco_max'));
  if (minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents) {
    [minPriceCents, maxPriceCents] = [maxPriceCents, minPriceCents];
  }
  return {
    query,
    filters: {
      category: readCategory(params),
      brands: readList(params, 'marca'),
      sizes: readList(params, 'tamanho'),
      colors: readList(params, 'cor'),
      minPriceCents,
      maxPriceCents,
      inStock: params.get('estoque') === '1',
    },
    sort: readSort(params.get('ordem'), query),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGES) : 1,
  };
}

/** The canonical query string of a state: same state, same URL (keys in a fixed order). */
export function listingSearch(state: ListingState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.filters.category) params.set('categoria', state.filters.category);
  for (const brand of [...state.filters.brands].sort()) params.append('marca', brand);
  for (const size of state.filters.sizes) params.append('tamanho', size);
  for (const color of [...state.filters.colors].sort()) params.append('cor', color);
  if (state.filters.minPriceCents !== null) {
    params.set('preco_min', String(Math.floor(state.filters.minPriceCents / 100)));
  }
  if (state.filters.maxPriceCents !== null) {
    params.set('preco_max', String(Math.ceil(state.filters.maxPriceCents / 100)));
  }
  if (state.filters.inStock) params.set('estoque', '1');
  if (state.sort !== defaultSort(state.query)) params.set('ordem', SORT_PARAM[state.sort]);
  if (state.page > 1) params.set('pagina', String(state.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The GraphQL filter for a state, plus what the page itself fixes (category, brand): a fixed
 * category wins over a chosen one.
 */
export function productFilter(
  state: ListingState,
  fixed: { categorySlug?: string; brandSlug?: string } = {},
) {
  const brandSlugs = fixed.brandSlug ? [fixed.brandSlug] : state.filters.brands;
  const categorySlug = fixed.categorySlug ?? state.filters.category;
  return {
    ...(brandSlugs.length > 0 ? { brandSlugs } : {}),
    ...(categorySlug ? { categorySlug } : {}),
    ...(state.query ? { search: state.query } : {}),
    ...(state.filters.sizes.length > 0 ? { sizes: state.filters.sizes } : {}),
    ...(state.filters.colors.length > 0 ? { colors: state.filters.colors } : {}),
    ...(state.filters.minPriceCents !== null ? { minPriceCents: state.filters.minPriceCents } : {}),
    ...(state.filters.maxPriceCents !== null ? { maxPriceCents: state.filters.maxPriceCents } : {}),
    ...(state.filters.inStock ? { inStock: true } : {}),
  };
}

export const EMPTY_LISTING_STATE: ListingState = {
  query: '',
  filters: EMPTY_FILTER_SELECTION,
  sort: 'NEWEST',
  page: 1,
};
