import { gql, type TypedDocumentNode } from '@apollo/client';

/** The store's legal identity (Decreto 7.962/2013): each field null until the store sets it. */
export interface StoreLegalIdentity {
  legalName: string | null;
  /** Masked: 12.345.678/0001-95. */
  cnpj: string | null;
  legalAddress: string | null;
  contactEmail: string | null;
  /** Masked: (11) 3456-7890. */
  contactPhone: string | null;
}

export interface StoreLegalQuery {
  storeSettings: StoreLegalIdentity;
}

export const STORE_LEGAL_QUERY: TypedDocumentNode<StoreLegalQuery, Record<string, never>> = gql`
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
