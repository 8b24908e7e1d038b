export {
  AuthProvider,
  useAuth,
  useAuthState,
  useLoadingIndicator,
  type AuthProviderProps,
} from './AuthProvider';
export {
  createBrowserAuthEnvironment,
  type BrowserAuthEnvironmentOptions,
} from './createBrowserAuthEnvironment';
export { RequireStaffSession, type RequireStaffSessionProps } from './RequireStaffSession';
export { safeNextPath } from './safeNextPath';
