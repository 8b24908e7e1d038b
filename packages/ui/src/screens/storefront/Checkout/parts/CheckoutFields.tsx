// The checkout's text boxes: a plain one (registered by the form) and a masked one (CPF, phone,
// CEP) that formats as the shopper types.
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';

import type { CheckoutControl } from '../useCheckoutForm';
import { span } from './CheckoutSection';

export function CheckoutTextField({
  registration,
  label,
  error,
  autoComplete,
  columns,
  optional = false,
  type = 'text',
  inputMode,
}: {
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  label: string;
  error: string | undefined;
  autoComplete: string;
  columns: number;
  optional?: boolean;
  type?: string;
  inputMode?: 'email' | 'text';
}) {
  return (
    <TextField
      {...registration}
      label={optional ? `${label} (opcional)` : label}
      type={type}
      autoComplete={autoComplete}
      required={!optional}
      error={error !== undefined}
      helperText={error}
      sx={span(columns)}
      slotProps={{
        htmlInput: {
          ...(inputMode ? { inputMode } : {}),
          'aria-required': !optional,
        },
      }}
    />
  );
}

export function MaskedField({
  control,
  name,
  label,
  mask,
  autoComplete,
  columns,
  placeholder,
  hint,
  onComplete,
  end,
}: {
  control: CheckoutControl;
  name: 'cpf' | 'phone' | 'postalCode';
  label: string;
  mask: (input: string) => string;
  autoComplete: string;
  columns: number;
  placeholder: string;
  /** Shown under the box when there is no error (the CEP look-up's word). */
  hint?: string | null;
  onComplete?: (value: string) => void;
  end?: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          inputRef={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => {
            const masked = mask(event.target.value);
            field.onChange(masked);
            onComplete?.(masked);
          }}
          label={label}
          required
          autoComplete={autoComplete}
          placeholder={placeholder}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          sx={span(columns)}
          slotProps={{
            htmlInput: { inputMode: name === 'phone' ? 'tel' : 'numeric', 'aria-required': true },
            input: end ? { endAdornment: end } : {},
          }}
        />
      )}
    />
  );
}
