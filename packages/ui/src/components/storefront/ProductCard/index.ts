export {
  ProductCard,
  type ProductCardData,
  type ProductCardImage,
  type ProductCardProps,
} from './ProductCard';
