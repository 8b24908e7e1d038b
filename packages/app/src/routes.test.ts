import { PASSWORD_RESET_CONFIRM_PATH, PASSWORD_RESET_REQUEST_PATH } from '@vitrine/ui/host';
import { dashboardPaths } from '@vitrine/ui/routes/dashboard';
import { describe, expect, it } from 'vitest';
import { appRoutes, pagesFor } from './routes';

describe('routes', () => {
  it("loads the storefront ('') and the dashboard ('dashboard') on demand", async () => {
    const [storefront] = pagesFor('/');
    const [dashboard] = pagesFor('/dashboard');
    expect(storefront).toBe(appRoutes[0]?.page);
    expect(dashboard).toBe(appRoutes.find((route) => route.path === 'dashboard')?.page);
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

  it('puts every dashboard page inside the staff shell, each resolving to its screen', async () => {
    const dashboard = appRoutes.find((route) => route.path === 'dashboard');
    const child = (path: string) => dashboard?.children?.find((route) => route.path === path);
    const cases: [string, string][] = [
      [dashboardPaths.orders, 'pedidos'],
      [dashboardPaths.packingSlips(['o1', 'o2']).split('?')[0] ?? '', 'pedidos/romaneios'],
      [dashboardPaths.order('order-1'), 'pedidos/:id'],
      [dashboardPaths.contentDeclaration('order-1'), 'pedidos/:id/declaracao'],
      [dashboardPaths.pix, 'pix'],
      [dashboardPaths.statement('statement-1'), 'pix/extratos/:id'],
    ];
    for (const [url, pattern] of cases) {
      const page = child(pattern)?.page;
      expect(pagesFor(url), url).toEqual([dashboard?.page, page]);
      expect(typeof (await page?.preload()), url).toBe('function');
    }
  });
});
