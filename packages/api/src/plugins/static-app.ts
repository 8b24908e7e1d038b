// Serves the built app (APP_DIST) with an SPA fallback: any GET for a page path that is not an API
// path gets index.html, so deep links like /dashboard/pedidos work on reload. index.html carries
// the runtime configuration (<meta name="vitrine-config">), filled in here for this deployment.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { CatalogAnswerCache } from '../modules/catalog-cache/cache';
import { admitClient, type ClientGate } from './client-limits';
import { PAGE_CACHE_STATUS_HEADER, RenderedPageCache } from './page-cache';
import { createRoutePreloads, readBuildManifest } from './route-preload';
import {
  compressPage,
  createServerRenderer,
  inlineStyleSheets,
  withRenderedPage,
} from './server-render';
import { WORKSHOP_PREFIX } from './workshop';
import {
  escapeHtml,
  renderPageHead,
  resolvePageHead,
  type PageHead,
} from '../modules/seo/seo.page';

/**
 * The app's pages a shopper lands on, as server routes: straight to the page, without the static
 * files' look-up that '/*' costs them first (a stat of the path and of each pre-compressed variant,
 * then the not-found handler). Every other page still arrives through that fallback. Each is a
 * pattern of the app's route table (app-routes.test.ts checks it).
 */
export const LANDING_PAGE_ROUTES = [
  '/produto/:slug',
  '/marcas/:slug',
  '/categoria/:slug',
  '/busca',
  '/contato',
  '/trocas-e-devolucoes',
  '/privacidade',
] as const;

/** Paths that belong to the server: a miss there is a JSON 404, never the app's HTML. */
export const API_PATH_PREFIXES = [
  // Staff REST endpoints: the live order events and the CSV export (the app's own pages are under
  // /dashboard, so nothing of the app lives here).
  '/admin',
  '/auth',
  '/graphql',
  '/media',
  // A Pix charge's QR code image (payments/pix-qr.routes.ts).
  '/pix',
  '/webhooks',
  '/healthz',
  '/sitemap.xml',
  '/robots.txt',
  // The designers' workshop: its own files, never the app's HTML.
  WORKSHOP_PREFIX,
];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PATH_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** What the app reads from `<meta name="vitrine-config">` (packages/app/src/config.ts). */
export interface RuntimeConfig {
  /** '' = the page's own origin: this server serves both the app and the API. */
  apiHost: string;
  analyticsMeasurementId: string;
  graphqlUseGet: boolean;
}

const CONFIG_META = /<meta\s+name=(["'])vitrine-config\1\s+content=(["'])[^"']*\2\s*\/?>/i;

/** index.html with the runtime configuration in its meta tag (added before </head> if missing). */
export function renderIndexHtml(template: string, runtime: RuntimeConfig): string {
  const meta = `<meta name="vitrine-config" content="${escapeHtml(JSON.stringify(runtime))}" />`;
  if (CONFIG_META.test(template)) return template.replace(CONFIG_META, () => meta);
  if (/<\/head>/i.test(template)) return template.replace(/<\/head>/i, () => `${meta}</head>`);
  return meta + template;
}

function jsonNotFound(reply: FastifyReply) {
  return reply.code(404).send({ detail: 'Endereço não encontrado.' });
}

type StaticAppConfig = Pick<Config, 'graphqlUseGet' | 'publicUrl'> &
  Partial<
    Pick<
      Config,
      | 'serverEntry'
      | 'pageCacheEntries'
      | 'pageCacheMaxBytes'
      | 'catalogCache'
      | 'serverRendersInFlight'
      | 'serverRenderTimeoutMs'
    >
  >;

function sendPage(
  reply: FastifyReply,
  status: number,
  body: Buffer | string,
  encoding: string | null,
  personal = false,
) {
  if (encoding) reply.header('Content-Encoding', encoding);
  return (
    reply
      .code(status)
      // A page rendered from the device's cookies (its bag, its order) is this visitor's alone.
      .header('Cache-Control', personal ? 'private, no-store' : 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body)
  );
}

/**
 * The rendered pages' cache, made on the first call (the catalog cache is set up once the app is
 * ready); null without a server renderer, a catalog cache or entries.
 */
function lazyPageCache(
  app: FastifyInstance,
  config: StaticAppConfig,
  rendersPages: boolean,
): () => RenderedPageCache | null {
  let pageCache: RenderedPageCache | null | undefined;
  return () => {
    if (pageCache !== undefined) return pageCache;
    const entries = config.pageCacheEntries ?? 0;
    const catalog = (app as { catalogCache?: CatalogAnswerCache | null }).catalogCache ?? null;
    pageCache =
      rendersPages && catalog && entries > 0
        ? new RenderedPageCache(catalog, {
            maxEntries: entries,
            maxBytes: config.pageCacheMaxBytes ?? Infinity,
            ttlMs: (config.catalogCache?.ttlSeconds ?? 300) * 1000,
          })
        : null;
    return pageCache;
  };
}

/** The build's files (scripts, styles, pictures), never index.html nor the manifest. */
function registerBuildFiles(app: FastifyInstance, appDist: string): void {
  app.register(fastifyStatic, {
    root: appDist,
    prefix: '/',
    // The directory and index.html itself go through sendIndex (runtime config), never raw.
    index: false,
    // The build writes .br and .gz beside its scripts and styles (vite.config.ts): sent as they
    // are to browsers that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    // The build's manifest (.vite/) is the server's to read, not a page's.
    allowedPath: (pathname) =>
      path.posix.basename(pathname) !== 'index.html' && !pathname.split('/').includes('.vite'),
    wildcard: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/: cache forever. Other files: revalidate.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
}

/**
 * Registers the static app and the not-found handler. Without a build (`appDist` missing), only
 * the JSON 404 is installed and a warning logged.
 */
export function registerStaticApp(
  app: FastifyInstance,
  appDist: string | null,
  config: StaticAppConfig,
): void {
  const indexFile = appDist ? path.join(appDist, 'index.html') : null;
  if (!appDist || !indexFile || !existsSync(indexFile)) {
    if (appDist) {
      app.log.warn(
        { appDist },
        'app build not found: serving the API only (run "npm run build" at the repository root)',
      );
    }
    app.setNotFoundHandler((_request, reply) => jsonNotFound(reply));
    return;
  }

  // Read once: the build does not change while the server runs.
  const template = readFileSync(indexFile, 'utf8');
  const rendered = new Map<string, string>();
  const routePreloads = createRoutePreloads(readBuildManifest(appDist));
  const serverRenderer = createServerRenderer(
    app,
    config.serverEntry ?? null,
    config.publicUrl,
    app.log,
    config.serverRenderTimeoutMs,
    config.serverRendersInFlight,
  );
  // Read once, and only when some page is rendered here (they are inlined in those pages only).
  const sheets = serverRenderer ? inlineStyleSheets(appDist, template) : undefined;
  // Made on the first page asked for: the catalog cache is set up once the app is ready.
  const pageCacheOf = lazyPageCache(app, config, serverRenderer !== null);

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    // A page counts for its address's requests in flight and server time (client-limits.ts).
    const gate = (app as { clientGate?: ClientGate | null }).clientGate ?? null;
    if (gate && !(await admitClient(gate, request, reply, 'page'))) return reply;
    // ANALYTICS_MEASUREMENT_ID, else the store setting: the same id the CSP allows (security.ts).
    const id = await app.analyticsId.current(request.log);
    let html = rendered.get(id);
    if (html === undefined) {
      html = renderIndexHtml(template, {
        apiHost: '',
        analyticsMeasurementId: id,
        graphqlUseGet: config.graphqlUseGet,
      });
      rendered.clear(); // one entry: the id changes rarely, and only forward
      rendered.set(id, html);
    }
    // The page's own head and status, for link previews and crawlers; without it (database
    // trouble) the page is still served with the generic head, as the app fixes it when it runs.
    const pathname = (request.url.split('?')[0] ?? '/').replace(/^\/index\.html$/, '/');
    const cacheKey = `${id}\u0000${request.url}`;
    // pageCacheOf() is null without a renderer.
    const pages = pageCacheOf();
    const cache = pages && (await serverRenderer!.renders(pathname)) ? pages : null;
    const kept = cache ? await cache.getAfterFlight(cacheKey) : null;
    if (cache && kept) {
      const { body, encoding } = await cache.encode(kept, request.headers['accept-encoding']);
      reply.header(PAGE_CACHE_STATUS_HEADER, 'hit');
      return sendPage(reply, 200, body, encoding);
    }
    const endFlight = cache?.begin(cacheKey);
    try {
      return await renderAndSend(request, reply, html, pathname, cache, cacheKey);
    } finally {
      endFlight?.();
    }
  }

  async function renderAndSend(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    pathname: string,
    cache: RenderedPageCache | null,
    cacheKey: string,
  ) {
    const markedAt = cache?.mark();
    let head: PageHead | null = null;
    try {
      head = await resolvePageHead(app.db, pathname);
    } catch (error) {
      request.log.warn({ err: error }, 'page head not resolved; serving the generic one');
    }
    const withHead = head ? renderPageHead(html, head, config.publicUrl) : html;
    const preloads = routePreloads(pathname);
    let page = preloads ? withHead.replace(/<\/head>/i, () => `${preloads}</head>`) : withHead;
    // The storefront's public pages come with their content (server-render.ts); the others, and
    // any page the renderer could not render, are rendered by the browser.
    const serverPage = serverRenderer ? await serverRenderer.render(request, pathname) : null;
    if (serverPage) page = withRenderedPage(page, serverPage, sheets);
    const status = head?.status ?? 200;
    // Kept for the next visitor: a whole page (head resolved, 200), rendered from shared answers;
    // compressed through the cache, which keeps that copy for them too.
    const kept =
      cache && markedAt !== undefined && serverPage?.reusable && head && status === 200
        ? cache.store(cacheKey, page, markedAt)
        : null;
    if (kept) reply.header(PAGE_CACHE_STATUS_HEADER, 'miss');
    const acceptEncoding = request.headers['accept-encoding'];
    const { body, encoding } = kept
      ? await cache!.encode(kept, acceptEncoding)
      : await compressPage(page, acceptEncoding);
    return sendPage(reply, status, body, encoding, serverPage?.personal);
  }

  registerBuildFiles(app, appDist);
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  for (const route of LANDING_PAGE_ROUTES) app.get(route, sendIndex);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // A fingerprinted file that is not there (an old page after a deploy) must fail as a file:
    // the app's HTML in its place would be run as a script and leave a blank page.
    if (request.url.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return sendIndex(request, reply);
    }
    return jsonNotFound(reply);
  });
}
