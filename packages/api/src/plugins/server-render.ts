// The storefront's server rendering (issue 17, item 1): the app's server entry
// (packages/app/src/entry-server.tsx, built into dist/server/entry-server.js) renders a public
// page with its data, answering the page's GraphQL through this server in the same process
// (app.inject: the same plugins, limits, trusted documents and catalog cache as the browser's
// requests). static-app.ts puts the result into index.html. Whatever goes wrong (no build, an
// error, too slow), the page is served client-rendered as before, never a 500.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { DEFAULT_SERVER_RENDERS_IN_FLIGHT } from '../config';
import { CACHE_STATUS_HEADER } from '../modules/catalog-cache/catalog-cache.plugin';
import { renderRequestHeaders } from './client-limits';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/** What the app's server entry exports (kept structural: the API does not import the app). */
export interface RenderedPage {
  html: string;
  styles: string;
  /** Apollo's cache for the browser, as a <script type="application/json"> after #root. */
  stateScript: string;
  lcpImage: { src: string; srcSet: string | null; sizes: string | null } | null;
  /** Rendered from the device's cookies (its bag, its order): for this visitor only. */
  personal?: boolean;
}

interface ServerEntry {
  /** The storefront's public pages, the same for every visitor. */
  isServerRendered(pathname: string): boolean;
  /** A device's pages (bag, checkout, orders), rendered from its cookies when they say enough. */
  isDeviceRendered?(pathname: string): boolean;
  renderPage(options: {
    url: string;
    origin: string;
    execute: (operation: {
      query: string;
      variables: Record<string, unknown>;
      operationName: string | null;
    }) => Promise<unknown>;
    cookies?: string;
  }): Promise<RenderedPage | null>;
}

/** How long a page may take to render before the client-rendered page is sent instead. */
export const SERVER_RENDER_TIMEOUT_MS = 3000;

/** A page the server rendered, and whether another visitor may be sent the same (page-cache.ts). */
export interface ServerRenderedPage extends RenderedPage {
  /** Every GraphQL answer it was rendered from came through the catalog cache (the same for all). */
  reusable: boolean;
  /** For this visitor only: sent `private, no-store`, never kept. */
  personal: boolean;
}

export interface ServerRenderer {
  /**
   * Whether `pathname` is a page the entry renders the same for everyone (false without a usable
   * entry): the pages the page cache may keep.
   */
  renders(pathname: string): Promise<boolean>;
  /**
   * The rendered page for `request`, or null: not a server-rendered page, a device's page its
   * cookies say nothing of, it failed, or the renders in flight were at their bound (the page is
   * then rendered by the browser).
   */
  render(request: FastifyRequest, pathname: string): Promise<ServerRenderedPage | null>;
  /** Renders under way now. */
  readonly inFlight: number;
}

function isServerEntry(value: unknown): value is ServerEntry {
  const entry = value as Partial<ServerEntry> | null;
  return typeof entry?.isServerRendered === 'function' && typeof entry.renderPage === 'function';
}

/**
 * The renderer of `entryFile`, loaded on first use; null without a build (a warning is logged).
 * At most `maxInFlight` renders run at once (0: no bound): past it a page is not queued behind
 * them but left to the browser at once, so a burst of uncached pages (new searches) costs the
 * server a bounded amount of rendering and every shopper still gets a working page quickly.
 */
export function createServerRenderer(
  app: FastifyInstance,
  entryFile: string | null,
  publicUrl: string,
  log: FastifyBaseLogger,
  timeoutMs = SERVER_RENDER_TIMEOUT_MS,
  maxInFlight = DEFAULT_SERVER_RENDERS_IN_FLIGHT,
): ServerRenderer | null {
  if (!entryFile) return null;
  if (!existsSync(entryFile)) {
    log.warn({ entryFile }, 'server renderer not built: storefront pages are client-rendered');
    return null;
  }
  let entry: Promise<ServerEntry | null> | undefined;
  const load = () =>
    (entry ??= import(pathToFileURL(entryFile).href).then(
      (module: unknown) => {
        if (isServerEntry(module)) return module;
        log.error({ entryFile }, 'server renderer has no renderPage: pages are client-rendered');
        return null;
      },
      (err: unknown) => {
        log.error({ err, entryFile }, 'server renderer failed to load: pages are client-rendered');
        return null;
      },
    ));

  let inFlight = 0;
  let skipped = 0;
  let skipLoggedAt = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    async renders(pathname) {
      return (await load())?.isServerRendered(pathname) ?? false;
    },
    async render(request, pathname) {
      const renderer = await load();
      if (!renderer) return null;
      const device =
        !renderer.isServerRendered(pathname) && (renderer.isDeviceRendered?.(pathname) ?? false);
      if (!device && !renderer.isServerRendered(pathname)) return null;
      if (maxInFlight > 0 && inFlight >= maxInFlight) {
        // Logged at most once a minute, with how many were left to the browser meanwhile.
        skipped += 1;
        if (Date.now() - skipLoggedAt >= 60_000) {
          log.warn(
            { skipped, maxInFlight },
            'server renders at their bound: pages sent client-rendered',
          );
          skipLoggedAt = Date.now();
          skipped = 0;
        }
        return null;
      }
      inFlight += 1;
      let reusable = true;
      const execute: Parameters<ServerEntry['renderPage']>[0]['execute'] = async (operation) => {
        const response = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            // Part of the page's request: its address's slot and server time already count it.
            ...renderRequestHeaders(),
          },
          // The shopper's address: the API's limits count the page's queries as theirs.
          remoteAddress: request.ip,
          payload: JSON.stringify(operation),
        });
        const cached = response.headers[CACHE_STATUS_HEADER];
        if (response.statusCode !== 200 || (cached !== 'hit' && cached !== 'miss'))
          reusable = false;
        return response.json();
      };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`rendering took over ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      // Counted until the entry is done, even past the time-out (it is still rendering).
      const rendering = (async () => {
        try {
          return await renderer.renderPage({
            url: request.url,
            origin: publicUrl,
            execute,
            // Only a device's page reads the device's cookies; a shared page never sees them.
            ...(device ? { cookies: request.headers.cookie ?? '' } : {}),
          });
        } finally {
          inFlight -= 1;
        }
      })();
      try {
        const page = await Promise.race([rendering, timeout]);
        if (!page) return null;
        const personal = device || page.personal === true;
        return { ...page, reusable: reusable && !personal, personal };
      } catch (err) {
        request.log.warn(
          { err, url: request.url },
          'page not server-rendered; sent client-rendered',
        );
        return null;
      } finally {
        clearTimeout(timer);
        // A render that lost the race still settles; its failure is not news any more.
        rendering.catch(() => {});
      }
    },
  };
}

/** The app's style sheets, inlined in the server-rendered pages (see inlineStyleSheets). */
export interface InlinedStyleSheets {
  /** The <link rel="stylesheet"> tags of index.html that the inline copy replaces. */
  links: string[];
  /** One <style> with their rules. */
  style: string;
}

/**
 * The app's style sheets (index.html's <link rel="stylesheet">: the fonts' @font-face rules) for
 * the server-rendered pages, inline: one request less before the first paint, and the fonts with
 * font-display: optional. Those pages' text is on screen before the fonts arrive on a slow
 * network, and swapping the font then would move the page (CLS); a font not there at the first
 * paint is used from the next page on (cached). Pages the browser renders keep 'swap'.
 */
export function inlineStyleSheets(appDist: string, template: string): InlinedStyleSheets {
  const links: string[] = [];
  let rules = '';
  for (const [tag, href] of template.matchAll(
    /<link rel="stylesheet"[^>]*href="(\/[^"]+)"[^>]*>/g,
  )) {
    const file = path.join(appDist, href!);
    if (!file.startsWith(appDist + path.sep)) continue;
    try {
      rules += readFileSync(file, 'utf8').replace(
        /(@font-face\s*\{[^}]*font-display:\s*)[a-z-]+/g,
        '$1optional',
      );
    } catch {
      continue;
    }
    links.push(tag);
  }
  return { links, style: rules ? `<style data-vitrine-sheets>${rules}</style>` : '' };
}

/** index.html with the rendered page: its styles and LCP image in the head, markup and state in #root. */
export function withRenderedPage(
  page: string,
  rendered: RenderedPage,
  sheets: InlinedStyleSheets = { links: [], style: '' },
): string {
  const image = rendered.lcpImage;
  // The values come from React's markup, already escaped for an attribute.
  const preload = image
    ? `<link rel="preload" as="image" href="${image.src}"${
        image.srcSet ? ` imagesrcset="${image.srcSet}"` : ''
      }${image.sizes ? ` imagesizes="${image.sizes}"` : ''} fetchpriority="high" />`
    : '';
  let html = page;
  // Each inlined sheet's link stays, disabled (never fetched nor applied): the browser's lazy
  // chunks look for a sheet they depend on among the page's links before adding it (Vite's
  // preload), and would otherwise load the fonts' faces again, with font-display: swap.
  for (const link of sheets.links)
    html = html.replace(link, () => link.replace(/\s*\/?>$/, ' disabled>'));
  // The image first in the head: requested before the scripts take the connections.
  return html
    .replace(/<head>/i, (head) => `${head}${preload}`)
    .replace(/<\/head>/i, () => `${sheets.style}${rendered.styles}</head>`)
    .replace(
      /<div id="root"><\/div>/,
      () => `<div id="root">${rendered.html}</div>${rendered.stateScript}`,
    );
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The page compressed as the browser accepts it (a server-rendered page carries its data and
 * styles: ~5× smaller on the wire, which a phone on a slow network feels), or as it is.
 */
/** The encoding a page is sent with, from the browser's Accept-Encoding: brotli, gzip or none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export async function compressPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer | string; encoding: 'br' | 'gzip' | null }> {
  const encoding = pageEncoding(acceptEncoding);
  if (encoding === 'br') {
    const body = await brotli(html, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
    });
    return { body, encoding };
  }
  if (encoding === 'gzip') return { body: await gzipAsync(html, { level: 6 }), encoding };
  return { body: html, encoding: null };
}
