// The checkout on one page, pure: identification, delivery address (filled from the CEP when the
// look-up answers), shipping option, payment, review and 'Finalizar pedido'. Errors show at each
// field, in Portuguese; the server's errors arrive as `serverError` and land on their fields.
// 'Finalizar pedido' waits for totals quoted for the address, the shipping option and the cart as
// they are now: while they are re-priced, or when re-pricing failed, it says why it waits.
// The form's state lives in useCheckoutForm; each part of the page is its own file in parts/.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';

import type { CartLineData } from '../../../components/storefront';
import type { CartSummaryData } from '../Cart/CartSummary';
import type {
  CheckoutError,
  CheckoutInput,
  CheckoutValues,
  PaymentMethodValue,
} from './checkoutForm';
import { checkoutProgress } from './checkoutProgress';
import { AddressFields } from './parts/AddressFields';
import { StockAlert, type CheckoutStockProblem } from './parts/CheckoutAlerts';
import { CHECKOUT_STEPS, CheckoutHeader } from './parts/CheckoutHeader';
import { CheckoutReview } from './parts/CheckoutReview';
import { CheckoutSection } from './parts/CheckoutSection';
import { CheckoutEmptyBag, CheckoutLoadError } from './parts/CheckoutUnavailable';
import { IdentificationSection } from './parts/IdentificationSection';
import { PaymentSection, type PaymentMethodChoice } from './parts/PaymentSection';
import { ShippingOptions } from './parts/ShippingOptions';
import {
  registerPlainFields,
  useCheckoutForm,
  type CepLookupState,
  type CheckoutShippingOption,
} from './useCheckoutForm';

export { CHECKOUT_STEPS };
export type { CepLookupState, CheckoutShippingOption, CheckoutStockProblem, PaymentMethodChoice };

export interface CheckoutViewProps {
  status: 'loading' | 'empty' | 'ready' | 'error';
  /** The draft kept from before (or a story's values). */
  defaultValues?: Partial<CheckoutInput>;
  lines: CartLineData[];
  summary: CartSummaryData | null;
  /** Totals being re-priced (new CEP, other shipping). */
  updating?: boolean;
  /** The last re-pricing failed: the figures shown are not current and the order waits. */
  pricingError?: boolean;
  /** Asks for the totals again (after `pricingError`, or when they are of another CEP). */
  onRetryPricing?: () => void;
  /**
   * The CEP (8 digits) the shipping options and totals were quoted for ('' without one, null
   * before any quote). Left out, they are taken to be the form's (stories of a settled quote).
   */
  quotedPostalCode?: string | null;
  /** null until a CEP is known. */
  shippingOptions: CheckoutShippingOption[] | null;
  /** The option the server priced (the cheapest when none was chosen). */
  pricedShippingMethodId?: string | null;
  /** What the store offers; null until it answers (a saved choice is kept meanwhile). */
  paymentMethods: PaymentMethodChoice[] | null;
  /** The ways to pay could not be loaded: offered as a retry. */
  onRetryPaymentMethods?: () => void;
  cepLookup?: CepLookupState | null;
  /** A well-formed CEP was typed: look it up and price shipping for it. */
  onPostalCodeChange: (postalCode: string) => void;
  onShippingMethodChange: (methodId: string) => void;
  onPaymentMethodChange?: (method: PaymentMethodValue) => void;
  /** Every change, to keep a draft. */
  onDraftChange?: (values: Partial<CheckoutInput>) => void;
  onSubmit: (values: CheckoutValues) => void;
  /** placeOrder is on its way: the button is disabled. */
  sending?: boolean;
  serverError?: CheckoutError | null;
  stockProblems?: CheckoutStockProblem[];
  onRetryLoad?: () => void;
  /** The gateway's card SDK could not load: card is out for now, Pix and boleto still work. */
  cardUnavailable?: boolean;
  /** Today, for the boleto's due date (stories and tests pass a fixed one). */
  now?: () => number;
}

/** The boleto's due date as placeOrder sets it: three days from now. */
export const BOLETO_DUE_DAYS = 3;

/** The sections on the left, the review on the right (one column on a phone). */
const FORM_COLUMNS = {
  display: 'grid',
  gap: { xs: 2, md: 4 },
  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' },
  alignItems: 'start',
} as const;

export function CheckoutView({
  status,
  defaultValues,
  lines,
  summary,
  updating = false,
  pricingError = false,
  onRetryPricing,
  quotedPostalCode,
  shippingOptions,
  pricedShippingMethodId = null,
  paymentMethods,
  onRetryPaymentMethods,
  cepLookup = null,
  onPostalCodeChange,
  onShippingMethodChange,
  onPaymentMethodChange,
  onDraftChange,
  onSubmit,
  sending = false,
  serverError = null,
  stockProblems = [],
  onRetryLoad,
  cardUnavailable = false,
  now = Date.now,
}: CheckoutViewProps) {
  const {
    form,
    values,
    couponAlert,
    formElement,
    focusSection,
    paymentVisited,
    setPaymentVisited,
    formCep,
    awaitingQuote,
    visibleOptions,
  } = useCheckoutForm({
    defaultValues,
    summary,
    updating,
    pricingError,
    quotedPostalCode,
    shippingOptions,
    pricedShippingMethodId,
    paymentMethods,
    cepLookup,
    onShippingMethodChange,
    onPostalCodeChange,
    onDraftChange,
    serverError,
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  if (status === 'empty') return <CheckoutEmptyBag />;
  if (status === 'error') return <CheckoutLoadError onRetryLoad={onRetryLoad} />;

  const progress = checkoutProgress({
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
    stockProblemCount: stockProblems.length,
    sending,
  });
  const { addressLines, activeStep, canSubmit } = progress;
  const boletoDue = now() + BOLETO_DUE_DAYS * 86_400_000;
  const { name, email, ...addressFields } = registerPlainFields(register);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <CheckoutHeader activeStep={activeStep} />
      <Box
        component="form"
        ref={formElement}
        noValidate
        aria-label="Finalizar compra"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit) return;
          void handleSubmit(onSubmit)(event);
        }}
        sx={FORM_COLUMNS}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <StockAlert problems={stockProblems} />
          <IdentificationSection control={control} fields={{ name, email }} errors={errors} />
          <CheckoutSection number={2} title="Entrega" id="checkout-delivery">
            <AddressFields
              control={control}
              fields={addressFields}
              errors={errors}
              postalCode={values.postalCode}
              cepLookup={cepLookup}
              onPostalCodeChange={onPostalCodeChange}
              addressLines={addressLines}
            />
            <ShippingOptions
              control={control}
              options={visibleOptions}
              formCep={formCep}
              awaitingQuote={awaitingQuote}
              updating={updating}
              pricingError={pricingError}
              onShippingMethodChange={onShippingMethodChange}
            />
          </CheckoutSection>
          <PaymentSection
            control={control}
            paymentMethods={paymentMethods}
            onRetryPaymentMethods={onRetryPaymentMethods}
            onPaymentMethodChange={onPaymentMethodChange}
            summary={summary}
            boletoDue={boletoDue}
            cardUnavailable={cardUnavailable}
            sending={sending}
            onVisit={() => setPaymentVisited(true)}
          />
        </Box>

        <CheckoutReview
          status={status}
          lines={lines}
          summary={summary}
          values={values}
          progress={progress}
          boletoDue={boletoDue}
          focusSection={focusSection}
          updating={updating || awaitingQuote}
          pricingError={pricingError}
          onRetryPricing={onRetryPricing}
          serverError={serverError}
          sending={sending}
          couponAlertRef={couponAlert}
        />
      </Box>
    </Container>
  );
}
