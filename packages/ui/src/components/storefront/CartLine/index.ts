export {
  CartLine,
  type CartLineAvailability,
  type CartLineData,
  type CartLineProps,
} from './CartLine';
