// The review of what was chosen (address, shipping, payment), each with 'Alterar' to go back to it.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';

import { deliveryText } from '../../../../components/storefront';
import { formatBRL, formatDate } from '../../../../format';
import type { CartSummaryData } from '../../Cart/CartSummary';
import type { CheckoutField, CheckoutInput } from '../checkoutForm';
import { installmentChoices } from '../payment/card';
import type { CheckoutShippingOption } from '../useCheckoutForm';

/** One line of the review: what was chosen, and a way back to change it. */
function ReviewChoice({
  term,
  changeLabel,
  onChange,
  children,
}: {
  term: string;
  /** Completes 'Alterar' for screen readers: 'Alterar endereço de entrega'. */
  changeLabel: string;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        columnGap: 1,
        alignItems: 'center',
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        component="dt"
        sx={{ gridColumn: 1, fontSize: '0.8125rem', color: 'text.secondary', fontWeight: 600 }}
      >
        {term}
      </Box>
      <Box component="dd" sx={{ gridColumn: 1, m: 0, fontSize: '0.875rem', minWidth: 0 }}>
        {children}
      </Box>
      <Box component="dd" sx={{ gridColumn: 2, gridRow: '1 / span 2', m: 0 }}>
        <Link
          component="button"
          type="button"
          onClick={onChange}
          variant="body2"
          sx={{ minHeight: 44, minWidth: 44, px: 0.5, fontWeight: 600 }}
        >
          Alterar{' '}
          <Box component="span" sx={visuallyHidden}>
            {changeLabel}
          </Box>
        </Link>
      </Box>
    </Box>
  );
}

export function ReviewChoices({
  values,
  addressDone,
  addressLines = true,
  chosenShipping,
  summary,
  boletoDue,
  focusSection,
}: {
  values: Partial<CheckoutInput>;
  addressDone: boolean;
  /** False for a pickup (not paid by boleto): no delivery address, the store's instead. */
  addressLines?: boolean;
  chosenShipping: CheckoutShippingOption | null;
  summary: CartSummaryData;
  /** The boleto's due date, in ms. */
  boletoDue: number;
  /** Takes the shopper back to a field ('Alterar'). */
  focusSection: (field: CheckoutField) => void;
}) {
  const installmentLabel =
    installmentChoices(summary.installmentOptions).find(
      (choice) => String(choice.count) === (values.installments ?? '1'),
    )?.label ?? null;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {!addressLines && chosenShipping ? (
        <ReviewChoice
          term="Retirada na loja"
          changeLabel="forma de entrega"
          onChange={() => focusSection('shippingMethodId')}
        >
          {chosenShipping.pickupPoint ? (
            <>
              {chosenShipping.pickupPoint.address}
              {chosenShipping.pickupPoint.hours ? (
                <>
                  <br />
                  Horário: {chosenShipping.pickupPoint.hours.replace(/\n/g, '; ')}
                </>
              ) : null}
            </>
          ) : (
            (chosenShipping.pickupAddress ?? chosenShipping.name)
          )}
        </ReviewChoice>
      ) : (
        <ReviewChoice
          term="Endereço de entrega"
          changeLabel="endereço de entrega"
          onChange={() => focusSection('postalCode')}
        >
          {addressDone ? (
            <>
              {values.street}, {values.number}
              {values.complement?.trim() ? ` — ${values.complement.trim()}` : ''}
              <br />
              {values.district}, {values.city}/{values.uf} · CEP {values.postalCode}
            </>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              Preencha o endereço.
            </Box>
          )}
        </ReviewChoice>
      )}
      <ReviewChoice
        term="Forma de entrega"
        changeLabel="forma de entrega"
        onChange={() => focusSection('shippingMethodId')}
      >
        {chosenShipping ? (
          `${chosenShipping.name} · ${deliveryText(chosenShipping)} · ${
            chosenShipping.priceCents === 0 ? 'Grátis' : formatBRL(chosenShipping.priceCents)
          }`
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Escolha a forma de entrega.
          </Box>
        )}
      </ReviewChoice>
      <ReviewChoice
        term="Pagamento"
        changeLabel="forma de pagamento"
        onChange={() => focusSection('paymentMethod')}
      >
        {values.paymentMethod === 'CARD'
          ? `Cartão de crédito · ${installmentLabel ?? 'À vista'}`
          : values.paymentMethod === 'BOLETO'
            ? `Boleto bancário · vence em ${formatDate(boletoDue)}`
            : summary.shippingCents === null && summary.pixDiscountPercent > 0
              ? // No shipping priced yet: no total to promise.
                `Pix · ${summary.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto`
              : summary.pixTotalCents < summary.totalCents
                ? `Pix · ${formatBRL(summary.pixTotalCents)} com ${summary.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto`
                : 'Pix · aprovação na hora'}
      </ReviewChoice>
    </Box>
  );
}
