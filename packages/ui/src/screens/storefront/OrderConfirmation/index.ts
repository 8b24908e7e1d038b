// Owned by the checkout engineer (commit eeb62bf claimed Cart, Checkout, OrderConfirmation, OrderTracking).
export { OrderConfirmationScreen } from './OrderConfirmationScreen';
export {
  OrderConfirmationView,
  trackingHref,
  type OrderConfirmationViewProps,
} from './OrderConfirmationView';
export { OrderDetails, PAYMENT_METHOD_LABELS } from './OrderDetails';
