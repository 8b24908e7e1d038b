export { StorefrontShellScreen, type StorefrontShellScreenProps } from './StorefrontShellScreen';
export {
  FOOTER_LINKS,
  StorefrontShellView,
  type StorefrontShellViewProps,
} from './StorefrontShellView';
