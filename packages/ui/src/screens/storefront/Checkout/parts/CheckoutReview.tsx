// The checkout's right column: 'Finalizar pedido' with why it waits, the choices made so far
// (each with its way back to the field) and the order's lines and totals.
import type { ComponentProps, Ref } from 'react';

import type { CartLineData } from '../../../../components/storefront';
import type { CartSummaryData } from '../../Cart/CartSummary';
import type { CheckoutError } from '../checkoutForm';
import type { checkoutProgress } from '../checkoutProgress';
import { ServerErrorAlert } from './CheckoutAlerts';
import { OrderReview } from './OrderReview';
import { OrderSummary } from './OrderSummary';
import { ReviewChoices } from './ReviewChoices';

export function CheckoutReview({
  status,
  lines,
  summary,
  values,
  progress: { addressDone, addressLines, chosenShipping, canSubmit, waitingReason },
  boletoDue,
  focusSection,
  updating,
  pricingError,
  onRetryPricing,
  serverError,
  sending,
  couponAlertRef,
}: {
  status: 'loading' | 'ready';
  lines: CartLineData[];
  summary: CartSummaryData | null;
  values: ComponentProps<typeof ReviewChoices>['values'];
  progress: ReturnType<typeof checkoutProgress>;
  boletoDue: number;
  focusSection: ComponentProps<typeof ReviewChoices>['focusSection'];
  /** Totals being re-priced, or quoted for another CEP than the form's. */
  updating: boolean;
  pricingError: boolean;
  onRetryPricing?: () => void;
  serverError: CheckoutError | null;
  sending: boolean;
  couponAlertRef: Ref<HTMLDivElement>;
}) {
  return (
    <OrderReview
      loading={status === 'loading' || !summary}
      pricingError={pricingError && status === 'ready'}
      onRetryPricing={onRetryPricing}
      serverAlert={<ServerErrorAlert error={serverError} />}
      canSubmit={canSubmit}
      waitingReason={waitingReason}
      sending={sending}
      paymentMethod={values.paymentMethod}
    >
      {summary ? (
        <>
          <ReviewChoices
            values={values}
            addressDone={addressDone}
            addressLines={addressLines}
            chosenShipping={chosenShipping}
            summary={summary}
            boletoDue={boletoDue}
            focusSection={focusSection}
          />
          <OrderSummary
            lines={lines}
            summary={summary}
            payingByPix={values.paymentMethod === 'PIX'}
            cardPlan={
              values.paymentMethod === 'CARD'
                ? summary.installmentOptions.find(
                    (option) => String(option.count) === (values.installments ?? '1'),
                  )
                : null
            }
            updating={updating}
            couponError={serverError?.kind === 'fields' ? serverError.fields.couponCode : undefined}
            couponAlertRef={couponAlertRef}
          />
        </>
      ) : null}
    </OrderReview>
  );
}
