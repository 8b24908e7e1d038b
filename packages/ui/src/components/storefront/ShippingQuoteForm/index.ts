export {
  deliveryText,
  ShippingQuoteForm,
  type ShippingOptionData,
  type ShippingQuoteFormProps,
} from './ShippingQuoteForm';
