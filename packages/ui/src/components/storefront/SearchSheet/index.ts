export { SearchSheet, type SearchSheetProps } from './SearchSheet';
