// 2 Entrega, the shipping: the options quoted for the form's CEP as cards to choose from, or what
// stands in for them (no CEP yet, the quote on its way or failed, no delivery to this CEP).
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';

import {
  deliveriesFirst,
  deliveryText,
  type ShippingOptionData,
} from '../../../../components/storefront';
import { formatBRL } from '../../../../format';
import { maskCep } from '../../../../forms/br';
import type { CheckoutControl } from '../useCheckoutForm';
import { ChoiceCard } from './ChoiceCard';

export function ShippingOptions({
  control,
  options,
  formCep,
  awaitingQuote,
  updating,
  pricingError,
  onShippingMethodChange,
}: {
  control: CheckoutControl;
  /** The options quoted for the form's CEP; null until there are. */
  options: ShippingOptionData[] | null;
  /** The form's CEP, digits only. */
  formCep: string;
  /** The CEP is complete and its quote is on its way (or failed, with `pricingError`). */
  awaitingQuote: boolean;
  updating: boolean;
  pricingError: boolean;
  onShippingMethodChange: (methodId: string) => void;
}) {
  return (
    <>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        Forma de entrega
      </Typography>
      <Controller
        control={control}
        name="shippingMethodId"
        render={({ field, fieldState }) => {
          const error = fieldState.error ? (
            <FormHelperText error>{fieldState.error.message}</FormHelperText>
          ) : null;
          if (options === null || options.length === 0) {
            // No option to focus: the form focuses this box when the shipping is in error.
            return (
              <Box
                ref={field.ref}
                tabIndex={-1}
                aria-label="Forma de entrega"
                role="group"
                sx={{ display: 'grid', gap: 1 }}
              >
                {options !== null ? (
                  <Alert severity="warning">
                    Ainda não entregamos neste CEP. Confira o número ou use outro endereço.
                  </Alert>
                ) : awaitingQuote && pricingError ? (
                  <Typography color="text.secondary" variant="body2">
                    Não foi possível calcular o frete para o CEP {maskCep(formCep)}.
                  </Typography>
                ) : awaitingQuote ? (
                  <Typography color="text.secondary" variant="body2" role="status">
                    Calculando o frete para o CEP {maskCep(formCep)}…
                  </Typography>
                ) : (
                  <Typography color="text.secondary" variant="body2">
                    Informe o CEP para ver as opções e os prazos.
                  </Typography>
                )}
                {error}
              </Box>
            );
          }
          const ordered = deliveriesFirst(options);
          const focusIndex = Math.max(
            0,
            ordered.findIndex((option) => option.methodId === field.value),
          );
          return (
            <Box
              role="radiogroup"
              aria-label="Forma de entrega"
              aria-busy={updating}
              sx={{ display: 'grid', gap: 1.25 }}
            >
              {ordered.map((option, index) => (
                <ChoiceCard
                  key={option.methodId}
                  name={field.name}
                  value={option.methodId}
                  checked={field.value === option.methodId}
                  inputRef={index === focusIndex ? field.ref : undefined}
                  onBlur={field.onBlur}
                  onChange={() => {
                    field.onChange(option.methodId);
                    onShippingMethodChange(option.methodId);
                  }}
                  icon={
                    option.kind === 'PICKUP' ? <StorefrontOutlined /> : <LocalShippingOutlined />
                  }
                  title={option.name}
                  detail={
                    option.pickupAddress
                      ? `${deliveryText(option)} · Retire em: ${option.pickupAddress}`
                      : deliveryText(option)
                  }
                  price={
                    option.priceCents === 0 ? (
                      <Box component="span" sx={{ color: 'success.main' }}>
                        Grátis
                      </Box>
                    ) : (
                      formatBRL(option.priceCents)
                    )
                  }
                />
              ))}
              {error}
            </Box>
          );
        }}
      />
    </>
  );
}
