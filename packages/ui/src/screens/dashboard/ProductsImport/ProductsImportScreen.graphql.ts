// The product import's documents: recent imports, one import with a page of its rows, create,
// apply, discard.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type ProductImportStatus =
  'PREVIEWING' | 'READY' | 'APPLYING' | 'APPLIED' | 'FAILED' | 'DISCARDED';

export type ProductImportRowOutcome = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'REFUSED';

export interface ProductImportSummary {
  id: string;
  fileName: string;
  status: ProductImportStatus;
  createdAt: string;
  staffName: string | null;
  totalRows: number;
  createCount: number;
  updateCount: number;
  unchangedCount: number;
  refusedCount: number;
  appliedRows: number;
  error: string | null;
}

export interface ProductImportRow {
  line: number;
  sku: string | null;
  productSlug: string | null;
  outcome: ProductImportRowOutcome;
  message: string | null;
  /** Each field the row changes, before and after (UPDATE; a new variant's product fields). */
  changes: { field: string; before: string; after: string }[];
}

export interface ProductImportDetail extends ProductImportSummary {
  rows: ProductImportRow[];
}

export const DASHBOARD_IMPORT_ROLE_QUERY: TypedDocumentNode<
  { me: { id: string; role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT' } },
  Record<string, never>
> = gql`
  query DashboardImportRole {
    me {
      id
      role
    }
  }
`;

export interface DashboardProductImportsQuery {
  productImports: ProductImportSummary[];
}

export const DASHBOARD_PRODUCT_IMPORTS_QUERY: TypedDocumentNode<
  DashboardProductImportsQuery,
  { first: number }
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

export interface DashboardProductImportVariables {
  id: string;
  outcome: ProductImportRowOutcome | null;
  first: number;
  offset: number;
}

export const DASHBOARD_PRODUCT_IMPORT_QUERY: TypedDocumentNode<
  { productImport: ProductImportDetail | null },
  DashboardProductImportVariables
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

export const PRODUCT_IMPORT_CREATE_MUTATION: TypedDocumentNode<
  { productImportCreate: { id: string; status: ProductImportStatus } },
  { input: { fileName: string; contentBase64: string } }
> = gql`
  mutation ProductImportCreate($input: ProductImportInput!) {
    productImportCreate(input: $input) {
      id
      status
    }
  }
`;

export const PRODUCT_IMPORT_APPLY_MUTATION: TypedDocumentNode<
  { productImportApply: { id: string; status: ProductImportStatus; appliedRows: number } },
  { id: string }
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
  { productImportDiscard: { id: string; status: ProductImportStatus } },
  { id: string }
> = gql`
  mutation ProductImportDiscard($id: ID!) {
    productImportDiscard(id: $id) {
      id
      status
    }
  }
`;
