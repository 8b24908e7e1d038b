// The NF-e list with real data ('dashboard/notas-fiscais', ADMIN and SUPPORT; the server refuses
// a BRAND_MANAGER): its filter and page in the URL, `invoicing` and a page of `invoices`, and
// "Enviar de novo" (a sale's through invoiceRetry by its order, a devolução's through
// returnInvoiceRetry by its return), then the page read again.
import { useMutation, useQuery } from '@apollo/client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { ListError } from '../../../components/dashboard/ListStates';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { INVOICE_RETRY_MUTATION } from '../Orders/OrderInvoice.graphql';
import { RETURN_INVOICE_RETRY_MUTATION } from '../Orders/OrderReturns.graphql';
import { DASHBOARD_INVOICES_QUERY, type InvoiceRowNode } from './InvoicesScreen.graphql';
import {
  invoicesParams,
  invoicesVariables,
  parseInvoicesParams,
  type InvoicesListState,
} from './invoicesUrlState';
import { INVOICES_FORBIDDEN, InvoicesView } from './InvoicesView';

export function InvoicesScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseInvoicesParams(searchParams), [searchParams]);
  const setState = useCallback(
    (next: InvoicesListState) => setSearchParams(invoicesParams(next)),
    [setSearchParams],
  );
  const { data, previousData, loading, error, refetch } = useQuery(DASHBOARD_INVOICES_QUERY, {
    variables: invoicesVariables(state),
    notifyOnNetworkStatusChange: true,
    // Another tab or the worker changes invoices: each visit asks again.
    fetchPolicy: 'cache-and-network',
  });
  const [retry] = useMutation(INVOICE_RETRY_MUTATION);
  const [retryReturn] = useMutation(RETURN_INVOICE_RETRY_MUTATION);
  const [resendingInvoiceId, setResendingInvoiceId] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const current = data ?? previousData;

  async function handleResend(row: InvoiceRowNode) {
    setResendingInvoiceId(row.id);
    setResendError(null);
    setNotice(null);
    try {
      if (row.kind === 'RETURN' && row.returnId) {
        await retryReturn({ variables: { returnId: row.returnId } });
        setNotice(
          `NF-e de devolução ${row.returnNumber ?? ''} do pedido ${row.orderNumber} enviada de novo: a resposta da SEFAZ aparece em instantes.`.replace(
            '  ',
            ' ',
          ),
        );
      } else {
        await retry({ variables: { orderId: row.orderId } });
        setNotice(
          `NF-e do pedido ${row.orderNumber} enviada de novo: a resposta da SEFAZ aparece em instantes.`,
        );
      }
    } catch (cause) {
      setResendError(readServerError(cause as Error).message);
    } finally {
      // The cache keeps no type names (SPEC): the page is asked again to show the new status.
      await refetch().catch(() => undefined);
      setResendingInvoiceId(null);
    }
  }

  let viewError: ListError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    viewError =
      read.code === 'FORBIDDEN'
        ? { kind: 'forbidden', message: INVOICES_FORBIDDEN }
        : { kind: 'failed', message: read.message };
  }

  return (
    <InvoicesView
      state={state}
      onStateChange={setState}
      rows={current?.invoices.nodes ?? []}
      totalCount={current?.invoices.totalCount ?? 0}
      overview={current?.invoicing ?? null}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      orderHref={(orderId) => dashboardPaths.order(orderId)}
      onResend={(row) => void handleResend(row)}
      resendingInvoiceId={resendingInvoiceId}
      resendError={resendError}
      onDismissResendError={() => setResendError(null)}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
    />
  );
}
