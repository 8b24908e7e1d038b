export {
  CartProvider,
  useCart,
  useCartStore,
  type CartProviderProps,
  type UseCartResult,
} from './CartProvider';
export {
  COUPON_FORMAT_MESSAGE,
  couponCodeError,
  MAX_CART_LINES,
  MAX_COUPON_CODE_LENGTH,
  MAX_LINE_QUANTITY,
  normaliseCouponCode,
} from './cartRules';
export {
  CART_STORAGE_KEY,
  createCartStore,
  parseStoredCart,
  type ParseStoredCartOptions,
  type StoredCartLine,
  type CartState,
  type CartStore,
  type CreateCartStoreOptions,
  type VariantIdCheck,
} from './cartStore';
