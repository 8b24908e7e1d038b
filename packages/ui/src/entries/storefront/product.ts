// The product page (`/produto/:slug`): its own chunk.
export { ProductPageScreen } from '../../screens/storefront/ProductPage/ProductPageScreen';
export { RestockConfirmScreen } from '../../screens/storefront/RestockConfirm/RestockConfirmScreen';
