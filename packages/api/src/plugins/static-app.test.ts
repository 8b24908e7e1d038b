// Serving the built app with the SPA fallback, and request ids in responses and logs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInStaffRoles, type TestContext } from '../../test/helpers';
import { buildApp } from '../app';
import { insertBrand, insertCategory, insertProduct } from '../modules/catalog/catalog.fixtures';
import { renderIndexHtml } from './static-app';

/** The runtime configuration the page carries, as the app reads it (packages/app/src/config.ts). */
function runtimeConfigOf(html: string): unknown {
  const match = /<meta name="vitrine-config" content="([^"]*)"/.exec(html);
  if (!match) throw new Error('no vitrine-config meta tag');
  const decoded = match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}

const BIG_SCRIPT = `export const words = ${JSON.stringify('palavra '.repeat(2000))};`;
let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
const logLines: string[] = [];

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="vitrine-config" content="{}" />' +
      '<title>Vitrine</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  // What the build writes beside a large script (vite.config.ts precompressedAssets).
  await writeFile(path.join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  await writeFile(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  await writeFile(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's manifest (vite.config.ts build.manifest), trimmed to a few chunks.
  await mkdir(path.join(dist, '.vite'));
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_mui.js'] },
      '_mui.js': { file: 'assets/mui-111.js' },
      '_grid.js': { file: 'assets/ProductGrid-222.js', imports: ['_mui.js'] },
      'src/areas/storefront.tsx': { file: 'assets/storefront-333.js', isDynamicEntry: true },
      '../ui/src/entries/storefront/home.ts': {
        file: 'assets/home-444.js',
        imports: ['_grid.js'],
        dynamicImports: ['src/areas/dashboard.tsx'],
      },
      '../ui/src/entries/storefront/product.ts': {
        file: 'assets/product-555.js',
        imports: ['_grid.js', '_mui.js'],
      },
      'src/areas/dashboard.tsx': { file: 'assets/dashboard-666.js', imports: ['_mui.js'] },
    }),
  );
  ctx = await createTestContext();
  const brand = await insertBrand(ctx.db, { slug: 'boreal', name: 'Boreal' });
  const category = await insertCategory(ctx.db, { slug: 'calcados', name: 'Calçados' });
  await insertProduct(ctx.db, {
    slug: 'tenis-azul',
    name: 'Tênis azul',
    description: 'Tênis de corrida leve, em tecido respirável azul.',
    brandId: brand.id,
    categoryId: category.id,
    variants: [{ sku: 'TEN-AZ-40', priceCents: 29990 }],
  });
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(...String(chunk).trim().split('\n'));
      callback();
    },
  });
  app = buildApp({
    config: { ...ctx.config, appDist: dist },
    db: ctx.db,
    serveApp: true,
    logger: { level: 'info', stream },
    mailRetryIntervalMs: 0,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built app', () => {
  it('serves index.html for the storefront, the dashboard and deep links', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/login', '/produto/tenis-azul?cor=azul']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('gives each page its own head and a 404 for a page or product that does not exist', async () => {
    const product = await app.inject({ method: 'GET', url: '/produto/tenis-azul?cor=azul' });
    expect(product.statusCode).toBe(200);
    expect(product.body).toMatch(/<title>Tênis azul — Boreal \| [^<]+<\/title>/);
    expect(product.body).toContain('<meta property="og:type" content="product" />');
    expect(product.body).toContain(
      `<link rel="canonical" href="${ctx.config.publicUrl}/produto/tenis-azul" />`,
    );
    // The runtime configuration is still there.
    expect(runtimeConfigOf(product.body)).toMatchObject({ apiHost: '' });

    for (const url of ['/produto/nao-existe', '/uma/pagina/qualquer']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      // Still the app, which shows its friendly not-found page.
      expect(missing.headers['content-type'], url).toContain('text/html');
      expect(missing.body, url).toContain('<div id="root">');
      expect(missing.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it("preloads the lazy chunks each page runs first, from the build's manifest", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    const home = await app.inject({ method: 'GET', url: '/' });
    // The shell, the home and what the home imports; never what the entry loads already, nor a
    // chunk the home only might import later (the dashboard).
    expect(preloads(home.body)).toEqual([
      '/assets/storefront-333.js',
      '/assets/ProductGrid-222.js',
      '/assets/home-444.js',
    ]);
    expect(home.body.indexOf('modulepreload')).toBeLessThan(home.body.indexOf('</head>'));
    const product = await app.inject({ method: 'GET', url: '/produto/tenis-azul?cor=azul' });
    expect(preloads(product.body)).toEqual([
      '/assets/storefront-333.js',
      '/assets/ProductGrid-222.js',
      '/assets/product-555.js',
    ]);
    const dashboard = await app.inject({ method: 'GET', url: '/dashboard/pedidos' });
    expect(preloads(dashboard.body)).toEqual(['/assets/dashboard-666.js']);
    // A module the manifest does not have (listing) is skipped: the page is served as ever.
    const listing = await app.inject({ method: 'GET', url: '/categoria/calcados' });
    expect(listing.statusCode).toBe(200);
    expect(preloads(listing.body)).toEqual(['/assets/storefront-333.js']);
  });

  it("keeps the build's manifest to the server", async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    // The not-found page, not the manifest's JSON.
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('isEntry');
  });

  it('serves index.html at the root path, not a 403 for the directory', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/' });
      expect(response.statusCode, method).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.body).toContain('<div id="root">');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('puts the runtime configuration into every served index.html', async () => {
    for (const url of ['/', '/index.html', '/dashboard/login', '/produto/tenis-azul']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(runtimeConfigOf(response.body), url).toEqual({
        apiHost: '',
        analyticsMeasurementId: '',
        graphqlUseGet: false,
      });
    }
  });

  it("uses the store settings' analytics id when ANALYTICS_MEASUREMENT_ID is unset", async () => {
    await ctx.db.execute(sql`UPDATE store_settings SET analytics_measurement_id = 'G-LOJA123'`);
    const other = buildApp({
      config: { ...ctx.config, appDist: dist },
      db: ctx.db,
      serveApp: true,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    try {
      const response = await other.inject({ method: 'GET', url: '/dashboard' });
      expect(runtimeConfigOf(response.body)).toMatchObject({
        analyticsMeasurementId: 'G-LOJA123',
      });
    } finally {
      await other.close();
      await ctx.db.execute(sql`UPDATE store_settings SET analytics_measurement_id = NULL`);
    }
  });

  it('tells the app to send queries over GET when GRAPHQL_USE_GET is on', async () => {
    const other = buildApp({
      config: { ...ctx.config, appDist: dist, graphqlUseGet: true },
      db: ctx.db,
      serveApp: true,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    try {
      const response = await other.inject({ method: 'GET', url: '/produto/tenis-azul' });
      expect(runtimeConfigOf(response.body)).toEqual({
        apiHost: '',
        analyticsMeasurementId: '',
        graphqlUseGet: true,
      });
    } finally {
      await other.close();
    }
  });

  it('prefers ANALYTICS_MEASUREMENT_ID and escapes it for the HTML attribute', async () => {
    const other = buildApp({
      config: { ...ctx.config, appDist: dist, analyticsMeasurementId: 'G-"><script>x' },
      db: ctx.db,
      serveApp: true,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    try {
      const response = await other.inject({ method: 'GET', url: '/' });
      expect(response.body).not.toContain('<script>');
      expect(runtimeConfigOf(response.body)).toMatchObject({
        analyticsMeasurementId: 'G-"><script>x',
      });
    } finally {
      await other.close();
    }
  });

  it('adds the configuration tag when the page has none', () => {
    const html = renderIndexHtml('<html><head><title>x</title></head></html>', {
      apiHost: '',
      analyticsMeasurementId: 'G-1',
      graphqlUseGet: false,
    });
    expect(runtimeConfigOf(html)).toEqual({
      apiHost: '',
      analyticsMeasurementId: 'G-1',
      graphqlUseGet: false,
    });
  });

  it('sends the precompressed script the browser accepts: brotli, else gzip, else plain', async () => {
    const url = '/assets/big-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(gz.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);

    const plain = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers a missing fingerprinted file with a 404, never the app in its place', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-gone999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('serves fingerprinted assets with a long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a JSON 404, not the app, for unknown API paths and non-GET requests', async () => {
    for (const url of [
      '/admin',
      '/admin/nope',
      '/admin/exports/nada',
      '/auth/nada/',
      '/graphql/extra',
      '/media/nao-existe.webp',
      '/healthz/x',
      '/sitemap.xml/extra',
      '/webhooks/desconhecido/',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(typeof response.json().detail).toBe('string');
    }
    const post = await app.inject({ method: 'POST', url: '/dashboard/login', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ detail: 'Endereço não encontrado.' });
  });

  it('leaves robots.txt to the server, not the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.body).not.toContain('<div id="root">');
  });

  it('still serves the API', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it('leaves /admin/events and /admin/exports to their routes, not the 404 or the app', async () => {
    // Without a Bearer token the live events answer their own 401, in JSON.
    const events = await app.inject({ method: 'GET', url: '/admin/events' });
    expect(events.statusCode).toBe(401);
    expect(events.headers['content-type']).toContain('application/json');
    expect(events.body).not.toContain('<div id="root">');
    // The export's download answers its own 404 for a ticket it does not know.
    const download = await app.inject({
      method: 'GET',
      url: '/admin/exports/orders.csv?ticket=desconhecido-desconhecido-123',
    });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ detail: 'Link de exportação inválido ou expirado.' });
    const refused = await app.inject({ method: 'POST', url: '/admin/exports/orders', payload: {} });
    expect(refused.statusCode).toBe(401);
    // Signed in, the export hands out its link and the link downloads the CSV.
    const { admin } = await signInStaffRoles({ app, db: ctx.db });
    const ticket = await app.inject({
      method: 'POST',
      url: '/admin/exports/orders',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {},
    });
    expect(ticket.statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: (ticket.json() as { url: string }).url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
  });
});

describe('request ids', () => {
  it('honours an upstream X-Request-Id and logs it as reqId in JSON', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(response.headers['x-request-id']).toBe('lb-1234');
    const entries = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(entries.some((e) => e.reqId === 'lb-1234' && e.msg === 'request completed')).toBe(true);
  });

  it('makes a fresh id when there is none or it looks wrong', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces\n' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
