export {
  deliveriesFirst,
  deliveryHighlights,
  deliveryText,
  ShippingQuoteForm,
  type ShippingOptionData,
  type ShippingQuoteFormProps,
} from './ShippingQuoteForm';
