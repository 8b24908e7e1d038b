// The listings (`/categoria/:slug`, `/busca`): one chunk, they share the listing view.
export { CategoryScreen } from '../../screens/storefront/Listing/CategoryScreen';
export { SearchScreen } from '../../screens/storefront/Listing/SearchScreen';
