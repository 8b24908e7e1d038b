import { gql, type TypedDocumentNode } from '@apollo/client';
import type { StoreLegalQuery, StoreLegalQueryVariables } from '../../graphql/generated';

/** The store's legal identity (Decreto 7.962/2013): each field null until the store sets it. */
export type StoreLegalIdentity = StoreLegalQuery['storeSettings'];

export type { StoreLegalQuery };

export const STORE_LEGAL_QUERY: TypedDocumentNode<StoreLegalQuery, StoreLegalQueryVariables> = gql`
  query StoreLegal {
    storeSettings {
      legalName
      cnpj
      legalAddress
      contactEmail
      contactPhone
    }
  }
`;
