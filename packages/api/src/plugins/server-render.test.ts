// The server's half of the server-rendered storefront: loading the app's server entry, answering
// its GraphQL in the same process, falling back to the client-rendered page on any trouble, and
// putting the rendered page into index.html. The real entry (packages/app entry-server.tsx) is
// tested in packages/app and, built and served, by e2e/server-render.spec.ts; here a stand-in
// entry module on disk plays its part, so each failure can be made to happen.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compressPage,
  createServerRenderer,
  inlineStyleSheets,
  withRenderedPage,
  type RenderedPage,
} from './server-render';

let dir: string;
let app: FastifyInstance;
const warnings: unknown[] = [];
let catalogStatus: string | null = null;

const STAND_IN = `
export function isServerRendered(pathname) {
  return pathname.startsWith('/produto/') || pathname === '/lento' || pathname === '/quebra';
}
export function isDeviceRendered(pathname) {
  return pathname === '/carrinho';
}
export async function renderPage({ url, origin, execute, cookies }) {
  if (url === '/quebra') throw new Error('a screen failed');
  if (url === '/carrinho') {
    // A device's page: rendered from its cookie, or left to the browser without one.
    if (!cookies?.includes('vitrine_cart=')) return null;
    return {
      html: '<main>bag of ' + cookies + '</main>',
      styles: '',
      stateScript: '',
      lcpImage: null,
      personal: true,
    };
  }
  if (url === '/lento') await new Promise((resolve) => setTimeout(resolve, 1000));
  const answer = await execute({ query: '{ ping }', variables: {}, operationName: null });
  return {
    html: '<main>' + url + ' ' + origin + ' ' + JSON.stringify(answer) + '</main>',
    styles: '<style data-emotion="css a">.css-a{color:red}</style>',
    stateScript: '<script type="application/json" id="vitrine-state">{}</script>',
    lcpImage: null,
  };
}
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-ssr-'));
  await writeFile(path.join(dir, 'entry-server.mjs'), STAND_IN);
  await writeFile(path.join(dir, 'not-an-entry.mjs'), 'export const nothing = 1;');
  app = Fastify({ logger: false });
  // The API the entry's queries reach (in-process, through app.inject).
  app.post('/graphql', async (request, reply) => {
    // The catalog cache's mark, as the real API sets it on a shared answer.
    if (catalogStatus) void reply.header('x-vitrine-cache', catalogStatus);
    return { data: { ping: 'pong', from: request.ip, body: request.body } };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const log = {
  warn: (...args: unknown[]) => warnings.push(args),
  error: (...args: unknown[]) => warnings.push(args),
} as unknown as FastifyInstance['log'];

function request(url: string) {
  return {
    url,
    ip: '203.0.113.9',
    log,
  } as unknown as Parameters<NonNullable<ReturnType<typeof createServerRenderer>>['render']>[0];
}

/** The renderer of `file` (in the test's folder; null: SERVER_RENDER=false). */
function rendererOf(file: string | null, timeoutMs?: number) {
  return createServerRenderer(
    app,
    file === null ? null : path.join(dir, file),
    'https://loja.test',
    log,
    timeoutMs,
  );
}

describe('createServerRenderer', () => {
  it('renders with the entry, its GraphQL answered by this server for the shopper’s address', async () => {
    const renderer = rendererOf('entry-server.mjs');
    const page = await renderer!.render(request('/produto/tenis'), '/produto/tenis');
    expect(page?.html).toContain('/produto/tenis https://loja.test');
    expect(page?.html).toContain('"ping":"pong"');
    expect(page?.html).toContain('"from":"203.0.113.9"');
    expect(page?.html).toContain('"query":"{ ping }"');
    // A page the same for everyone never sees the visitor's cookies.
    expect(page?.html).not.toContain('vitrine_cart');
    expect(page?.personal).toBe(false);
  });

  it("renders a device's page from its cookies, for that visitor only, or leaves it to the browser", async () => {
    const renderer = rendererOf('entry-server.mjs')!;
    catalogStatus = 'hit';
    try {
      const withCookie = {
        ...request('/carrinho'),
        headers: { cookie: 'vitrine_cart=1||||abc:2' },
      } as unknown as Parameters<typeof renderer.render>[0];
      const page = await renderer.render(withCookie, '/carrinho');
      expect(page?.html).toBe('<main>bag of vitrine_cart=1||||abc:2</main>');
      expect(page?.personal).toBe(true);
      // Never kept for another visitor, even when its answers were shared ones.
      expect(page?.reusable).toBe(false);
      warnings.length = 0;
      const without = { ...request('/carrinho'), headers: {} } as unknown as Parameters<
        typeof renderer.render
      >[0];
      expect(await renderer.render(without, '/carrinho')).toBeNull();
      // Not a failure: nothing is logged.
      expect(warnings).toEqual([]);
      expect(await renderer.renders('/carrinho')).toBe(false);
    } finally {
      catalogStatus = null;
    }
  });

  it('marks a page reusable only when every answer in it came through the catalog cache', async () => {
    const renderer = rendererOf('entry-server.mjs')!;
    try {
      for (const [status, reusable] of [
        ['hit', true],
        ['miss', true],
        [null, false],
        ['bypass', false],
      ] as const) {
        catalogStatus = status;
        const page = await renderer.render(request('/produto/tenis'), '/produto/tenis');
        expect(page?.reusable, String(status)).toBe(reusable);
      }
    } finally {
      catalogStatus = null;
    }
  });

  it('leaves a page the entry does not render, a failing render and a slow one to the browser', async () => {
    const renderer = rendererOf('entry-server.mjs', 100)!;
    warnings.length = 0;
    expect(await renderer.render(request('/sacola'), '/sacola')).toBeNull();
    expect(await renderer.render(request('/quebra'), '/quebra')).toBeNull();
    expect(await renderer.render(request('/lento'), '/lento')).toBeNull();
    const reasons = warnings.map((args) => ((args as [{ err?: Error }])[0].err ?? {}).message);
    expect(reasons).toEqual(['a screen failed', 'rendering took over 100 ms']);
  });

  it('is off without a build or with SERVER_RENDER=false, and ignores a module that is not an entry', async () => {
    warnings.length = 0;
    expect(rendererOf('missing.mjs')).toBeNull();
    expect(JSON.stringify(warnings)).toContain('server renderer not built');
    expect(rendererOf(null)).toBeNull();
    const renderer = rendererOf('not-an-entry.mjs');
    expect(await renderer!.render(request('/produto/x'), '/produto/x')).toBeNull();
    expect(JSON.stringify(warnings)).toContain('has no renderPage');
  });
});

describe('withRenderedPage', () => {
  const template =
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Vitrine</title>' +
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
    '<body><div id="root"></div></body></html>';
  const rendered: RenderedPage = {
    html: '<main>Tênis</main>',
    styles: '<style data-emotion="css a">.css-a{}</style>',
    stateScript: '<script type="application/json" id="vitrine-state">{"ROOT_QUERY":{}}</script>',
    lcpImage: { src: '/media/a-640.webp', srcSet: '/media/a-320.webp 320w', sizes: '100vw' },
  };

  it('puts the photo first in the head, the styles before </head>, the markup and the state in #root', () => {
    const page = withRenderedPage(template, rendered, {
      links: ['<link rel="stylesheet" crossorigin href="/assets/index-1.css">'],
      style: '<style data-vitrine-sheets>@font-face{}</style>',
    });
    expect(page).toContain(
      '<head><link rel="preload" as="image" href="/media/a-640.webp" imagesrcset="/media/a-320.webp 320w" imagesizes="100vw" fetchpriority="high" /><meta charset',
    );
    expect(page).toContain(
      '<style data-vitrine-sheets>@font-face{}</style><style data-emotion="css a">.css-a{}</style></head>',
    );
    // The sheet's link stays for the lazy chunks' preload to find, disabled: never fetched.
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled><style data-vitrine-sheets>',
    );
    expect(page.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(page).toContain(
      '<div id="root"><main>Tênis</main></div><script type="application/json" id="vitrine-state">{"ROOT_QUERY":{}}</script>',
    );
  });

  it('adds no preload without a high-priority image', () => {
    const page = withRenderedPage(template, { ...rendered, lcpImage: null });
    expect(page).not.toContain('rel="preload"');
    // No sheet inlined: the link is left as it is.
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css"><style');
  });
});

describe('inlineStyleSheets', () => {
  it("copies index.html's style sheets with font-display: optional, never a file outside the build", async () => {
    await writeFile(
      path.join(dir, 'fonts.css'),
      '@font-face{font-family:Inter;font-display:swap;font-weight:400;src:url(/a.woff2)}' +
        '@font-face{font-family:Inter;font-display:swap;font-weight:700;src:url(/b.woff2)}',
    );
    const template =
      '<head><link rel="stylesheet" href="/fonts.css"><link rel="stylesheet" href="/../etc/passwd">' +
      '<link rel="stylesheet" href="/missing.css"></head>';
    const sheets = inlineStyleSheets(dir, template);
    expect(sheets.links).toEqual(['<link rel="stylesheet" href="/fonts.css">']);
    expect(sheets.style.match(/font-display:optional/g)).toHaveLength(2);
    expect(sheets.style).not.toContain('swap');
  });
});

describe('compressPage', () => {
  const html = '<p>Olá</p>'.repeat(500);

  it('answers brotli, gzip or the page as it is, as the browser accepts', async () => {
    const br = await compressPage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(html);
    const gz = await compressPage(html, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body as Buffer).toString('utf8')).toBe(html);
    expect((gz.body as Buffer).length).toBeLessThan(html.length / 5);
    expect(await compressPage(html, undefined)).toEqual({ body: html, encoding: null });
  });
});
