// One order with real data: `order` by the route's id, each action through its mutation, the
// result in a snackbar, the order (and its timeline) refetched after every action, and an error
// the API gives when another staff member acted first shown on the page.
import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { useOrderEvents } from '../../../live';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { isNotFoundError, readServerError } from '../../shared/graphqlErrors';
import { useBrandScope, withBrandScope } from '../shared';
import type { OrderActionError, OrderActionInput, OrderActionName } from './OrderActionDialog';
import {
  DASHBOARD_ORDER_QUERY,
  ORDER_ADD_NOTE_MUTATION,
  ORDER_CANCEL_MUTATION,
  ORDER_DELIVER_MUTATION,
  ORDER_MARK_PAID_MUTATION,
  ORDER_REFUND_MUTATION,
  ORDER_RESEND_LAST_MAIL_MUTATION,
  ORDER_SHIP_MUTATION,
  ORDER_TRACKING_UPDATE_MUTATION,
} from './OrderScreen.graphql';
import { usePdfOpener } from './usePdfOpener';
import { OrderInvoicePanel } from './OrderInvoicePanel';
import { OrderReturnsPanel } from './OrderReturnsPanel';
import { OrderView } from './OrderView';

const NOTICES: Record<OrderActionName, string> = {
  markPaid: 'Pagamento confirmado.',
  ship: 'Envio registrado. O cliente recebeu o código de rastreamento.',
  correctTracking: 'Rastreamento corrigido. O cliente recebeu o código novo por e-mail.',
  deliver: 'Pedido marcado como entregue.',
  cancel: 'Pedido cancelado. Os itens voltaram ao estoque.',
  refund: 'Reembolso registrado.',
  addNote: 'Nota adicionada.',
  resendLastMail: 'E-mail reenviado ao cliente.',
};

/** An order in these states was paid: without an invoice, the NF-e panel offers to issue one. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['PAID', 'SHIPPED', 'DELIVERED']);

/** Input fields of the dialogs; an error on another field (or none) is shown on the page. */
const FORM_FIELDS = new Set(['carrier', 'trackingCode', 'note', 'reason', 'amountCents']);

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function OrderScreen() {
  const labelPdf = usePdfOpener();
  const { id = '' } = useParams();
  const { brandId } = useBrandScope();
  const { data, loading, error, refetch } = useQuery(DASHBOARD_ORDER_QUERY, {
    variables: { id },
    // The cache keeps no type names, so an action elsewhere (the grid's bulk shipping, the Pix
    // confirmed from a statement) never updates the copy of an order opened before: show that
    // copy at once and ask for the order as it is now.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  // Another staff member (or the payment) changed this order: show it as it is now.
  useOrderEvents(
    (event) => {
      if (event.id === id) void refetch().catch(() => undefined);
    },
    { onResync: () => void refetch().catch(() => undefined) },
  );
  const [markPaid] = useMutation(ORDER_MARK_PAID_MUTATION);
  const [ship] = useMutation(ORDER_SHIP_MUTATION);
  const [correctTracking] = useMutation(ORDER_TRACKING_UPDATE_MUTATION);
  const [deliver] = useMutation(ORDER_DELIVER_MUTATION);
  const [cancel] = useMutation(ORDER_CANCEL_MUTATION);
  const [refund] = useMutation(ORDER_REFUND_MUTATION);
  const [addNote] = useMutation(ORDER_ADD_NOTE_MUTATION);
  const [resend] = useMutation(ORDER_RESEND_LAST_MAIL_MUTATION);

  const [pendingAction, setPendingAction] = useState<OrderActionName | null>(null);
  const [actionError, setActionError] = useState<OrderActionError | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function run(input: OrderActionInput) {
    switch (input.action) {
      case 'markPaid':
        return markPaid({ variables: { id, note: input.note } });
      case 'ship':
        return ship({
          variables: {
            id,
            carrier: input.carrier,
            trackingCode: input.trackingCode,
            note: input.note,
          },
        });
      case 'correctTracking':
        return correctTracking({
          variables: {
            id,
            carrier: input.carrier,
            trackingCode: input.trackingCode,
            note: input.note,
          },
        });
      case 'deliver':
        return deliver({ variables: { id } });
      case 'cancel':
        return cancel({ variables: { id, reason: input.reason } });
      case 'refund':
        return refund({ variables: { id, amountCents: input.amountCents, reason: input.reason } });
      case 'addNote':
        return addNote({ variables: { id, note: input.note } });
      case 'resendLastMail':
        return resend({ variables: { id } });
    }
  }

  async function handleAction(input: OrderActionInput): Promise<boolean> {
    setPendingAction(input.action);
    setActionError(null);
    setPageError(null);
    try {
      await run(input);
      setNotice(NOTICES[input.action]);
      await refetch().catch(() => undefined);
      return true;
    } catch (cause) {
      const read = readServerError(cause as Error);
      if (read.field && FORM_FIELDS.has(read.field)) {
        setActionError({ message: read.message, field: read.field });
        return false;
      }
      // The order changed under us (another staff member acted first) or the action is refused:
      // say so on the page and show the order as it is now.
      setPageError(read.message);
      await refetch().catch(() => undefined);
      return true;
    } finally {
      setPendingAction(null);
    }
  }

  const order = data?.order ?? null;
  const notFound =
    (!loading && !error && data !== undefined && order === null) || isNotFoundError(error);

  return (
    <OrderView
      order={order}
      loading={loading && !order}
      notFound={notFound}
      error={error && !order ? readServerError(error).message : null}
      onRetry={() => void refetch()}
      role={data?.me.role ?? null}
      pendingAction={pendingAction}
      actionError={actionError}
      pageError={pageError}
      onDismissPageError={() => setPageError(null)}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      onAction={handleAction}
      onCopy={copyToClipboard}
      listHref={withBrandScope(dashboardPaths.orders, brandId)}
      packingSlipHref={dashboardPaths.packingSlips([id])}
      declarationHref={dashboardPaths.contentDeclaration(id)}
      returns={
        order ? (
          <>
            <OrderInvoicePanel
              orderId={order.id}
              visible={data?.me.role === 'ADMIN' || data?.me.role === 'SUPPORT'}
              paid={PAID_STATUSES.has(order.status)}
              onChanged={() => void refetch().catch(() => undefined)}
            />
            <OrderReturnsPanel
              orderId={order.id}
              paymentMethod={order.paymentMethod}
              onChanged={() => void refetch().catch(() => undefined)}
            />
          </>
        ) : null
      }
      labelPdf={{
        onOpenPdf: (path) => void labelPdf.open(path, 'etiqueta.pdf'),
        opening: labelPdf.opening,
        error: labelPdf.error,
      }}
    />
  );
}
