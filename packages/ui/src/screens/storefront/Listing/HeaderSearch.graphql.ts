import { gql, type TypedDocumentNode } from '@apollo/client';

export interface SearchSuggestionsQuery {
  products: {
    nodes: {
      id: string;
      slug: string;
      name: string;
      brand: { name: string };
      images: { url: string }[];
      minPriceCents: number;
    }[];
  };
  brands: { id: string; slug: string; name: string }[];
}

export const SEARCH_SUGGESTIONS_QUERY: TypedDocumentNode<
  SearchSuggestionsQuery,
  { search: string }
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
