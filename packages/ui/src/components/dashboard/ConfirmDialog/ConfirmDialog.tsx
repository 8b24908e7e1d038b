// The confirmation before an action that changes or removes data: a question that names what
// changes, "Cancelar", and the action's own button (red when it destroys). The action runs from
// here: the button shows its progress, the dialog cannot be dismissed meanwhile, and a refusal is
// said inside the dialog, which stays open so nothing is lost. Pure.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** A question naming the object: "Excluir o cupom BEMVINDO10?". */
  title: string;
  /** What happens, and what does not: "Os pedidos já feitos não mudam." */
  text: string;
  /** The action's button: "Excluir", "Aplicar importação". */
  confirmLabel: string;
  /** Destroys or stops something: the button is red. */
  danger?: boolean;
  /** Runs the action; a rejection's `message` is shown in the dialog. */
  onConfirm(): Promise<void>;
  /** Cancelled, or done (after onConfirm resolved). */
  onClose(): void;
}

export const CONFIRM_FAILED = 'Não foi possível concluir agora. Tente de novo.';

function messageOf(reason: unknown): string {
  if (typeof reason === 'object' && reason !== null && 'message' in reason) {
    const { message } = reason as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return CONFIRM_FAILED;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = () => {
    setBusy(true);
    setFailure(null);
    onConfirm().then(
      () => {
        setBusy(false);
        onClose();
      },
      (reason: unknown) => {
        setBusy(false);
        setFailure(messageOf(reason));
      },
    );
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {failure !== null ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          loading={busy}
          onClick={run}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
