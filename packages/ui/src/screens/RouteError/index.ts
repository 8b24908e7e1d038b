export { RouteErrorScreen } from './RouteErrorScreen';
export { RouteErrorView, type RouteErrorViewProps } from './RouteErrorView';
