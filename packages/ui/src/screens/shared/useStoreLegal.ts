import { useQuery } from '@apollo/client';

import { STORE_LEGAL_QUERY, type StoreLegalIdentity } from './storeLegal.graphql';

/** The store's razão social, CNPJ, address and contact from storeSettings; null until known. */
export function useStoreLegal(): StoreLegalIdentity | null {
  const { data } = useQuery(STORE_LEGAL_QUERY);
  return data?.storeSettings ?? null;
}
