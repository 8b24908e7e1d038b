export { brandPalette, useBrandTheme } from './brandTheme';
export { readServerError, type ServerFieldError } from './graphqlErrors';
export { storefrontPaths } from './paths';
export { ProductGrid, ProductGridSkeleton, type ProductGridProps } from './ProductGrid';
export { StorefrontErrorBoundary } from './StorefrontErrorBoundary';
export { StorefrontErrorView, type StorefrontErrorViewProps } from './StorefrontErrorView';
