export { brandPalette, useBrandTheme } from './brandTheme';
export { readServerError, type ServerFieldError } from './graphqlErrors';
export { ProductGrid, ProductGridSkeleton, type ProductGridProps } from './ProductGrid';
export { StorefrontErrorBoundary } from './StorefrontErrorBoundary';
export { StorefrontErrorView, type StorefrontErrorViewProps } from './StorefrontErrorView';
