// The order action dialog's fields, one set per action: what it does, what it needs (tracking
// code, reason, amount, note) and each field's error.
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

import { formatBRL } from '../../../format';
import type { OrderActionName } from './OrderActionDialog';
import { refundableCents, type OrderActionValues } from './orderActionForm';
import { displayCpf } from './orderLabels';
import { PIX_PSP_PROVIDER } from './OrderPixCharge';
import type { OrderDetail } from './OrderScreen.graphql';

export interface OrderActionFieldsProps {
  action: OrderActionName;
  order: OrderDetail;
  values: OrderActionValues;
  set(field: keyof OrderActionValues, value: string): void;
  /** The field's error: found before sending, or the server's. */
  fieldError(field: string): string | null;
}

type FieldsProps = Omit<OrderActionFieldsProps, 'action'>;

function MarkPaidFields({ order, values, set, fieldError }: FieldsProps) {
  return (
    <>
      <DialogContentText>
        Confirme só depois de ver o valor no extrato do banco. O cliente recebe um e-mail e o pedido
        fica pronto para envio.
      </DialogContentText>
      <Alert severity="info" icon={false}>
        {order.pixTxid ? `Identificador Pix (txid): ${order.pixTxid} · ` : ''}
        Valor: {formatBRL(order.totalCents)}
      </Alert>
      <TextField
        label="Observação (opcional)"
        value={values.note}
        onChange={(event) => set('note', event.target.value)}
        multiline
        minRows={2}
        error={fieldError('note') !== null}
        helperText={fieldError('note') ?? ' '}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </>
  );
}

function TrackingFields({
  order,
  values,
  set,
  fieldError,
  correcting,
}: FieldsProps & { correcting: boolean }) {
  const pickup = order.shippingMethodKind === 'PICKUP';
  return (
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
        value={values.carrier}
        onChange={(event) => set('carrier', event.target.value)}
        required
        error={fieldError('carrier') !== null}
        helperText={fieldError('carrier') ?? ' '}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <TextField
        label="Código de rastreamento"
        value={values.trackingCode}
        onChange={(event) => set('trackingCode', event.target.value)}
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
        value={values.note}
        onChange={(event) => set('note', event.target.value)}
        error={fieldError('note') !== null}
        helperText={fieldError('note') ?? ' '}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </>
  );
}

function CancelFields({ order, values, set, fieldError }: FieldsProps) {
  return (
    <>
      <Alert severity="warning">
        Os itens voltam ao estoque e o uso do cupom é liberado. Não dá para desfazer.
        {order.paymentStatus === 'PAID'
          ? ' O pagamento não é devolvido automaticamente: faça o reembolso depois.'
          : ''}
      </Alert>
      <TextField
        label="Motivo do cancelamento"
        value={values.reason}
        onChange={(event) => set('reason', event.target.value)}
        required
        multiline
        minRows={2}
        error={fieldError('reason') !== null}
        helperText={fieldError('reason') ?? 'O cliente vê este motivo no e-mail.'}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </>
  );
}

function RefundFields({ order, values, set, fieldError }: FieldsProps) {
  const left = refundableCents(order);
  // A Pix the bank's API confirmed goes back by Pix devolução; a card or boleto by its gateway.
  const pixBank = order.payments.some((payment) => payment.provider === PIX_PSP_PROVIDER);
  const gateway = order.payments.find(
    (payment) => !['manual', 'pix', PIX_PSP_PROVIDER].includes(payment.provider),
  );
  return (
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
        value={values.amount}
        onChange={(event) => set('amount', event.target.value)}
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
        value={values.reason}
        onChange={(event) => set('reason', event.target.value)}
        required
        multiline
        minRows={2}
        error={fieldError('reason') !== null}
        helperText={fieldError('reason') ?? ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </>
  );
}

export function OrderActionFields({ action, ...props }: OrderActionFieldsProps) {
  const { order, values, set, fieldError } = props;
  switch (action) {
    case 'markPaid':
      return <MarkPaidFields {...props} />;
    case 'ship':
    case 'correctTracking':
      return <TrackingFields {...props} correcting={action === 'correctTracking'} />;
    case 'deliver':
      return (
        <DialogContentText>
          Marque como entregue quando a transportadora confirmar a entrega
          {order.trackingCode ? ` do objeto ${order.trackingCode}` : ''}.
        </DialogContentText>
      );
    case 'cancel':
      return <CancelFields {...props} />;
    case 'refund':
      return <RefundFields {...props} />;
    case 'addNote':
      return (
        <TextField
          label="Nota"
          value={values.note}
          onChange={(event) => set('note', event.target.value)}
          required
          multiline
          minRows={3}
          error={fieldError('note') !== null}
          helperText={fieldError('note') ?? 'Só a equipe vê as notas.'}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      );
    case 'resendLastMail':
      return (
        <DialogContentText>
          Reenviar “{order.lastMailSubject}” para {order.customer.email ?? 'o cliente'}
          {order.customer.cpf ? ` (CPF ${displayCpf(order.customer.cpf)})` : ''}?
        </DialogContentText>
      );
  }
}
