// What the app host needs on every page (kept small: screens live in the area entries).
export * from '../apollo';
export * from '../auth';
export * from '../theme';
export { ConnectedLoadingIndicator } from '../components/GlobalLoadingIndicator';
export * from '../routes';
export { RouteErrorBoundary, RouteErrorScreen } from '../screens/errors/RouteError';
