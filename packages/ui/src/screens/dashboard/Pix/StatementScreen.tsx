// One imported bank statement with real data (dashboardPaths.statement(id)).
import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { pluralize } from '../../../format';
import { useBrandScope } from '../shared/brandScope';
import {
  BANK_STATEMENT_CONFIRM_MATCHED_MUTATION,
  BANK_STATEMENT_QUERY,
} from './StatementScreen.graphql';
import { StatementView } from './StatementView';

export const STATEMENT_ERROR = 'Não foi possível carregar o extrato.';
const CONFIRM_FAILED = 'Não foi possível confirmar os pagamentos. Tente de novo.';

export function StatementScreen() {
  const { id = '' } = useParams();
  const { brandId } = useBrandScope();
  const { data, loading, error, refetch } = useQuery(BANK_STATEMENT_QUERY, { variables: { id } });
  const [confirmMatched] = useMutation(BANK_STATEMENT_CONFIRM_MATCHED_MUTATION);
  const [notice, setNotice] = useState<string | null>(null);
  const statement = data?.bankStatementImport ?? null;

  return (
    <StatementView
      statement={statement}
      loading={loading}
      error={error ? STATEMENT_ERROR : null}
      onRetry={() => void refetch()}
      notFound={!loading && !error && data !== undefined && statement === null}
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
        } catch {
          throw new Error(CONFIRM_FAILED);
        }
      }}
    />
  );
}
