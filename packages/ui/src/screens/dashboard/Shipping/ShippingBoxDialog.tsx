// Creating or editing one of the store's boxes: its name, the inside (length, width, height in
// whole centimetres), the empty box's weight and the most its contents may weigh, in grams. Checked
// here by the server's own rule (@vitrine/rules checkPackingBox) before it is sent; a refusal from
// the server is shown at its field. Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { checkPackingBox } from '@vitrine/rules';
import { useId, useState, type FormEvent } from 'react';

import type { ShippingBox, ShippingBoxInput } from './ShippingBoxes.graphql';

/** A refusal the dialog shows: at its field when the server named one. */
export interface ShippingBoxSaveError {
  field: string | null;
  message: string;
}

export interface ShippingBoxDialogProps {
  /** null: a new box. */
  box: ShippingBox | null;
  onClose: () => void;
  /** Rejects with a ShippingBoxSaveError. */
  onSave: (input: ShippingBoxInput) => Promise<void>;
}

type Field = 'name' | 'lengthCm' | 'widthCm' | 'heightCm' | 'weightGrams' | 'maxWeightGrams';

const FIELDS: readonly Field[] = [
  'name',
  'lengthCm',
  'widthCm',
  'heightCm',
  'weightGrams',
  'maxWeightGrams',
];

/** '30' -> 30, '5.000' -> 5000 (thousands), '' -> null; anything else (say, '10,5') -> NaN. */
export function parseWhole(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  if (/^\d{1,3}(\.\d{3})+$/.test(value)) return Number(value.replace(/\./g, ''));
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

function initialValues(box: ShippingBox | null): Record<Field, string> {
  return {
    name: box?.name ?? '',
    lengthCm: box ? String(box.lengthCm) : '',
    widthCm: box ? String(box.widthCm) : '',
    heightCm: box ? String(box.heightCm) : '',
    weightGrams: box ? String(box.weightGrams) : '',
    maxWeightGrams: box ? String(box.maxWeightGrams) : '',
  };
}

export function ShippingBoxDialog({ box, onClose, onSave }: ShippingBoxDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(box));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const number = (field: Field) => parseWhole(values[field]) ?? Number.NaN;
    const checked = checkPackingBox({
      name: values.name,
      lengthCm: number('lengthCm'),
      widthCm: number('widthCm'),
      heightCm: number('heightCm'),
      weightGrams: parseWhole(values.weightGrams),
      maxWeightGrams: number('maxWeightGrams'),
    });
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave({ ...checked.box });
      onClose();
    } catch (error) {
      const refusal = error as Partial<ShippingBoxSaveError>;
      const field = refusal.field?.replace(/^input\./, '') as Field | undefined;
      const message = refusal.message ?? 'Não foi possível salvar a caixa.';
      if (field && FIELDS.includes(field)) setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field, label: string, unit: string | null, helperText?: string) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? helperText}
      required={name !== 'weightGrams'}
      slotProps={{
        htmlInput: unit === null ? { maxLength: 60 } : { inputMode: 'numeric', maxLength: 7 },
        ...(unit === null
          ? {}
          : { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }),
      }}
    />
  );

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`}>{box ? `Editar ${box.name}` : 'Nova caixa'}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={(event: FormEvent) => void submit(event)}
          sx={{ display: 'grid', gap: 2 }}
        >
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {field('name', 'Nome', null, 'Como a equipe conhece a caixa: “Caixa M”, “Envelope”.')}
          <Box
            role="group"
            aria-label="Medidas internas"
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {field('lengthCm', 'Comprimento', 'cm')}
            {field('widthCm', 'Largura', 'cm')}
            {field('heightCm', 'Altura', 'cm')}
          </Box>
          {field('weightGrams', 'Peso da caixa vazia', 'g', 'Vazio: 0 g.')}
          {field(
            'maxWeightGrams',
            'Peso máximo do conteúdo',
            'g',
            'Sem contar a caixa; até 100.000 g (100 kg).',
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={saving}>
          {box ? 'Salvar caixa' : 'Adicionar caixa'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
