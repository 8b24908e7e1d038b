// The product editor's "Fiscal": NCM, CEST, origem da mercadoria and the product's own tax
// situation (CSOSN or CST by the store's regime; empty: the store's default), what the product's
// line of an NF-e says; inside the editor's "Fiscal" section. Pure.
import { ORIGIN_LABELS } from '@vitrine/rules';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { ProductFiscalForm } from './productFiscal';

export interface FiscalSectionProps {
  form: ProductFiscalForm;
  /** Messages by field ('ncm', 'cest', 'origin', 'taxSituation'). */
  errors: Partial<Record<string, string>>;
  onChange(field: keyof ProductFiscalForm, value: string): void;
  /** The DOM id of a field (the error summary links to it). */
  fieldId(field: string): string;
  /** Read only (SUPPORT). */
  disabled?: boolean;
}

export function FiscalSection({ form, errors, onChange, fieldId, disabled }: FiscalSectionProps) {
  const text = (field: keyof ProductFiscalForm, label: string, helper: string, max: number) => (
    <TextField
      id={fieldId(field)}
      label={label}
      fullWidth
      value={form[field]}
      disabled={disabled}
      error={!!errors[field]}
      helperText={errors[field] ?? helper}
      onChange={(event) => onChange(field, event.target.value)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: max } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        O que a nota fiscal (NF-e) diz sobre este produto.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('ncm', 'NCM', '8 dígitos da classificação fiscal, como 6109.10.00.', 10)}
        {text('cest', 'CEST', 'Só para produtos com substituição tributária: 7 dígitos.', 9)}
        <TextField
          id={fieldId('origin')}
          select
          label="Origem da mercadoria"
          fullWidth
          value={form.origin}
          disabled={disabled}
          error={!!errors.origin}
          helperText={errors.origin ?? ' '}
          onChange={(event) => onChange('origin', event.target.value)}
        >
          {Object.entries(ORIGIN_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {text(
          'taxSituation',
          'Situação tributária',
          'CSOSN ou CST; vazio: a padrão da loja, em Configurações.',
          3,
        )}
      </Box>
    </Box>
  );
}
