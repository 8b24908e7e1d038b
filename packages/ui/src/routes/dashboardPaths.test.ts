import { describe, expect, it } from 'vitest';
import { BRAND_SCOPE_PARAM, dashboardPaths } from './dashboardPaths';

describe('dashboardPaths', () => {
  it('builds every dashboard link under /dashboard, ids encoded', () => {
    expect(dashboardPaths.home).toBe('/dashboard');
    expect(dashboardPaths.orders).toBe('/dashboard/pedidos');
    expect(dashboardPaths.order('a b/c')).toBe('/dashboard/pedidos/a%20b%2Fc');
    expect(dashboardPaths.packingSlips(['1', '2'])).toBe('/dashboard/pedidos/romaneios?ids=1%2C2');
    expect(dashboardPaths.contentDeclaration('9')).toBe('/dashboard/pedidos/9/declaracao');
    expect(dashboardPaths.pix).toBe('/dashboard/pix');
    expect(dashboardPaths.statement('s1')).toBe('/dashboard/pix/extratos/s1');
    expect(dashboardPaths.invoices).toBe('/dashboard/notas-fiscais');
    expect(dashboardPaths.invoicesWithStatus('REJECTED')).toBe(
      '/dashboard/notas-fiscais?status=REJECTED',
    );
    expect(BRAND_SCOPE_PARAM).toBe('marca');
  });
});
