// The Pix page with real data: the queue a page at a time (tab and page in the URL: ?aba=,
// ?pagina=), bulk confirmation, statement imports. Opens an import's page once it is read.
// ADMIN only: for the other roles (or when the API says FORBIDDEN) the no-permission state, and
// nothing is asked of the API but the role.
import { useMutation, useQuery } from '@apollo/client';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { useBrandScope, withBrandScope } from '../shared/brandScope';
import {
  BANK_STATEMENT_IMPORT_CREATE_MUTATION,
  BANK_STATEMENT_IMPORTS_QUERY,
  DASHBOARD_PIX_ROLE_QUERY,
  ORDERS_MARK_PAID_MUTATION,
  PIX_QUEUE_QUERY,
} from './PixScreen.graphql';
import { PIX_PAGE_SIZES, PixView, type PixTab } from './PixView';
import { isForbidden } from './pixFormat';

export const PIX_QUEUE_ERROR = 'Não foi possível carregar os pedidos aguardando Pix.';
export const IMPORTS_ERROR = 'Não foi possível carregar os extratos importados.';
export const IMPORT_FAILED = 'Não foi possível ler o extrato. Tente de novo.';
/** The import refused for lack of permission, when the API did not say it in its own words. */
export const IMPORT_FORBIDDEN = 'Você não tem permissão para importar extratos.';

const TAB_PARAM = 'aba';
const PAGE_PARAM = 'pagina';
const SIZE_PARAM = 'por';

/**
 * The message of a refused import for people: the API's Portuguese BAD_USER_INPUT (the file) or
 * FORBIDDEN (the role), else that the statement could not be read.
 */
export function importErrorMessage(error: unknown): string {
  const read = readServerError(error as Error);
  if (read.code === 'FORBIDDEN') return read.message || IMPORT_FORBIDDEN;
  if (read.code === 'BAD_USER_INPUT') return read.message;
  return IMPORT_FAILED;
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

  const me = useQuery(DASHBOARD_PIX_ROLE_QUERY);
  const role = me.data?.me.role ?? null;
  const admin = role === 'ADMIN';
  const queue = useQuery(PIX_QUEUE_QUERY, {
    variables: { brandId, first: pageSize, offset: page * pageSize },
    skip: !admin || tab !== 'conferir',
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const imports = useQuery(BANK_STATEMENT_IMPORTS_QUERY, {
    skip: !admin || tab !== 'extratos',
    fetchPolicy: 'cache-and-network',
  });
  const forbidden =
    (role !== null && !admin) || isForbidden(queue.error) || isForbidden(imports.error);
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
      forbidden={forbidden}
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
      loading={me.loading || queue.loading}
      error={queue.error || me.error ? PIX_QUEUE_ERROR : null}
      onRetry={() => void (me.error ? me.refetch() : queue.refetch())}
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
      importsError={imports.error || me.error ? IMPORTS_ERROR : null}
      onRetryImports={() => void (me.error ? me.refetch() : imports.refetch())}
      onImportStatement={async (file) => {
        try {
          const result = await importStatement({ variables: { input: file } });
          const id = result.data?.bankStatementImportCreate.id;
          if (!id) throw new Error(IMPORT_FAILED);
          void imports.refetch();
          void navigate(withBrandScope(dashboardPaths.statement(id), brandId));
        } catch (error) {
          throw new Error(importErrorMessage(error));
        }
      }}
    />
  );
}
