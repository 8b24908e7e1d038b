export {
  RouteErrorBoundary,
  RouteErrorScreen,
  type RouteErrorScreenProps,
} from './RouteErrorScreen';
export { RouteErrorView, type RouteErrorViewProps } from './RouteErrorView';
