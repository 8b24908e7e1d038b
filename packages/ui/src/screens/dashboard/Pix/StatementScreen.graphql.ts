// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type StatementEntryMatch =
  'MATCHED' | 'AMOUNT_MISMATCH' | 'UNMATCHED' | 'ALREADY_PAID' | 'CONFIRMED';

export interface StatementEntry {
  id: string;
  bankId: string;
  postedAt: string;
  amountCents: number;
  description: string;
  txid: string | null;
  match: StatementEntryMatch;
  order: { id: string; number: string; totalCents: number; customer: { name: string } } | null;
}

export interface BankStatement {
  id: string;
  fileName: string;
  format: string;
  createdAt: string;
  staffName: string | null;
  matchedCount: number;
  mismatchCount: number;
  unmatchedCount: number;
  confirmedCount: number;
  entries: StatementEntry[];
}

export interface BankStatementQuery {
  bankStatementImport: BankStatement | null;
}

export const BANK_STATEMENT_QUERY: TypedDocumentNode<BankStatementQuery, { id: string }> = gql`
  query BankStatement($id: ID!) {
    bankStatementImport(id: $id) {
      id
      fileName
      format
      createdAt
      staffName
      matchedCount
      mismatchCount
      unmatchedCount
      confirmedCount
      entries {
        id
        bankId
        postedAt
        amountCents
        description
        txid
        match
        order {
          id
          number
          totalCents
          customer {
            name
          }
        }
      }
    }
  }
`;

export interface BankStatementConfirmMatchedMutation {
  bankStatementConfirmMatched: BankStatement;
}

export const BANK_STATEMENT_CONFIRM_MATCHED_MUTATION: TypedDocumentNode<
  BankStatementConfirmMatchedMutation,
  { id: string }
> = gql`
  mutation BankStatementConfirmMatched($id: ID!) {
    bankStatementConfirmMatched(id: $id) {
      id
      fileName
      format
      createdAt
      staffName
      matchedCount
      mismatchCount
      unmatchedCount
      confirmedCount
      entries {
        id
        bankId
        postedAt
        amountCents
        description
        txid
        match
        order {
          id
          number
          totalCents
          customer {
            name
          }
        }
      }
    }
  }
`;
