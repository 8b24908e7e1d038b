// The products grid's state lives in the URL (a copied link opens the same view): q, marca,
// categoria, status, destaque, estoque, preco_min, preco_max (centavos), ordem, pagina, por. Pure:
// parse, write, and turn into the `staffProducts` query's variables.
import { BRAND_SCOPE_PARAM } from '../../../routes/dashboardPaths';
import { defineListCodec, listParam, pageVariables, savedViewQueries } from '../shared/list';

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

export const productsCodec = defineListCodec<ProductsListState>({
  search: listParam.text('q'),
  brandId: listParam.id(BRAND_SCOPE_PARAM),
  categoryId: listParam.id('categoria'),
  status: listParam.oneOf('status', STATUS_VALUES),
  featured: listParam.oneOf('destaque', FEATURED_VALUES),
  stock: listParam.oneOf('estoque', STOCK_VALUES),
  minPriceCents: listParam.cents('preco_min'),
  maxPriceCents: listParam.cents('preco_max'),
  sort: listParam.sort('ordem', SORT_LABELS, DEFAULT_SORT),
  page: listParam.page(400),
  pageSize: listParam.pageSize(PAGE_SIZES, DEFAULT_PAGE_SIZE),
});

export const EMPTY_PRODUCTS_STATE: ProductsListState = productsCodec.empty;
export const PARAMS = productsCodec.params;

/** The state a URL describes; unknown or malformed values are ignored (the default applies). */
export const parseProductsParams = productsCodec.parse;

/** The URL parameters of a state: defaults are left out, so the plain list has a plain URL. */
export const productsParams = productsCodec.write;

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
    ...pageVariables(state),
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

/** The saved views' queries: the brand scope is neither kept nor changed by a view. */
export const productsViews = savedViewQueries(productsCodec, ['brandId']);

/** A saved view's query: the list's parameters without the page and the brand scope. */
export const savedViewQuery = productsViews.query;

/** The state a saved view opens: its query, in the current brand scope, on the first page. */
export const applySavedView = productsViews.apply;

/** Whether the state shows exactly what `query` describes (to mark the current view). */
export const isViewActive = productsViews.isActive;

/** Views every staff member has, without saving them. */
export const BUILT_IN_VIEWS = [
  { id: 'builtin-out', name: 'Esgotados', query: 'estoque=esgotado' },
  { id: 'builtin-low', name: 'Estoque baixo', query: 'estoque=baixo&ordem=STOCK_ASC' },
  { id: 'builtin-drafts', name: 'Rascunhos', query: 'status=rascunho' },
] as const;
