export { CategoryScreen } from './CategoryScreen';
export {
  listingSearch,
  PAGE_SIZE,
  parseListingParams,
  productFilter,
  type ListingState,
} from './listingParams';
export { HeaderSearch } from './HeaderSearch';
export { toSuggestions } from './searchSuggestions';
export { ListingView, type ListingViewProps } from './ListingView';
export { SearchScreen } from './SearchScreen';
