// The dialog of each action on an order: what it does, what it needs (tracking code, reason,
// amount, note), a confirmation for what cannot be undone, the server's error on its field. Pure,
// with the form's own state.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

import { checkTrackingCode } from '@vitrine/rules';

import { formatBRL, moneyInputText, parseBRL } from '../../../format';
import { PIX_PSP_PROVIDER } from './OrderPixCharge';
import { displayCpf } from './orderLabels';
import type { OrderDetail } from './OrderScreen.graphql';

export type OrderActionName =
  | 'markPaid'
  | 'ship'
  | 'correctTracking'
  | 'deliver'
  | 'cancel'
  | 'refund'
  | 'addNote'
  | 'resendLastMail';

export type OrderActionInput =
  | { action: 'markPaid'; note: string | null }
  | { action: 'ship'; carrier: string; trackingCode: string | null; note: string | null }
  | { action: 'correctTracking'; carrier: string; trackingCode: string; note: string | null }
  | { action: 'deliver' }
  | { action: 'cancel'; reason: string }
  | { action: 'refund'; amountCents: number; reason: string }
  | { action: 'addNote'; note: string }
  | { action: 'resendLastMail' };

/** What the server said about a failed action: a field's error stays in the dialog. */
export interface OrderActionError {
  message: string;
  field: string | null;
}

export interface OrderActionDialogProps {
  action: OrderActionName;
  order: OrderDetail;
  submitting?: boolean;
  /** The server's answer to the last attempt, shown on its field (or above the form). */
  error?: OrderActionError | null;
  onSubmit(input: OrderActionInput): void;
  onClose(): void;
}

export const ACTION_LABELS: Record<OrderActionName, string> = {
  markPaid: 'Confirmar pagamento',
  ship: 'Enviar',
  correctTracking: 'Corrigir rastreamento',
  deliver: 'Marcar como entregue',
  cancel: 'Cancelar pedido',
  refund: 'Reembolsar',
  addNote: 'Adicionar nota',
  resendLastMail: 'Reenviar último e-mail',
};

export function OrderActionDialog({
  action,
  order,
  submitting = false,
  error = null,
  onSubmit,
  onClose,
}: OrderActionDialogProps) {
  const left = order.totalCents - (order.refundedCents ?? 0);
  const pickup = order.shippingMethodKind === 'PICKUP';
  const correcting = action === 'correctTracking';
  // Shipping with a label bought: its carrier and code are where to start.
  const bought = order.shippingLabel?.status === 'PURCHASED' ? order.shippingLabel : null;
  const [carrier, setCarrier] = useState(
    correcting
      ? (order.trackingCarrier ?? '')
      : pickup
        ? 'Retirada na loja'
        : (bought?.carrierName ?? 'Correios'),
  );
  const [trackingCode, setTrackingCode] = useState(
    correcting ? (order.trackingCode ?? '') : (bought?.trackingCode ?? ''),
  );
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(moneyInputText(left));
  const [local, setLocal] = useState<{ field: string; message: string } | null>(null);

  const fieldError = (field: string): string | null =>
    local?.field === field ? local.message : error?.field === field ? error.message : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setLocal(null);
    switch (action) {
      case 'markPaid':
        onSubmit({ action, note: note.trim() || null });
        return;
      case 'ship':
      case 'correctTracking': {
        const code = trackingCode.trim();
        if (!carrier.trim()) {
          setLocal({ field: 'carrier', message: 'Informe a transportadora.' });
          return;
        }
        if (!code && pickup && action === 'ship') {
          onSubmit({
            action,
            carrier: carrier.trim(),
            trackingCode: null,
            note: note.trim() || null,
          });
          return;
        }
        // The server's rule (Correios: the S10 check digit), said at the field before sending.
        const checked = checkTrackingCode(carrier, code);
        if (!checked.ok) {
          setLocal({ field: 'trackingCode', message: checked.message });
          return;
        }
        if (
          action === 'correctTracking' &&
          carrier.trim() === order.trackingCarrier &&
          checked.code === order.trackingCode
        ) {
          setLocal({
            field: 'trackingCode',
            message: 'Nada mudou: altere a transportadora ou o código.',
          });
          return;
        }
        onSubmit({
          action,
          carrier: carrier.trim(),
          trackingCode: checked.code,
          note: note.trim() || null,
        });
        return;
      }
      case 'deliver':
      case 'resendLastMail':
        onSubmit({ action });
        return;
      case 'cancel':
        if (!reason.trim()) {
          setLocal({ field: 'reason', message: 'Informe o motivo do cancelamento.' });
          return;
        }
        onSubmit({ action, reason: reason.trim() });
        return;
      case 'refund': {
        const cents = parseBRL(amount);
        if (cents === null || cents <= 0) {
          setLocal({ field: 'amountCents', message: 'Informe um valor em reais, como 49,90.' });
          return;
        }
        if (cents > left) {
          setLocal({
            field: 'amountCents',
            message: `O valor máximo é ${formatBRL(left)} (pago menos o já reembolsado).`,
          });
          return;
        }
        if (!reason.trim()) {
          setLocal({ field: 'reason', message: 'Informe o motivo do reembolso.' });
          return;
        }
        onSubmit({ action, amountCents: cents, reason: reason.trim() });
        return;
      }
      case 'addNote':
        if (!note.trim()) {
          setLocal({ field: 'note', message: 'Escreva a nota.' });
          return;
        }
        onSubmit({ action, note: note.trim() });
    }
  }

  const formError = error && !error.field ? error.message : null;
  // A Pix the bank's API confirmed goes back by Pix devolução; a card or boleto by its gateway.
  const pixBank = order.payments.some((payment) => payment.provider === PIX_PSP_PROVIDER);
  const gateway = order.payments.find(
    (payment) => !['manual', 'pix', PIX_PSP_PROVIDER].includes(payment.provider),
  );
  const titleId = `order-action-${action}-title`;

  let content;
  let confirm = ACTION_LABELS[action];
  let destructive = false;
  switch (action) {
    case 'markPaid':
      content = (
        <>
          <DialogContentText>
            Confirme só depois de ver o valor no extrato do banco. O cliente recebe um e-mail e o
            pedido fica pronto para envio.
          </DialogContentText>
          <Alert severity="info" icon={false}>
            {order.pixTxid ? `Identificador Pix (txid): ${order.pixTxid} · ` : ''}
            Valor: {formatBRL(order.totalCents)}
          </Alert>
          <TextField
            label="Observação (opcional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            error={fieldError('note') !== null}
            helperText={fieldError('note') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </>
      );
      break;
    case 'ship':
    case 'correctTracking':
      confirm = correcting
        ? 'Salvar correção'
        : pickup
          ? 'Avisar que está pronto'
          : 'Registrar envio';
      content = (
        <>
          <DialogContentText>
            {correcting
              ? `Hoje: ${order.trackingCode ?? 'sem código'} (${order.trackingCarrier ?? 'sem transportadora'}). O cliente recebe um e-mail com o código corrigido, e o histórico guarda o antes e o depois.`
              : pickup
                ? 'O cliente recebe um e-mail avisando que o pedido está pronto para retirada.'
                : 'O cliente recebe um e-mail com o código de rastreamento.'}
          </DialogContentText>
          <TextField
            label="Transportadora"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            required
            error={fieldError('carrier') !== null}
            helperText={fieldError('carrier') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label="Código de rastreamento"
            value={trackingCode}
            onChange={(event) => setTrackingCode(event.target.value)}
            required={!pickup || correcting}
            placeholder="AA123456785BR"
            error={fieldError('trackingCode') !== null}
            helperText={
              fieldError('trackingCode') ??
              (pickup && !correcting
                ? 'Opcional na retirada.'
                : 'Correios: 2 letras, 9 números e 2 letras, como na etiqueta.')
            }
            slotProps={{
              htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false },
            }}
          />
          <TextField
            label="Observação (opcional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={fieldError('note') !== null}
            helperText={fieldError('note') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </>
      );
      break;
    case 'deliver':
      content = (
        <DialogContentText>
          Marque como entregue quando a transportadora confirmar a entrega
          {order.trackingCode ? ` do objeto ${order.trackingCode}` : ''}.
        </DialogContentText>
      );
      break;
    case 'cancel':
      destructive = true;
      confirm = 'Cancelar pedido';
      content = (
        <>
          <Alert severity="warning">
            Os itens voltam ao estoque e o uso do cupom é liberado. Não dá para desfazer.
            {order.paymentStatus === 'PAID'
              ? ' O pagamento não é devolvido automaticamente: faça o reembolso depois.'
              : ''}
          </Alert>
          <TextField
            label="Motivo do cancelamento"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            error={fieldError('reason') !== null}
            helperText={fieldError('reason') ?? 'O cliente vê este motivo no e-mail.'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </>
      );
      break;
    case 'refund':
      destructive = true;
      confirm = 'Reembolsar';
      content = (
        <>
          <Alert severity={gateway || pixBank ? 'info' : 'warning'}>
            {pixBank
              ? 'Pago pelo Pix do banco: o valor volta por Pix (devolução) para quem pagou, pela API do banco. Se o banco recusar, nada muda no pedido.'
              : gateway
                ? `O valor é devolvido pelo gateway de pagamento (${gateway.provider}) ao ${order.paymentMethod === 'BOLETO' ? 'cliente' : 'cartão do cliente'}.`
                : 'Pagamento por Pix: o reembolso fica registrado como manual. Devolva o valor ao cliente pelo banco.'}
          </Alert>
          <TextField
            label="Valor do reembolso"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
            error={fieldError('amountCents') !== null}
            helperText={
              fieldError('amountCents') ?? `Até ${formatBRL(left)} (pago menos o já reembolsado).`
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            }}
          />
          <TextField
            label="Motivo do reembolso"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            error={fieldError('reason') !== null}
            helperText={fieldError('reason') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </>
      );
      break;
    case 'addNote':
      confirm = 'Adicionar';
      content = (
        <TextField
          label="Nota"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          required
          multiline
          minRows={3}
          error={fieldError('note') !== null}
          helperText={fieldError('note') ?? 'Só a equipe vê as notas.'}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      );
      break;
    case 'resendLastMail':
      confirm = 'Reenviar';
      content = (
        <DialogContentText>
          Reenviar “{order.lastMailSubject}” para {order.customer.email ?? 'o cliente'}
          {order.customer.cpf ? ` (CPF ${displayCpf(order.customer.cpf)})` : ''}?
        </DialogContentText>
      );
      break;
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>
          {ACTION_LABELS[action]} · {order.number}
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
            color={destructive ? 'error' : 'primary'}
            loading={submitting}
          >
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
