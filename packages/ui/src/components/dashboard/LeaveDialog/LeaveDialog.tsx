// The question an editor asks before a navigation would lose unsaved changes (useLeaveGuard says
// when): stay, the default and the main button, or leave and lose them. Pure.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface LeaveDialogProps {
  open: boolean;
  /** Where the changes are, as the sentence needs it: "neste produto", "nas configurações". */
  where: string;
  /** Leave and lose the changes. */
  onLeave(): void;
  /** Keep editing (also Esc and a click outside). */
  onStay(): void;
}

export function LeaveDialog({ open, where, onLeave, onStay }: LeaveDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Sair sem salvar?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Há alterações {where} que ainda não foram salvas. Se sair agora, elas se perdem.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="error">
          Sair sem salvar
        </Button>
        <Button variant="contained" onClick={onStay}>
          Continuar editando
        </Button>
      </DialogActions>
    </Dialog>
  );
}
