// The per-request policy: which requests get the bearer token, the anti-CSRF header, and which
// ones count for the loading indicator. Decided from the page URL at the moment of the request.
import { XSRF_COOKIE, XSRF_HEADER } from './constants';
import type { LoadingTracker } from './loadingTracker';
import type { TokenStore } from './tokenStore';
import type { AuthEnvironment, FetchLike } from './types';

const HAS_SCHEME = /^[a-z][a-z\d+\-.]*:/i;

/** The page URL; a bare path (some test hosts) is read against a placeholder origin. */
export function parsePageUrl(currentUrl: string): URL {
  try {
    return new URL(currentUrl);
  } catch {
    return new URL(currentUrl, 'http://localhost');
  }
}

/** SPEC: the dashboard is any URL that contains 'dashboard' (logout, bearer token, refresh check). */
export function isDashboardUrl(currentUrl: string): boolean {
  return currentUrl.includes('dashboard');
}

/** SPEC: the loading indicator counts requests made while the URL's path begins with '/dashboard'. */
export function isDashboardPath(currentUrl: string): boolean {
  return parsePageUrl(currentUrl).pathname.startsWith('/dashboard');
}

/**
 * A relative URL has no scheme and stays on the page's origin; '//other.host/x' or '/\other.host'
 * look relative but leave the origin, so they do not count (the XSRF token must not leak).
 */
export function isRelativeUrl(url: string, page: URL): boolean {
  if (HAS_SCHEME.test(url)) return false;
  try {
    return new URL(url, page).origin === page.origin;
  } catch {
    return false;
  }
}

/** The API host as a URL; '' means the page's own origin. */
function apiBase(apiHost: string, page: URL): URL | null {
  if (apiHost === '') return new URL(page.origin);
  try {
    return new URL(apiHost);
  } catch {
    return null;
  }
}

/**
 * Whether `url` goes to the API host: resolved against the page, it must have the API's origin
 * (and lie under its path, when apiHost has one). So a relative URL is the API only when the API
 * is the page's own origin (apiHost '' or the page's origin); with the API on another host, a
 * relative URL goes to another host and gets no token (behaviour 8).
 */
export function isApiUrl(url: string, apiHost: string, page: URL): boolean {
  const base = apiBase(apiHost, page);
  if (base === null) return false;
  let target: URL;
  try {
    target = new URL(url, page);
  } catch {
    return false;
  }
  if (target.origin !== base.origin) return false;
  const basePath = base.pathname.replace(/\/+$/, '');
  return (
    basePath === '' || target.pathname === basePath || target.pathname.startsWith(basePath + '/')
  );
}

/** `{apiHost}{path}`, e.g. 'https://api.loja.com.br/auth/login/' or '/auth/login/'. */
export function buildApiUrl(apiHost: string, path: string): string {
  return apiHost.replace(/\/+$/, '') + path;
}

// RequestInit members copied one by one: a Request object passed as init keeps them on its
// prototype as getters, so spreading it would silently drop method, body and the rest.
const INIT_KEYS = [
  'body',
  'cache',
  'credentials',
  'integrity',
  'keepalive',
  'method',
  'mode',
  'priority',
  'redirect',
  'referrer',
  'referrerPolicy',
  'signal',
  'window',
] as const satisfies readonly (keyof RequestInit)[];

function copyInit(init: RequestInit | undefined, headers: Headers): RequestInit {
  const copy: Record<string, unknown> = {};
  if (init) {
    for (const key of INIT_KEYS) {
      const value = init[key];
      if (value !== undefined && value !== null) copy[key] = value;
    }
    // A streamed body (a Request's body) needs duplex 'half'; not in the DOM typings yet.
    const duplex = (init as { duplex?: unknown }).duplex;
    if (copy['body'] !== undefined && duplex !== undefined) copy['duplex'] = duplex;
  }
  copy['headers'] = headers;
  return copy as RequestInit;
}

export interface RequestPolicyDeps {
  env: AuthEnvironment;
  tokens: TokenStore;
  loading: LoadingTracker;
}

/** fetch with the policy applied. Caller headers are kept; the policy never overwrites them. */
export function createPolicyFetch({ env, tokens, loading }: RequestPolicyDeps): FetchLike {
  return async (input, init) => {
    const url = String(input);
    const currentUrl = env.currentUrl();
    const page = parsePageUrl(currentUrl);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);

    if (isDashboardUrl(currentUrl) && isApiUrl(url, env.apiHost, page)) {
      const access = tokens.getAccessToken();
      if (access !== null && !headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${access}`);
      }
    }

    if (method !== 'GET' && method !== 'HEAD' && isRelativeUrl(url, page)) {
      const xsrf = env.getCookie(XSRF_COOKIE);
      if (xsrf !== undefined && xsrf !== '' && !headers.has(XSRF_HEADER)) {
        headers.set(XSRF_HEADER, xsrf);
      }
    }

    const counts = isDashboardPath(currentUrl);
    if (counts) loading.begin();
    try {
      return await env.fetch(url, copyInit(init, headers));
    } finally {
      if (counts) loading.end();
    }
  };
}
