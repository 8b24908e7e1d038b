// What every search box of the storefront does with the words (the header's field, the phone's
// search sheet, the empty results page). In shared/, so the build puts it in the storefront-common
// chunk the first visit already loads (a chunk of its own was one more request;
// docs/benchmarks.md) and the lazy sheet and the results page use it without pulling the
// header's search in.
import { useLocation, useNavigate } from 'react-router-dom';

import { storefrontPaths } from '../../../routes/paths';
import { trackCommerceEvent } from './analytics';

/** The words of the results page (/busca?q=) being shown; '' on any other page. */
export function useSearchedQuery(): string {
  const location = useLocation();
  return location.pathname === storefrontPaths.search()
    ? (new URLSearchParams(location.search).get('q') ?? '')
    : '';
}

/**
 * Searches the words: /busca?q= opened, the search counted, and the words kept among the device's
 * recent searches (a module fetched when needed: the first visit does not carry it).
 */
export function useSearchSubmit(): (query: string) => void {
  const navigate = useNavigate();
  return (query) => {
    trackCommerceEvent('search', { search_term: query });
    void navigate(storefrontPaths.search(query));
    import('../Listing/recentSearches').then(
      (recent) => recent.rememberSearch(query),
      // Offline or a new deploy: the search went on, it is only not remembered.
      () => undefined,
    );
  };
}
