// Loads pages 1..N of a listing one after the other (keyset cursors: page N needs page N−1's
// end cursor). Each page is its own cache-first query, so coming back to a listing or asking
// for one more page re-reads the earlier pages from Apollo's cache instead of the network.
// Pages the cache already holds are shown on the very first render (no skeleton), so coming
// back to a listing paints it at once and the scroll position can be restored against it.
import { useApolloClient, useQuery, type ApolloClient } from '@apollo/client';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useIsServerRender } from '../../../apollo/serverRender';
import type { ListingFacets, ListingSort } from '../../../components/storefront';
import type { ProductCardNode } from '../shared/productCard.graphql';
import {
  LISTING_PRODUCTS_QUERY,
  type ListingProductsQuery,
  type ProductFilterInput,
} from './ListingScreen.graphql';
import { PAGE_SIZE } from './listingParams';

export interface ProductPagesResult {
  status: 'loading' | 'error' | 'ready';
  products: ProductCardNode[];
  totalCount: number;
  facets: ListingFacets | null;
  hasNextPage: boolean;
  /** Loading more pages (or new filters) while the previous results stay on screen. */
  refreshing: boolean;
  retry: () => void;
}

interface Loaded {
  key: string;
  products: ProductCardNode[];
  totalCount: number;
  facets: ListingFacets;
  hasNextPage: boolean;
}

interface PagesKey {
  filter: ProductFilterInput;
  sort: ListingSort;
  pageCount: number;
}

/** Pages 1..N of `key` as the cache holds them, or null when any of them is missing. */
function readCachedPages(client: ApolloClient<unknown>, key: string): Loaded | null {
  const { filter, sort, pageCount } = JSON.parse(key) as PagesKey;
  const products: ProductCardNode[] = [];
  let after: string | null = null;
  for (let page = 0; page < pageCount; page += 1) {
    const data: ListingProductsQuery | null = client.readQuery({
      query: LISTING_PRODUCTS_QUERY,
      variables: { filter, sort, first: PAGE_SIZE, after },
    });
    if (!data) return null;
    const current: ListingProductsQuery['products'] = data.products;
    products.push(...current.nodes);
    if (page === pageCount - 1 || !current.pageInfo.hasNextPage || !current.pageInfo.endCursor) {
      return {
        key,
        products,
        totalCount: current.totalCount,
        facets: current.facets,
        hasNextPage: current.pageInfo.hasNextPage,
      };
    }
    after = current.pageInfo.endCursor;
  }
  return null;
}

export function useProductPages(
  filter: ProductFilterInput,
  sort: ListingSort,
  pageCount: number,
  skip = false,
): ProductPagesResult {
  const client = useApolloClient();
  const serverRender = useIsServerRender();
  const key = JSON.stringify({ filter, sort, pageCount });
  // Rendered by the server: the first page's answer is asked for here, so the server waits for it
  // and renders the products (read from the cache below); in the browser the effect loads pages.
  useQuery(LISTING_PRODUCTS_QUERY, {
    variables: { filter, sort, first: PAGE_SIZE, after: null },
    skip: skip || pageCount !== 1 || !serverRender,
  });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The attempt that must reach the network: only the one an explicit retry starts.
  const networkAttempt = useRef(-1);
  // What the cache already has for this key, until the effect's own answer arrives.
  const cached = useMemo(
    () => (skip || loaded?.key === key ? null : readCachedPages(client, key)),
    [client, key, loaded, skip],
  );

  useEffect(() => {
    if (skip) return undefined;
    let cancelled = false;
    const { filter: pageFilter, sort: pageSort, pageCount: pages } = JSON.parse(key) as PagesKey;
    const fetchPolicy = networkAttempt.current === attempt ? 'network-only' : 'cache-first';
    async function load() {
      const products: ProductCardNode[] = [];
      let after: string | null = null;
      let last: ListingProductsQuery['products'] | null = null;
      for (let page = 0; page < pages; page += 1) {
        const result: { data: ListingProductsQuery } = await client.query({
          query: LISTING_PRODUCTS_QUERY,
          variables: { filter: pageFilter, sort: pageSort, first: PAGE_SIZE, after },
          // A retry must reach the network; otherwise (later pages too) the cache answers first.
          fetchPolicy,
        });
        const current = result.data.products;
        last = current;
        products.push(...current.nodes);
        if (!current.pageInfo.hasNextPage || !current.pageInfo.endCursor) break;
        after = current.pageInfo.endCursor;
      }
      if (cancelled || last === null) return;
      if (networkAttempt.current === attempt) networkAttempt.current = -1;
      setLoaded({
        key,
        products,
        totalCount: last.totalCount,
        facets: last.facets,
        hasNextPage: last.pageInfo.hasNextPage,
      });
      setFailedKey(null);
    }
    load().catch(() => {
      if (cancelled) return;
      if (networkAttempt.current === attempt) networkAttempt.current = -1;
      setFailedKey(key);
    });
    return () => {
      cancelled = true;
    };
  }, [client, key, attempt, skip]);

  const retry = () => {
    networkAttempt.current = attempt + 1;
    setFailedKey(null);
    setAttempt(attempt + 1);
  };
  const shown = loaded?.key === key ? loaded : (cached ?? loaded);
  if (failedKey === key) {
    return {
      status: 'error',
      products: [],
      totalCount: 0,
      facets: null,
      hasNextPage: false,
      refreshing: false,
      retry,
    };
  }
  if (shown === null) {
    return {
      status: 'loading',
      products: [],
      totalCount: 0,
      facets: null,
      hasNextPage: false,
      refreshing: false,
      retry,
    };
  }
  return {
    status: 'ready',
    products: shown.products,
    totalCount: shown.totalCount,
    facets: shown.facets,
    hasNextPage: shown.hasNextPage,
    refreshing: shown.key !== key,
    retry,
  };
}
