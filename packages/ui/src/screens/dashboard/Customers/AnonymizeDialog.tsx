// Anonymising a customer is irreversible, so it is confirmed twice: first what is removed and what
// stays, then the staff member types the customer's e-mail to enable the button. Pure.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export interface AnonymizeDialogProps {
  open: boolean;
  customerName: string;
  customerEmail: string;
  ordersCount: number;
  submitting: boolean;
  /** The server's refusal (a wrong confirmation, no permission). */
  error: string | null;
  onConfirm(confirmation: string): void;
  onClose(): void;
}

export function AnonymizeDialog({
  open,
  customerName,
  customerEmail,
  ordersCount,
  submitting,
  error,
  onConfirm,
  onClose,
}: AnonymizeDialogProps) {
  const [step, setStep] = useState<'explain' | 'confirm'>('explain');
  const [typed, setTyped] = useState('');
  const titleId = useId();
  const matches = typed.trim().toLowerCase() === customerEmail.trim().toLowerCase();
  const close = () => {
    if (submitting) return;
    setStep('explain');
    setTyped('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {step === 'explain' ? `Anonimizar ${customerName}?` : 'Confirme a anonimização'}
      </DialogTitle>
      {step === 'explain' ? (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              A pedido do titular (LGPD, art. 18), os dados pessoais deste cliente são apagados de
              vez. <strong>Não é possível desfazer.</strong>
            </DialogContentText>
            <Typography component="h3" variant="subtitle2">
              O que é removido
            </Typography>
            <Typography component="ul" variant="body2" sx={{ mt: 0.5, mb: 2, pl: 2.5 }}>
              <li>
                Nome, e-mail, CPF e telefone{' '}
                {ordersCount === 1 ? 'do pedido' : `dos ${ordersCount} pedidos`};
              </li>
              <li>os endereços de entrega (rua, número, complemento, bairro e CEP);</li>
              <li>o destinatário e o texto dos e-mails enviados a essa pessoa;</li>
              <li>os avisos de volta ao estoque pedidos com esse e-mail.</li>
            </Typography>
            <Typography component="h3" variant="subtitle2">
              O que fica, para a contabilidade
            </Typography>
            <Typography component="ul" variant="body2" sx={{ mt: 0.5, mb: 0, pl: 2.5 }}>
              <li>Os pedidos, com números, datas, status, valores, pagamentos e reembolsos;</li>
              <li>os itens de cada pedido (produtos, quantidades e preços);</li>
              <li>a cidade e a UF da entrega, e o registro desta ação na auditoria.</li>
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancelar</Button>
            <Button color="error" variant="outlined" onClick={() => setStep('confirm')}>
              Continuar
            </Button>
          </DialogActions>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !submitting) onConfirm(typed.trim());
          }}
        >
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Para anonimizar {customerName} de vez, digite o e-mail do cliente:{' '}
              <strong>{customerEmail}</strong>
            </DialogContentText>
            <TextField
              label="E-mail do cliente"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              fullWidth
              autoComplete="off"
              error={error !== null}
              helperText={error ?? 'O botão só fica disponível quando o e-mail confere.'}
              slotProps={{ htmlInput: { spellCheck: false, inputMode: 'email' } }}
            />
            {error === null ? null : (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                Nada foi alterado.
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={submitting}>
              Cancelar
            </Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={!matches}
              loading={submitting}
            >
              Anonimizar definitivamente
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
