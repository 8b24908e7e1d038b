// The storefront's buying area (its own chunk): cart page, checkout, confirmation, tracking.
export {
  CartScreen as StorefrontCart,
  CheckoutScreen as StorefrontCheckout,
  OrderConfirmationScreen as StorefrontOrderConfirmation,
  OrderTrackingScreen as StorefrontOrderTracking,
} from '@vitrine/ui/checkout';
