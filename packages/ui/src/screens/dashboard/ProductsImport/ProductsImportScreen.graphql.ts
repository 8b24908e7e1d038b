// The product import's documents: recent imports, one import with a page of its rows, apply and
// discard (the file is uploaded to POST /admin/imports/products, not through GraphQL).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardImportRoleQuery,
  DashboardImportRoleQueryVariables,
  DashboardProductImportQuery,
  DashboardProductImportQueryVariables,
  DashboardProductImportsQuery,
  DashboardProductImportsQueryVariables,
  ProductImportApplyMutation,
  ProductImportApplyMutationVariables,
  ProductImportDiscardMutation,
  ProductImportDiscardMutationVariables,
  ProductImportRowOutcome,
  ProductImportStatus,
} from '../../../graphql/generated';

export type { ProductImportStatus };

export type { ProductImportRowOutcome };

export type ProductImportSummary = DashboardProductImportsQuery['productImports'][number];

export type ProductImportRow = NonNullable<
  DashboardProductImportQuery['productImport']
>['rows'][number];

export type ProductImportDetail = NonNullable<DashboardProductImportQuery['productImport']>;

export const DASHBOARD_IMPORT_ROLE_QUERY: TypedDocumentNode<
  DashboardImportRoleQuery,
  DashboardImportRoleQueryVariables
> = gql`
  query DashboardImportRole {
    me {
      id
      role
    }
  }
`;

export type { DashboardProductImportsQuery };

export const DASHBOARD_PRODUCT_IMPORTS_QUERY: TypedDocumentNode<
  DashboardProductImportsQuery,
  DashboardProductImportsQueryVariables
> = gql`
  query DashboardProductImports($first: Int) {
    productImports(first: $first) {
      id
      fileName
      status
      createdAt
      staffName
      totalRows
      createCount
      updateCount
      unchangedCount
      refusedCount
      appliedRows
      error
    }
  }
`;

export type DashboardProductImportVariables = DashboardProductImportQueryVariables;

export const DASHBOARD_PRODUCT_IMPORT_QUERY: TypedDocumentNode<
  DashboardProductImportQuery,
  DashboardProductImportQueryVariables
> = gql`
  query DashboardProductImport(
    $id: ID!
    $outcome: ProductImportRowOutcome
    $first: Int
    $offset: Int
  ) {
    productImport(id: $id) {
      id
      fileName
      status
      createdAt
      staffName
      totalRows
      createCount
      updateCount
      unchangedCount
      refusedCount
      appliedRows
      error
      rows(outcome: $outcome, first: $first, offset: $offset) {
        line
        sku
        productSlug
        outcome
        message
        changes {
          field
          before
          after
        }
      }
    }
  }
`;

export const PRODUCT_IMPORT_APPLY_MUTATION: TypedDocumentNode<
  ProductImportApplyMutation,
  ProductImportApplyMutationVariables
> = gql`
  mutation ProductImportApply($id: ID!) {
    productImportApply(id: $id) {
      id
      status
      appliedRows
    }
  }
`;

export const PRODUCT_IMPORT_DISCARD_MUTATION: TypedDocumentNode<
  ProductImportDiscardMutation,
  ProductImportDiscardMutationVariables
> = gql`
  mutation ProductImportDiscard($id: ID!) {
    productImportDiscard(id: $id) {
      id
      status
    }
  }
`;
