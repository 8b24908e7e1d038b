// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { OrderStatus, StaffRole } from '../Orders/orderLabels';

/**
 * The caller's role: Pix a conferir and the statements are the store's money, ADMIN only (the
 * API answers FORBIDDEN to the others), so the other roles get the no-permission state.
 */
export const DASHBOARD_PIX_ROLE_QUERY: TypedDocumentNode<
  { me: { id: string; role: StaffRole } },
  Record<string, never>
> = gql`
  query DashboardPixRole {
    me {
      id
      role
    }
  }
`;

export interface PixQueueOrder {
  id: string;
  number: string;
  customer: { name: string };
  totalCents: number;
  pixTxid: string | null;
  paymentExpiresAt: string | null;
  createdAt: string;
}

export interface PixQueueQuery {
  orders: { totalCount: number; nodes: PixQueueOrder[] };
}

export interface PixQueueVariables {
  brandId?: string | null;
  first: number;
  offset: number;
}

/** Orders waiting for their Pix, the soonest expiry first, a page at a time. */
export const PIX_QUEUE_QUERY: TypedDocumentNode<PixQueueQuery, PixQueueVariables> = gql`
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

export interface OrdersMarkPaidMutation {
  ordersMarkPaid: {
    id: string;
    ok: boolean;
    error: string | null;
    order: { id: string; number: string; status: OrderStatus } | null;
  }[];
}

export interface OrdersMarkPaidVariables {
  ids: string[];
  note?: string | null;
}

export const ORDERS_MARK_PAID_MUTATION: TypedDocumentNode<
  OrdersMarkPaidMutation,
  OrdersMarkPaidVariables
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

export interface StatementSummary {
  id: string;
  fileName: string;
  format: string;
  createdAt: string;
  staffName: string | null;
  matchedCount: number;
  mismatchCount: number;
  unmatchedCount: number;
  confirmedCount: number;
  suggestedCount: number;
  ambiguousCount: number;
}

export interface BankStatementImportsQuery {
  bankStatementImports: StatementSummary[];
}

export const BANK_STATEMENT_IMPORTS_QUERY: TypedDocumentNode<
  BankStatementImportsQuery,
  Record<string, never>
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

export interface BankStatementImportCreateMutation {
  bankStatementImportCreate: StatementSummary;
}

export interface BankStatementImportCreateVariables {
  /** The file's bytes in base64: the server decodes them (UTF-8, or the bank's Windows-1252). */
  input: { fileName: string; contentBase64: string };
}

export const BANK_STATEMENT_IMPORT_CREATE_MUTATION: TypedDocumentNode<
  BankStatementImportCreateMutation,
  BankStatementImportCreateVariables
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
