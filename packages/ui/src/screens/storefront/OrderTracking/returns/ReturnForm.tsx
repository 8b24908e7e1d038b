// The 7-day return's form: how many units of each line go back (all of them by default), the
// reason (a choice, and more words if she wants), checked by @vitrine/rules' request schema
// before it is sent; the server's refusal shown on its field. Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  checkRules,
  RETURN_MESSAGES,
  RETURN_REASON_MAX,
  returnRequestSchema,
} from '@vitrine/rules';
import { useState, type FormEvent } from 'react';

import { SubmitButton } from '../../../../components/SubmitButton';
import { formatBRL } from '../../../../format';
import type { ReturnableLineNode, ReturnRequestInputNode } from './OrderReturns.graphql';

export const RETURN_REASONS = [
  'Não serviu',
  'Não gostei do produto',
  'Chegou diferente do anunciado',
  'Chegou com defeito ou avariado',
  'Me arrependi da compra',
  'Outro motivo',
] as const;

/** More words than this leave no room for the chosen reason within the server's limit. */
const DETAILS_MAX = RETURN_REASON_MAX - 40;

export interface ReturnFormError {
  message: string;
  /** The server's field ('reason', 'lines.0.quantity'...); null: about the whole request. */
  field?: string | null;
}

export interface ReturnFormProps {
  lines: ReturnableLineNode[];
  submitting?: boolean;
  error?: ReturnFormError | null;
  onSubmit(input: ReturnRequestInputNode): void;
  onCancel(): void;
}

/** The text the server keeps as the reason: the choice, then her words. */
export function reasonText(choice: string, details: string): string {
  const more = details.trim();
  return more ? `${choice}: ${more}` : choice;
}

/** One line of the order: what it is, and how many of its units go back. */
function LineQuantity({
  line,
  quantity,
  error,
  onChange,
}: {
  line: ReturnableLineNode;
  quantity: number;
  error: string | null;
  onChange(quantity: number): void;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '48px minmax(0, 1fr)', sm: '48px minmax(0, 1fr) 168px' },
        gap: 1.5,
        alignItems: 'center',
      }}
    >
      {line.imageUrl ? (
        <Box
          component="img"
          src={line.imageUrl}
          alt=""
          width={48}
          height={60}
          sx={{ borderRadius: 1, objectFit: 'cover' }}
        />
      ) : (
        <Box sx={{ width: 48, height: 60, borderRadius: 1, bgcolor: 'action.hover' }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {line.productName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[line.variantLabel, `${formatBRL(line.unitPriceCents)} cada`]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label="Quantidade"
        value={quantity}
        onChange={(event) => onChange(Number(event.target.value))}
        error={error !== null}
        helperText={error ?? `de ${line.returnableQuantity} no pedido`}
        slotProps={{
          select: { native: true },
          htmlInput: { 'aria-label': `Quantidade de ${line.productName} a devolver` },
        }}
        sx={{ gridColumn: { xs: '2', sm: 'auto' } }}
      >
        <option value={0}>Não devolver</option>
        {Array.from({ length: line.returnableQuantity }, (_, i) => i + 1).map((count) => (
          <option key={count} value={count}>
            {count === 1 ? '1 unidade' : `${count} unidades`}
          </option>
        ))}
      </TextField>
    </Box>
  );
}

export function ReturnForm({
  lines,
  submitting = false,
  error,
  onSubmit,
  onCancel,
}: ReturnFormProps) {
  const open = lines.filter((line) => line.returnableQuantity > 0);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((line) => [line.lineId, line.returnableQuantity])),
  );
  const [choice, setChoice] = useState('');
  const [details, setDetails] = useState('');
  const [local, setLocal] = useState<ReturnFormError | null>(null);
  // The lines of the last request, in its order: the server names them by index.
  const [sent, setSent] = useState<string[]>([]);
  const shown = local ?? error ?? null;
  const lineError = (lineId: string) => {
    const index = /^lines\.(\d+)\./.exec(shown?.field ?? '')?.[1];
    return index !== undefined && sent[Number(index)] === lineId ? shown!.message : null;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const chosen = open
      .filter((line) => (quantities[line.lineId] ?? 0) > 0)
      .map((line) => ({ lineId: line.lineId, quantity: quantities[line.lineId]! }));
    if (chosen.length === 0) {
      setLocal({ message: RETURN_MESSAGES.noLines, field: 'lines' });
      return;
    }
    if (!choice) {
      setLocal({ message: RETURN_MESSAGES.reasonRequired, field: 'reason' });
      return;
    }
    const input = { reason: reasonText(choice, details), lines: chosen };
    const checked = checkRules(returnRequestSchema, input);
    if (!checked.ok) {
      setSent(chosen.map((line) => line.lineId));
      setLocal({ message: checked.issue.message, field: checked.issue.field });
      return;
    }
    setLocal(null);
    setSent(chosen.map((line) => line.lineId));
    onSubmit(input);
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Pedido de devolução"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          Quais produtos voltam?
        </Typography>
        {open.map((line) => (
          <LineQuantity
            key={line.lineId}
            line={line}
            quantity={quantities[line.lineId] ?? 0}
            error={lineError(line.lineId)}
            onChange={(quantity) =>
              setQuantities((current) => ({ ...current, [line.lineId]: quantity }))
            }
          />
        ))}
        {shown?.field === 'lines' ? (
          <Typography role="alert" variant="body2" color="error">
            {shown.message}
          </Typography>
        ) : null}
      </Box>
      <TextField
        select
        required
        label="Motivo da devolução"
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        error={shown?.field === 'reason'}
        helperText={shown?.field === 'reason' ? shown.message : undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" disabled>
          Escolha o motivo
        </option>
        {RETURN_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {reason}
          </option>
        ))}
      </TextField>
      <TextField
        label="Quer contar mais? (opcional)"
        multiline
        minRows={2}
        value={details}
        onChange={(event) => setDetails(event.target.value.slice(0, DETAILS_MAX))}
        helperText={`${details.length}/${DETAILS_MAX}`}
      />
      {shown && !shown.field ? (
        <Alert severity="error" role="alert">
          {shown.message}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        O envio de volta é por nossa conta. Devolvemos o valor pago pelos produtos (e o frete, se
        todo o pedido voltar) pela mesma forma de pagamento, assim que eles chegarem.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <SubmitButton
          label="Solicitar devolução"
          sendingLabel="Enviando…"
          sending={submitting}
          sx={{ minHeight: 48 }}
        />
        <Button onClick={onCancel} disabled={submitting} sx={{ minHeight: 48 }}>
          Cancelar
        </Button>
      </Box>
    </Box>
  );
}
