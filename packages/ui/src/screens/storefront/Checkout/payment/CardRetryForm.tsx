// Paying a waiting card order again from the confirmation (a refused card, a lost answer): the
// card fields alone, checked the same way as in the checkout.
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import TextField from '@mui/material/TextField';
import {
  Controller,
  useForm,
  type Control,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';

import { brMessages, isValidCpf, maskCpf } from '../../../../forms/br';

import type { InstallmentOfferData } from '../../../../components/storefront';
import { cardErrors, EMPTY_CARD, installmentChoices, type CardFieldValues } from './card';
import { CardFields } from './CardFields';

export interface CardRetryFormProps {
  /** The store's instalment table on the order's card price, 1x first (as the server priced it). */
  installmentOptions: InstallmentOfferData[];
  /** The installments chosen at checkout. */
  installments: number;
  onSubmit: (card: CardRetryValues) => void;
  paying?: boolean;
  /** The tokenizer refused the card data: shown at the number. */
  cardError?: string | null;
  /** Anything else (SDK down, network). */
  error?: string | null;
  submitLabel?: string;
}

export interface CardRetryValues extends CardFieldValues {
  /** The holder's CPF (the order's own is not shown to the browser). */
  holderCpf: string;
}

const resolver: Resolver<CardRetryValues, { counts: number[] }> = (values, context) => {
  const errors: Partial<Record<keyof CardRetryValues, string>> = cardErrors(
    values,
    context?.counts ?? [1],
  );
  if (!isValidCpf(values.holderCpf)) errors.holderCpf = brMessages.cpf;
  const entries = Object.entries(errors);
  if (entries.length === 0) return Promise.resolve({ values, errors: {} });
  const fieldErrors: FieldErrors<CardRetryValues> = {};
  for (const [name, message] of entries) {
    fieldErrors[name as keyof CardRetryValues] = { type: 'card', message };
  }
  return Promise.resolve({ values: {}, errors: fieldErrors });
};

export function CardRetryForm({
  installmentOptions,
  installments,
  onSubmit,
  paying = false,
  cardError = null,
  error = null,
  submitLabel = 'Pagar com outro cartão',
}: CardRetryFormProps) {
  const counts = installmentOptions.map((option) => option.count);
  const { control, handleSubmit, setError } = useForm<CardRetryValues, { counts: number[] }>({
    resolver,
    context: { counts },
    mode: 'onTouched',
    defaultValues: {
      ...EMPTY_CARD,
      holderCpf: '',
      installments: String(counts.includes(installments) ? installments : 1),
    },
  });
  useEffect(() => {
    if (cardError)
      setError('cardNumber', { type: 'server', message: cardError }, { shouldFocus: true });
  }, [cardError, setError]);
  return (
    <Box
      component="form"
      noValidate
      aria-label="Pagar com cartão"
      onSubmit={(event) => {
        event.preventDefault();
        if (paying) return;
        void handleSubmit(onSubmit)(event);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <CardFields
        control={control as unknown as Control<CardFieldValues>}
        installmentChoices={installmentChoices(installmentOptions)}
        disabled={paying}
      />
      <Controller
        control={control}
        name="holderCpf"
        render={({ field, fieldState }) => (
          <TextField
            inputRef={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(maskCpf(event.target.value))}
            label="CPF do titular do cartão"
            required
            disabled={paying}
            autoComplete="off"
            placeholder="000.000.000-00"
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-required': true } }}
          />
        )}
      />
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={paying}
        startIcon={
          paying ? (
            <CircularProgress size={18} color="inherit" aria-hidden />
          ) : (
            <CreditCardOutlined />
          )
        }
        sx={{ minHeight: 48 }}
      >
        {paying ? 'Processando pagamento…' : submitLabel}
      </Button>
    </Box>
  );
}
