export {
  countActiveFilters,
  EMPTY_FILTER_SELECTION,
  FacetFilters,
  type CategoryLink,
  type FacetFiltersProps,
  type FacetOption,
  type ListingFacets,
  type ListingFilterSelection,
} from './FacetFilters';
