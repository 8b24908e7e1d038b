// One change to many products: what it does, how many it touches ('Excluir 12 produtos?'), the
// category, the price change (with a preview of a few products' old -> new prices) or the package
// (weight and dimensions, with the weight carriers charge), and the server's refusal when it says no (nothing changed: all or nothing). Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type {
  PriceChange,
  PriceRoundDirection,
  ValidProductFiscal,
  ValidVariantPackage,
} from '@vitrine/rules';
import { useState } from 'react';

import {
  EMPTY_PRICE_CHANGE_FORM,
  pricePreview,
  readPriceChange,
  ROUND_DIRECTION_LABELS,
  type PriceChangeForm,
  type PricePreviewProduct,
} from './bulkPrice';
import { BulkFiscalFields } from './BulkFiscalFields';
import { BulkPackageFields } from './BulkPackageFields';
import { EMPTY_FISCAL_BULK_FORM, readBulkFiscal, type FiscalBulkForm } from './bulkFiscal';
import { EMPTY_PACKAGE_FORM, readPackage, type PackageForm } from './bulkPackage';
import type { CategoryOption } from './categoryOptions';

export type ProductBulkAction =
  | 'PUBLISH'
  | 'UNPUBLISH'
  | 'FEATURE'
  | 'UNFEATURE'
  | 'MOVE_TO_CATEGORY'
  | 'CHANGE_PRICES'
  | 'SET_PACKAGE'
  | 'SET_FISCAL'
  | 'DELETE';

export interface BulkRequest {
  action: ProductBulkAction;
  categoryId?: string;
  priceChange?: PriceChange;
  package?: ValidVariantPackage;
  fiscal?: ValidProductFiscal;
}

export const BULK_ACTION_LABELS: Record<ProductBulkAction, string> = {
  PUBLISH: 'Publicar',
  UNPUBLISH: 'Despublicar',
  FEATURE: 'Destacar',
  UNFEATURE: 'Remover destaque',
  MOVE_TO_CATEGORY: 'Mover para categoria…',
  CHANGE_PRICES: 'Alterar preços…',
  SET_PACKAGE: 'Definir embalagem…',
  SET_FISCAL: 'Definir dados fiscais…',
  DELETE: 'Excluir',
};

function products(count: number) {
  return count === 1 ? '1 produto' : `${count.toLocaleString('pt-BR')} produtos`;
}

function copy(action: ProductBulkAction, count: number) {
  const n = products(count);
  switch (action) {
    case 'PUBLISH':
      return { title: `Publicar ${n}?`, text: 'Eles passam a aparecer na loja.' };
    case 'UNPUBLISH':
      return {
        title: `Despublicar ${n}?`,
        text: 'Eles saem da loja e ficam como rascunho; nada é apagado.',
      };
    case 'FEATURE':
      return { title: `Destacar ${n}?`, text: 'Eles aparecem em “Destaques” na página inicial.' };
    case 'UNFEATURE':
      return { title: `Remover o destaque de ${n}?`, text: 'Eles saem de “Destaques”.' };
    case 'MOVE_TO_CATEGORY':
      return { title: `Mover ${n} para outra categoria?`, text: 'Escolha a nova categoria.' };
    case 'CHANGE_PRICES':
      return {
        title: `Alterar os preços de ${n}?`,
        text: 'O preço de cada variante muda pela mesma regra.',
      };
    case 'SET_PACKAGE':
      return {
        title: `Definir a embalagem de ${n}?`,
        text: 'Peso e medidas valem para todas as variantes; o que ficar em branco não muda.',
      };
    case 'SET_FISCAL':
      return {
        title: `Definir os dados fiscais de ${n}?`,
        text: 'NCM, CEST, origem e situação tributária da nota fiscal; o que ficar em branco não muda.',
      };
    case 'DELETE':
      return {
        title: `Excluir ${n}?`,
        text: 'Não é possível desfazer. Os pedidos já feitos guardam sua própria cópia dos itens.',
      };
  }
}

export interface BulkActionDialogProps {
  action: ProductBulkAction;
  count: number;
  categories: CategoryOption[];
  /** Products to show in the price preview (the selection, or the page for the whole filter). */
  previewProducts: PricePreviewProduct[];
  /** Resolves to the server's refusal, or null when done. */
  onSubmit(request: BulkRequest): Promise<string | null>;
  onClose(): void;
}

interface PriceChangeFieldsProps {
  form: PriceChangeForm;
  setForm(form: PriceChangeForm): void;
  touched: boolean;
  read: ReturnType<typeof readPriceChange>;
  preview: ReturnType<typeof pricePreview>;
  /** The products chosen (the preview shows a few of them). */
  count: number;
}

/** Up or down, by a percentage or an amount, rounded to ,90 or not, with a preview. */
function PriceChangeFields({
  form,
  setForm,
  touched,
  read,
  preview,
  count,
}: PriceChangeFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Aumentar ou reduzir"
          value={form.direction}
          onChange={(_event, direction: PriceChangeForm['direction'] | null) => {
            if (direction) setForm({ ...form, direction });
          }}
        >
          <ToggleButton value="decrease">Reduzir</ToggleButton>
          <ToggleButton value="increase">Aumentar</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Percentual ou valor"
          value={form.mode}
          onChange={(_event, mode: PriceChangeForm['mode'] | null) => {
            if (mode) setForm({ ...form, mode });
          }}
        >
          <ToggleButton value="percent">Percentual</ToggleButton>
          <ToggleButton value="amount">Valor (R$)</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <TextField
        label={form.mode === 'percent' ? 'Percentual (%)' : 'Valor (R$)'}
        value={form.value}
        onChange={(event) => setForm({ ...form, value: event.target.value })}
        error={touched && !read.ok}
        helperText={touched && !read.ok ? read.error : ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={form.roundTo90}
            onChange={(event) => setForm({ ...form, roundTo90: event.target.checked })}
          />
        }
        label="Arredondar para ,90 (R$ 129,90)"
      />
      {form.roundTo90 ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Arredondar para qual ,90"
          value={form.roundDirection ?? 'NEAREST'}
          onChange={(_event, roundDirection: PriceRoundDirection | null) => {
            if (roundDirection) setForm({ ...form, roundDirection });
          }}
          sx={{ mt: -1 }}
        >
          {(Object.keys(ROUND_DIRECTION_LABELS) as PriceRoundDirection[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {ROUND_DIRECTION_LABELS[key]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {preview.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Prévia
          </Typography>
          <Table size="small" aria-label="Prévia dos novos preços">
            <TableHead>
              <TableRow>
                <TableCell>Produto</TableCell>
                <TableCell>Agora</TableCell>
                <TableCell>Depois</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>{line.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.before}</TableCell>
                  <TableCell
                    sx={{
                      whiteSpace: 'nowrap',
                      fontWeight: 600,
                      color: line.invalid ? 'error.main' : undefined,
                    }}
                  >
                    {line.after}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {count > preview.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {count - preview.length === 1
                ? 'E mais 1 produto, com a mesma regra.'
                : `E mais ${count - preview.length} produtos, com a mesma regra.`}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

export function BulkActionDialog({
  action,
  count,
  categories,
  previewProducts,
  onSubmit,
  onClose,
}: BulkActionDialogProps) {
  const [categoryId, setCategoryId] = useState('');
  const [form, setForm] = useState<PriceChangeForm>(EMPTY_PRICE_CHANGE_FORM);
  const [packageForm, setPackageForm] = useState<PackageForm>(EMPTY_PACKAGE_FORM);
  const [fiscalForm, setFiscalForm] = useState<FiscalBulkForm>(EMPTY_FISCAL_BULK_FORM);
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { title, text } = copy(action, count);
  const read = readPriceChange(form);
  const preview = read.ok ? pricePreview(previewProducts, read.change) : [];
  const packageRead = readPackage(packageForm);
  const fiscalRead = readBulkFiscal(fiscalForm);
  const destructive = action === 'DELETE';

  async function confirm() {
    setTouched(true);
    let request: BulkRequest = { action };
    if (action === 'MOVE_TO_CATEGORY') {
      if (!categoryId) return;
      request = { action, categoryId };
    }
    if (action === 'CHANGE_PRICES') {
      if (!read.ok) return;
      request = { action, priceChange: read.change };
    }
    if (action === 'SET_PACKAGE') {
      if (!packageRead.ok) return;
      request = { action, package: packageRead.pkg };
    }
    if (action === 'SET_FISCAL') {
      if (!fiscalRead.ok) return;
      request = { action, fiscal: fiscalRead.fiscal };
    }
    setSaving(true);
    setRefusal(null);
    const answer = await onSubmit(request);
    setSaving(false);
    if (answer) setRefusal(answer);
  }

  const verb = BULK_ACTION_LABELS[action].replace('…', '');
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        {action === 'MOVE_TO_CATEGORY' ? (
          <TextField
            select
            fullWidth
            label="Nova categoria"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            error={touched && !categoryId}
            helperText={touched && !categoryId ? 'Escolha a categoria.' : ' '}
          >
            {categories.map((option) => (
              <MenuItem key={option.id} value={option.id} sx={{ pl: 2 + option.depth * 2 }}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {action === 'CHANGE_PRICES' ? (
          <PriceChangeFields
            form={form}
            setForm={setForm}
            touched={touched}
            read={read}
            preview={preview}
            count={count}
          />
        ) : null}
        {action === 'SET_PACKAGE' ? (
          <BulkPackageFields
            form={packageForm}
            onChange={setPackageForm}
            errors={touched && !packageRead.ok ? packageRead.errors : {}}
          />
        ) : null}
        {action === 'SET_FISCAL' ? (
          <BulkFiscalFields
            form={fiscalForm}
            onChange={setFiscalForm}
            errors={touched && !fiscalRead.ok ? fiscalRead.errors : {}}
          />
        ) : null}
        {destructive ? <Alert severity="warning">Esta ação não pode ser desfeita.</Alert> : null}
        {refusal ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={saving}
          onClick={() => void confirm()}
        >
          {action === 'CHANGE_PRICES'
            ? `Alterar ${products(count)}`
            : action === 'MOVE_TO_CATEGORY'
              ? `Mover ${products(count)}`
              : action === 'SET_PACKAGE' || action === 'SET_FISCAL'
                ? `Definir em ${products(count)}`
                : `${verb} ${products(count)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
