// @vitrine/ui: theme, components and screens of the storefront and the dashboard.
export * from './apollo';
export * from './auth';
export * from './components';
export * from './format';
export * from './routes';
export * from './screens';
export * from './screens/storefront';
export * from './theme';
