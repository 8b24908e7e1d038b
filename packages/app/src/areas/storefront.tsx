// The storefront's browsing area (its own chunk): shell, home, brand, listings, product, 404.
export {
  StorefrontShellScreen as StorefrontLayout,
  HomeScreen as StorefrontHome,
  BrandScreen as StorefrontBrand,
  CategoryScreen as StorefrontCategory,
  SearchScreen as StorefrontSearch,
  ProductPageScreen as StorefrontProduct,
  NotFoundScreen as StorefrontNotFound,
  StorefrontErrorView as StorefrontRouteError,
  ContactScreen as StorefrontContact,
  ExchangesAndReturnsScreen as StorefrontExchanges,
  PrivacyPolicyScreen as StorefrontPrivacy,
} from '@vitrine/ui/storefront';
