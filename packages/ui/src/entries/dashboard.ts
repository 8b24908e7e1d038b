// The dashboard area's screens: loaded on demand, never part of the storefront's first load.
export * from '../screens/dashboard/Login';
export * from '../screens/dashboard/PasswordResetRequest';
export * from '../screens/dashboard/PasswordResetConfirm';
export * from '../screens/dashboard/Shell';
export * from '../screens/dashboard/Home';
export * from '../screens/errors/NotFound';
export { RequireStaffSession } from '../auth';
