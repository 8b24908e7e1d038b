import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  StorefrontSearchSuggestionsQuery,
  StorefrontSearchSuggestionsQueryVariables,
} from '../../../graphql/generated';

export type SearchSuggestionsQuery = StorefrontSearchSuggestionsQuery;

export const SEARCH_SUGGESTIONS_QUERY: TypedDocumentNode<
  StorefrontSearchSuggestionsQuery,
  StorefrontSearchSuggestionsQueryVariables
> = gql`
  query StorefrontSearchSuggestions($search: String!) {
    products(filter: { search: $search }, sort: RELEVANCE, first: 6) {
      nodes {
        id
        slug
        name
        brand {
          name
        }
        images {
          url
        }
        minPriceCents
      }
    }
    brands {
      id
      slug
      name
    }
  }
`;
