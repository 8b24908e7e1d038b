// The products grid's state lives in the URL (a copied link opens the same view): q, marca,
// categoria, status, destaque, estoque, preco_min, preco_max (centavos), ordem, pagina, por. Pure:
// parse, write, and turn into the `staffProducts` query's variables.
import { BRAND_SCOPE_PARAM } from '../../../routes/dashboardPaths';

export type StaffProductSort =
  | 'UPDATED_DESC'
  | 'UPDATED_ASC'
  | 'NAME_ASC'
  | 'NAME_DESC'
  | 'PRICE_ASC'
  | 'PRICE_DESC'
  | 'STOCK_ASC'
  | 'STOCK_DESC'
  | 'CREATED_DESC';

export type StockLevel = 'OUT' | 'LOW' | 'AVAILABLE';

export const SORT_LABELS: Record<StaffProductSort, string> = {
  UPDATED_DESC: 'Alterados por último',
  UPDATED_ASC: 'Alterados há mais tempo',
  NAME_ASC: 'Nome (A–Z)',
  NAME_DESC: 'Nome (Z–A)',
  PRICE_ASC: 'Menor preço',
  PRICE_DESC: 'Maior preço',
  STOCK_ASC: 'Menor estoque',
  STOCK_DESC: 'Maior estoque',
  CREATED_DESC: 'Criados por último',
};

/** The URL's words for each filter value (Portuguese, readable in a shared link). */
export const STATUS_VALUES = { publicado: true, rascunho: false } as const;
export const STATUS_LABELS = { publicado: 'Publicado', rascunho: 'Rascunho' } as const;
export const FEATURED_VALUES = { sim: true, nao: false } as const;
export const FEATURED_LABELS = { sim: 'Em destaque', nao: 'Sem destaque' } as const;
export const STOCK_VALUES = { esgotado: 'OUT', baixo: 'LOW', disponivel: 'AVAILABLE' } as const;
export const STOCK_LABELS = {
  esgotado: 'Esgotado',
  baixo: 'Estoque baixo',
  disponivel: 'Disponível',
} as const;

export type StatusParam = keyof typeof STATUS_VALUES;
export type FeaturedParam = keyof typeof FEATURED_VALUES;
export type StockParam = keyof typeof STOCK_VALUES;

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_SORT: StaffProductSort = 'UPDATED_DESC';

export interface ProductsListState {
  search: string;
  brandId: string | null;
  categoryId: string | null;
  status: StatusParam | null;
  featured: FeaturedParam | null;
  stock: StockParam | null;
  /** Centavos, on the lowest variant price, inclusive. */
  minPriceCents: number | null;
  maxPriceCents: number | null;
  sort: StaffProductSort;
  /** 0-based (the URL's 'pagina' is 1-based). */
  page: number;
  pageSize: number;
}

export const EMPTY_PRODUCTS_STATE: ProductsListState = {
  search: '',
  brandId: null,
  categoryId: null,
  status: null,
  featured: null,
  stock: null,
  minPriceCents: null,
  maxPriceCents: null,
  sort: DEFAULT_SORT,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

export const PARAMS = {
  search: 'q',
  brandId: BRAND_SCOPE_PARAM,
  categoryId: 'categoria',
  status: 'status',
  featured: 'destaque',
  stock: 'estoque',
  minPriceCents: 'preco_min',
  maxPriceCents: 'preco_max',
  sort: 'ordem',
  page: 'pagina',
  pageSize: 'por',
} as const satisfies Record<keyof ProductsListState, string>;

function oneOf<T extends string>(values: Record<T, unknown>, value: string | null): T | null {
  return value !== null && Object.hasOwn(values, value) ? (value as T) : null;
}

function cents(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/** The state a URL describes; unknown or malformed values are ignored (the default applies). */
export function parseProductsParams(params: URLSearchParams): ProductsListState {
  const page = Number(params.get(PARAMS.page));
  const pageSize = Number(params.get(PARAMS.pageSize));
  return {
    search: params.get(PARAMS.search)?.slice(0, 100) ?? '',
    brandId: params.get(PARAMS.brandId) || null,
    categoryId: params.get(PARAMS.categoryId) || null,
    status: oneOf(STATUS_VALUES, params.get(PARAMS.status)),
    featured: oneOf(FEATURED_VALUES, params.get(PARAMS.featured)),
    stock: oneOf(STOCK_VALUES, params.get(PARAMS.stock)),
    minPriceCents: cents(params.get(PARAMS.minPriceCents)),
    maxPriceCents: cents(params.get(PARAMS.maxPriceCents)),
    sort: oneOf(SORT_LABELS, params.get(PARAMS.sort)) ?? DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 400 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL parameters of a state: defaults are left out, so the plain list has a plain URL. */
export function productsParams(state: ProductsListState): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set(PARAMS.search, search);
  if (state.brandId) params.set(PARAMS.brandId, state.brandId);
  if (state.categoryId) params.set(PARAMS.categoryId, state.categoryId);
  if (state.status) params.set(PARAMS.status, state.status);
  if (state.featured) params.set(PARAMS.featured, state.featured);
  if (state.stock) params.set(PARAMS.stock, state.stock);
  if (state.minPriceCents !== null) params.set(PARAMS.minPriceCents, String(state.minPriceCents));
  if (state.maxPriceCents !== null) params.set(PARAMS.maxPriceCents, String(state.maxPriceCents));
  if (state.sort !== DEFAULT_SORT) params.set(PARAMS.sort, state.sort);
  if (state.page > 0) params.set(PARAMS.page, String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAMS.pageSize, String(state.pageSize));
  return params;
}

export interface StaffProductFilterVariables {
  search?: string;
  brandIds?: string[];
  categoryId?: string;
  published?: boolean;
  featured?: boolean;
  stockLevel?: StockLevel;
  minPriceCents?: number;
  maxPriceCents?: number;
}

/** The StaffProductFilter of the `staffProducts` query (and of bulk changes and the export). */
export function productsFilter(state: ProductsListState): StaffProductFilterVariables {
  const search = state.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(state.brandId ? { brandIds: [state.brandId] } : {}),
    ...(state.categoryId ? { categoryId: state.categoryId } : {}),
    ...(state.status ? { published: STATUS_VALUES[state.status] } : {}),
    ...(state.featured ? { featured: FEATURED_VALUES[state.featured] } : {}),
    ...(state.stock ? { stockLevel: STOCK_VALUES[state.stock] } : {}),
    ...(state.minPriceCents !== null ? { minPriceCents: state.minPriceCents } : {}),
    ...(state.maxPriceCents !== null ? { maxPriceCents: state.maxPriceCents } : {}),
  };
}

/** The variables of the `staffProducts` query for this state. */
export function productsVariables(state: ProductsListState) {
  return {
    filter: productsFilter(state),
    sort: state.sort,
    first: state.pageSize,
    offset: state.page * state.pageSize,
  };
}

/** True when any filter or search narrows the list (the brand scope is not a filter here). */
export function hasFilters(state: ProductsListState): boolean {
  return Boolean(
    state.search.trim() ||
    state.categoryId ||
    state.status ||
    state.featured ||
    state.stock ||
    state.minPriceCents !== null ||
    state.maxPriceCents !== null,
  );
}

/** The state without filters, search or page; the brand scope, sort and page size stay. */
export function clearedFilters(state: ProductsListState): ProductsListState {
  return {
    ...EMPTY_PRODUCTS_STATE,
    brandId: state.brandId,
    sort: state.sort,
    pageSize: state.pageSize,
  };
}

/** A saved view's query: the list's parameters without the page and the brand scope. */
export function savedViewQuery(state: ProductsListState): string {
  return productsParams({ ...state, page: 0, brandId: null }).toString();
}

/** The state a saved view opens: its query, in the current brand scope, on the first page. */
export function applySavedView(query: string, current: ProductsListState): ProductsListState {
  const params = new URLSearchParams(query);
  params.delete(PARAMS.page);
  params.delete(PARAMS.brandId);
  return { ...parseProductsParams(params), brandId: current.brandId };
}

/** Views every staff member has, without saving them. */
export const BUILT_IN_VIEWS = [
  { id: 'builtin-out', name: 'Esgotados', query: 'estoque=esgotado' },
  { id: 'builtin-low', name: 'Estoque baixo', query: 'estoque=baixo&ordem=STOCK_ASC' },
  { id: 'builtin-drafts', name: 'Rascunhos', query: 'status=rascunho' },
] as const;

/** Whether the state shows exactly what `query` describes (to mark the current view). */
export function isViewActive(query: string, state: ProductsListState): boolean {
  return savedViewQuery(applySavedView(query, state)) === savedViewQuery(state);
}
