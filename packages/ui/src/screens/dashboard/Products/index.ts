export { ProductsScreen, type ProductsScreenProps } from './ProductsScreen';
export { ProductsView, type ProductsViewProps } from './ProductsView';
