// The header's Autocomplete with its suggestions (debounced by SearchBox, asked of the server
// here): a chunk of its own with SearchBox, fetched when the shopper points at, focuses or types
// in the header's plain field (HeaderSearch), so a first visit downloads none of it.
import { useLazyQuery } from '@apollo/client';

import {
  SearchBox,
  type SearchSuggestion,
} from '../../../components/storefront/SearchBox/SearchBox';
import { SEARCH_SUGGESTIONS_QUERY } from './HeaderSearch.graphql';
import { toSuggestions } from './searchSuggestions';

export interface ConnectedSearchBoxProps {
  defaultQuery: string;
  onSubmit: (query: string) => void;
  onSelect: (suggestion: SearchSuggestion) => void;
}

export function ConnectedSearchBox({ defaultQuery, onSubmit, onSelect }: ConnectedSearchBoxProps) {
  const [fetchSuggestions, { data, loading, variables }] = useLazyQuery(SEARCH_SUGGESTIONS_QUERY);
  return (
    <SearchBox
      defaultQuery={defaultQuery}
      suggestions={data && variables ? toSuggestions(data, variables.search) : []}
      loading={loading}
      onQueryChange={(search) => void fetchSuggestions({ variables: { search } })}
      onSubmit={onSubmit}
      onSelect={onSelect}
    />
  );
}
