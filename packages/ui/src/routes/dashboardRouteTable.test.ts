import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { dashboardPaths, dashboardPatterns } from './dashboardPaths';
import { DASHBOARD_PAGES, dashboardRouteTable } from './dashboardRouteTable';

const routes: RouteObject[] = [
  {
    path: '/dashboard/*',
    children: dashboardRouteTable.map((route) =>
      route.index ? { index: true, id: route.page } : { path: route.path ?? '', id: route.page },
    ),
  },
];

function pageAt(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.id;
}

describe('dashboardRouteTable', () => {
  it('routes every dashboard pattern, and names each page once', () => {
    const paths = dashboardRouteTable.map((route) => route.path);
    for (const pattern of Object.values(dashboardPatterns)) expect(paths).toContain(pattern);
    expect(new Set(dashboardRouteTable.map((route) => route.page)).size).toBe(
      DASHBOARD_PAGES.length,
    );
  });

  it('resolves each link of dashboardPaths to its page, the literal ones before an id', () => {
    const cases: [string, string][] = [
      [dashboardPaths.home, 'dashboard/home'],
      [dashboardPaths.orders, 'dashboard/orders'],
      [dashboardPaths.packingSlips(['o1', 'o2']).split('?')[0] ?? '', 'dashboard/packingSlips'],
      [dashboardPaths.order('VT-1'), 'dashboard/order'],
      [dashboardPaths.productNew, 'dashboard/productNew'],
      [dashboardPaths.productsImport, 'dashboard/productsImport'],
      [dashboardPaths.product('p1'), 'dashboard/product'],
      [dashboardPaths.coupons, 'dashboard/coupons'],
      [dashboardPaths.couponNew, 'dashboard/couponNew'],
      [dashboardPaths.coupon('c1'), 'dashboard/coupon'],
      [dashboardPaths.shipping, 'dashboard/shipping'],
      [dashboardPaths.shippingMethodNew, 'dashboard/shippingMethodNew'],
      [dashboardPaths.shippingMethod('pac'), 'dashboard/shippingMethod'],
      [dashboardPaths.customer('c1'), 'dashboard/customer'],
      [dashboardPaths.invoices, 'dashboard/invoices'],
      ['/dashboard/nao-existe', 'dashboard/notFound'],
    ];
    for (const [url, page] of cases) expect(pageAt(url), url).toBe(page);
  });
});
