import { gql, type TypedDocumentNode } from '@apollo/client';

/** The store's own texts of the institutional pages (formatted text); null: the built-in page. */
export interface InstitutionalTexts {
  exchangesPolicyText: string | null;
  privacyPolicyText: string | null;
  contactPageText: string | null;
}

export interface InstitutionalTextsQuery {
  storeSettings: InstitutionalTexts;
}

export const INSTITUTIONAL_TEXTS_QUERY: TypedDocumentNode<
  InstitutionalTextsQuery,
  Record<string, never>
> = gql`
  query InstitutionalTexts {
    storeSettings {
      exchangesPolicyText
      privacyPolicyText
      contactPageText
    }
  }
`;
