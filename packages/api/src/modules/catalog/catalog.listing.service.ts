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
  refined,
  type ProductFilterInput,
  type ProductSortKey,
} from './catalog.listing';
import { countProducts, listProducts, type ProductListRow } from './catalog.repository';
import {
  countedFacets,
  countedProductFacets,
  countedProductTotal,
  productFacets,
  searchPageWithFacets,
  type RawFacets,
} from './catalog.facets.repository';
import {
  partlyCountedFacets,
  partlyCountedProductFacets,
} from './catalog.facets.partly.repository';
import { similarSearchWords } from './catalog.search.repository';
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
  /**
   * The fields the operation asks of the connection (the resolver's selection), when known: with
   * both the total and the facets of a filter the counts do not answer (a search, a refinement of
   * two sizes), one statement counts both over the matching rows instead of two passes over them.
   */
  asked: ReadonlySet<string> | null = null,
): Promise<ProductConnectionView> {
  const first = pageSize(args.first);
  const filter = normalizeFilter(args.filter, scope);
  const sort = effectiveSort(args.sort, filter);
  const after = args.after ? decodeCursor(args.after, sort) : null;
  if (filter.searchTokens.length > 0) {
    const corrections = await similarSearchWords(db, correctableTokens(filter.searchTokens));
    Object.assign(filter, searchQueries(filter.searchTokens, corrections));
  }
  const fromCounts = countedFacets(filter);
  const partly = !fromCounts && partlyCountedFacets(filter);
  let raw: Promise<RawFacets> | null = null;
  const rawFacets = () =>
    (raw ??= fromCounts
      ? countedProductFacets(db, filter)
      : partly
        ? partlyCountedProductFacets(db, filter)
        : productFacets(db, filter));
  const together = !fromCounts && asked?.has('facets') === true && asked.has('totalCount');
  let total: Promise<number> | null = null;
  const counted = () =>
    (total ??= fromCounts
      ? countedProductTotal(db, filter)
      : together
        ? rawFacets().then((facets) => facets.total ?? countProducts(db, filter))
        : countProducts(db, filter));
  // A size, colour or price range that the brand or category does not have: the counts say so in
  // a millisecond, where the listing would read every product of the category to find none. A
  // refinement counted in part asked with its total is counted first for the same reason (shoe
  // sizes in two colours among the clothes: 10 ms to count none, 56 ms to walk the category).
  const countFirst = fromCounts ? refined(filter) : together && partly;
  const refinedAway = countFirst && (await counted()) === 0;
  let page: ProductListRow[];
  if (together && sort === 'RELEVANCE' && filter.searchMatch !== null && first > 0) {
    // A search asked with its total and facets: one statement reads its matches once for all three.
    const both = searchPageWithFacets(db, filter, first + 1, after);
    raw = both;
    page = (await both).page;
  } else {
    page = first === 0 || refinedAway ? [] : await listProducts(db, filter, sort, first + 1, after);
  }
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
    // The pages shoppers land on and their first size or colour are counted from the maintained
    // counts; other filters from the rows.
    facets: () => (facets ??= rawFacets().then(facetsView)),
  };
}

function facetsView(raw: RawFacets): ProductFacetsView {
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
