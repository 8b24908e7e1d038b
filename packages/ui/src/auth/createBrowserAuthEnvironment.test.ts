import { createAuth, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { describe, expect, it, vi } from 'vitest';

import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../mocks';
import { createBrowserAuthEnvironment } from './createBrowserAuthEnvironment';

describe('createBrowserAuthEnvironment', () => {
  it('11. survives the browser refusing storage (window.localStorage throws SecurityError): the session lives in memory', async () => {
    const denied = new DOMException('The operation is insecure.', 'SecurityError');
    const localStorageGetter = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw denied;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      let url = 'http://localhost/dashboard/login';
      const env = createBrowserAuthEnvironment({
        navigate: (path) => {
          url = new URL(path, url).href;
        },
        currentUrl: () => url,
      });
      const auth = createAuth(env);

      expect(auth.getState()).toEqual({ authenticated: false, user: null });
      await auth.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: true });

      expect(auth.isAuthenticated()).toBe(true);
      expect(env.persistentStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
      expect(localStorageGetter).toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('localStorage'), denied);
      auth.dispose();
    } finally {
      localStorageGetter.mockRestore();
      warn.mockRestore();
    }
  });

  it('uses the real web storage when the browser allows it', () => {
    const env = createBrowserAuthEnvironment({ navigate: () => undefined });
    env.persistentStorage.setItem('k', 'persistent');
    env.sessionStorage.setItem('k', 'session');
    expect(window.localStorage.getItem('k')).toBe('persistent');
    expect(window.sessionStorage.getItem('k')).toBe('session');
  });
});
