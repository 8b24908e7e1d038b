import { gql, type TypedDocumentNode } from '@apollo/client';
import { PRODUCT_CARD_SELECTION } from '../shared/productCard.graphql';
import type {
  ProductFilter,
  StorefrontCategoryQuery,
  StorefrontCategoryQueryVariables,
  StorefrontListingProductsQuery,
  StorefrontListingProductsQueryVariables,
} from '../../../graphql/generated';

export type ProductFilterInput = ProductFilter;

/** The facets as selected (only categories ask for parentValue); the filters' ListingFacets. */
export type ListingFacetsNode = StorefrontListingProductsQuery['products']['facets'];

export type ListingProductsQuery = StorefrontListingProductsQuery;

export type ListingProductsVariables = StorefrontListingProductsQueryVariables;

export const LISTING_PRODUCTS_QUERY: TypedDocumentNode<
  StorefrontListingProductsQuery,
  StorefrontListingProductsQueryVariables
> = gql`
  query StorefrontListingProducts(
    $filter: ProductFilter
    $sort: ProductSort
    $first: Int
    $after: String
  ) {
    products(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ${PRODUCT_CARD_SELECTION}
      }
      facets {
        categories {
          value
          label
          count
          parentValue
        }
        brands {
          value
          label
          count
        }
        sizes {
          value
          label
          count
        }
        colors {
          value
          label
          count
        }
        priceRange {
          minCents
          maxCents
        }
        inStockCount
      }
    }
  }
`;

export type CategoryNode = NonNullable<StorefrontCategoryQuery['category']>;

export type ListingCategoryQuery = StorefrontCategoryQuery;

export const LISTING_CATEGORY_QUERY: TypedDocumentNode<
  StorefrontCategoryQuery,
  StorefrontCategoryQueryVariables
> = gql`
  query StorefrontCategory($slug: String!) {
    category(slug: $slug) {
      id
      slug
      name
      productCount
      path {
        slug
        name
      }
      children {
        slug
        name
        productCount
      }
    }
  }
`;
