// Catalog use cases, the listings: the public and staff product listings with their lazy total and
// facets, and the scope a staff member reads the catalog in.
import type { Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import {
  compareSizes,
  correctableTokens,
  searchQueries,
  decodeCursor,
  effectiveSort,
  encodeCursor,
  normalizeFilter,
  pageSize,
  type ProductFilter,
  type ProductFilterInput,
  type ProductSortKey,
} from './catalog.listing';
import {
  countProducts,
  listProducts,
  similarSearchWords,
  type ProductListRow,
} from './catalog.repository';
import {
  countedFacets,
  countedProductFacets,
  countedProductTotal,
  productFacets,
} from './catalog.facets.repository';
import { brandScopeOf } from './catalog.service.common';

// ---- listings --------------------------------------------------------------------------------

export interface FacetValueView {
  value: string;
  label: string;
  count: number;
  /** Category facet only: the parent category's slug (null at the top of the tree). */
  parentValue?: string | null;
}

export interface ProductFacetsView {
  brands: FacetValueView[];
  categories: FacetValueView[];
  sizes: FacetValueView[];
  colors: FacetValueView[];
  priceRange: { minCents: number; maxCents: number } | null;
  inStockCount: number;
}

export interface ProductConnectionView {
  edges: { cursor: string; node: ProductListRow }[];
  nodes: ProductListRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  /** Lazy: counted only when the operation asks for it. */
  totalCount: () => Promise<number>;
  facets: () => Promise<ProductFacetsView>;
}

export interface ListArgs {
  filter?: ProductFilterInput | null;
  sort?: ProductSortKey | null;
  first?: number | null;
  after?: string | null;
}

export async function listCatalog(
  db: Executor,
  args: ListArgs,
  scope: { publicOnly: boolean; brandIdScope: string[] | null },
): Promise<ProductConnectionView> {
  const first = pageSize(args.first);
  const filter = normalizeFilter(args.filter, scope);
  const sort = effectiveSort(args.sort, filter);
  const after = args.after ? decodeCursor(args.after, sort) : null;
  if (filter.searchTokens.length > 0) {
    const corrections = await similarSearchWords(db, correctableTokens(filter.searchTokens));
    Object.assign(filter, searchQueries(filter.searchTokens, corrections));
  }
  let total: Promise<number> | null = null;
  const counted = () =>
    (total ??= countedFacets(filter) ? countedProductTotal(db, filter) : countProducts(db, filter));
  // A size or colour that the brand or category does not have: the counts say so in a
  // millisecond, where the listing would read every product of the category to find none.
  const refinedAway =
    countedFacets(filter) &&
    filter.sizes.length + filter.colors.length > 0 &&
    (await counted()) === 0;
  const page =
    first === 0 || refinedAway ? [] : await listProducts(db, filter, sort, first + 1, after);
  const nodes = page.slice(0, first);
  const edges = nodes.map((node) => ({
    cursor: encodeCursor({ sort, key: node.sortKey, id: node.id }),
    node,
  }));
  let facets: Promise<ProductFacetsView> | null = null;
  return {
    edges,
    nodes,
    pageInfo: { hasNextPage: page.length > first, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount: counted,
    facets: () => (facets ??= facetsOf(db, filter)),
  };
}

async function facetsOf(db: Executor, filter: ProductFilter): Promise<ProductFacetsView> {
  // The pages shoppers land on and their first size or colour are counted from the maintained
  // counts; other filters from the rows.
  const raw = countedFacets(filter)
    ? await countedProductFacets(db, filter)
    : await productFacets(db, filter);
  const sizes = (raw.sizes ?? [])
    .map((item) => ({ value: item.value, label: item.value, count: item.count }))
    .sort((a, b) => compareSizes(a.value, b.value));
  const colors = (raw.colors ?? []).map((item) => ({
    value: item.value,
    label: item.value,
    count: item.count,
  }));
  const min = raw.price?.min ?? null;
  const max = raw.price?.max ?? null;
  return {
    brands: raw.brands ?? [],
    categories: raw.categories ?? [],
    sizes,
    colors,
    priceRange: min !== null && max !== null ? { minCents: min, maxCents: max } : null,
    inStockCount: raw.inStock ?? 0,
  };
}

/** Staff read the whole catalog except BRAND_MANAGERs, limited to their brands. */
export function staffScope(staff: StaffPrincipal) {
  return { publicOnly: false, brandIdScope: brandScopeOf(staff) };
}
