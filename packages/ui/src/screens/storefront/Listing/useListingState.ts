// The listing state read from and written to the URL.
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import type { ListingFilterSelection, ListingSort } from '../../../components/storefront';
import { listingSearch, parseListingParams, type ListingState } from './listingParams';

export function useListingState() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = params.toString();
  const state = useMemo(() => parseListingParams(new URLSearchParams(search)), [search]);

  const go = useCallback(
    (next: ListingState) => {
      // Each change is a history entry: the back button undoes a filter.
      void navigate({ pathname, search: listingSearch(next) }, { preventScrollReset: true });
    },
    [navigate, pathname],
  );

  return {
    state,
    setFilters: (filters: ListingFilterSelection) => go({ ...state, filters, page: 1 }),
    setSort: (sort: ListingSort) => go({ ...state, sort, page: 1 }),
    nextPageHref: (hasNextPage: boolean) =>
      hasNextPage ? `${pathname}${listingSearch({ ...state, page: state.page + 1 })}` : null,
  };
}
