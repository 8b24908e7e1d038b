export {
  RestockAlertForm,
  type RestockAlertFormProps,
  type RestockAlertOption,
  type RestockAlertStatus,
} from './RestockAlertForm';
