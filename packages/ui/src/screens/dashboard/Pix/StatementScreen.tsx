// One imported bank statement with real data (dashboardPaths.statement(id)). ADMIN only: for
// the other roles (or when the API says FORBIDDEN) the no-permission state.
import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { pluralize } from '../../../format';
import { readServerError } from '../../shared/graphqlErrors';
import { useBrandScope } from '../shared/brandScope';
import { DASHBOARD_PIX_ROLE_QUERY } from './PixScreen.graphql';
import {
  BANK_STATEMENT_CONFIRM_MATCHED_MUTATION,
  BANK_STATEMENT_QUERY,
} from './StatementScreen.graphql';
import { StatementView } from './StatementView';
import { isForbidden } from './pixFormat';

export const STATEMENT_ERROR = 'Não foi possível carregar o extrato.';
const CONFIRM_FAILED = 'Não foi possível confirmar os pagamentos. Tente de novo.';

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
  const [notice, setNotice] = useState<string | null>(null);
  const statement = data?.bankStatementImport ?? null;
  const failed = error ?? me.error;

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
      onConfirmMatched={async () => {
        const before = statement?.confirmedCount ?? 0;
        try {
          const result = await confirmMatched({ variables: { id } });
          const after = result.data?.bankStatementConfirmMatched.confirmedCount ?? before;
          setNotice(
            after - before === 1
              ? '1 pagamento confirmado.'
              : `${pluralize(after - before, 'pagamento confirmado', 'pagamentos confirmados')}.`,
          );
          void refetch();
        } catch (reason) {
          const read = readServerError(reason as Error);
          throw new Error(read.code === 'FORBIDDEN' ? read.message : CONFIRM_FAILED);
        }
      }}
    />
  );
}
