// Where the checkout stands, from what is typed and what the server quoted: which steps are done,
// the shipping chosen, and whether 'Finalizar pedido' may send (or why it waits).
import type { CartSummaryData } from '../Cart/CartSummary';
import {
  ADDRESS_LINE_FIELDS,
  checkoutSchema,
  needsAddressLines,
  optionalCepSchema,
  type CheckoutInput,
  type PaymentMethodValue,
} from './checkoutForm';
import { cardErrors } from './payment/card';
import type { CheckoutShippingOption } from './useCheckoutForm';

export interface CheckoutProgressInput {
  status: 'loading' | 'ready';
  values: Partial<CheckoutInput>;
  /** The shipping options quoted for the form's CEP (null until there are). */
  visibleOptions: CheckoutShippingOption[] | null;
  pricedShippingMethodId: string | null;
  paymentMethods: { method: PaymentMethodValue }[] | null;
  /** The shopper has been to the payment section. */
  paymentVisited: boolean;
  summary: CartSummaryData | null;
  updating: boolean;
  pricingError: boolean;
  /** The form's CEP is complete but the quote shown is of another. */
  awaitingQuote: boolean;
  stockProblemCount: number;
  sending: boolean;
}

export function checkoutProgress({
  status,
  values,
  visibleOptions,
  pricedShippingMethodId,
  paymentMethods,
  paymentVisited,
  summary,
  updating,
  pricingError,
  awaitingQuote,
  stockProblemCount,
  sending,
}: CheckoutProgressInput) {
  const identificationDone = ['name', 'email', 'cpf', 'phone'].every(
    (field) => checkoutSchema.shape[field as 'name'].safeParse(values[field as 'name']).success,
  );
  const chosenShipping =
    visibleOptions?.find((option) => option.methodId === values.shippingMethodId) ?? null;
  // A pickup needs no address at all (a CEP, if typed, well-formed), unless a boleto prints the
  // payer's address.
  const addressLines = needsAddressLines(chosenShipping?.kind, values.paymentMethod);
  const addressDone = addressLines
    ? (['postalCode', ...ADDRESS_LINE_FIELDS] as const).every(
        (field) => checkoutSchema.shape[field].safeParse(values[field] ?? '').success,
      )
    : optionalCepSchema.safeParse(values.postalCode ?? '').success;
  const deliveryDone = identificationDone && addressDone && chosenShipping !== null;
  const installmentCounts = summary?.installmentOptions.map((option) => option.count) ?? [1];
  const paymentDone =
    deliveryDone &&
    paymentVisited &&
    (paymentMethods ?? []).some((item) => item.method === values.paymentMethod) &&
    (values.paymentMethod !== 'CARD' ||
      Object.keys(cardErrors(values, installmentCounts)).length === 0);
  // Identificação › Entrega › Pagamento › Revisão, as the form is filled.
  const activeStep = paymentDone ? 3 : deliveryDone ? 2 : identificationDone ? 1 : 0;

  // The totals shown must be the ones the order will have.
  const shippingPriced =
    chosenShipping === null || pricedShippingMethodId === chosenShipping.methodId;
  const repricing = !pricingError && (updating || awaitingQuote || !shippingPriced);
  const pricesCurrent = !pricingError && !repricing;
  const canSubmit =
    status === 'ready' &&
    stockProblemCount === 0 &&
    paymentMethods !== null &&
    paymentMethods.length > 0 &&
    pricesCurrent &&
    !sending;
  const waitingReason =
    sending || status !== 'ready'
      ? null
      : repricing
        ? 'Atualizando os valores do pedido…'
        : paymentMethods === null
          ? 'Carregando as formas de pagamento…'
          : null;

  return { addressDone, addressLines, chosenShipping, activeStep, canSubmit, waitingReason };
}
