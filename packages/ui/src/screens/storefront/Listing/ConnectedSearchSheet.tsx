// The phone's search sheet, connected: suggestions from the server as in the header's box
// (ConnectedSearchBox), the device's recent searches, Enter or the search button open
// /busca?q=. A chunk of its own, fetched the first time the header's search button is pressed
// (StorefrontShellScreen), so a first visit downloads none of it.
import { useLazyQuery } from '@apollo/client';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { SearchSheet } from '../../../components/storefront/SearchSheet';
import { useSearchedQuery, useSearchSubmit } from '../shared/searchNavigation';
import { SEARCH_SUGGESTIONS_QUERY } from './HeaderSearch.graphql';
import { clearRecentSearches, readRecentSearches } from './recentSearches';
import { toSuggestions } from './searchSuggestions';

export interface ConnectedSearchSheetProps {
  open: boolean;
  /** `navigated`: a search or a suggestion opened a page (focus goes to it, not to the header). */
  onClose: (navigated: boolean) => void;
}

export function ConnectedSearchSheet({ open, onClose }: ConnectedSearchSheetProps) {
  const navigate = useNavigate();
  const currentQuery = useSearchedQuery();
  const search = useSearchSubmit();
  const [fetchSuggestions, { data, loading, variables }] = useLazyQuery(SEARCH_SUGGESTIONS_QUERY);
  // Read again at each opening: a search made meanwhile (here or in the wide header) is listed.
  const [recent, setRecent] = useState<string[]>(() => (open ? readRecentSearches() : []));
  const [readWhileOpen, setReadWhileOpen] = useState(open);
  if (readWhileOpen !== open) {
    setReadWhileOpen(open);
    if (open) setRecent(readRecentSearches());
  }
  return (
    <SearchSheet
      open={open}
      onClose={() => onClose(false)}
      defaultQuery={currentQuery}
      suggestions={data && variables ? toSuggestions(data, variables.search) : []}
      loading={loading}
      onQueryChange={(words) => void fetchSuggestions({ variables: { search: words } })}
      onSubmit={(words) => {
        search(words);
        onClose(true);
      }}
      onSelect={(suggestion) => {
        void navigate(suggestion.href);
        onClose(true);
      }}
      recentSearches={recent}
      onClearRecentSearches={() => {
        clearRecentSearches();
        setRecent([]);
      }}
    />
  );
}
