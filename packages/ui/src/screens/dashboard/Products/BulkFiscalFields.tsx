// The 'Definir dados fiscais' form of the bulk dialog: NCM, CEST, origem and tax situation, each
// field's error under it; what is left blank stays as each product has it. Pure.
import { ORIGIN_LABELS } from '@vitrine/rules';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

import type { FiscalBulkErrors, FiscalBulkField, FiscalBulkForm } from './bulkFiscal';

export interface BulkFiscalFieldsProps {
  form: FiscalBulkForm;
  onChange(form: FiscalBulkForm): void;
  /** Shown once the person tried to confirm. */
  errors: FiscalBulkErrors;
}

const TEXT_FIELDS: readonly {
  field: FiscalBulkField;
  label: string;
  helper: string;
  max: number;
}[] = [
  { field: 'ncm', label: 'NCM', helper: '8 dígitos.', max: 10 },
  { field: 'cest', label: 'CEST', helper: '7 dígitos, com o NCM.', max: 9 },
  { field: 'taxSituation', label: 'Situação tributária', helper: 'CSOSN ou CST.', max: 3 },
];

export function BulkFiscalFields({ form, onChange, errors }: BulkFiscalFieldsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 0.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      {TEXT_FIELDS.map(({ field, label, helper, max }) => (
        <TextField
          key={field}
          label={label}
          value={form[field]}
          onChange={(event) => onChange({ ...form, [field]: event.target.value })}
          error={errors[field] !== undefined}
          helperText={errors[field] ?? helper}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: max } }}
        />
      ))}
      <TextField
        select
        label="Origem da mercadoria"
        value={form.origin}
        onChange={(event) => onChange({ ...form, origin: event.target.value })}
        error={errors.origin !== undefined}
        helperText={errors.origin ?? ' '}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Não alterar</MenuItem>
        {Object.entries(ORIGIN_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
