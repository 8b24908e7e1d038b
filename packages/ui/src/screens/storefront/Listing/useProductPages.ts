// Loads pages 1..N of a listing one after the other (keyset cursors: page N needs page N−1's
// end cursor). Each page is its own cache-first query, so coming back to a listing or asking
// for one more page re-reads the earlier pages from Apollo's cache instead of the network.
import { useApolloClient } from '@apollo/client';
import { useEffect, useState } from 'react';

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

export function useProductPages(
  filter: ProductFilterInput,
  sort: ListingSort,
  pageCount: number,
  skip = false,
): ProductPagesResult {
  const client = useApolloClient();
  const key = JSON.stringify({ filter, sort, pageCount });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (skip) return undefined;
    let cancelled = false;
    const {
      filter: pageFilter,
      sort: pageSort,
      pageCount: pages,
    } = JSON.parse(key) as {
      filter: ProductFilterInput;
      sort: ListingSort;
      pageCount: number;
    };
    async function load() {
      const products: ProductCardNode[] = [];
      let after: string | null = null;
      let last: ListingProductsQuery['products'] | null = null;
      for (let page = 0; page < pages; page += 1) {
        const result: { data: ListingProductsQuery } = await client.query({
          query: LISTING_PRODUCTS_QUERY,
          variables: { filter: pageFilter, sort: pageSort, first: PAGE_SIZE, after },
          // A retry must reach the network; otherwise the cache answers first.
          fetchPolicy: attempt > 0 ? 'network-only' : 'cache-first',
        });
        const current = result.data.products;
        last = current;
        products.push(...current.nodes);
        if (!current.pageInfo.hasNextPage || !current.pageInfo.endCursor) break;
        after = current.pageInfo.endCursor;
      }
      if (cancelled || last === null) return;
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
      if (!cancelled) setFailedKey(key);
    });
    return () => {
      cancelled = true;
    };
  }, [client, key, attempt, skip]);

  const retry = () => {
    setFailedKey(null);
    setAttempt((value) => value + 1);
  };
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
  if (loaded === null) {
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
    products: loaded.products,
    totalCount: loaded.totalCount,
    facets: loaded.facets,
    hasNextPage: loaded.hasNextPage,
    refreshing: loaded.key !== key,
    retry,
  };
}
