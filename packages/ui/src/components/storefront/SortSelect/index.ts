export { SORT_LABELS, SortSelect, type ListingSort, type SortSelectProps } from './SortSelect';
