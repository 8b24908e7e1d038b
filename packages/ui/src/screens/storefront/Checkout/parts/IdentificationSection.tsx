// 1 Identificação: name, e-mail, CPF and mobile phone.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from 'react-hook-form';

import { maskCpf, maskPhone } from '../../../../forms/br';
import type { CheckoutInput } from '../checkoutForm';
import type { CheckoutControl, PlainFieldProps } from '../useCheckoutForm';
import { CheckoutTextField, MaskedField } from './CheckoutFields';
import { CheckoutSection, fieldGrid } from './CheckoutSection';

export function IdentificationSection({
  control,
  fields,
  errors,
}: {
  control: CheckoutControl;
  fields: Pick<PlainFieldProps, 'name' | 'email'>;
  errors: FieldErrors<CheckoutInput>;
}) {
  return (
    <CheckoutSection number={1} title="Identificação" id="checkout-identification">
      <Box sx={fieldGrid}>
        <CheckoutTextField
          registration={fields.name}
          label="Nome completo"
          error={errors.name?.message}
          autoComplete="name"
          columns={6}
        />
        <CheckoutTextField
          registration={fields.email}
          label="E-mail"
          error={errors.email?.message}
          autoComplete="email"
          columns={6}
          type="email"
          inputMode="email"
        />
        <MaskedField
          control={control}
          name="cpf"
          label="CPF"
          mask={maskCpf}
          autoComplete="off"
          columns={3}
          placeholder="000.000.000-00"
        />
        <MaskedField
          control={control}
          name="phone"
          label="Celular"
          mask={maskPhone}
          autoComplete="tel-national"
          columns={3}
          placeholder="(00) 00000-0000"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        Usamos o CPF para a nota fiscal e o e-mail para enviar o pedido e o rastreio.
      </Typography>
    </CheckoutSection>
  );
}
