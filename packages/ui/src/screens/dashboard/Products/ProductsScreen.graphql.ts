// The products grid's documents: a page of products, the brands and categories to filter by, the
// saved views, in-grid price and stock edits, a variant's stock ledger, bulk changes, the history.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type {
  DashboardCatalogHistoryQuery,
  DashboardCatalogHistoryQueryVariables,
  DashboardProductsBulkMutation,
  DashboardProductsBulkMutationVariables,
  DashboardProductsContextQuery,
  DashboardProductsContextQueryVariables,
  DashboardProductsQuery,
  DashboardProductsQueryVariables,
  DashboardProductsSavedViewCreateMutation,
  DashboardProductsSavedViewCreateMutationVariables,
  DashboardProductsSavedViewDeleteMutation,
  DashboardProductsSavedViewDeleteMutationVariables,
  DashboardProductsSavedViewsQuery,
  DashboardProductsSavedViewsQueryVariables,
  DashboardStockChangeMutation,
  DashboardStockChangeMutationVariables,
  DashboardStockMovementsQuery,
  DashboardStockMovementsQueryVariables,
  DashboardVariantPriceSetMutation,
  DashboardVariantPriceSetMutationVariables,
} from '../../../graphql/generated';

export type ProductRowNode = DashboardProductsQuery['staffProducts']['nodes'][number];
export type VariantRowNode = ProductRowNode['variants'][number];
export type CategoryNode = DashboardProductsContextQuery['staffCategories'][number];
export type StockMovementNode = DashboardStockMovementsQuery['stockMovements'][number];
export type CatalogHistoryNode = DashboardCatalogHistoryQuery['catalogHistory'][number];
export type ProductBulkInputVariables = DashboardProductsBulkMutationVariables['input'];

export const DASHBOARD_PRODUCTS_QUERY: TypedDocumentNode<
  DashboardProductsQuery,
  DashboardProductsQueryVariables
> = gql`
  query DashboardProducts(
    $filter: StaffProductFilter
    $sort: StaffProductSort
    $first: Int
    $offset: Int
  ) {
    staffProducts(filter: $filter, sort: $sort, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        name
        slug
        published
        featured
        updatedAt
        minPriceCents
        maxPriceCents
        totalStock
        stockLevel
        brand {
          id
          name
        }
        category {
          id
          name
        }
        images(first: 1) {
          url
          alt
        }
        variants {
          id
          sku
          size
          color
          priceCents
          compareAtPriceCents
          stock
          lowStockThreshold
        }
      }
    }
  }
`;

export const DASHBOARD_PRODUCTS_CONTEXT_QUERY: TypedDocumentNode<
  DashboardProductsContextQuery,
  DashboardProductsContextQueryVariables
> = gql`
  query DashboardProductsContext {
    me {
      id
      role
      brandIds
    }
    staffBrands {
      id
      name
      active
    }
    staffCategories {
      id
      name
      parentId
      position
    }
  }
`;

export const DASHBOARD_PRODUCTS_SAVED_VIEWS_QUERY: TypedDocumentNode<
  DashboardProductsSavedViewsQuery,
  DashboardProductsSavedViewsQueryVariables
> = gql`
  query DashboardProductsSavedViews {
    savedViews(screen: PRODUCTS) {
      id
      name
      query
    }
  }
`;

export const PRODUCTS_SAVED_VIEW_CREATE_MUTATION: TypedDocumentNode<
  DashboardProductsSavedViewCreateMutation,
  DashboardProductsSavedViewCreateMutationVariables
> = gql`
  mutation DashboardProductsSavedViewCreate($name: String!, $query: String!) {
    savedViewCreate(input: { screen: PRODUCTS, name: $name, query: $query }) {
      id
      name
      query
    }
  }
`;

export const PRODUCTS_SAVED_VIEW_DELETE_MUTATION: TypedDocumentNode<
  DashboardProductsSavedViewDeleteMutation,
  DashboardProductsSavedViewDeleteMutationVariables
> = gql`
  mutation DashboardProductsSavedViewDelete($id: ID!) {
    savedViewDelete(id: $id)
  }
`;

export const VARIANT_PRICE_SET_MUTATION: TypedDocumentNode<
  DashboardVariantPriceSetMutation,
  DashboardVariantPriceSetMutationVariables
> = gql`
  mutation DashboardVariantPriceSet($id: ID!, $priceCents: Int!) {
    variantPriceSet(id: $id, priceCents: $priceCents) {
      id
      priceCents
      compareAtPriceCents
    }
  }
`;

export const STOCK_CHANGE_MUTATION: TypedDocumentNode<
  DashboardStockChangeMutation,
  DashboardStockChangeMutationVariables
> = gql`
  mutation DashboardStockChange(
    $variantId: ID!
    $reason: StockAdjustReason!
    $quantity: Int!
    $note: String
  ) {
    stockChange(variantId: $variantId, reason: $reason, quantity: $quantity, note: $note) {
      id
      stock
    }
  }
`;

export const STOCK_MOVEMENTS_QUERY: TypedDocumentNode<
  DashboardStockMovementsQuery,
  DashboardStockMovementsQueryVariables
> = gql`
  query DashboardStockMovements($variantId: ID!) {
    stockMovements(variantId: $variantId, first: 50) {
      id
      delta
      kind
      stockAfter
      staffName
      note
      createdAt
    }
  }
`;

export const PRODUCTS_BULK_MUTATION: TypedDocumentNode<
  DashboardProductsBulkMutation,
  DashboardProductsBulkMutationVariables
> = gql`
  mutation DashboardProductsBulk($input: ProductBulkInput!) {
    productsBulk(input: $input) {
      action
      count
      historyEntry {
        id
        summary
      }
    }
  }
`;

export const CATALOG_HISTORY_QUERY: TypedDocumentNode<
  DashboardCatalogHistoryQuery,
  DashboardCatalogHistoryQueryVariables
> = gql`
  query DashboardCatalogHistory {
    catalogHistory(first: 50) {
      id
      createdAt
      staffName
      action
      summary
      productCount
    }
  }
`;
