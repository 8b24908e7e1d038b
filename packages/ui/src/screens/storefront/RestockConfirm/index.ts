export { RestockConfirmScreen } from './RestockConfirmScreen';
export {
  RestockConfirmView,
  type RestockConfirmedProduct,
  type RestockConfirmViewProps,
} from './RestockConfirmView';
