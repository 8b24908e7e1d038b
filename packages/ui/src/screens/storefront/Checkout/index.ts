// Owned by the checkout engineer (commit eeb62bf claimed Cart, Checkout, OrderConfirmation, OrderTracking).
export { CheckoutScreen, type OrderPlacedState } from './CheckoutScreen';
export {
  ADDRESS_BY_CEP_QUERY,
  CUSTOMER_ORDER_SELECTION,
  ORDER_STATUS_QUERY,
  PAYMENT_METHODS_QUERY,
  PLACE_ORDER_MUTATION,
  type CustomerOrderNode,
  type PlaceOrderInput,
} from './CheckoutScreen.graphql';
export {
  CHECKOUT_STEPS,
  CheckoutView,
  type CepLookupState,
  type CheckoutStockProblem,
  type CheckoutViewProps,
  type PaymentMethodChoice,
} from './CheckoutView';
export {
  CHECKOUT_DRAFT_KEY,
  checkoutSchema,
  IDEMPOTENCY_STORAGE_KEY,
  readCheckoutError,
  type CheckoutError,
  type CheckoutErrorField,
  type CheckoutInput,
  type CheckoutValues,
} from './checkoutForm';
export { placedOrderEmail, rememberPlacedOrder } from './placedOrder';
export {
  CardTokenizerProvider,
  defaultCardTokenizerFactory,
  type CardTokenizerFactory,
} from './payment/cardTokenizerContext';
export {
  CARD_UNAVAILABLE_MESSAGE,
  CardTokenizerError,
  type CardData,
  type CardToken,
  type CardTokenizer,
} from './payment/cardTokenizer';
export type { OrderPaymentOutcome } from './payment/useOrderPayment';
