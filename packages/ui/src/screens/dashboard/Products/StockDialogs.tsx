// A variant's stock by hand (entrada, venda manual, avaria, inventário, with a note) and its
// ledger (date, kind, change, stock after, who, note). Pure.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CATALOG_GRID_LIMITS, checkStockChange } from '@vitrine/rules';
import { useState, type FormEvent } from 'react';

import { formatDateTime } from '../../../format';
import type { StockMovementNode } from './ProductsScreen.graphql';

export type StockAdjustReason = 'RECEIVED' | 'MANUAL_SALE' | 'DAMAGED' | 'STOCK_COUNT';

export const STOCK_REASON_LABELS: Record<StockAdjustReason, string> = {
  RECEIVED: 'Entrada de mercadoria',
  MANUAL_SALE: 'Venda manual (fora da loja)',
  DAMAGED: 'Avaria ou perda',
  STOCK_COUNT: 'Inventário (contagem)',
};

export const MOVEMENT_KIND_LABELS: Record<string, string> = {
  RECEIVED: 'Entrada',
  MANUAL_SALE: 'Venda manual',
  DAMAGED: 'Avaria',
  STOCK_COUNT: 'Inventário',
  ORDER: 'Pedido',
  CANCEL: 'Cancelamento',
  RETURN: 'Devolução',
  IMPORT: 'Importação',
  EDIT: 'Edição',
  INITIAL: 'Estoque inicial',
};

/** The variant the stock dialogs are about. */
export interface StockVariant {
  id: string;
  productName: string;
  /** 'M / Branco', or the SKU. */
  label: string;
  stock: number;
}

export interface StockChangeInput {
  variantId: string;
  reason: StockAdjustReason;
  quantity: number;
  note: string | null;
}

/** A refusal: the message, and the input field the server blamed. */
export interface FieldRefusal {
  message: string;
  field: string | null;
}

export interface StockChangeDialogProps {
  variant: StockVariant;
  onSubmit(input: StockChangeInput): Promise<FieldRefusal | null>;
  onClose(): void;
  onShowHistory(): void;
}

export function StockChangeDialog({
  variant,
  onSubmit,
  onClose,
  onShowHistory,
}: StockChangeDialogProps) {
  const [reason, setReason] = useState<StockAdjustReason>('RECEIVED');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<FieldRefusal | null>(null);
  const [saving, setSaving] = useState(false);
  const counting = reason === 'STOCK_COUNT';
  const number = /^\d{1,7}$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const after =
    number === null
      ? null
      : counting
        ? number
        : reason === 'RECEIVED'
          ? variant.stock + number
          : variant.stock - number;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's rules and words (@vitrine/rules): the quantity's range, the note's length.
    const checked = checkStockChange({ reason, quantity: number ?? Number.NaN, note });
    if (!checked.ok) {
      setError(checked.issue);
      return;
    }
    setSaving(true);
    const refusal = await onSubmit({
      variantId: variant.id,
      reason,
      quantity: checked.value.quantity,
      note: checked.value.note,
    });
    setSaving(false);
    if (refusal) setError(refusal);
    else onClose();
  }

  const quantityError = error?.field === 'quantity' ? error.message : null;
  const otherError = error && error.field !== 'quantity' ? error.message : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby="stock-change-title" fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="stock-change-title">Alterar estoque</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {variant.productName} ({variant.label}): {variant.stock} em estoque.
          </DialogContentText>
          <FormControl sx={{ mb: 2 }}>
            <FormLabel id="stock-reason-label">Motivo</FormLabel>
            <RadioGroup
              aria-labelledby="stock-reason-label"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value as StockAdjustReason);
                setError(null);
              }}
            >
              {(Object.keys(STOCK_REASON_LABELS) as StockAdjustReason[]).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio size="small" />}
                  label={STOCK_REASON_LABELS[value]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            fullWidth
            label={counting ? 'Quantidade contada' : 'Quantidade'}
            value={quantity}
            onChange={(event) => {
              setQuantity(event.target.value);
              setError(null);
            }}
            error={quantityError !== null}
            helperText={
              quantityError ??
              (after !== null ? `O estoque passa de ${variant.stock} para ${after}.` : ' ')
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            sx={{ mb: 2 }}
          />
          <TextField
            fullWidth
            label="Observação (opcional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CATALOG_GRID_LIMITS.stockNote } }}
            multiline
            minRows={2}
          />
          {otherError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {otherError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onShowHistory} sx={{ mr: 'auto' }}>
            Ver histórico
          </Button>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={saving}>
            Salvar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface StockHistoryDialogProps {
  variant: StockVariant;
  movements: StockMovementNode[] | null;
  loading: boolean;
  error: string | null;
  onClose(): void;
}

export function StockHistoryDialog({
  variant,
  movements,
  loading,
  error,
  onClose,
}: StockHistoryDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="stock-history-title"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id="stock-history-title">Histórico de estoque</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {variant.productName} ({variant.label}): {variant.stock} em estoque.
        </DialogContentText>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : loading || movements === null ? (
          <Skeleton variant="rounded" height={160} aria-label="Carregando histórico" />
        ) : movements.length === 0 ? (
          <Typography color="text.secondary">Nenhuma movimentação registrada.</Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Movimentações de estoque">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Tipo</TableCell>
                  <TableCell align="right">Variação</TableCell>
                  <TableCell align="right">Estoque</TableCell>
                  <TableCell>Quem</TableCell>
                  <TableCell>Observação</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {movements.map((movement) => (
                  <TableRow key={movement.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(movement.createdAt).replace(',', '')}
                    </TableCell>
                    <TableCell>{MOVEMENT_KIND_LABELS[movement.kind] ?? movement.kind}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ color: movement.delta < 0 ? 'error.main' : 'success.main' }}
                    >
                      {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
                    </TableCell>
                    <TableCell align="right">{movement.stockAfter ?? '—'}</TableCell>
                    <TableCell>{movement.staffName ?? 'Sistema'}</TableCell>
                    <TableCell>{movement.note ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
