// The constants fixed by SPEC.md (storage keys, intervals, paths, header names).

/** Session-storage key of the access token. */
export const ACCESS_TOKEN_KEY = '_uat';
/** Key of the refresh token, in session or persistent storage depending on "remember". */
export const REFRESH_TOKEN_KEY = '_urt';
/** How often the access token is checked while on a dashboard URL. */
export const REFRESH_CHECK_INTERVAL_MS = 60000;
/** The access token is refreshed when fewer than this many milliseconds remain. */
export const REFRESH_THRESHOLD_MS = 60000;
/** Where logout sends the user. */
export const LOGIN_PATH = '/dashboard/login';
/** Cookie the anti-CSRF token is read from. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header the anti-CSRF token is sent in. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** API paths of the auth calls, relative to the API host (trailing slashes are part of the API). */
export const LOGIN_ENDPOINT = '/auth/login/';
export const TOKEN_REFRESH_ENDPOINT = '/auth/token/refresh/';
export const PASSWORD_RESET_ENDPOINT = '/auth/password/reset/';
export const PASSWORD_RESET_CONFIRM_ENDPOINT = '/auth/password/reset/confirm/';
/** Whether a reset link still works, without using it up (the reset page asks on opening). */
export const PASSWORD_RESET_CHECK_ENDPOINT = '/auth/password/reset/check/';
/** Revokes the refresh token on the server (sent by logout after the browser is cleared). */
export const LOGOUT_ENDPOINT = '/auth/logout/';
export const GRAPHQL_ENDPOINT = '/graphql/';
