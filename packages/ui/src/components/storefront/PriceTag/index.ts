export { PriceTag, type PriceTagProps } from './PriceTag';
