// The audit log with real data: its filters in the URL, a page of `auditLog` (ADMIN), the
// filters' options, and the CSV export of the filtered log (POST /admin/exports/audit, then the
// download the server streams).
import { useQuery } from '@apollo/client';

import type { DashboardAuditLogQuery } from '../../../graphql/generated';
import { useListExport, useListUrlState, useServerList } from '../shared/list';
import {
  DASHBOARD_AUDIT_BRANDS_QUERY,
  DASHBOARD_AUDIT_LOG_QUERY,
  DASHBOARD_AUDIT_STAFF_QUERY,
} from './AuditScreen.graphql';
import { auditCodec, auditFilter, auditVariables } from './auditUrlState';
import { AuditView } from './AuditView';

export const AUDIT_EXPORT_PATH = '/admin/exports/audit';

export interface AuditScreenProps {
  /** Opens the export's download (a full navigation by default; tests pass a spy). */
  download?(url: string): void;
}

const auditPage = (data: DashboardAuditLogQuery) => data.auditLog;

export function AuditScreen({ download }: AuditScreenProps = {}) {
  const [state, setState] = useListUrlState(auditCodec);
  const list = useServerList(DASHBOARD_AUDIT_LOG_QUERY, auditVariables(state), {
    page: auditPage,
    forbiddenMessage: 'Só administradores veem a auditoria.',
  });
  const { data: staffData } = useQuery(DASHBOARD_AUDIT_STAFF_QUERY, { errorPolicy: 'all' });
  const { data: brandsData } = useQuery(DASHBOARD_AUDIT_BRANDS_QUERY, { errorPolicy: 'all' });
  const exporting = useListExport({
    path: AUDIT_EXPORT_PATH,
    body: () => ({ filter: auditFilter(state) }),
    failMessage: 'Não foi possível exportar a auditoria. Tente novamente.',
    download,
  });

  return (
    <AuditView
      state={state}
      onStateChange={setState}
      entries={list.rows}
      totalCount={list.totalCount}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
      staffOptions={staffData?.staffMembers ?? []}
      brandOptions={brandsData?.staffBrands ?? []}
      {...exporting}
    />
  );
}
