// Owned by the checkout engineer (commit eeb62bf claimed Cart, Checkout, OrderConfirmation, OrderTracking).
export { OrderTrackingScreen } from './OrderTrackingScreen';
export {
  ORDER_STATUS_SHORT_LABELS,
  OrderTrackingView,
  trackingLink,
  trackingSchema,
  type OrderTrackingViewProps,
  type TrackingValues,
} from './OrderTrackingView';
