// The server's entry (issue 17, item 1): renders a storefront page to HTML with its data in it.
// Built by `npm run build` into dist/server/entry-server.js and loaded by the API server
// (packages/api static-app.ts), which answers the page's GraphQL in its own process.
//
// The same tree as the browser's (AppTree), the same screens from packages/ui: Apollo's
// getMarkupFromTree renders it with React's streaming renderer until every query it asked for has
// its answer in the cache; the last pass is the page. Emotion's styles of that HTML go with it
// (MUI's server styles), and the cache's contents are handed to the browser, which restores them
// and hydrates (main.tsx). The bag, the checkout and the order pages belong to a device: they are
// rendered from what the device's cookies say (@vitrine/ui/device: its cart, the order it placed)
// when they say it, never kept for another visitor; otherwise, and the dashboard always, the
// browser renders them.
import { ApolloLink, Observable, type FetchResult } from '@apollo/client';
import { getMarkupFromTree } from '@apollo/client/react/ssr';
import { createAuth, type AuthEnvironment, type KeyValueStorage } from '@vitrine/auth';
import { createApolloClient, ServerRenderContext } from '@vitrine/ui/host';
import {
  createServerStyles,
  DeviceStateContext,
  deviceStateScript,
  readDeviceCookies,
  type DeviceState,
} from '@vitrine/ui/server';
import type { RouteScreen } from '@vitrine/ui/routes';
import { print } from 'graphql';
import type { ReactElement, ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { noAnalytics } from './analyticsLoader';
import { AppTree } from './AppTree';
import { pagesFor, screenFor } from './routes';
import { SERVER_STATE_ID } from './serverState';

/** The screens rendered on the server: the pages a shopper lands on from a search or a link. */
const SERVER_RENDERED: ReadonlySet<RouteScreen> = new Set<RouteScreen>([
  'storefront/home',
  'storefront/brand',
  'storefront/category',
  'storefront/search',
  'storefront/product',
  'storefront/contact',
  'storefront/exchangesAndReturns',
  'storefront/privacy',
]);

/**
 * The pages of one device (its bag, its order), rendered from its cookies when they hold what the
 * page shows: `needs` names it. Never kept for another visitor (RenderedPage.personal).
 */
const DEVICE_RENDERED: ReadonlyMap<RouteScreen, (device: DeviceState, url: URL) => boolean> =
  new Map<RouteScreen, (device: DeviceState, url: URL) => boolean>([
    ['storefront/cart', (device) => device.cart !== null],
    ['storefront/checkout', (device) => device.cart !== null],
    [
      'storefront/orderConfirmation',
      (device, url) =>
        device.order !== null &&
        decodeURIComponent(url.pathname.split('/').pop() ?? '') === device.order.number,
    ],
    // The form needs nothing; the order this browser placed is looked up at once.
    ['storefront/orderTracking', () => true],
  ]);

/** Whether `pathname` is a device's page, rendered from its cookies (see renderPage). */
export function isDeviceRendered(pathname: string): boolean {
  const screen = screenFor(pathname);
  return screen !== null && DEVICE_RENDERED.has(screen);
}

/**
 * isServerRendered's answers by pathname: matching the route table flattens and ranks it anew each
 * time, a fifth of a cached page's cost. Bounded: emptied when full, and long paths are not kept.
 */
const serverRenderedMemo = new Map<string, boolean>();
export const SERVER_RENDERED_MEMO_LIMIT = 10_000;

/** Whether the server renders `pathname`'s page (otherwise the browser does, as before). */
export function isServerRendered(pathname: string): boolean {
  const known = serverRenderedMemo.get(pathname);
  if (known !== undefined) return known;
  const screen = screenFor(pathname);
  const answer = screen !== null && SERVER_RENDERED.has(screen);
  if (pathname.length <= 256) {
    if (serverRenderedMemo.size >= SERVER_RENDERED_MEMO_LIMIT) serverRenderedMemo.clear();
    serverRenderedMemo.set(pathname, answer);
  }
  return answer;
}

/** How many answers isServerRendered keeps (tests). */
export function serverRenderedMemoSize(): number {
  return serverRenderedMemo.size;
}

export interface GraphqlOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

export interface RenderPageOptions {
  /** The page's path and query, as requested ('/produto/camiseta?cor=azul'). */
  url: string;
  /** The store's public address (for the auth package's notion of the current URL). */
  origin: string;
  /** Answers one GraphQL operation as the API would answer the shopper's browser. */
  execute: (operation: GraphqlOperation) => Promise<FetchResult>;
  /** The request's Cookie header: a device's page is rendered from it (isDeviceRendered). */
  cookies?: string;
}

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** Emotion's <style> tags for that markup (before </head>). */
  styles: string;
  /**
   * Apollo's cache for the browser (main.tsx reads it): a <script type="application/json"> that
   * goes right after <div id="root">.
   */
  stateScript: string;
  /** The page's most important image (fetchpriority="high"), to preload from the head. */
  lcpImage: { src: string; srcSet: string | null; sizes: string | null } | null;
  /** Rendered from the device's cookies: for this visitor only (not kept, not cached). */
  personal: boolean;
}

/** An auth session that never signs in: the server renders what anyone may see. */
function anonymousAuthEnvironment(origin: string, url: string): AuthEnvironment {
  const memory = (): KeyValueStorage => {
    const values = new Map<string, string>();
    return {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    };
  };
  return {
    apiHost: '',
    sessionStorage: memory(),
    persistentStorage: memory(),
    getCookie: () => undefined,
    now: () => Date.now(),
    timers: { setInterval: () => 0, clearInterval: () => undefined },
    currentUrl: () => new URL(url, origin).href,
    navigate: () => undefined,
    fetch: () => Promise.reject(new Error('The server renderer makes no HTTP requests.')),
  };
}

/**
 * The API in the same process, through `execute`, as an Apollo link. Failures are noted: an error
 * is not kept in Apollo's cache, so the browser could not render the same page from it.
 */
function executeLink(execute: RenderPageOptions['execute'], failures: string[]): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        execute({
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName ?? null,
        }).then(
          (result) => {
            if (result.errors?.length)
              failures.push(`${operation.operationName}: ${JSON.stringify(result.errors)}`);
            observer.next(result);
            observer.complete();
          },
          (error: unknown) => {
            failures.push(`${operation.operationName}: ${String(error)}`);
            observer.error(error);
          },
        );
      }),
  );
}

/**
 * React's streaming renderer (its web-streams form, in node as in any runtime), read once
 * everything is ready; any error fails the page.
 */
export async function renderToHtml(element: ReactElement): Promise<string> {
  let failure: unknown = null;
  const stream = await renderToReadableStream(element, {
    // Every Suspense boundary inline, where it stands. The page is sent whole (allReady, below),
    // so nothing is gained by streaming; past this many bytes React outlines the boundaries that
    // follow and reveals them with inline scripts, which the store's Content-Security-Policy does
    // not run: they stay pending and the browser renders them again (React's error #419; a
    // listing with each card in a boundary had 20 of its 24 cards so).
    progressiveChunkSize: Infinity,
    // An error below a Suspense boundary would leave that part to the browser: the page is not
    // sent half-rendered, the caller serves the client-rendered page instead.
    onError(error) {
      failure ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

const JSON_SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that cannot close its <script> element or be read as HTML. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_SCRIPT_ESCAPES[c] ?? c);
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match?.[1] ?? null;
}

/**
 * The first <img fetchpriority="high"> of the markup (attribute values stay HTML-escaped; React
 * writes the names as the props are spelled, fetchPriority, srcSet: HTML ignores their case).
 */
export function lcpImageOf(html: string): RenderedPage['lcpImage'] {
  const tag = /<img\s[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const src = attribute(tag, 'src');
  if (!src) return null;
  return { src, srcSet: attribute(tag, 'srcset'), sizes: attribute(tag, 'sizes') };
}

function NoBridge() {
  return null;
}

/**
 * Renders `url`'s page; rejects when it cannot, resolves null for a device's page its cookies say
 * nothing of (either way the caller sends the client-rendered page).
 */
export async function renderPage({
  url,
  origin,
  execute,
  cookies,
}: RenderPageOptions): Promise<RenderedPage | null> {
  const location = new URL(url, origin);
  const pathname = location.pathname;
  const screen = screenFor(pathname);
  const deviceNeeds = screen ? DEVICE_RENDERED.get(screen) : undefined;
  const device = deviceNeeds ? readDeviceCookies(cookies) : null;
  if (deviceNeeds && device && !deviceNeeds(device, location)) return null;
  // The page's chunks (layout and screen) are loaded first, so no lazy route suspends.
  await Promise.all(pagesFor(pathname).map((page) => page.preload()));

  const auth = createAuth(anonymousAuthEnvironment(origin, url));
  const failures: string[] = [];
  const client = createApolloClient({ auth, server: { link: executeLink(execute, failures) } });
  const styles = createServerStyles();

  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }

  const tree = (
    <styles.Provider>
      <ServerRenderContext.Provider value>
        <DeviceStateContext.Provider value={device ?? undefined}>
          <AppTree
            auth={auth}
            client={client}
            analytics={noAnalytics}
            Router={Router}
            Bridge={NoBridge}
          />
        </DeviceStateContext.Provider>
      </ServerRenderContext.Provider>
    </styles.Provider>
  );
  const html = await getMarkupFromTree({ tree, renderFunction: renderToHtml });
  if (failures.length > 0) throw new Error(`The page's data failed: ${failures.join('; ')}`);
  return {
    html,
    styles: styles.styleTags(html),
    stateScript:
      `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(client.extract())}</script>` +
      (device ? deviceStateScript(device) : ''),
    lcpImage: lcpImageOf(html),
    personal: device !== null,
  };
}
