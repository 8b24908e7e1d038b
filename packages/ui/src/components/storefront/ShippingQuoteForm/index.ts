export {
  deliveriesFirst,
  deliveryText,
  ShippingQuoteForm,
  type ShippingOptionData,
  type ShippingQuoteFormProps,
} from './ShippingQuoteForm';
