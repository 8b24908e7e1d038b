// The Pix page with real data: the queue a page at a time (tab and page in the URL: ?aba=,
// ?pagina=), bulk confirmation, statement imports. Opens an import's page once it is read.
import { useMutation, useQuery } from '@apollo/client';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { useBrandScope, withBrandScope } from '../shared/brandScope';
import {
  BANK_STATEMENT_IMPORT_CREATE_MUTATION,
  BANK_STATEMENT_IMPORTS_QUERY,
  ORDERS_MARK_PAID_MUTATION,
  PIX_QUEUE_QUERY,
} from './PixScreen.graphql';
import { PIX_PAGE_SIZES, PixView, type PixTab } from './PixView';

export const PIX_QUEUE_ERROR = 'Não foi possível carregar os pedidos aguardando Pix.';
export const IMPORTS_ERROR = 'Não foi possível carregar os extratos importados.';
const IMPORT_FAILED = 'Não foi possível ler o extrato. Tente de novo.';

const TAB_PARAM = 'aba';
const PAGE_PARAM = 'pagina';
const SIZE_PARAM = 'por';

/** The message of a refused request for people (the API's Portuguese BAD_USER_INPUT). */
function messageOf(error: unknown): string {
  const graphQLErrors = (
    error as { graphQLErrors?: { message: string; extensions?: { code?: unknown } }[] }
  )?.graphQLErrors;
  const refused = graphQLErrors?.find((item) => item.extensions?.code === 'BAD_USER_INPUT');
  return refused?.message ?? IMPORT_FAILED;
}

export function PixScreen() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { brandId } = useBrandScope();
  const tab: PixTab = searchParams.get(TAB_PARAM) === 'extratos' ? 'extratos' : 'conferir';
  const page = Math.max(0, Number.parseInt(searchParams.get(PAGE_PARAM) ?? '1', 10) - 1 || 0);
  const sizeParam = Number.parseInt(searchParams.get(SIZE_PARAM) ?? '', 10);
  const pageSize = (PIX_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 20;
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [now, setNow] = useState(() => Date.now());

  // The "expira em" column counts down without asking the server.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const queue = useQuery(PIX_QUEUE_QUERY, {
    variables: { brandId, first: pageSize, offset: page * pageSize },
    skip: tab !== 'conferir',
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const imports = useQuery(BANK_STATEMENT_IMPORTS_QUERY, {
    skip: tab !== 'extratos',
    fetchPolicy: 'cache-and-network',
  });
  const [markPaid] = useMutation(ORDERS_MARK_PAID_MUTATION);
  const [importStatement] = useMutation(BANK_STATEMENT_IMPORT_CREATE_MUTATION);

  function setParams(patch: Record<string, string | null>) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  }

  return (
    <PixView
      tab={tab}
      onTabChange={(next) =>
        setParams({ [TAB_PARAM]: next === 'extratos' ? 'extratos' : null, [PAGE_PARAM]: null })
      }
      rows={queue.data?.orders.nodes ?? []}
      totalCount={queue.data?.orders.totalCount ?? 0}
      page={page}
      pageSize={pageSize}
      onPaginationChange={(nextPage, nextSize) =>
        setParams({
          [PAGE_PARAM]: nextPage > 0 ? String(nextPage + 1) : null,
          [SIZE_PARAM]: nextSize !== 20 ? String(nextSize) : null,
        })
      }
      loading={queue.loading}
      error={queue.error ? PIX_QUEUE_ERROR : null}
      onRetry={() => void queue.refetch()}
      selectedIds={selectedIds}
      onSelectionChange={setSelectedIds}
      onConfirmPayments={async (ids) => {
        const result = await markPaid({ variables: { ids } });
        void queue.refetch();
        return result.data?.ordersMarkPaid ?? [];
      }}
      now={now}
      brandId={brandId}
      imports={imports.data?.bankStatementImports ?? null}
      importsLoading={imports.loading}
      importsError={imports.error ? IMPORTS_ERROR : null}
      onRetryImports={() => void imports.refetch()}
      onImportStatement={async (file) => {
        try {
          const result = await importStatement({ variables: { input: file } });
          const id = result.data?.bankStatementImportCreate.id;
          if (!id) throw new Error(IMPORT_FAILED);
          void imports.refetch();
          void navigate(withBrandScope(dashboardPaths.statement(id), brandId));
        } catch (error) {
          throw new Error(messageOf(error));
        }
      }}
    />
  );
}
