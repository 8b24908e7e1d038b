export { brandPalette, useBrandTheme } from '../../shared/brandTheme';
export { readServerError, type ServerFieldError } from '../../shared/graphqlErrors';
export { ProductGrid, ProductGridSkeleton, type ProductGridProps } from './ProductGrid';
export { StorefrontErrorBoundary } from './StorefrontErrorBoundary';
export { StorefrontErrorView, type StorefrontErrorViewProps } from './StorefrontErrorView';
