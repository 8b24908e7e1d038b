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
export { ReturnSection, type ReturnSectionProps } from './returns/ReturnSection';
export { ReturnSectionView, type ReturnSectionViewProps } from './returns/ReturnSectionView';
export { RETURN_REASONS, reasonText } from './returns/ReturnForm';
export type {
  CustomerReturnNode,
  OrderReturnsInfo,
  ReturnableLineNode,
} from './returns/OrderReturns.graphql';
