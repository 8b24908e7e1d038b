export { maskCep, maskCpf, maskPhone, onlyDigits } from './masks';
export { brMessages } from './messages';
export {
  addressSchema,
  cepSchema,
  cpfSchema,
  emailSchema,
  emailSchemaWith,
  fullNameSchema,
  identificationSchema,
  phoneSchema,
  ufSchema,
  type AddressValues,
  type IdentificationValues,
} from './schemas';
export {
  cpfWithCheckDigits,
  isUf,
  isValidCep,
  isValidCpf,
  isValidPhone,
  UFS,
  type Uf,
} from './validation';
