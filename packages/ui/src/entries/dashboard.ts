// The dashboard area's screens: loaded on demand, never part of the storefront's first load.
export * from '../screens/DashboardLogin';
export * from '../screens/PasswordResetRequest';
export * from '../screens/PasswordResetConfirm';
export * from '../screens/DashboardShell';
export * from '../screens/DashboardHome';
export * from '../screens/NotFound';
export { RequireStaffSession } from '../auth';
