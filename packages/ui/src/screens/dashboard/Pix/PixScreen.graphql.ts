// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BankStatementImportCreateMutation,
  BankStatementImportCreateMutationVariables,
  BankStatementImportsQuery,
  BankStatementImportsQueryVariables,
  DashboardPixRoleQuery,
  DashboardPixRoleQueryVariables,
  OrdersMarkPaidMutation,
  OrdersMarkPaidMutationVariables,
  PixQueueQuery,
  PixQueueQueryVariables,
} from '../../../graphql/generated';

/**
 * The caller's role: Pix a conferir and the statements are the store's money, ADMIN only (the
 * API answers FORBIDDEN to the others), so the other roles get the no-permission state.
 */
export const DASHBOARD_PIX_ROLE_QUERY: TypedDocumentNode<
  DashboardPixRoleQuery,
  DashboardPixRoleQueryVariables
> = gql`
  query DashboardPixRole {
    me {
      id
      role
    }
  }
`;

export type PixQueueOrder = PixQueueQuery['orders']['nodes'][number];

export type { PixQueueQuery };

export type PixQueueVariables = PixQueueQueryVariables;

/** Orders waiting for their Pix, the soonest expiry first, a page at a time. */
export const PIX_QUEUE_QUERY: TypedDocumentNode<PixQueueQuery, PixQueueQueryVariables> = gql`
  query PixQueue($brandId: ID, $first: Int!, $offset: Int!) {
    orders(
      filter: { status: PENDING_PAYMENT, paymentMethod: PIX, brandId: $brandId }
      sort: EXPIRES_SOONEST
      first: $first
      offset: $offset
    ) {
      totalCount
      nodes {
        id
        number
        customer {
          name
        }
        totalCents
        pixTxid
        paymentExpiresAt
        createdAt
      }
    }
  }
`;

export type { OrdersMarkPaidMutation };

export type OrdersMarkPaidVariables = OrdersMarkPaidMutationVariables;

export const ORDERS_MARK_PAID_MUTATION: TypedDocumentNode<
  OrdersMarkPaidMutation,
  OrdersMarkPaidMutationVariables
> = gql`
  mutation OrdersMarkPaid($ids: [ID!]!, $note: String) {
    ordersMarkPaid(ids: $ids, note: $note) {
      id
      ok
      error
      order {
        id
        number
        status
      }
    }
  }
`;

export type StatementSummary = BankStatementImportsQuery['bankStatementImports'][number];

export type { BankStatementImportsQuery };

export const BANK_STATEMENT_IMPORTS_QUERY: TypedDocumentNode<
  BankStatementImportsQuery,
  BankStatementImportsQueryVariables
> = gql`
  query BankStatementImports {
    bankStatementImports(first: 20) {
      id
      fileName
      format
      createdAt
      staffName
      matchedCount
      mismatchCount
      unmatchedCount
      confirmedCount
      suggestedCount
      ambiguousCount
    }
  }
`;

export type { BankStatementImportCreateMutation };

export type BankStatementImportCreateVariables = BankStatementImportCreateMutationVariables;

export const BANK_STATEMENT_IMPORT_CREATE_MUTATION: TypedDocumentNode<
  BankStatementImportCreateMutation,
  BankStatementImportCreateMutationVariables
> = gql`
  mutation BankStatementImportCreate($input: BankStatementInput!) {
    bankStatementImportCreate(input: $input) {
      id
      fileName
      format
      createdAt
      staffName
      matchedCount
      mismatchCount
      unmatchedCount
      confirmedCount
      suggestedCount
      ambiguousCount
    }
  }
`;
