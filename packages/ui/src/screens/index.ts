export * from './DashboardHome';
export * from './DashboardLogin';
export * from './DashboardShell';
export * from './NotFound';
export * from './RouteError';
export * from './PasswordResetConfirm';
export * from './PasswordResetRequest';
export * from './StorefrontHome';
export * from './StorefrontShell';
export {
  DASHBOARD_PATH,
  LOGIN_PATH,
  PASSWORD_RESET_CONFIRM_PATH,
  PASSWORD_RESET_REQUEST_PATH,
  STOREFRONT_PATH,
} from './paths';
