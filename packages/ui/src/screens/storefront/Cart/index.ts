// Owned by the checkout engineer (commit eeb62bf claimed Cart, Checkout, OrderConfirmation, OrderTracking).
export { CartDrawer, CartDrawerView, type CartDrawerViewProps } from './CartDrawer';
export { CartScreen } from './CartScreen';
export {
  CART_PREVIEW_QUERY,
  type CartItemInput,
  type CartPreviewLine,
  type CartPreviewNode,
  type CartPreviewQuery,
  type CartPreviewVariables,
  type CartShippingOption,
} from './CartScreen.graphql';
export { CartSummary, type CartSummaryData, type CartSummaryProps } from './CartSummary';
export {
  CartView,
  type CartCouponProps,
  type CartShippingProps,
  type CartViewProps,
  type CartViewStatus,
} from './CartView';
export { toCartLineData, toCartSummaryData } from './cartViewData';
export { useCartPreview, type UseCartPreviewResult } from './useCartPreview';
