// The card's fields (number, name as on the card, expiry, CVV, installments) with their masks and
// inline errors. Used by the checkout form and by the confirmation's "try another card".
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type Control } from 'react-hook-form';

import {
  maskCardNumber,
  maskExpiry,
  type CardField,
  type CardFieldValues,
  type InstallmentChoice,
} from './card';

export interface CardFieldsProps {
  control: Control<CardFieldValues>;
  installmentChoices: InstallmentChoice[];
  /** Whose CPF identifies the holder, for the note under the fields. */
  holderCpfNote?: string;
  disabled?: boolean;
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(6, minmax(0, 1fr))' },
} as const;

export function CardFields({
  control,
  installmentChoices,
  holderCpfNote,
  disabled = false,
}: CardFieldsProps) {
  const masked = (
    name: Extract<CardField, 'cardNumber' | 'cardExpiry' | 'cardCvv'>,
    label: string,
    options: {
      mask: (value: string) => string;
      autoComplete: string;
      placeholder: string;
      columns: { xs: string; sm: string };
    },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          inputRef={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(options.mask(event.target.value))}
          label={label}
          required
          disabled={disabled}
          autoComplete={options.autoComplete}
          placeholder={options.placeholder}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          sx={{ gridColumn: options.columns }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-required': true } }}
        />
      )}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={grid}>
        {masked('cardNumber', 'Número do cartão', {
          mask: maskCardNumber,
          autoComplete: 'cc-number',
          placeholder: '0000 0000 0000 0000',
          columns: { xs: 'span 2', sm: 'span 6' },
        })}
        <Controller
          control={control}
          name="cardHolder"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Nome impresso no cartão"
              required
              disabled={disabled}
              autoComplete="cc-name"
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              sx={{ gridColumn: { xs: 'span 2', sm: 'span 6' } }}
              slotProps={{ htmlInput: { 'aria-required': true, autoCapitalize: 'characters' } }}
            />
          )}
        />
        {masked('cardExpiry', 'Validade (MM/AA)', {
          mask: maskExpiry,
          autoComplete: 'cc-exp',
          placeholder: 'MM/AA',
          columns: { xs: 'span 1', sm: 'span 3' },
        })}
        {masked('cardCvv', 'CVV', {
          mask: (value) => value.replace(/\D/g, '').slice(0, 4),
          autoComplete: 'cc-csc',
          placeholder: '000',
          columns: { xs: 'span 1', sm: 'span 3' },
        })}
        <Controller
          control={control}
          name="installments"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label="Parcelas"
              required
              disabled={disabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              sx={{ gridColumn: { xs: 'span 2', sm: 'span 6' } }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {installmentChoices.map((choice) => (
                <option key={choice.count} value={String(choice.count)}>
                  {choice.label}
                </option>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}
      >
        <LockOutlined sx={{ fontSize: 16, mt: '1px' }} aria-hidden />
        Os dados do cartão são enviados direto ao processador de pagamento; a loja não os recebe nem
        guarda.{holderCpfNote ? ` ${holderCpfNote}` : ''}
      </Typography>
    </Box>
  );
}
