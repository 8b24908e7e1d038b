// The product import with real data ('dashboard/productsImport', ADMIN and BRAND_MANAGER): the file
// is uploaded as it is (POST /admin/imports/products, up to 100 MB), the open import in the URL
// (?importacao=<id>, &resultado=, &pagina=), so the staff member can leave and come back; while the
// server reads or applies it, the page asks again every second.
import { useMutation, useQuery } from '@apollo/client';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { readServerError } from '../../shared/graphqlErrors';
import { useAuth } from '../../../auth';
import { IMPORT_UPLOAD_PATH, isWorking } from './productImportFile';
import {
  DASHBOARD_IMPORT_ROLE_QUERY,
  DASHBOARD_PRODUCT_IMPORT_QUERY,
  DASHBOARD_PRODUCT_IMPORTS_QUERY,
  PRODUCT_IMPORT_APPLY_MUTATION,
  PRODUCT_IMPORT_DISCARD_MUTATION,
  type ProductImportRowOutcome,
} from './ProductsImportScreen.graphql';
import { IMPORT_PARAM, IMPORT_ROWS_PAGE_SIZE, ProductsImportView } from './ProductsImportView';

export const IMPORTS_ERROR = 'Não foi possível carregar as importações.';
export const IMPORT_ERROR = 'Não foi possível carregar a importação.';
export const UPLOAD_FAILED = 'Não foi possível enviar o arquivo. Tente novamente.';
export const UPLOAD_CONNECTION_ERROR =
  'Não foi possível conectar ao servidor para enviar o arquivo. Tente novamente.';
/** How often an import being read or applied is asked for again. */
export const IMPORT_POLL_MS = 1000;

const OUTCOME_PARAM = 'resultado';
const PAGE_PARAM = 'pagina';
const OUTCOMES: Record<string, ProductImportRowOutcome> = {
  criar: 'CREATE',
  atualizar: 'UPDATE',
  'sem-mudanca': 'UNCHANGED',
  recusadas: 'REFUSED',
};
const OUTCOME_SLUGS = Object.fromEntries(
  Object.entries(OUTCOMES).map(([slug, outcome]) => [outcome, slug]),
) as Record<ProductImportRowOutcome, string>;

function failure(error: unknown): Error {
  return new Error(readServerError(error as Error).message);
}

export interface ProductsImportScreenProps {
  /** How often a working import is asked for (IMPORT_POLL_MS; tests pass less). */
  pollMs?: number;
}

export function ProductsImportScreen({ pollMs = IMPORT_POLL_MS }: ProductsImportScreenProps = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get(IMPORT_PARAM);
  const outcome = OUTCOMES[searchParams.get(OUTCOME_PARAM) ?? ''] ?? null;
  const page = Math.max(0, Number.parseInt(searchParams.get(PAGE_PARAM) ?? '1', 10) - 1 || 0);

  const me = useQuery(DASHBOARD_IMPORT_ROLE_QUERY);
  const list = useQuery(DASHBOARD_PRODUCT_IMPORTS_QUERY, {
    variables: { first: 10 },
    fetchPolicy: 'cache-and-network',
  });
  const detail = useQuery(DASHBOARD_PRODUCT_IMPORT_QUERY, {
    variables: {
      id: importId ?? '',
      outcome,
      first: IMPORT_ROWS_PAGE_SIZE,
      offset: page * IMPORT_ROWS_PAGE_SIZE,
    },
    skip: importId === null,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
  });
  const auth = useAuth();
  const [applyImport] = useMutation(PRODUCT_IMPORT_APPLY_MUTATION);
  const [discardImport] = useMutation(PRODUCT_IMPORT_DISCARD_MUTATION);

  // Another tab or page of the same import keeps the one shown (dimmed) until it arrives, as the
  // lists do: the heading, counts and buttons do not blink into a skeleton on every click.
  const current = (detail.data ?? detail.previousData)?.productImport ?? null;
  const working = current !== null && isWorking(current.status);
  const { startPolling, stopPolling } = detail;
  useEffect(() => {
    if (!working) return undefined;
    startPolling(pollMs);
    return () => stopPolling();
  }, [working, startPolling, stopPolling, pollMs]);

  function setParams(patch: Record<string, string | null>) {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  }

  const refusedByServer =
    list.error?.graphQLErrors.some((item) => item.extensions?.code === 'FORBIDDEN') ?? false;
  const forbidden = me.data?.me.role === 'SUPPORT' || refusedByServer;
  const shown = importId !== null && current?.id === importId ? current : null;
  // On screen, another tab's or page's rows of the import, while the asked ones load or failed.
  const stale = shown !== null && detail.data === undefined;

  return (
    <ProductsImportView
      forbidden={forbidden}
      imports={list.data?.productImports ?? null}
      importsLoading={list.loading}
      importsError={list.error ? IMPORTS_ERROR : null}
      onRetryImports={() => void list.refetch()}
      onUpload={async (file) => {
        let response: Response;
        try {
          // The bytes, not the File: every fetch takes an ArrayBuffer (at most 100 MB).
          const body = await file.arrayBuffer();
          response = await auth.fetch(
            auth.apiUrl(`${IMPORT_UPLOAD_PATH}?fileName=${encodeURIComponent(file.name)}`),
            { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body },
          );
        } catch {
          throw new Error(UPLOAD_CONNECTION_ERROR);
        }
        const answer = (await response.json().catch(() => null)) as {
          id?: string;
          detail?: string;
        } | null;
        if (!response.ok || !answer?.id) throw new Error(answer?.detail ?? UPLOAD_FAILED);
        void list.refetch();
        setParams({ [IMPORT_PARAM]: answer.id, [OUTCOME_PARAM]: null, [PAGE_PARAM]: null });
      }}
      importId={importId}
      detail={shown}
      detailLoading={detail.loading}
      rowsRefreshing={detail.loading && stale}
      rowsError={!detail.loading && detail.error && stale ? IMPORT_ERROR : null}
      detailError={detail.error ? IMPORT_ERROR : null}
      onRetryDetail={() => void detail.refetch()}
      outcome={outcome}
      onOutcomeChange={(next) =>
        setParams({ [OUTCOME_PARAM]: next ? OUTCOME_SLUGS[next] : null, [PAGE_PARAM]: null })
      }
      page={page}
      onPageChange={(next) => setParams({ [PAGE_PARAM]: next > 0 ? String(next + 1) : null })}
      onApply={async () => {
        if (!importId) return;
        try {
          await applyImport({ variables: { id: importId } });
        } catch (error) {
          throw failure(error);
        }
        await detail.refetch();
        void list.refetch();
      }}
      onDiscard={async () => {
        if (!importId) return;
        try {
          await discardImport({ variables: { id: importId } });
        } catch (error) {
          throw failure(error);
        }
        await detail.refetch();
        void list.refetch();
      }}
    />
  );
}
