// The storefront area's browsing screens: loaded on demand, never with dashboard code.
export * from '../screens/StorefrontShell';
export * from '../screens/NotFound';
export { HomeScreen } from '../screens/storefront/Home';
export { BrandScreen } from '../screens/storefront/Brand';
export { CategoryScreen, SearchScreen } from '../screens/storefront/Listing';
export { ProductPageScreen } from '../screens/storefront/ProductPage';
export { StorefrontErrorView } from '../screens/storefront/shared';
export {
  ContactScreen,
  ExchangesAndReturnsScreen,
  PrivacyPolicyScreen,
} from '../screens/storefront/Institutional';
