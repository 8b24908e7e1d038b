export { ConnectedLoadingIndicator } from './ConnectedLoadingIndicator';
export { GlobalLoadingIndicator, type GlobalLoadingIndicatorProps } from './GlobalLoadingIndicator';
