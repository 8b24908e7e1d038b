export { VariantPicker, type VariantOptionChoice, type VariantPickerProps } from './VariantPicker';
