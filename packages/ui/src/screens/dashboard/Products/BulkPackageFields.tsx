// The 'Definir embalagem' form of the bulk dialog: weight (g) and length, width and height (cm),
// each field's error under it, and the note on the weight carriers charge (the cubic rule). Pure.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { billableNote, PACKAGE_FIELDS, type PackageErrors, type PackageForm } from './bulkPackage';

export interface BulkPackageFieldsProps {
  form: PackageForm;
  onChange(form: PackageForm): void;
  /** Shown once the person tried to confirm. */
  errors: PackageErrors;
}

export function BulkPackageFields({ form, onChange, errors }: BulkPackageFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 0.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {PACKAGE_FIELDS.map(({ field, label, unit }) => (
          <TextField
            key={field}
            label={`${label} (${unit})`}
            value={form[field]}
            onChange={(event) => onChange({ ...form, [field]: event.target.value })}
            error={errors[field] !== undefined}
            helperText={errors[field] ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {billableNote(form)}
      </Typography>
    </Box>
  );
}
