// @vitrine/auth: JWT reading, token storage, the session and the per-request policy.
export * from './types';
export {
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  REFRESH_CHECK_INTERVAL_MS,
  REFRESH_THRESHOLD_MS,
  LOGIN_PATH,
  XSRF_COOKIE,
  XSRF_HEADER,
  LOGIN_ENDPOINT,
  TOKEN_REFRESH_ENDPOINT,
  PASSWORD_RESET_ENDPOINT,
  PASSWORD_RESET_CONFIRM_ENDPOINT,
  PASSWORD_RESET_CHECK_ENDPOINT,
  GRAPHQL_ENDPOINT,
} from './constants';
export { decodeJwtPayload, getTokenExpiryMs, isTokenExpired, isWellFormedJwt } from './jwt';
export { AuthError, isAuthError } from './errors';
export { TwoFactorRequiredError, isTwoFactorRequiredError } from './twoFactorError';
export type { AuthErrorOptions } from './errors';
export { TokenStore } from './tokenStore';
export { withMemoryFallback } from './storage';
export { LoadingTracker } from './loadingTracker';
export { isDashboardUrl, isDashboardPath } from './requestPolicy';
export { createAuth } from './createAuth';
export type { Auth } from './createAuth';
