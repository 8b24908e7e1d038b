// The order page's 'Devoluções': each 7-day return the shopper asked for, with its lines, the
// refund, the reverse carrier's state (asking, retrying after a failure, refused, or none
// configured) and the code to post; the actions the API allows the caller now: type the code,
// ask the carrier again, confirm the goods arrived (stock and refund, stated before) or refuse;
// once received, its NF-e de devolução (OrderReturnInvoice). Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReturnStatus } from '@vitrine/rules';
import { useState } from 'react';

import { formatBRL, formatDate, formatDateTime, formatTime } from '../../../format';
import type { PaymentMethod } from './orderLabels';
import {
  OrderReturnDialog,
  RETURN_ACTION_LABELS,
  type ReturnActionError,
  type ReturnActionInput,
  type ReturnDialogAction,
} from './OrderReturnDialog';
import { OrderReturnInvoice } from './OrderReturnInvoice';
import type { OrderReturnNode, ReturnActionName } from './OrderReturns.graphql';

/** What can be running on a return: one of its actions, or sending its NF-e de devolução again. */
export type ReturnPendingAction = ReturnActionName | 'INVOICE_RETRY';

export interface OrderReturnsProps {
  returns: OrderReturnNode[];
  paymentMethod: PaymentMethod;
  /** The action whose request is running. */
  pending?: { returnId: string; action: ReturnPendingAction } | null;
  /** The last action's error for its dialog (a field's message) or the section. */
  actionError?: ReturnActionError | null;
  /** Runs an action; resolves true when done (the dialog closes). */
  onAction(input: ReturnActionInput): Promise<boolean>;
  /** A dialog open at first (stories). */
  initialDialog?: { returnId: string; action: ReturnDialogAction } | null;
}

const STATUS_COLORS: Record<ReturnStatus, 'default' | 'primary' | 'success' | 'warning' | 'error'> =
  {
    REQUESTED: 'warning',
    LABEL_ISSUED: 'primary',
    RECEIVED: 'success',
    REFUNDED: 'success',
    REJECTED: 'error',
  };

/** Where the code to post the parcel stands, for an open return still without one. */
function CarrierState({ ret }: { ret: OrderReturnNode }) {
  if (ret.status !== 'REQUESTED') return null;
  if (ret.carrier === null) {
    return (
      <Alert severity="info">
        Nenhuma transportadora de devolução configurada: informe o código de postagem (logística
        reversa do seu contrato) para o cliente receber por e-mail.
      </Alert>
    );
  }
  if (ret.carrierError && ret.carrierNextAttemptAt) {
    const tries = ret.carrierAttempts === 1 ? '1 tentativa' : `${ret.carrierAttempts} tentativas`;
    return (
      <Alert severity="warning">
        {ret.carrierError} ({tries}). A loja pede de novo às {formatTime(ret.carrierNextAttemptAt)};
        se preferir, informe o código à mão.
      </Alert>
    );
  }
  if (ret.carrierError) {
    return (
      <Alert severity="error">
        {ret.carrierError} A loja parou de pedir: corrija a causa e peça de novo, ou informe o
        código à mão.
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      Pedindo o código de postagem aos {ret.carrierLabel ?? 'Correios'}…
    </Typography>
  );
}

function ReturnItem({
  ret,
  pending,
  onOpen,
  onRetry,
  onInvoiceRetry,
}: {
  ret: OrderReturnNode;
  pending: OrderReturnsProps['pending'];
  onOpen(action: ReturnDialogAction): void;
  onRetry(): void;
  onInvoiceRetry(): void;
}) {
  const headingId = `order-return-${ret.id}`;
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{
        display: 'grid',
        gap: 1,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Devolução {ret.number}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLORS[ret.status]}
          label={ret.statusLabel}
          sx={{ fontWeight: 700 }}
        />
        <Typography variant="body2" color="text.secondary">
          Pedida em {formatDateTime(ret.requestedAt)}
          {ret.wholeOrder ? ' · o pedido inteiro' : ''}
        </Typography>
      </Box>
      <Typography variant="body2">Motivo do cliente: {ret.reason}</Typography>
      <Box component="ul" aria-label={`Itens da devolução ${ret.number}`} sx={{ m: 0, pl: 2.5 }}>
        {ret.lines.map((line) => (
          <Typography component="li" variant="body2" key={line.lineId}>
            {line.quantity} × {line.productName}
            {line.variantLabel ? ` (${line.variantLabel})` : ''} ·{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {line.sku}
            </Box>
          </Typography>
        ))}
      </Box>
      {ret.refundCents !== null ? (
        <Typography variant="body2">
          {ret.status === 'REFUNDED' ? 'Reembolsado' : 'Reembolso ao receber'}:{' '}
          <strong>{formatBRL(ret.refundCents)}</strong>
          {ret.shippingRefundCents ? ' (frete incluído)' : ''}
        </Typography>
      ) : null}
      <CarrierState ret={ret} />
      {ret.authorizationCode ? (
        <Typography variant="body2">
          Código de postagem{ret.carrierLabel ? ` (${ret.carrierLabel})` : ''}:{' '}
          <Box component="strong" sx={{ fontFamily: 'monospace', letterSpacing: '0.04em' }}>
            {ret.authorizationCode}
          </Box>
          {ret.authorizationExpiresAt
            ? ` · válido até ${formatDate(ret.authorizationExpiresAt)}`
            : ''}
        </Typography>
      ) : null}
      {ret.status === 'REJECTED' ? (
        <Typography variant="body2">
          Recusada{ret.staffName ? ` por ${ret.staffName}` : ''}
          {ret.rejectedAt ? ` em ${formatDateTime(ret.rejectedAt)}` : ''}: {ret.rejectionReason}
        </Typography>
      ) : null}
      {ret.receivedAt ? (
        <Typography variant="body2" color="text.secondary">
          Recebida{ret.staffName ? ` por ${ret.staffName}` : ''} em {formatDateTime(ret.receivedAt)}
          ; os itens voltaram ao estoque.
        </Typography>
      ) : null}
      {ret.invoice ? (
        <OrderReturnInvoice
          returnNumber={ret.number}
          invoice={ret.invoice}
          pending={pending?.returnId === ret.id && pending.action === 'INVOICE_RETRY'}
          disabled={pending !== null && pending !== undefined}
          onRetry={onInvoiceRetry}
        />
      ) : null}
      {ret.allowedActions.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {ret.allowedActions.map((action) =>
            action === 'RETRY_CARRIER' ? (
              <Button
                key={action}
                variant="outlined"
                onClick={onRetry}
                loading={pending?.returnId === ret.id && pending.action === action}
                disabled={pending !== null && pending !== undefined}
              >
                {RETURN_ACTION_LABELS[action]}
              </Button>
            ) : (
              <Button
                key={action}
                variant={action === 'RECEIVE' ? 'contained' : 'outlined'}
                color={action === 'REJECT' ? 'error' : 'primary'}
                onClick={() => onOpen(action)}
                disabled={pending !== null && pending !== undefined}
              >
                {RETURN_ACTION_LABELS[action]}
              </Button>
            ),
          )}
        </Box>
      ) : null}
    </Box>
  );
}

export function OrderReturns({
  returns,
  paymentMethod,
  pending = null,
  actionError = null,
  onAction,
  initialDialog = null,
}: OrderReturnsProps) {
  const [dialog, setDialog] = useState(initialDialog);
  const open = dialog ? returns.find((ret) => ret.id === dialog.returnId) : undefined;

  async function submit(input: ReturnActionInput) {
    if (await onAction(input)) setDialog(null);
  }

  return (
    <Card component="section" aria-labelledby="order-section-returns" variant="outlined">
      <CardContent>
        <Typography id="order-section-returns" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          Devoluções
        </Typography>
        {actionError && !actionError.field && !dialog ? (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
            {actionError.message}
          </Alert>
        ) : null}
        {returns.map((ret) => (
          <ReturnItem
            key={ret.id}
            ret={ret}
            pending={pending}
            onOpen={(action) => setDialog({ returnId: ret.id, action })}
            onRetry={() => void onAction({ action: 'RETRY_CARRIER', returnId: ret.id })}
            onInvoiceRetry={() => void onAction({ action: 'INVOICE_RETRY', returnId: ret.id })}
          />
        ))}
      </CardContent>
      {dialog && open ? (
        <OrderReturnDialog
          key={`${dialog.returnId}-${dialog.action}`}
          action={dialog.action}
          ret={open}
          paymentMethod={paymentMethod}
          submitting={pending?.returnId === dialog.returnId && pending.action === dialog.action}
          error={actionError}
          onSubmit={(input) => void submit(input)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
