// One imported bank statement with real data (dashboardPaths.statement(id)): the matched (and
// suggested) credits confirmed at once, or one credit as one of its orders; each answer is the
// import as it stands after the change, written over the page's query. ADMIN only: for the other
// roles (or when the API says FORBIDDEN) the no-permission state.
import { useMutation, useQuery, type ApolloCache } from '@apollo/client';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { pluralize } from '../../../format';
import { readServerError } from '../../shared/graphqlErrors';
import { useBrandScope } from '../shared/brandScope';
import { DASHBOARD_PIX_ROLE_QUERY } from './PixScreen.graphql';
import {
  BANK_STATEMENT_CONFIRM_MATCHED_MUTATION,
  BANK_STATEMENT_ENTRY_CONFIRM_MUTATION,
  BANK_STATEMENT_QUERY,
  type BankStatement,
} from './StatementScreen.graphql';
import { StatementView } from './StatementView';
import { isForbidden } from './pixFormat';

export const STATEMENT_ERROR = 'Não foi possível carregar o extrato.';
const CONFIRM_FAILED = 'Não foi possível confirmar os pagamentos. Tente de novo.';
const ENTRY_CONFIRM_FAILED = 'Não foi possível confirmar este pagamento. Tente de novo.';

/** The API's own words when it refused for a reason a person can act on; else `fallback`. */
function confirmErrorMessage(reason: unknown, fallback: string): string {
  const read = readServerError(reason as Error);
  const spoken = ['FORBIDDEN', 'BAD_USER_INPUT', 'NOT_FOUND'].includes(read.code ?? '');
  return spoken && read.message ? read.message : fallback;
}

function confirmedNotice(count: number): string {
  return count === 1
    ? '1 pagamento confirmado.'
    : `${pluralize(count, 'pagamento confirmado', 'pagamentos confirmados')}.`;
}

export function StatementScreen() {
  const { id = '' } = useParams();
  const { brandId } = useBrandScope();
  const me = useQuery(DASHBOARD_PIX_ROLE_QUERY);
  const role = me.data?.me.role ?? null;
  const { data, loading, error, refetch } = useQuery(BANK_STATEMENT_QUERY, {
    variables: { id },
    skip: role !== 'ADMIN',
  });
  const [confirmMatched] = useMutation(BANK_STATEMENT_CONFIRM_MATCHED_MUTATION);
  const [confirmEntry] = useMutation(BANK_STATEMENT_ENTRY_CONFIRM_MUTATION);
  const [notice, setNotice] = useState<string | null>(null);
  const statement = data?.bankStatementImport ?? null;
  const failed = error ?? me.error;

  /** The import as a confirmation answered it, over the page's query (no refetch to wait for). */
  function write(cache: ApolloCache<unknown>, answer: BankStatement | undefined) {
    if (answer) {
      cache.writeQuery({
        query: BANK_STATEMENT_QUERY,
        variables: { id },
        data: { bankStatementImport: answer },
      });
    }
  }

  return (
    <StatementView
      statement={statement}
      forbidden={(role !== null && role !== 'ADMIN') || isForbidden(error)}
      loading={me.loading || loading}
      error={failed ? STATEMENT_ERROR : null}
      onRetry={() => void (me.error ? me.refetch() : refetch())}
      notFound={!loading && !failed && data !== undefined && statement === null}
      brandId={brandId}
      confirmedNotice={notice}
      onConfirmMatched={async ({ includeSuggested }) => {
        const before = statement?.confirmedCount ?? 0;
        try {
          const result = await confirmMatched({
            variables: { id, includeSuggested },
            update: (cache, answer) => write(cache, answer.data?.bankStatementConfirmMatched),
          });
          const after = result.data?.bankStatementConfirmMatched.confirmedCount ?? before;
          setNotice(confirmedNotice(after - before));
        } catch (reason) {
          throw new Error(confirmErrorMessage(reason, CONFIRM_FAILED));
        }
      }}
      onConfirmEntry={async (entryId, orderId) => {
        const number = [
          ...(statement?.entries.map((entry) => entry.order) ?? []),
          ...(statement?.entries.flatMap((entry) => entry.candidates) ?? []),
        ].find((order) => order?.id === orderId)?.number;
        try {
          await confirmEntry({
            variables: { id: entryId, orderId },
            update: (cache, answer) => write(cache, answer.data?.bankStatementEntryConfirm),
          });
          setNotice(number ? `Pagamento do pedido ${number} confirmado.` : confirmedNotice(1));
        } catch (reason) {
          // The import may have changed meanwhile (an order paid elsewhere): read it again.
          void refetch();
          throw new Error(confirmErrorMessage(reason, ENTRY_CONFIRM_FAILED));
        }
      }}
    />
  );
}
