// Every page of the app answers 200 from the server, with its own title, and an unknown path 404.
// The pages are not listed here: the test walks the app's route tables (packages/ui/src/routes:
// routeTable.ts and, below '/dashboard/*', dashboardRouteTable.ts), so a route added to the app
// without the server knowing it (seo.page.ts) fails here instead of answering the mailed link or
// the shared address with a 404 and "Página não encontrada".
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { REPOSITORY_ROOT } from '../config';
import { insertBrand, insertCategory, insertProduct } from '../modules/catalog/catalog.fixtures';
import { getStoreSettings } from '../modules/settings/settings.repository';
import { ROUTE_MODULES } from './route-preload';
import { LANDING_PAGE_ROUTES } from './static-app';

/** The shape of the ui's route tables (kept structural: the API does not import the app). */
interface RouteEntry {
  path?: string;
  index?: true;
  screen?: string;
  page?: string;
  children?: readonly RouteEntry[];
}

const UI_ROUTES = path.join(REPOSITORY_ROOT, 'packages', 'ui', 'src', 'routes');

async function routeTables(): Promise<{
  storefront: readonly RouteEntry[];
  dashboard: readonly RouteEntry[];
}> {
  const [storefront, dashboard] = (await Promise.all([
    import(path.join(UI_ROUTES, 'routeTable.ts')),
    import(path.join(UI_ROUTES, 'dashboardRouteTable.ts')),
  ])) as [{ routeTable: readonly RouteEntry[] }, { dashboardRouteTable: readonly RouteEntry[] }];
  return { storefront: storefront.routeTable, dashboard: dashboard.dashboardRouteTable };
}

/** A page of the route tables: its pattern from '/', and the screen it shows. */
interface AppPage {
  pattern: string;
  screen: string;
  /** A '*' route: whatever no other route matches (the not-found page). */
  catchAll: boolean;
}

/** The area a '<prefix>/*' route mounts, by its screen: its own route table below the prefix. */
const AREAS: Record<string, 'dashboard'> = { 'dashboard/area': 'dashboard' };

function walk(
  entries: readonly RouteEntry[],
  base: string,
  tables: Awaited<ReturnType<typeof routeTables>>,
): AppPage[] {
  return entries.flatMap((entry): AppPage[] => {
    const screen = entry.screen ?? entry.page ?? '?';
    const join = (relative: string) => `${base}/${relative}`.replace(/\/+/g, '/');
    if (entry.index) return [{ pattern: base || '/', screen, catchAll: false }];
    if (entry.path === undefined) return walk(entry.children ?? [], base, tables);
    if (entry.path === '*') return [{ pattern: join('*'), screen, catchAll: true }];
    if (entry.path.endsWith('/*')) {
      const area = AREAS[screen];
      if (!area) throw new Error(`The test does not know the area '${screen}' (${entry.path})`);
      return walk(tables[area], join(entry.path.slice(0, -2)), tables);
    }
    return [
      { pattern: join(entry.path), screen, catchAll: false },
      ...walk(entry.children ?? [], join(entry.path), tables),
    ];
  });
}

let ctx: TestContext;
let dist: string;
let storeName: string;
let pages: AppPage[];
const samples: Record<string, string> = {};

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-routes-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="vitrine-config" content="{}" />' +
      '<title>Vitrine</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({
    env: { APP_DIST: dist, SERVER_RENDER: 'false' },
    serveApp: true,
  });
  const brand = await insertBrand(ctx.db, { slug: 'boreal', name: 'Boreal' });
  const category = await insertCategory(ctx.db, { slug: 'calcados', name: 'Calçados' });
  await insertProduct(ctx.db, {
    slug: 'tenis-azul',
    name: 'Tênis azul',
    brandId: brand.id,
    categoryId: category.id,
    variants: [{ sku: 'TEN-AZ-40', priceCents: 29990 }],
  });
  // The pages whose parameter names a record: one that exists (their 404 is a missing record).
  Object.assign(samples, {
    '/produto/:slug': '/produto/tenis-azul',
    '/marcas/:slug': '/marcas/boreal',
    '/categoria/:slug': '/categoria/calcados',
  });
  storeName = (await getStoreSettings(ctx.db)).storeName;
  pages = walk((await routeTables()).storefront, '', await routeTables());
});
afterAll(async () => {
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

/** The page's address with a sample parameter ('VT-10023', 'amostra-1') and a mail link's token. */
function sampleUrl(pattern: string): string {
  const filled =
    samples[pattern] ??
    pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'number' ? 'VT-10023' : 'amostra-1'));
  return `${filled}?token=${'t'.repeat(43)}`;
}

function titleOf(html: string): string | null {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
}

describe("the app's route tables, served", () => {
  it('walks both tables: the storefront, the mailed links and the staff area', () => {
    const patterns = pages.map((page) => page.pattern);
    // The walk reached what the issue was about and the dashboard's own table.
    for (const pattern of ['/', '/avise-me/confirmar', '/convite', '/senha/recuperar'])
      expect(patterns).toContain(pattern);
    expect(patterns).toContain('/dashboard/pedidos/:id');
    expect(pages.filter((page) => page.catchAll).map((page) => page.pattern)).toEqual([
      '/*',
      '/dashboard/*',
    ]);
    expect(pages.length).toBeGreaterThan(40);
  });

  it('routes the landing pages by patterns of the app, the same page as through the fallback', async () => {
    const patterns = pages.filter((page) => !page.catchAll).map((page) => page.pattern);
    for (const route of LANDING_PAGE_ROUTES) expect(patterns, route).toContain(route);
    // Another casing misses the route and takes the fallback: the same page either way.
    for (const url of ['/produto/tenis-azul', '/busca', '/BUSCA']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(titleOf(response.body), url).toContain(storeName);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/produto/nao-existe' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers every page with 200, the app and its own title, never the not-found one', async () => {
    const notFoundTitle = `Página não encontrada | ${storeName}`;
    for (const page of pages.filter((item) => !item.catchAll)) {
      const url = sampleUrl(page.pattern);
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, `${page.screen} ${url}`).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
      const title = titleOf(response.body);
      expect(title, url).not.toBe(notFoundTitle);
      // Its own title: the store's name and more (not the build's generic one, nor the name alone).
      expect(title, url).toContain(storeName);
      expect(title!.length, url).toBeGreaterThan(storeName.length + 3);
    }
  });

  it('answers an unknown path with 404 and the not-found title, wherever the catch-all is', async () => {
    for (const page of pages.filter((item) => item.catchAll)) {
      const url = page.pattern.replace('*', 'pagina-que-nao-existe/mesmo');
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(titleOf(response.body), url).toBe(`Página não encontrada | ${storeName}`);
      // Still the app, which shows its not-found page.
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it("preloads each page's own chunks, never the not-found page's", () => {
    for (const page of pages) {
      const pathname = sampleUrl(page.pattern).split('?')[0]!.replace('*', 'nao-existe');
      const modules = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
      const notFoundChunk = modules.includes('src/areas/notFound.tsx');
      expect(notFoundChunk, `${page.screen} ${pathname}`).toBe(page.screen === 'errors/notFound');
    }
  });
});
