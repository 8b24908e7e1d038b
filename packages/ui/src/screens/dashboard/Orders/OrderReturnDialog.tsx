// The dialogs of a return on the order page: typing the code to post the parcel, confirming the
// goods arrived (what goes back to stock and the refund, said before it happens) and refusing it
// with the reason the shopper is mailed. Pure, with the form's own state.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

import { formatBRL } from '../../../format';
import type { PaymentMethod } from './orderLabels';
import type { OrderReturnNode, ReturnActionName } from './OrderReturns.graphql';

export type ReturnActionInput =
  | { action: 'SET_CODE'; returnId: string; authorizationCode: string }
  | { action: 'RETRY_CARRIER'; returnId: string }
  | { action: 'INVOICE_RETRY'; returnId: string }
  | { action: 'RECEIVE'; returnId: string }
  | { action: 'REJECT'; returnId: string; reason: string };

/** The dialogs' actions (asking the carrier again needs none). */
export type ReturnDialogAction = Exclude<ReturnActionName, 'RETRY_CARRIER'>;

export interface ReturnActionError {
  message: string;
  field: string | null;
}

export const RETURN_ACTION_LABELS: Record<ReturnActionName, string> = {
  SET_CODE: 'Informar código de postagem',
  RETRY_CARRIER: 'Pedir o código de novo',
  RECEIVE: 'Recebi os produtos',
  REJECT: 'Recusar',
};

/** How the refund reaches the shopper, by the way the order was paid. */
export const REFUND_WAY: Record<PaymentMethod, string> = {
  PIX: 'por Pix (devolução à conta que pagou)',
  CARD: 'como estorno no cartão',
  BOLETO: 'por depósito na conta que o cliente indicar',
};

export interface OrderReturnDialogProps {
  action: ReturnDialogAction;
  ret: OrderReturnNode;
  paymentMethod: PaymentMethod;
  submitting?: boolean;
  error?: ReturnActionError | null;
  onSubmit(input: ReturnActionInput): void;
  onClose(): void;
}

function refundSentence(ret: OrderReturnNode, paymentMethod: PaymentMethod): string {
  if (ret.refundCents === null) return 'O reembolso é feito pelo administrador da loja.';
  if (ret.refundCents === 0) return 'Não há valor a reembolsar: o pedido já foi reembolsado.';
  const shipping = ret.shippingRefundCents ? ' (frete incluído)' : '';
  return `O cliente recebe ${formatBRL(ret.refundCents)}${shipping} de volta ${REFUND_WAY[paymentMethod]}.`;
}

export function OrderReturnDialog({
  action,
  ret,
  paymentMethod,
  submitting = false,
  error = null,
  onSubmit,
  onClose,
}: OrderReturnDialogProps) {
  const titleId = useId();
  const [code, setCode] = useState(ret.authorizationCode ?? '');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<ReturnActionError | null>(null);
  const shown = local ?? error;
  const fieldError = (field: string) => (shown?.field === field ? shown.message : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (action === 'SET_CODE') {
      if (!code.trim()) {
        setLocal({ message: 'Informe o código de postagem.', field: 'authorizationCode' });
        return;
      }
      setLocal(null);
      onSubmit({ action, returnId: ret.id, authorizationCode: code.trim() });
    } else if (action === 'REJECT') {
      if (!reason.trim()) {
        setLocal({ message: 'Informe o motivo da recusa.', field: 'reason' });
        return;
      }
      setLocal(null);
      onSubmit({ action, returnId: ret.id, reason: reason.trim() });
    } else {
      onSubmit({ action, returnId: ret.id });
    }
  }

  let content;
  let confirm: string;
  switch (action) {
    case 'SET_CODE':
      confirm = 'Enviar código ao cliente';
      content = (
        <TextField
          required
          label="Código de postagem"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError('authorizationCode') !== null}
          helperText={
            fieldError('authorizationCode') ??
            'O código de autorização de postagem (logística reversa) que o cliente informa na agência. Ele recebe o código por e-mail com as instruções.'
          }
          slotProps={{
            htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: 'characters' },
          }}
        />
      );
      break;
    case 'RECEIVE':
      confirm = 'Confirmar recebimento';
      content = (
        <>
          <DialogContentText>
            Confirme que os produtos da devolução {ret.number} chegaram à loja. Eles voltam ao
            estoque:
          </DialogContentText>
          <Box component="ul" aria-label="Produtos que voltam ao estoque" sx={{ m: 0, pl: 3 }}>
            {ret.lines.map((line) => (
              <li key={line.lineId}>
                {line.quantity} × {line.productName}
                {line.variantLabel ? ` (${line.variantLabel})` : ''} · SKU {line.sku}
              </li>
            ))}
          </Box>
          <Alert severity="info">
            {refundSentence(ret, paymentMethod)} O reembolso é feito agora e não pode ser desfeito.
          </Alert>
        </>
      );
      break;
    case 'REJECT':
      confirm = 'Recusar devolução';
      content = (
        <TextField
          required
          multiline
          minRows={3}
          label="Motivo da recusa"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError('reason') !== null}
          helperText={fieldError('reason') ?? 'O cliente recebe este motivo por e-mail.'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      );
      break;
  }

  const formError = shown && !shown.field ? shown.message : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {RETURN_ACTION_LABELS[action]} · devolução {ret.number}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {content}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Voltar</Button>
          <Button
            type="submit"
            variant="contained"
            color={action === 'REJECT' ? 'error' : 'primary'}
            loading={submitting}
          >
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
