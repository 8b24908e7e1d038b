// The order page's NF-e with real data: whether issuing is configured and the order's invoice
// (DashboardOrderInvoice), each action through its mutation (RETRY also issues the first invoice
// of a paid order without one), the result in a snackbar, the invoice
// and the order (its timeline) read again after every action. Hidden for a BRAND_MANAGER.
import { useMutation, useQuery } from '@apollo/client';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';

import { readServerError } from '../../shared/graphqlErrors';
import { OrderInvoice, type InvoiceActionInput } from './OrderInvoice';
import {
  DASHBOARD_ORDER_INVOICE_QUERY,
  INVOICE_CANCEL_MUTATION,
  INVOICE_CORRECT_MUTATION,
  INVOICE_RETRY_MUTATION,
  type InvoiceActionName,
} from './OrderInvoice.graphql';

const NOTICES: Record<InvoiceActionName, string> = {
  RETRY: 'NF-e enviada de novo: a resposta da SEFAZ aparece aqui em instantes.',
  CANCEL: 'NF-e cancelada na SEFAZ.',
  CORRECT: 'Carta de correção registrada na SEFAZ.',
};

const ISSUED = 'NF-e emitida: a resposta da SEFAZ aparece aqui em instantes.';

const FORM_FIELDS = new Set(['reason', 'text']);

export interface OrderInvoicePanelProps {
  orderId: string;
  /** ADMIN and SUPPORT see the invoice; a BRAND_MANAGER does not. */
  visible: boolean;
  /** The order is paid (PAID, SHIPPED, DELIVERED): one without an invoice offers "Emitir NF-e". */
  paid?: boolean;
  /** The order changed (its timeline): read it again. */
  onChanged?(): void;
}

export function OrderInvoicePanel({
  orderId,
  visible,
  paid = false,
  onChanged,
}: OrderInvoicePanelProps) {
  const { data, refetch } = useQuery(DASHBOARD_ORDER_INVOICE_QUERY, {
    variables: { orderId },
    fetchPolicy: 'cache-and-network',
    skip: !visible,
  });
  const [retry] = useMutation(INVOICE_RETRY_MUTATION);
  const [cancel] = useMutation(INVOICE_CANCEL_MUTATION);
  const [correct] = useMutation(INVOICE_CORRECT_MUTATION);
  const [pending, setPending] = useState<InvoiceActionName | null>(null);
  const [actionError, setActionError] = useState<{ message: string; field?: string | null } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);

  function run(input: InvoiceActionInput) {
    switch (input.action) {
      case 'RETRY':
        return retry({ variables: { orderId } });
      case 'CANCEL':
        return cancel({ variables: { id: input.id, reason: input.reason } });
      case 'CORRECT':
        return correct({ variables: { id: input.id, text: input.text } });
    }
  }

  async function handleAction(input: InvoiceActionInput): Promise<boolean> {
    setPending(input.action);
    setActionError(null);
    try {
      await run(input);
      // RETRY on an order without an invoice issued its first one.
      setNotice(
        input.action === 'RETRY' && data?.orderInvoice === null ? ISSUED : NOTICES[input.action],
      );
      onChanged?.();
      await refetch().catch(() => undefined);
      return true;
    } catch (cause) {
      const read = readServerError(cause as Error);
      setActionError({ message: read.message, field: read.field });
      if (read.field && FORM_FIELDS.has(read.field)) return false;
      await refetch().catch(() => undefined);
      return true;
    } finally {
      setPending(null);
    }
  }

  if (!visible || !data) return null;
  return (
    <>
      <OrderInvoice
        configured={data.invoicing.configured}
        invoice={data.orderInvoice}
        paid={paid}
        pending={pending}
        actionError={actionError}
        onAction={handleAction}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </>
  );
}
