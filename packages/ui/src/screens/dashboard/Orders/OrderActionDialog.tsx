// The dialog of each action on an order: what it does, what it needs (tracking code, reason,
// amount, note), a confirmation for what cannot be undone, the server's error on its field. Pure,
// with the form's own state.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';

import { OrderActionFields } from './OrderActionFields';
import {
  ACTION_LABELS,
  confirmOf,
  initialActionValues,
  orderActionInput,
  type OrderActionValues,
} from './orderActionForm';
import type { OrderDetail } from './OrderScreen.graphql';

export { ACTION_LABELS } from './orderActionForm';

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

export function OrderActionDialog({
  action,
  order,
  submitting = false,
  error = null,
  onSubmit,
  onClose,
}: OrderActionDialogProps) {
  const [values, setValues] = useState<OrderActionValues>(() => initialActionValues(action, order));
  const [local, setLocal] = useState<{ field: string; message: string } | null>(null);

  const fieldError = (field: string): string | null =>
    local?.field === field ? local.message : error?.field === field ? error.message : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setLocal(null);
    const checked = orderActionInput(action, order, values);
    if ('field' in checked) setLocal(checked);
    else onSubmit(checked);
  }

  const formError = error && !error.field ? error.message : null;
  const titleId = `order-action-${action}-title`;
  const confirm = confirmOf(action, order);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>
          {ACTION_LABELS[action]} · {order.number}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <OrderActionFields
              action={action}
              order={order}
              values={values}
              set={(field, value) => setValues((previous) => ({ ...previous, [field]: value }))}
              fieldError={fieldError}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Voltar</Button>
          <Button
            type="submit"
            variant="contained"
            color={confirm.destructive ? 'error' : 'primary'}
            loading={submitting}
          >
            {confirm.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
