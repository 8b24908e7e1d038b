// The order page's returns with real data: orderReturns for the order, each action through its
// mutation, the result in a snackbar, the returns and the order (its refund, stock, timeline)
// read again after every action; nothing shown while the order has no return.
import { useMutation, useQuery } from '@apollo/client';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';

import { readServerError } from '../../shared/graphqlErrors';
import type { PaymentMethod } from './orderLabels';
import type { ReturnActionError, ReturnActionInput } from './OrderReturnDialog';
import {
  DASHBOARD_ORDER_RETURNS_QUERY,
  ORDER_RETURN_RECEIVE_MUTATION,
  ORDER_RETURN_REJECT_MUTATION,
  ORDER_RETURN_RETRY_CARRIER_MUTATION,
  ORDER_RETURN_SET_CODE_MUTATION,
  RETURN_INVOICE_RETRY_MUTATION,
} from './OrderReturns.graphql';
import { OrderReturns, type ReturnPendingAction } from './OrderReturns';

const NOTICES: Record<ReturnPendingAction, string> = {
  SET_CODE: 'Código enviado ao cliente por e-mail.',
  RETRY_CARRIER: 'Pedindo o código de postagem de novo.',
  RECEIVE: 'Devolução recebida: itens de volta ao estoque e reembolso feito.',
  REJECT: 'Devolução recusada. O cliente recebeu o motivo por e-mail.',
  INVOICE_RETRY:
    'NF-e de devolução enviada de novo: a resposta da SEFAZ aparece aqui em instantes.',
};

const FORM_FIELDS = new Set(['authorizationCode', 'reason']);

export interface OrderReturnsPanelProps {
  orderId: string;
  paymentMethod: PaymentMethod;
  /** The order changed (refund, stock, timeline): read it again. */
  onChanged?(): void;
}

export function OrderReturnsPanel({ orderId, paymentMethod, onChanged }: OrderReturnsPanelProps) {
  const { data, refetch } = useQuery(DASHBOARD_ORDER_RETURNS_QUERY, {
    variables: { orderId },
    fetchPolicy: 'cache-and-network',
  });
  const [setCode] = useMutation(ORDER_RETURN_SET_CODE_MUTATION);
  const [retry] = useMutation(ORDER_RETURN_RETRY_CARRIER_MUTATION);
  const [receive] = useMutation(ORDER_RETURN_RECEIVE_MUTATION);
  const [reject] = useMutation(ORDER_RETURN_REJECT_MUTATION);
  const [invoiceRetry] = useMutation(RETURN_INVOICE_RETRY_MUTATION);
  const [pending, setPending] = useState<{
    returnId: string;
    action: ReturnPendingAction;
  } | null>(null);
  const [actionError, setActionError] = useState<ReturnActionError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function run(input: ReturnActionInput) {
    const id = input.returnId;
    switch (input.action) {
      case 'SET_CODE':
        return setCode({ variables: { id, authorizationCode: input.authorizationCode } });
      case 'RETRY_CARRIER':
        return retry({ variables: { id } });
      case 'RECEIVE':
        return receive({ variables: { id } });
      case 'REJECT':
        return reject({ variables: { id, reason: input.reason } });
      case 'INVOICE_RETRY':
        return invoiceRetry({ variables: { returnId: id } });
    }
  }

  async function handleAction(input: ReturnActionInput): Promise<boolean> {
    setPending({ returnId: input.returnId, action: input.action });
    setActionError(null);
    try {
      await run(input);
      setNotice(NOTICES[input.action]);
      onChanged?.();
      await refetch().catch(() => undefined);
      return true;
    } catch (cause) {
      const read = readServerError(cause as Error);
      setActionError({ message: read.message, field: read.field });
      if (read.field && FORM_FIELDS.has(read.field)) return false;
      // Another staff member acted first, or the action is refused: show the returns as they are.
      await refetch().catch(() => undefined);
      return true;
    } finally {
      setPending(null);
    }
  }

  const returns = data?.orderReturns ?? [];
  if (returns.length === 0) return null;
  return (
    <>
      <OrderReturns
        returns={returns}
        paymentMethod={paymentMethod}
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
