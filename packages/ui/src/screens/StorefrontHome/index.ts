export { StorefrontHomeScreen } from './StorefrontHomeScreen';
export {
  StorefrontHomeView,
  type StorefrontHomeSettings,
  type StorefrontHomeViewProps,
} from './StorefrontHomeView';
