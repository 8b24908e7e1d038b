// A category page's sub-category links. Under filters (a size, a price, ...) each link keeps them
// and counts what it leads to: the sub-category's products under the same filters, from the
// listing's own facets (a category counts its sub-categories' products too); a sub-category with
// none is left out. Without filters, the sub-category's whole count.
import {
  countActiveFilters,
  type CategoryLink,
  type ListingFacets,
} from '../../../components/storefront';
import { storefrontPaths } from '../../../routes/paths';
import { listingSearch, type ListingState } from './listingParams';

export interface SubcategoryItem {
  name: string;
  slug: string;
  productCount: number;
}

export function subcategoryLinks(
  children: readonly SubcategoryItem[],
  state: ListingState,
  facets: ListingFacets | null,
): CategoryLink[] {
  const filters = { ...state.filters, category: null };
  if (countActiveFilters(filters) === 0) {
    return children.map((child) => ({
      label: child.name,
      href: storefrontPaths.category(child.slug),
      count: child.productCount,
    }));
  }
  const search = listingSearch({ ...state, query: '', page: 1, filters });
  const links = children.map((child) => ({
    label: child.name,
    href: `${storefrontPaths.category(child.slug)}${search}`,
    // While the facets load, no count rather than one that is not the filters'.
    ...(facets
      ? { count: facets.categories.find((option) => option.value === child.slug)?.count ?? 0 }
      : {}),
  }));
  return facets ? links.filter((link) => (link.count ?? 0) > 0) : links;
}
