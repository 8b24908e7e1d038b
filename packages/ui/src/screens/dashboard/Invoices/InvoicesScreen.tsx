// The NF-e list with real data ('dashboard/notas-fiscais', ADMIN and SUPPORT; the server refuses
// a BRAND_MANAGER): its filter and page in the URL, `invoicing` and a page of `invoices`, and
// "Enviar de novo" (a sale's through invoiceRetry by its order, a devolução's through
// returnInvoiceRetry by its return), then the page read again.
import { useMutation } from '@apollo/client';
import { useState } from 'react';

import type { DashboardInvoicesQuery } from '../../../graphql/generated';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { useListUrlState, useServerList } from '../shared/list';
import { INVOICE_RETRY_MUTATION } from '../Orders/OrderInvoice.graphql';
import { RETURN_INVOICE_RETRY_MUTATION } from '../Orders/OrderReturns.graphql';
import { DASHBOARD_INVOICES_QUERY, type InvoiceRowNode } from './InvoicesScreen.graphql';
import { invoicesCodec, invoicesVariables } from './invoicesUrlState';
import { INVOICES_FORBIDDEN, InvoicesView } from './InvoicesView';

const invoicesPage = (data: DashboardInvoicesQuery) => data.invoices;

export function InvoicesScreen() {
  const [state, setState] = useListUrlState(invoicesCodec);
  const list = useServerList(DASHBOARD_INVOICES_QUERY, invoicesVariables(state), {
    page: invoicesPage,
    forbiddenMessage: INVOICES_FORBIDDEN,
    // Another tab or the worker changes invoices: each visit asks again.
    fetchPolicy: 'cache-and-network',
  });
  const { refetch } = list;
  const [retry] = useMutation(INVOICE_RETRY_MUTATION);
  const [retryReturn] = useMutation(RETURN_INVOICE_RETRY_MUTATION);
  const [resendingInvoiceId, setResendingInvoiceId] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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

  return (
    <InvoicesView
      state={state}
      onStateChange={setState}
      rows={list.rows}
      totalCount={list.totalCount}
      overview={list.data?.invoicing ?? null}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
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
