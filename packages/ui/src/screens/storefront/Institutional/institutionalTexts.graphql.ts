import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  InstitutionalTextsQuery,
  InstitutionalTextsQueryVariables,
} from '../../../graphql/generated';

/** The store's own texts of the institutional pages (formatted text); null: the built-in page. */
export type InstitutionalTexts = InstitutionalTextsQuery['storeSettings'];

export type { InstitutionalTextsQuery };

export const INSTITUTIONAL_TEXTS_QUERY: TypedDocumentNode<
  InstitutionalTextsQuery,
  InstitutionalTextsQueryVariables
> = gql`
  query InstitutionalTexts {
    storeSettings {
      exchangesPolicyText
      privacyPolicyText
      contactPageText
    }
  }
`;
