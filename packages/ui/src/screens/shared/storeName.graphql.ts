import { gql, type TypedDocumentNode } from '@apollo/client';
import type { StoreNameQuery, StoreNameQueryVariables } from '../../graphql/generated';

export type { StoreNameQuery };

export const STORE_NAME_QUERY: TypedDocumentNode<StoreNameQuery, StoreNameQueryVariables> = gql`
  query StoreName {
    storeSettings {
      storeName
    }
  }
`;
