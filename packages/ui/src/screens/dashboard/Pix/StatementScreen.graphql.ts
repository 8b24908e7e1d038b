// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type StatementEntryMatch =
  | 'MATCHED'
  | 'AMOUNT_MISMATCH'
  | 'UNMATCHED'
  | 'ALREADY_PAID'
  | 'CONFIRMED'
  | 'SUGGESTED'
  | 'AMBIGUOUS';

/** An order a credit pays (or may pay: a suggestion's or an ambiguous credit's candidates). */
export interface StatementOrder {
  id: string;
  number: string;
  totalCents: number;
  createdAt: string;
  customer: { name: string };
}

export interface StatementEntry {
  id: string;
  bankId: string;
  postedAt: string;
  amountCents: number;
  description: string;
  txid: string | null;
  payerName: string | null;
  payerNameAgrees: boolean;
  match: StatementEntryMatch;
  order: StatementOrder | null;
  candidates: StatementOrder[];
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
  suggestedCount: number;
  ambiguousCount: number;
  entries: StatementEntry[];
}

const STATEMENT_ORDER_SELECTION = `
  id
  number
  totalCents
  createdAt
  customer {
    name
  }
`;

/** One import as every operation of this page reads it. */
const BANK_STATEMENT_SELECTION = `
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
  entries {
    id
    bankId
    postedAt
    amountCents
    description
    txid
    payerName
    payerNameAgrees
    match
    order {
      ${STATEMENT_ORDER_SELECTION}
    }
    candidates {
      ${STATEMENT_ORDER_SELECTION}
    }
  }
`;

export interface BankStatementQuery {
  bankStatementImport: BankStatement | null;
}

export const BANK_STATEMENT_QUERY: TypedDocumentNode<BankStatementQuery, { id: string }> = gql`
  query BankStatement($id: ID!) {
    bankStatementImport(id: $id) {
      ${BANK_STATEMENT_SELECTION}
    }
  }
`;

export interface BankStatementConfirmMatchedMutation {
  bankStatementConfirmMatched: BankStatement;
}

export interface BankStatementConfirmMatchedVariables {
  id: string;
  /** Also the SUGGESTED entries (never the AMBIGUOUS ones). */
  includeSuggested?: boolean | null;
}

export const BANK_STATEMENT_CONFIRM_MATCHED_MUTATION: TypedDocumentNode<
  BankStatementConfirmMatchedMutation,
  BankStatementConfirmMatchedVariables
> = gql`
  mutation BankStatementConfirmMatched($id: ID!, $includeSuggested: Boolean) {
    bankStatementConfirmMatched(id: $id, includeSuggested: $includeSuggested) {
      ${BANK_STATEMENT_SELECTION}
    }
  }
`;

export interface BankStatementEntryConfirmMutation {
  bankStatementEntryConfirm: BankStatement;
}

export interface BankStatementEntryConfirmVariables {
  /** The entry's id. */
  id: string;
  /** Its order (MATCHED, SUGGESTED) or the chosen one of its candidates (AMBIGUOUS). */
  orderId: string;
}

export const BANK_STATEMENT_ENTRY_CONFIRM_MUTATION: TypedDocumentNode<
  BankStatementEntryConfirmMutation,
  BankStatementEntryConfirmVariables
> = gql`
  mutation BankStatementEntryConfirm($id: ID!, $orderId: ID!) {
    bankStatementEntryConfirm(id: $id, orderId: $orderId) {
      ${BANK_STATEMENT_SELECTION}
    }
  }
`;
