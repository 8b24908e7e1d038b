import { useQuery } from '@apollo/client';

import { STORE_NAME_QUERY } from './storeName.graphql';

export const DEFAULT_STORE_NAME = 'Vitrine';

/** The store's name from storeSettings; the product's name until (or unless) it arrives. */
export function useStoreName(): string {
  const { data } = useQuery(STORE_NAME_QUERY);
  return data?.storeSettings.storeName ?? DEFAULT_STORE_NAME;
}
