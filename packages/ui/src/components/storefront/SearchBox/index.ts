export {
  SEARCH_MIN_LENGTH,
  SearchBox,
  type SearchBoxProps,
  type SearchSuggestion,
} from './SearchBox';
