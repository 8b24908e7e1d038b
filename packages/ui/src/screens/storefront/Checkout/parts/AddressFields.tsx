// 2 Entrega, the address: the CEP (looked up as soon as it is complete, the address filled from
// the answer), then street, number, complement, district, city and UF.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from 'react-hook-form';

import { maskCep, onlyDigits, UFS } from '../../../../forms/br';
import type { CheckoutInput } from '../checkoutForm';
import type { CepLookupState, CheckoutControl, PlainFieldProps } from '../useCheckoutForm';
import { CheckoutTextField, MaskedField } from './CheckoutFields';
import { fieldGrid, span } from './CheckoutSection';

export function AddressFields({
  control,
  fields,
  errors,
  postalCode,
  cepLookup,
  onPostalCodeChange,
  addressLines = true,
}: {
  control: CheckoutControl;
  fields: Omit<PlainFieldProps, 'name' | 'email'>;
  errors: FieldErrors<CheckoutInput>;
  /** The CEP as typed. */
  postalCode: string | undefined;
  cepLookup: CepLookupState | null;
  onPostalCodeChange: (postalCode: string) => void;
  /** False when picking up at the store (not by boleto): the CEP only, no street to UF. */
  addressLines?: boolean;
}) {
  const lookupMessage =
    cepLookup && onlyDigits(postalCode ?? '') === cepLookup.postalCode
      ? cepLookup.status === 'loading'
        ? 'Buscando endereço…'
        : cepLookup.status === 'not-found'
          ? 'Não encontramos este CEP: preencha o endereço abaixo.'
          : cepLookup.status === 'unavailable'
            ? 'Não conseguimos buscar o endereço agora. Preencha abaixo.'
            : null
      : null;
  return (
    <Box sx={fieldGrid}>
      <MaskedField
        control={control}
        name="postalCode"
        label="CEP"
        mask={maskCep}
        autoComplete="postal-code"
        columns={3}
        placeholder="00000-000"
        hint={lookupMessage}
        onComplete={(value) => {
          if (onlyDigits(value).length === 8) onPostalCodeChange(onlyDigits(value));
        }}
        end={
          cepLookup?.status === 'loading' ? (
            <InputAdornment position="end">
              <CircularProgress size={18} aria-label="Buscando endereço" />
            </InputAdornment>
          ) : undefined
        }
      />
      <Box sx={{ ...span(3), display: 'flex', alignItems: 'center', minHeight: { sm: 56 } }}>
        <Link
          href="https://buscacepinter.correios.com.br/app/endereco/index.php"
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          Não sei meu CEP
        </Link>
      </Box>
      {addressLines ? (
        <AddressLines fields={fields} errors={errors} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={span(12)}>
          Retirada na loja: não precisamos do seu endereço. Para receber em casa, escolha uma
          entrega abaixo.
        </Typography>
      )}
    </Box>
  );
}

/** Street to UF, for a delivery (or the payer of a boleto). */
function AddressLines({
  fields,
  errors,
}: {
  fields: Omit<PlainFieldProps, 'name' | 'email'>;
  errors: FieldErrors<CheckoutInput>;
}) {
  return (
    <>
      <CheckoutTextField
        registration={fields.street}
        label="Rua / avenida"
        error={errors.street?.message}
        autoComplete="address-line1"
        columns={6}
      />
      <CheckoutTextField
        registration={fields.number}
        label="Número"
        error={errors.number?.message}
        autoComplete="off"
        columns={2}
      />
      <CheckoutTextField
        registration={fields.complement}
        label="Complemento"
        error={errors.complement?.message}
        autoComplete="address-line2"
        columns={4}
        optional
      />
      <CheckoutTextField
        registration={fields.district}
        label="Bairro"
        error={errors.district?.message}
        autoComplete="off"
        columns={6}
      />
      <CheckoutTextField
        registration={fields.city}
        label="Cidade"
        error={errors.city?.message}
        autoComplete="address-level2"
        columns={4}
      />
      <TextField
        {...fields.uf}
        select
        label="Estado (UF)"
        required
        autoComplete="address-level1"
        error={errors.uf !== undefined}
        helperText={errors.uf?.message}
        sx={span(2)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Selecione</option>
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </TextField>
    </>
  );
}
