// 3 Pagamento: the ways to pay the store offers (Pix with its discount, card with its installments,
// boleto with its due date) as cards to choose from, then what follows the choice: how Pix works,
// the card's fields, or the boleto's terms.
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';

import { describeInstallments } from '../../../../components/storefront';
import { formatBRL, formatDate } from '../../../../format';
import type { CartSummaryData } from '../../Cart/CartSummary';
import type { PaymentMethodValue } from '../checkoutForm';
import { installmentChoices, type CardFieldValues } from '../payment/card';
import { CardFields } from '../payment/CardFields';
import type { CheckoutControl } from '../useCheckoutForm';
import { CheckoutSection } from './CheckoutSection';
import { ChoiceCard } from './ChoiceCard';

export interface PaymentMethodChoice {
  method: PaymentMethodValue;
  label: string;
}

const CARD_UNAVAILABLE_TEXT =
  'Pagamento com cartão indisponível no momento. Escolha Pix ou boleto.';

const PAYMENT_TEXT: Record<PaymentMethodValue, { title: string; icon: ReactNode }> = {
  PIX: { title: 'Pix', icon: <PixGlyph /> },
  CARD: { title: 'Cartão de crédito', icon: <CreditCardOutlined /> },
  BOLETO: { title: 'Boleto bancário', icon: <ReceiptLongOutlined /> },
};

function PixGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden focusable="false">
      <path
        fill="#32bcad"
        d="M17.6 17.2a2.9 2.9 0 0 1-2.1-.9l-3-3a.6.6 0 0 0-.8 0l-3 3a2.9 2.9 0 0 1-2.1.9H6l3.8 3.8a3 3 0 0 0 4.3 0l3.8-3.8zM6.6 6.8c.8 0 1.5.3 2.1.9l3 3c.2.2.6.2.8 0l3-3a2.9 2.9 0 0 1 2.1-.9h.4L14.1 3a3 3 0 0 0-4.3 0L6 6.8zm14.4 3.1-2.3-2.3h-1.1c-.5 0-1 .2-1.4.6l-3 3a1.4 1.4 0 0 1-2 0l-3-3c-.4-.4-.9-.6-1.4-.6H5.3L3 9.9a3 3 0 0 0 0 4.3l2.3 2.3h1.3c.5 0 1-.2 1.4-.6l3-3c.5-.5 1.4-.5 2 0l3 3c.4.4.9.6 1.4.6h1.1l2.3-2.3a3 3 0 0 0 0-4.3"
      />
    </svg>
  );
}

/** The line under a way to pay: Pix's discount, the card's installments, the boleto's due date. */
function paymentDetail(
  method: PaymentMethodValue,
  summary: CartSummaryData | null,
  boletoDue: number,
): string {
  // Until a shipping is priced the totals are not the order's: no amounts.
  const unpriced = summary !== null && summary.shippingCents === null;
  if (method === 'PIX') {
    if (unpriced && summary.pixDiscountPercent > 0) {
      return `${summary.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto · aprovação na hora`;
    }
    return summary && !unpriced && summary.pixTotalCents < summary.totalCents
      ? `${formatBRL(summary.pixTotalCents)} com ${summary.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto · aprovação na hora`
      : 'Aprovação na hora';
  }
  if (method === 'CARD') {
    if (unpriced) {
      const most = summary.installmentOptions.length;
      return most > 1 ? `Em até ${most}x` : 'À vista no cartão';
    }
    if (!summary) return 'À vista no cartão';
    const free = describeInstallments(summary.installments, { sentence: true });
    const paid = summary.installmentsWithInterest
      ? describeInstallments(summary.installmentsWithInterest, {
          sentence: free === null,
          alternative: free !== null,
        })
      : null;
    return [free, paid].filter((part) => part !== null).join(' ') || 'À vista no cartão';
  }
  return `Vence em ${formatDate(boletoDue)} · compensa em até 3 dias úteis`;
}

export interface PaymentSectionProps {
  control: CheckoutControl;
  /** What the store offers; null until it answers. */
  paymentMethods: PaymentMethodChoice[] | null;
  onRetryPaymentMethods?: () => void;
  onPaymentMethodChange?: (method: PaymentMethodValue) => void;
  summary: CartSummaryData | null;
  /** The boleto's due date, in ms. */
  boletoDue: number;
  cardUnavailable: boolean;
  sending: boolean;
  /** The shopper came into the section. */
  onVisit: () => void;
}

export function PaymentSection({
  control,
  paymentMethods,
  onRetryPaymentMethods,
  onPaymentMethodChange,
  summary,
  boletoDue,
  cardUnavailable,
  sending,
  onVisit,
}: PaymentSectionProps) {
  return (
    <CheckoutSection number={3} title="Pagamento" id="checkout-payment" onFocus={onVisit}>
      <Controller
        control={control}
        name="paymentMethod"
        render={({ field, fieldState }) => {
          const error = fieldState.error ? (
            <FormHelperText error>{fieldState.error.message}</FormHelperText>
          ) : null;
          if (paymentMethods === null) {
            // The store's ways to pay are on their way: the saved choice waits for them.
            return (
              <Box
                ref={field.ref}
                tabIndex={-1}
                role="group"
                aria-label="Forma de pagamento"
                sx={{ display: 'grid', gap: 1.25 }}
              >
                {onRetryPaymentMethods ? (
                  <Alert
                    severity="warning"
                    action={
                      <Button
                        color="inherit"
                        onClick={onRetryPaymentMethods}
                        sx={{ minHeight: 44 }}
                      >
                        Tentar novamente
                      </Button>
                    }
                  >
                    Não foi possível carregar as formas de pagamento.
                  </Alert>
                ) : (
                  <Box role="status" aria-label="Carregando as formas de pagamento">
                    <Skeleton variant="rounded" height={60} sx={{ mb: 1.25 }} />
                    <Skeleton variant="rounded" height={60} />
                  </Box>
                )}
                {error}
              </Box>
            );
          }
          const focusIndex = Math.max(
            0,
            paymentMethods.findIndex((item) => item.method === field.value),
          );
          return (
            <Box
              role="radiogroup"
              aria-label="Forma de pagamento"
              sx={{ display: 'grid', gap: 1.25 }}
            >
              {paymentMethods.map((option, index) => {
                const text = PAYMENT_TEXT[option.method];
                return (
                  <ChoiceCard
                    key={option.method}
                    name={field.name}
                    value={option.method}
                    checked={field.value === option.method}
                    inputRef={index === focusIndex ? field.ref : undefined}
                    onBlur={field.onBlur}
                    onChange={() => {
                      field.onChange(option.method);
                      onPaymentMethodChange?.(option.method);
                    }}
                    icon={text.icon}
                    title={option.label || text.title}
                    detail={paymentDetail(option.method, summary, boletoDue)}
                    highlight={option.method === 'PIX'}
                  />
                );
              })}
              {error}
              {paymentMethods.length === 0 ? (
                <Alert severity="warning">
                  No momento a loja não está recebendo pagamentos pelo site. Seus dados continuam
                  aqui; tente novamente mais tarde ou fale com a loja.
                </Alert>
              ) : (
                <ChosenPayment
                  method={field.value}
                  control={control}
                  summary={summary}
                  boletoDue={boletoDue}
                  cardUnavailable={cardUnavailable}
                  sending={sending}
                />
              )}
            </Box>
          );
        }}
      />
    </CheckoutSection>
  );
}

/** What follows the choice: how Pix works, the card's fields, or the boleto's terms. */
function ChosenPayment({
  method,
  control,
  summary,
  boletoDue,
  cardUnavailable,
  sending,
}: {
  method: PaymentMethodValue;
  control: CheckoutControl;
  summary: CartSummaryData | null;
  boletoDue: number;
  cardUnavailable: boolean;
  sending: boolean;
}) {
  if (method === 'PIX') {
    return (
      <Typography variant="body2" color="text.secondary">
        Depois de finalizar, você recebe o QR Code e o código Pix copia e cola. O pedido é
        confirmado assim que o pagamento cair.
      </Typography>
    );
  }
  if (method === 'CARD') {
    return (
      <Box role="group" aria-label="Dados do cartão" sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
        {cardUnavailable ? (
          <Alert severity="warning" role="alert">
            {CARD_UNAVAILABLE_TEXT}
          </Alert>
        ) : null}
        <CardFields
          // The checkout form holds the card fields under the same names.
          control={control as unknown as Control<CardFieldValues>}
          installmentChoices={installmentChoices(summary?.installmentOptions ?? [])}
          holderCpfNote="O CPF do titular é o informado na identificação."
          disabled={sending}
        />
      </Box>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      O boleto é gerado ao finalizar e vence em {formatDate(boletoDue)}. Depois de pago, a
      compensação leva até 3 dias úteis; o pedido é separado assim que o pagamento for confirmado.
    </Typography>
  );
}
