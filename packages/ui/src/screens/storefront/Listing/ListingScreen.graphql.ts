import { gql, type TypedDocumentNode } from '@apollo/client';

import type { ListingSort } from '../../../components/storefront';
import { PRODUCT_CARD_SELECTION, type ProductCardNode } from '../shared/productCard.graphql';

export interface ProductFilterInput {
  brandSlugs?: string[];
  categorySlug?: string;
  search?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  inStock?: boolean;
  sizes?: string[];
  colors?: string[];
}

interface FacetOptionNode {
  value: string;
  label: string;
  count: number;
}

/** The facets as selected (only categories ask for parentValue); the filters' ListingFacets. */
export interface ListingFacetsNode {
  categories: (FacetOptionNode & { parentValue: string | null })[];
  brands: FacetOptionNode[];
  sizes: FacetOptionNode[];
  colors: FacetOptionNode[];
  priceRange: { minCents: number; maxCents: number } | null;
  inStockCount: number;
}

export interface ListingProductsQuery {
  products: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: ProductCardNode[];
    facets: ListingFacetsNode;
  };
}

export interface ListingProductsVariables {
  filter: ProductFilterInput;
  sort: ListingSort;
  first: number;
  after: string | null;
}

export const LISTING_PRODUCTS_QUERY: TypedDocumentNode<
  ListingProductsQuery,
  ListingProductsVariables
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

export interface CategoryNode {
  id: string;
  slug: string;
  name: string;
  productCount: number;
  path: { slug: string; name: string }[];
  children: { slug: string; name: string; productCount: number }[];
}

export interface ListingCategoryQuery {
  category: CategoryNode | null;
}

export const LISTING_CATEGORY_QUERY: TypedDocumentNode<ListingCategoryQuery, { slug: string }> =
  gql`
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
