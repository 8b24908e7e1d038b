// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BankStatementConfirmMatchedMutation,
  BankStatementConfirmMatchedMutationVariables,
  BankStatementEntryConfirmMutation,
  BankStatementEntryConfirmMutationVariables,
  BankStatementQuery,
  BankStatementQueryVariables,
  StatementEntryMatch,
} from '../../../graphql/generated';

export type { StatementEntryMatch };

/** An order a credit pays (or may pay: a suggestion's or an ambiguous credit's candidates). */
export type StatementOrder = NonNullable<
  NonNullable<BankStatementQuery['bankStatementImport']>['entries'][number]['order']
>;

export type StatementEntry = NonNullable<
  BankStatementQuery['bankStatementImport']
>['entries'][number];

export type BankStatement = NonNullable<BankStatementQuery['bankStatementImport']>;

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

export type { BankStatementQuery };

export const BANK_STATEMENT_QUERY: TypedDocumentNode<
  BankStatementQuery,
  BankStatementQueryVariables
> = gql`
  query BankStatement($id: ID!) {
    bankStatementImport(id: $id) {
      ${BANK_STATEMENT_SELECTION}
    }
  }
`;

export type { BankStatementConfirmMatchedMutation };

export type BankStatementConfirmMatchedVariables = BankStatementConfirmMatchedMutationVariables;

export const BANK_STATEMENT_CONFIRM_MATCHED_MUTATION: TypedDocumentNode<
  BankStatementConfirmMatchedMutation,
  BankStatementConfirmMatchedMutationVariables
> = gql`
  mutation BankStatementConfirmMatched($id: ID!, $includeSuggested: Boolean) {
    bankStatementConfirmMatched(id: $id, includeSuggested: $includeSuggested) {
      ${BANK_STATEMENT_SELECTION}
    }
  }
`;

export type { BankStatementEntryConfirmMutation };

export type BankStatementEntryConfirmVariables = BankStatementEntryConfirmMutationVariables;

export const BANK_STATEMENT_ENTRY_CONFIRM_MUTATION: TypedDocumentNode<
  BankStatementEntryConfirmMutation,
  BankStatementEntryConfirmMutationVariables
> = gql`
  mutation BankStatementEntryConfirm($id: ID!, $orderId: ID!) {
    bankStatementEntryConfirm(id: $id, orderId: $orderId) {
      ${BANK_STATEMENT_SELECTION}
    }
  }
`;
