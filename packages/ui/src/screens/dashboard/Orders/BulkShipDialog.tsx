// "Enviar selecionados": a carrier and a tracking code for each selected paid order, then each
// order's result (one may fail while the others ship). Pure, with the form's own state.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkTrackingCode } from '@vitrine/rules';
import { useState, type FormEvent } from 'react';

import { ORDER_STATUS_LABELS, type OrderStatus } from './orderLabels';

export interface BulkShipOrder {
  id: string;
  number: string;
  status: OrderStatus;
  customerName: string;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
}

export interface BulkShipResult {
  id: string;
  ok: boolean;
  error: string | null;
}

export interface BulkShipItem {
  id: string;
  carrier: string;
  trackingCode: string | null;
}

export interface BulkShipDialogProps {
  open: boolean;
  orders: BulkShipOrder[];
  submitting?: boolean;
  /** Each order's answer, once sent. */
  results?: BulkShipResult[] | null;
  /** The whole request failed (network, permission). */
  error?: string | null;
  onSubmit(items: BulkShipItem[]): void;
  onClose(): void;
  /** Carriers and codes to start from, by order id (the labels just bought). */
  prefill?: Record<string, { carrier: string; trackingCode: string }>;
}

const DEFAULT_CARRIER = 'Correios';

/** One order to ship: its carrier and code, then its result. */
function BulkShipRow({
  order,
  result,
  carrier,
  code,
  invalid,
  submitting,
  onCarrierChange,
  onCodeChange,
}: {
  order: BulkShipOrder;
  result: BulkShipResult | null;
  carrier: string;
  code: string;
  /** The code refused here, before sending. */
  invalid: string | null;
  submitting: boolean;
  onCarrierChange(carrier: string): void;
  onCodeChange(code: string): void;
}) {
  const pickup = order.shippingMethodKind === 'PICKUP';
  return (
    <Box
      component="li"
      aria-label={`Pedido ${order.number}`}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr 1.4fr' },
        alignItems: 'start',
      }}
    >
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{order.number}</Typography>
        <Typography variant="body2" color="text.secondary">
          {order.customerName}
        </Typography>
      </Box>
      <TextField
        label={`Transportadora (${order.number})`}
        size="small"
        value={carrier}
        onChange={(event) => onCarrierChange(event.target.value)}
        disabled={submitting || result?.ok === true}
      />
      <TextField
        label={`Código de rastreamento (${order.number})`}
        size="small"
        placeholder="AA123456785BR"
        value={code}
        onChange={(event) => onCodeChange(event.target.value)}
        disabled={submitting || result?.ok === true}
        error={invalid !== null || (result !== null && !result.ok)}
        helperText={
          result?.ok
            ? 'Enviado.'
            : invalid
              ? invalid
              : result?.error
                ? result.error
                : pickup
                  ? 'Retirada na loja: o código é opcional.'
                  : ' '
        }
        slotProps={{
          htmlInput: { autoCapitalize: 'characters', spellCheck: false },
          formHelperText: result?.ok ? { sx: { color: 'success.main' } } : {},
        }}
      />
    </Box>
  );
}

export function BulkShipDialog({
  open,
  orders,
  submitting = false,
  results = null,
  error = null,
  onSubmit,
  onClose,
  prefill = {},
}: BulkShipDialogProps) {
  const resultOf = (id: string) => results?.find((result) => result.id === id) ?? null;
  // An order shipped here stays in the list with its result (its status is no longer PAID).
  const listed = (order: BulkShipOrder) => order.status === 'PAID' || resultOf(order.id) !== null;
  const shippable = orders.filter(listed);
  const others = orders.filter((order) => !listed(order));
  const [carriers, setCarriers] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(prefill).map(([id, label]) => [id, label.carrier])),
  );
  const [codes, setCodes] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(prefill).map(([id, label]) => [id, label.trackingCode])),
  );
  // Each order's code refused here, by the server's rule (Correios: the S10 check digit).
  const [invalid, setInvalid] = useState<Record<string, string>>({});

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const items: BulkShipItem[] = [];
    const refused: Record<string, string> = {};
    for (const order of shippable) {
      if (resultOf(order.id)?.ok === true) continue;
      const carrier = (carriers[order.id] ?? DEFAULT_CARRIER).trim() || DEFAULT_CARRIER;
      const code = (codes[order.id] ?? '').trim();
      if (code === '' && order.shippingMethodKind === 'PICKUP') {
        items.push({ id: order.id, carrier, trackingCode: null });
        continue;
      }
      const checked = checkTrackingCode(carrier, code);
      if (checked.ok) items.push({ id: order.id, carrier, trackingCode: checked.code });
      else refused[order.id] = checked.message;
    }
    setInvalid(refused);
    if (Object.keys(refused).length > 0) return;
    onSubmit(items);
  }

  const done = results !== null && results.every((result) => result.ok);
  const pendingCount = shippable.filter((order) => resultOf(order.id)?.ok !== true).length;
  const shipped = results?.filter((result) => result.ok).length ?? 0;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="bulk-ship-title">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="bulk-ship-title">Enviar pedidos selecionados</DialogTitle>
        <DialogContent dividers>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {results !== null ? (
            <Alert severity={done ? 'success' : 'warning'} sx={{ mb: 2 }} role="status">
              {done
                ? `${shipped === 1 ? '1 pedido enviado' : `${shipped} pedidos enviados`}.`
                : `${shipped} de ${results.length} enviados. Corrija os que falharam e tente de novo.`}
            </Alert>
          ) : null}
          {shippable.length === 0 ? (
            <Typography>Nenhum dos pedidos selecionados está pago e pronto para envio.</Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Informe a transportadora e o código de rastreamento de cada pedido. Códigos dos
              Correios têm 2 letras, 9 números e 2 letras, como AA123456785BR.
            </Typography>
          )}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {shippable.map((order) => (
              <BulkShipRow
                key={order.id}
                order={order}
                result={resultOf(order.id)}
                carrier={carriers[order.id] ?? DEFAULT_CARRIER}
                code={codes[order.id] ?? ''}
                invalid={invalid[order.id] ?? null}
                submitting={submitting}
                onCarrierChange={(carrier) =>
                  setCarriers((current) => ({ ...current, [order.id]: carrier }))
                }
                onCodeChange={(code) => setCodes((current) => ({ ...current, [order.id]: code }))}
              />
            ))}
          </Box>
          {others.length > 0 ? (
            <Box sx={{ mt: 3 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                Não podem ser enviados agora
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {others.map((order) => (
                  <li key={order.id}>
                    <Typography variant="body2">
                      {order.number}: {ORDER_STATUS_LABELS[order.status].toLowerCase()}
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{done ? 'Fechar' : 'Cancelar'}</Button>
          {!done && shippable.length > 0 ? (
            <Button type="submit" variant="contained" loading={submitting}>
              {pendingCount === 1 ? 'Enviar 1 pedido' : `Enviar ${pendingCount} pedidos`}
            </Button>
          ) : null}
        </DialogActions>
      </form>
    </Dialog>
  );
}
