import { PASSWORD_RESET_CONFIRM_PATH, PASSWORD_RESET_REQUEST_PATH } from '@vitrine/ui/host';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

const children = routes[0]?.children ?? [];

describe('routes', () => {
  it("loads the storefront ('') and the dashboard ('dashboard') on demand", () => {
    const storefront = children.find((route) => route.path === '');
    const dashboard = children.find((route) => route.path === 'dashboard');
    expect(typeof storefront?.lazy).toBe('function');
    expect(typeof dashboard?.lazy).toBe('function');
  });

  it('serves /dashboard/login', () => {
    expect(children.some((route) => route.path === 'dashboard/login')).toBe(true);
  });

  it("keeps the password-reset pages outside 'dashboard', so the start-up logout (SPEC 4) never sends a mail link's visitor to the login", () => {
    for (const path of [PASSWORD_RESET_REQUEST_PATH, PASSWORD_RESET_CONFIRM_PATH]) {
      expect(path).not.toContain('dashboard');
      expect(children.some((route) => `/${route.path ?? ''}` === path)).toBe(true);
    }
  });

  it('resolves every storefront page to its screen, each page loaded on its own', async () => {
    const storefront = children.find((route) => route.path === '');
    const pages = storefront?.children ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(13);
    for (const page of pages) {
      expect(typeof page.lazy).toBe('function');
      const loaded = await (page.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, `route ${page.path ?? '(index)'}`).toBe('function');
    }
  });
});
