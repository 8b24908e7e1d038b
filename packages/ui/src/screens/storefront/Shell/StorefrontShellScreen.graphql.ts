// The frame's one query: the department menu's category tree (two levels) and the store's legal
// identity for the footer (Decreto 7.962/2013). One document, so the first visit carries one.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  StorefrontShellQuery,
  StorefrontShellQueryVariables,
} from '../../../graphql/generated';

export type { StorefrontShellQuery };

export const STOREFRONT_SHELL_QUERY: TypedDocumentNode<
  StorefrontShellQuery,
  StorefrontShellQueryVariables
> = gql`
  query StorefrontShell {
    storeSettings {
      legalName
      cnpj
      legalAddress
      contactEmail
      contactPhone
    }
    categories {
      id
      slug
      name
      children {
        id
        slug
        name
      }
    }
  }
`;
