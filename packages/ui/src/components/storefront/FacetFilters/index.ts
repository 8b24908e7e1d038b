export {
  countActiveFilters,
  EMPTY_FILTER_SELECTION,
  FacetFilters,
  visibleCategoryOptions,
  type CategoryLink,
  type FacetFiltersProps,
  type FacetOption,
  type ListingFacets,
  type ListingFilterSelection,
} from './FacetFilters';
