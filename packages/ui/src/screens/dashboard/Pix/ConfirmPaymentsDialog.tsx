// Confirms the payment of the selected Pix orders after asking (how many and the total), then
// shows what happened to each. Pure: the confirmation itself is a prop.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';

import { formatBRL } from '../../../format';

export interface PaymentToConfirm {
  id: string;
  number: string;
  totalCents: number;
}

export interface PaymentResult {
  id: string;
  ok: boolean;
  error: string | null;
}

export interface ConfirmPaymentsDialogProps {
  open: boolean;
  orders: PaymentToConfirm[];
  onConfirm: (ids: string[]) => Promise<PaymentResult[]>;
  /** Closed; `done` when payments were confirmed (the selection is cleared). */
  onClose: (done: boolean) => void;
  /** Opens on the results (stories). */
  initialResults?: PaymentResult[] | null;
}

export function ConfirmPaymentsDialog({
  open,
  orders,
  onConfirm,
  onClose,
  initialResults = null,
}: ConfirmPaymentsDialogProps) {
  const titleId = useId();
  const [pending, setPending] = useState(false);
  const [results, setResults] = useState<PaymentResult[] | null>(initialResults);
  const [failure, setFailure] = useState<string | null>(null);
  const total = orders.reduce((sum, order) => sum + order.totalCents, 0);
  const count = orders.length;
  const numberOf = (id: string) => orders.find((order) => order.id === id)?.number ?? id;

  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      setResults(await onConfirm(orders.map((order) => order.id)));
    } catch {
      setFailure('Não foi possível confirmar agora. Confira a conexão e tente de novo.');
    } finally {
      setPending(false);
    }
  }

  function close() {
    const done = results !== null;
    setResults(null);
    setFailure(null);
    onClose(done);
  }

  const confirmed = results?.filter((result) => result.ok) ?? [];
  const failed = results?.filter((result) => !result.ok) ?? [];

  return (
    <Dialog open={open} onClose={pending ? undefined : close} aria-labelledby={titleId} fullWidth>
      {results === null ? (
        <>
          <DialogTitle id={titleId}>
            {count === 1 ? 'Confirmar 1 pagamento?' : `Confirmar ${count} pagamentos?`}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {count === 1
                ? `O pedido ${orders[0]?.number ?? ''} será marcado como pago (${formatBRL(total)}).`
                : `${count} pedidos serão marcados como pagos, somando ${formatBRL(total)}.`}{' '}
              Confira antes no extrato do banco: quem comprou recebe o e-mail de pagamento
              confirmado.
            </DialogContentText>
            {failure ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={close} disabled={pending}>
              Cancelar
            </Button>
            <Button variant="contained" onClick={() => void confirm()} loading={pending}>
              {count === 1 ? 'Confirmar pagamento' : `Confirmar ${count} pagamentos`}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>Resultado</DialogTitle>
          <DialogContent>
            {confirmed.length > 0 ? (
              <Alert severity="success" sx={{ mb: 2 }}>
                {confirmed.length === 1
                  ? `Pagamento do pedido ${numberOf(confirmed[0]?.id ?? '')} confirmado.`
                  : `${confirmed.length} pagamentos confirmados.`}
              </Alert>
            ) : null}
            {failed.length > 0 ? (
              <>
                <Alert severity="error">
                  {failed.length === 1
                    ? 'Um pedido não foi confirmado:'
                    : `${failed.length} pedidos não foram confirmados:`}
                </Alert>
                <List dense>
                  {failed.map((result) => (
                    <ListItem key={result.id} disableGutters>
                      <ListItemText
                        primary={numberOf(result.id)}
                        secondary={result.error ?? 'Não foi possível confirmar.'}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Fechar
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
