// One customer with real data: `customer` by the route's id, the LGPD export (the JSON the server
// answers, downloaded as cliente-<id>.json) and the anonymisation (ADMIN).
import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { readServerError } from '../../shared/graphqlErrors';
import {
  CUSTOMER_ANONYMIZE_MUTATION,
  CUSTOMER_DATA_EXPORT_MUTATION,
  DASHBOARD_CUSTOMER_QUERY,
  DASHBOARD_CUSTOMER_ROLE_QUERY,
} from './CustomersScreen.graphql';
import { CustomerView, type CustomerError } from './CustomerView';

export interface CustomerScreenProps {
  /** Saves the export (a Blob download by default; tests pass a spy). */
  saveFile?(fileName: string, contents: string): void;
}

function downloadBlob(fileName: string, contents: string) {
  const url = URL.createObjectURL(new Blob([contents], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function plural(count: number, one: string, many: string) {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

export function CustomerScreen({ saveFile = downloadBlob }: CustomerScreenProps = {}) {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(DASHBOARD_CUSTOMER_QUERY, {
    variables: { id },
  });
  const { data: roleData } = useQuery(DASHBOARD_CUSTOMER_ROLE_QUERY, { errorPolicy: 'all' });
  const [exportData, exporting] = useMutation(CUSTOMER_DATA_EXPORT_MUTATION);
  const [anonymizeCustomer, anonymizing] = useMutation(CUSTOMER_ANONYMIZE_MUTATION);
  const [exportError, setExportError] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [anonymizeError, setAnonymizeError] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  async function handleExport() {
    setExportError(null);
    try {
      const result = await exportData({ variables: { id } });
      const json = result.data?.customerDataExport;
      if (json === undefined) throw new Error('no export');
      saveFile(`cliente-${id}.json`, json);
    } catch (cause) {
      setExportError(
        `Não foi possível exportar os dados. ${readServerError(cause as Error).message}`,
      );
    }
  }

  async function handleAnonymize(confirmation: string) {
    setAnonymizeError(null);
    try {
      // The cache keeps no type names (SPEC), so the page's query is rewritten by hand.
      const result = await anonymizeCustomer({
        variables: { id, confirmation },
        update: (cache, { data: answer }) => {
          if (!answer) return;
          cache.writeQuery({
            query: DASHBOARD_CUSTOMER_QUERY,
            variables: { id },
            data: { customer: answer.customerAnonymize.customer },
          });
          // Orders and lists read before hold her name, e-mail and address: forget them, so no
          // page shows them again while it asks the server (the order page shows the cache first).
          for (const fieldName of ['order', 'orders', 'customers']) {
            cache.evict({ id: 'ROOT_QUERY', fieldName });
          }
          cache.gc();
        },
      });
      const done = result.data?.customerAnonymize;
      setDialogOpen(false);
      if (done) {
        setSummary(
          `Cliente anonimizado: ${plural(done.ordersAnonymized, 'pedido', 'pedidos')}, ${plural(
            done.mailsAnonymized,
            'e-mail',
            'e-mails',
          )} e ${plural(done.restockAlertsRemoved, 'aviso de estoque', 'avisos de estoque')}.`,
        );
      }
    } catch (cause) {
      setAnonymizeError(readServerError(cause as Error).message);
    }
  }

  let viewError: CustomerError | null = null;
  if (error && !data?.customer) {
    const read = readServerError(error);
    viewError =
      read.code === 'NOT_FOUND'
        ? { kind: 'notFound' }
        : read.code === 'FORBIDDEN'
          ? { kind: 'forbidden', message: 'Você não tem permissão para ver os clientes.' }
          : { kind: 'failed', message: read.message };
  }

  return (
    <CustomerView
      customer={data?.customer ?? null}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      canAnonymize={roleData?.me?.role === 'ADMIN'}
      onExport={() => void handleExport()}
      exporting={exporting.loading}
      exportError={exportError}
      onOpenAnonymize={() => {
        setAnonymizeError(null);
        setDialogOpen(true);
      }}
      anonymizedSummary={summary}
      anonymize={{
        open: dialogOpen,
        submitting: anonymizing.loading,
        error: anonymizeError,
        onConfirm: (confirmation) => void handleAnonymize(confirmation),
        onClose: () => setDialogOpen(false),
      }}
    />
  );
}
