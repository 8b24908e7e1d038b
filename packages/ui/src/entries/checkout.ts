// The storefront's buying screens (cart page, checkout, confirmation, tracking): their own chunk,
// fetched when the shopper heads to pay, so browsing pages stay light.
export { CartScreen } from '../screens/storefront/Cart';
export { CheckoutScreen } from '../screens/storefront/Checkout';
export { OrderConfirmationScreen } from '../screens/storefront/OrderConfirmation';
export { OrderTrackingScreen } from '../screens/storefront/OrderTracking';
