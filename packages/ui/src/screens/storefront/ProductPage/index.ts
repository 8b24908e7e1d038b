export { ProductPageScreen } from './ProductPageScreen';
export {
  ProductPageView,
  type ProductOffer,
  type ProductPageData,
  type ProductPageViewProps,
} from './ProductPageView';
