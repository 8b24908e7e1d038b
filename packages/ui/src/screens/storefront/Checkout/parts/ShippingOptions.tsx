// 2 Entrega, the shipping: the options quoted for the form's CEP as cards to choose from, or what
// stands in for them (the quote on its way or failed, no delivery to this CEP). Without a CEP the
// pickups are offered already (collecting at the store needs none), a pickup with its address and
// hours.
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
  deliveryHighlights,
  deliveryText,
} from '../../../../components/storefront';
import { formatBRL } from '../../../../format';
import { maskCep } from '../../../../forms/br';
import { PickupPointDetails } from '../../shared/PickupPointDetails';
import type { CheckoutControl, CheckoutShippingOption } from '../useCheckoutForm';
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
  /** The options quoted for the form's CEP (without one: the pickups); null until there are. */
  options: CheckoutShippingOption[] | null;
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
          const cepReady = formCep.length === 8;
          // Without a complete CEP the deliveries wait for one (the pickups are offered already).
          const askCep = cepReady ? null : (
            <Typography color="text.secondary" variant="body2">
              {formCep === ''
                ? 'Informe o CEP para ver as opções de entrega e os prazos.'
                : 'Complete o CEP para ver as opções de entrega e os prazos.'}
            </Typography>
          );
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
                {options !== null && cepReady ? (
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
                  askCep
                )}
                {error}
              </Box>
            );
          }
          const ordered = deliveriesFirst(options);
          const highlights = deliveryHighlights(options);
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
                    option.pickupAddress && !option.pickupPoint
                      ? `${deliveryText(option)} · Retire em: ${option.pickupAddress}`
                      : [deliveryText(option), highlights.get(option.methodId)]
                          .filter(Boolean)
                          .join(' · ')
                  }
                  more={
                    option.pickupPoint ? (
                      <PickupPointDetails point={option.pickupPoint} dense />
                    ) : undefined
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
              {askCep}
              {error}
            </Box>
          );
        }}
      />
    </>
  );
}
