export { PixPrice, type PixPriceProps } from './PixPrice';
