import { PASSWORD_RESET_CONFIRM_PATH, PASSWORD_RESET_REQUEST_PATH } from '@vitrine/ui/host';
import { routeTable } from '@vitrine/ui/routes';
import { dashboardPaths } from '@vitrine/ui/routes/dashboard';
import { describe, expect, it } from 'vitest';
import { appRoutes, pagesFor } from './routes';

describe('routes', () => {
  it("loads the storefront ('') and the dashboard ('dashboard') on demand", async () => {
    const [storefront] = pagesFor('/');
    const [dashboard] = pagesFor('/dashboard');
    expect(storefront).toBe(appRoutes[0]?.page);
    expect(dashboard).toBe(appRoutes.find((route) => route.path === 'dashboard/*')?.page);
    expect(typeof (await storefront?.preload())).toBe('function');
    expect(typeof (await dashboard?.preload())).toBe('function');
  });

  it('serves /dashboard/login outside the dashboard layout', () => {
    const pages = pagesFor('/dashboard/login');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toBe(appRoutes.find((route) => route.path === 'dashboard/login')?.page);
  });

  it("keeps the password-reset pages outside 'dashboard', so the start-up logout (SPEC 4) never sends a mail link's visitor to the login", () => {
    for (const path of [PASSWORD_RESET_REQUEST_PATH, PASSWORD_RESET_CONFIRM_PATH]) {
      expect(path).not.toContain('dashboard');
      expect(appRoutes.some((route) => `/${route.path ?? ''}` === path)).toBe(true);
      expect(pagesFor(path)).toHaveLength(1);
    }
  });

  it('resolves every storefront page to its screen, each page loaded on its own', async () => {
    const pages = appRoutes[0]?.children ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(13);
    for (const route of pages) {
      const component = await route.page.preload();
      expect(typeof component, `route ${route.path ?? '(index)'}`).toBe('function');
    }
  });

  it('matches a storefront URL to the shell and its page, and an unknown one to the 404', () => {
    const storefront = appRoutes[0];
    const product = storefront?.children?.find((route) => route.path === 'produto/:slug');
    expect(pagesFor('/produto/camiseta-aurora')).toEqual([storefront?.page, product?.page]);
    const notFound = storefront?.children?.find((route) => route.path === '*');
    expect(pagesFor('/nao-existe')).toEqual([storefront?.page, notFound?.page]);
  });

  it('loads one chunk, the staff area, for every dashboard page (its pages are routed inside it)', async () => {
    const area = appRoutes.find((route) => route.path === 'dashboard/*');
    expect(area?.children).toBeUndefined();
    for (const url of [
      dashboardPaths.home,
      dashboardPaths.orders,
      dashboardPaths.order('order-1'),
      dashboardPaths.coupons,
      dashboardPaths.shippingMethod('pac'),
      '/dashboard/nao-existe',
    ]) {
      expect(pagesFor(url), url).toEqual([area?.page]);
    }
    expect(typeof (await area?.page.preload())).toBe('function');
  });

  it("keeps the shopper's first visit free of the dashboard's pages: the app's table names none", () => {
    const names = JSON.stringify(routeTable);
    expect(names).toContain('dashboard/area');
    for (const page of ['dashboard/orders', 'dashboard/coupons', 'dashboard/settings']) {
      expect(names).not.toContain(page);
    }
  });
});
