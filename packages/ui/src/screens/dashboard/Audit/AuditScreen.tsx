// The audit log with real data: its filters in the URL, a page of `auditLog` (ADMIN), the
// filters' options, and the CSV export of the filtered log (POST /admin/exports/audit, then the
// download the server streams).
import { useQuery } from '@apollo/client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { readServerError } from '../../shared/graphqlErrors';
import type { ListError } from '../../../components/dashboard/ListStates';
import {
  DASHBOARD_AUDIT_BRANDS_QUERY,
  DASHBOARD_AUDIT_LOG_QUERY,
  DASHBOARD_AUDIT_STAFF_QUERY,
} from './AuditScreen.graphql';
import {
  auditFilter,
  auditParams,
  auditVariables,
  parseAuditParams,
  type AuditListState,
} from './auditUrlState';
import { AuditView } from './AuditView';

export const AUDIT_EXPORT_PATH = '/admin/exports/audit';

export interface AuditScreenProps {
  /** Opens the export's download (a full navigation by default; tests pass a spy). */
  download?(url: string): void;
}

function defaultDownload(url: string) {
  window.location.assign(url);
}

export function AuditScreen({ download = defaultDownload }: AuditScreenProps = {}) {
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseAuditParams(searchParams), [searchParams]);
  const setState = useCallback(
    (next: AuditListState) => setSearchParams(auditParams(next)),
    [setSearchParams],
  );
  const { data, previousData, loading, error, refetch } = useQuery(DASHBOARD_AUDIT_LOG_QUERY, {
    variables: auditVariables(state),
    notifyOnNetworkStatusChange: true,
  });
  const { data: staffData } = useQuery(DASHBOARD_AUDIT_STAFF_QUERY, { errorPolicy: 'all' });
  const { data: brandsData } = useQuery(DASHBOARD_AUDIT_BRANDS_QUERY, { errorPolicy: 'all' });
  const current = data ?? previousData;

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function handleExport() {
    setExporting(true);
    setExportError(null);
    try {
      const response = await auth.fetch(auth.apiUrl(AUDIT_EXPORT_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filter: auditFilter(state) }),
      });
      const body = (await response.json().catch(() => null)) as {
        url?: string;
        detail?: string;
        message?: string;
      } | null;
      if (!response.ok || !body?.url) {
        setExportError(
          body?.detail ??
            body?.message ??
            'Não foi possível exportar a auditoria. Tente novamente.',
        );
        return;
      }
      // The ticket URL is the API's: on its host, carrying no session token.
      download(/^https?:/.test(body.url) ? body.url : auth.apiUrl(body.url));
    } catch {
      setExportError('Não foi possível conectar ao servidor para exportar. Tente novamente.');
    } finally {
      setExporting(false);
    }
  }

  let viewError: ListError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    viewError =
      read.code === 'FORBIDDEN'
        ? { kind: 'forbidden', message: 'Só administradores veem a auditoria.' }
        : { kind: 'failed', message: read.message };
  }

  return (
    <AuditView
      state={state}
      onStateChange={setState}
      entries={current?.auditLog.nodes ?? []}
      totalCount={current?.auditLog.totalCount ?? 0}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      staffOptions={staffData?.staffMembers ?? []}
      brandOptions={brandsData?.staffBrands ?? []}
      onExport={() => void handleExport()}
      exporting={exporting}
      exportError={exportError}
    />
  );
}
