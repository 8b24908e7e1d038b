export { CartProvider, useCart, type CartProviderProps, type UseCartResult } from './CartProvider';
export {
  CART_STORAGE_KEY,
  createCartStore,
  MAX_LINE_QUANTITY,
  parseStoredCart,
  type StoredCartLine,
  type CartState,
  type CartStore,
  type CreateCartStoreOptions,
} from './cartStore';
