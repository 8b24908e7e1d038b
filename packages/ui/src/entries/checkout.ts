// The storefront's buying screens (cart page, checkout, confirmation, tracking): their own chunk,
// fetched when the shopper heads to pay, so browsing pages stay light. Each renders over the cart
// the page was rendered with (DeviceCart: the server renders them from the device's cookies).
import { createElement, type ComponentType } from 'react';

import { DeviceCart } from '../device';
import { CartScreen as Cart } from '../screens/storefront/Cart';
import { CheckoutScreen as Checkout } from '../screens/storefront/Checkout';
import { OrderConfirmationScreen as OrderConfirmation } from '../screens/storefront/OrderConfirmation';
import { OrderTrackingScreen as OrderTracking } from '../screens/storefront/OrderTracking';

function onDeviceCart(Screen: ComponentType): ComponentType {
  return function DeviceScreen() {
    return createElement(DeviceCart, null, createElement(Screen));
  };
}

export const CartScreen = onDeviceCart(Cart);
export const CheckoutScreen = onDeviceCart(Checkout);
export const OrderConfirmationScreen = onDeviceCart(OrderConfirmation);
export const OrderTrackingScreen = onDeviceCart(OrderTracking);
