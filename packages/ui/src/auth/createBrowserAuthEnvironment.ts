// The browser's side of @vitrine/auth: the ONLY place in the ui that touches web storage,
// cookies, location, fetch and timers, so everything else stays testable.
import { withMemoryFallback, type AuthEnvironment, type KeyValueStorage } from '@vitrine/auth';

export interface BrowserAuthEnvironmentOptions {
  /** API host, e.g. 'https://api.loja.com.br'; '' (the default) is the page's own origin. */
  apiHost?: string;
  /** Client-side navigation (react-router's navigate). */
  navigate: (path: string) => void;
  /**
   * The current URL. Defaults to location.href; Storybook and tests pass their memory router's
   * location so the dashboard policy follows the route being shown.
   */
  currentUrl?: () => string;
}

function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch {
    // Sandboxed or cookie-blocked documents throw SecurityError: no cookie, no header.
    return undefined;
  }
  for (const part of cookies.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

/**
 * With site data blocked, merely reading window.localStorage throws SecurityError (Chrome), so
 * the storage is opened lazily and, once it throws, replaced by memory for this page's life: the
 * storefront still renders and a sign-in lasts until the tab closes (behaviour 11).
 */
function browserStorage(
  name: 'sessionStorage' | 'localStorage',
  logger: Pick<Console, 'warn'>,
): KeyValueStorage {
  return withMemoryFallback(
    () => window[name],
    (error) => logger.warn(`[auth] ${name} is unavailable; keeping tokens in memory`, error),
  );
}

export function createBrowserAuthEnvironment({
  apiHost = '',
  navigate,
  currentUrl = () => window.location.href,
}: BrowserAuthEnvironmentOptions): AuthEnvironment {
  return {
    apiHost,
    sessionStorage: browserStorage('sessionStorage', console),
    persistentStorage: browserStorage('localStorage', console),
    getCookie: readCookie,
    now: () => Date.now(),
    timers: {
      setInterval: (callback, ms) => window.setInterval(callback, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    },
    currentUrl,
    navigate,
    // Looked up on each call so a fetch patched later (MSW in Storybook and tests) is used.
    fetch: (input, init) => window.fetch(input, init),
    logger: console,
  };
}
