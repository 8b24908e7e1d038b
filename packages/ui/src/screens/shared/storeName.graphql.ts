import { gql, type TypedDocumentNode } from '@apollo/client';

export interface StoreNameQuery {
  storeSettings: { storeName: string };
}

export const STORE_NAME_QUERY: TypedDocumentNode<StoreNameQuery, Record<string, never>> = gql`
  query StoreName {
    storeSettings {
      storeName
    }
  }
`;
