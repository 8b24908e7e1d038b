// `npx tsx bench/first-paint.ts [--check] [--json]`: what a first visit to each storefront page
// must download before its largest paint can show, read from the page as the server sends it, so
// the answer is the same on any machine (no timing; bench/web-vitals.ts measures the times on a
// throttled phone). It starts the real server as web-vitals.ts does (bench/lib/own-server.ts;
// APP_DIST, default dist/app, built when missing) and reaches the bag and order pages as a
// shopper does (bench/lib/vitals-pages.ts: a size added on the product page, a Pix order placed
// through the checkout, in headless chromium), then asks each page with that browser's cookies.
//
// For each page: whether the server rendered it; the resources that block the first paint (a
// style sheet not inlined, a classic script); its largest paint as the HTML says it: the
// high-priority picture (fetchpriority="high", the server preloads it) or the text of the page;
// and from that, the requests and bytes before the largest paint: the document as sent (brotli)
// plus that picture at the phone profile's width (412 px at 1.75x, from its srcset and sizes).
//
// With --check (CI) it fails when a page is not server-rendered, something blocks the first
// paint, a page whose largest paint is a picture (the bench's: listings, product, bag) has none
// preloaded first in the head, a device's page may be cached by others, or a page needs more than
// MAX_REQUESTS requests or MAX_BYTES bytes before its largest paint.
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Cookie } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { startOwnServer } from './lib/own-server';
import { markdownTable } from './lib/table';
import { PAGE_KEYS, resolvePages, type PageKey, type VitalsPage } from './lib/vitals-pages';

/** The document and the largest paint's picture: nothing else may stand before it. */
const MAX_REQUESTS = 2;
/** 1 KB = 1000 bytes; at the phone profile's 1.5 Mbit/s, 80 KB take 0.43 s. */
const MAX_BYTES = 80_000;
/** The pages whose largest paint on the phone is a picture (bench/web-vitals.ts finds it so). */
const PICTURE_PAINT: ReadonlySet<PageKey> = new Set([
  'brand',
  'category',
  'search',
  'product',
  'bag',
]);
/** A device's pages: rendered from its cookies, never to be kept by a cache for another. */
const DEVICE_PAGES: ReadonlySet<PageKey> = new Set(['bag', 'checkout', 'confirmation', 'tracking']);
const PHONE = { width: 412, dpr: 1.75 };

const args = new Set(process.argv.slice(2));

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire. */
  wire: Buffer;
  text: string;
}

/** A GET as a browser sends it (brotli accepted), the body kept as transferred. */
function get(url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const text = (
            response.headers['content-encoding'] === 'br' ? brotliDecompressSync(wire) : wire
          ).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, wire, text });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The Cookie header the browser would send to `path`. */
function cookieHeader(cookies: readonly Cookie[], path: string): string {
  return cookies
    .filter((cookie) => path === cookie.path || path.startsWith(cookie.path.replace(/\/?$/, '/')))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}

/** The slot width `sizes` gives on the phone (px), `(min-width: Npx) W` conditions and vw/px. */
function slotWidth(sizes: string | null): number {
  for (const part of (sizes ?? '100vw').split(',').map((item) => item.trim())) {
    const match = /^(?:\(min-width:\s*(\d+)px\)\s+)?(\d+(?:\.\d+)?)(vw|px)$/.exec(part);
    if (!match) continue;
    if (match[1] && PHONE.width < Number(match[1])) continue;
    return match[3] === 'vw' ? (Number(match[2]) / 100) * PHONE.width : Number(match[2]);
  }
  return PHONE.width;
}

/** The candidate a phone picks from `srcset` (w descriptors) for `sizes`, else `src`. */
function phoneCandidate(src: string, srcSet: string | null, sizes: string | null): string {
  const candidates = (srcSet ?? '')
    .split(',')
    .map((item) => item.trim().split(/\s+/))
    .map(([url, width]) => ({ url: url ?? '', width: Number(/^(\d+)w$/.exec(width ?? '')?.[1]) }))
    .filter((item) => item.url && item.width > 0)
    .sort((a, b) => a.width - b.width);
  if (candidates.length === 0) return src;
  const needed = slotWidth(sizes) * PHONE.dpr;
  return (candidates.find((item) => item.width >= needed) ?? candidates.at(-1)!).url;
}

interface PageReport {
  page: VitalsPage;
  rendered: boolean;
  blocking: string[];
  picture: string | null;
  preloadedFirst: boolean;
  documentBytes: number;
  pictureBytes: number;
  requests: number;
  cacheControl: string;
  problems: string[];
}

async function inspect(baseUrl: string, page: VitalsPage, cookies: Cookie[]): Promise<PageReport> {
  const cookie = cookieHeader(cookies, page.path.split('?')[0]!);
  const answer = await get(`${baseUrl}${page.path}`, cookie);
  const html = answer.text;
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="root">'));
  const rendered = answer.status === 200 && /^<div id="root">(?!<\/div>)/.test(root);
  const blocking = [
    ...[...head.matchAll(/<link\s[^>]*rel="stylesheet"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => !/\sdisabled/.test(tag)),
    ...[...head.matchAll(/<script\s[^>]*src="[^"]*"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => !/type="module"|\sasync|\sdefer/.test(tag)),
  ];
  const image = /<img\s[^>]*fetchpriority="high"[^>]*>/i.exec(root)?.[0] ?? null;
  const src = image ? attribute(image, 'src') : null;
  const first = /^<head>\s*(<[^>]+>)/i.exec(html.slice(html.indexOf('<head>')))?.[1] ?? '';
  const preloadedFirst =
    src !== null &&
    /^<link rel="preload" as="image"/.test(first) &&
    attribute(first, 'href') === src;
  let pictureBytes = 0;
  let picture: string | null = null;
  if (image && src) {
    picture = phoneCandidate(src, attribute(image, 'srcset'), attribute(image, 'sizes'));
    if (!picture.startsWith('data:')) {
      pictureBytes = (await get(new URL(picture, baseUrl).href, cookie)).wire.length;
    }
  }
  const requests = 1 + (picture && !picture.startsWith('data:') ? 1 : 0) + blocking.length;
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  const problems: string[] = [];
  if (!rendered) problems.push('not server-rendered');
  if (blocking.length) problems.push(`render-blocking: ${blocking.join(' ')}`);
  if (PICTURE_PAINT.has(page.key) && !preloadedFirst)
    problems.push('its largest paint is a picture: none preloaded first in the head');
  if (DEVICE_PAGES.has(page.key) && !/private/.test(cacheControl) && rendered)
    problems.push(`a device's page sent as "${cacheControl}"`);
  if (requests > MAX_REQUESTS) problems.push(`${requests} requests before its largest paint`);
  const bytes = answer.wire.length + pictureBytes;
  if (bytes > MAX_BYTES) problems.push(`${(bytes / 1000).toFixed(1)} KB before its largest paint`);
  return {
    page,
    rendered,
    blocking,
    picture,
    preloadedFirst,
    documentBytes: answer.wire.length,
    pictureBytes,
    requests,
    cacheControl,
    problems,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function main() {
  const target = await startOwnServer(log);
  const browser = await chromium.launch(chromiumLaunchOptions);
  let failed = false;
  try {
    const pages = await resolvePages(browser, target.url, PAGE_KEYS, log);
    const reports: PageReport[] = [];
    for (const page of pages) {
      const cookies = (page.state.storageState as { cookies?: Cookie[] } | undefined)?.cookies;
      reports.push(await inspect(target.url, page, cookies ?? []));
    }
    if (args.has('--json')) {
      console.log(
        JSON.stringify(reports.map(({ page, ...report }) => ({ page: page.key, ...report }))),
      );
    } else {
      console.log(
        `\nFirst paint of each storefront page, as the server sends it (phone: ${PHONE.width} px at ${PHONE.dpr}x; brotli)\n`,
      );
      console.log(
        markdownTable(
          ['page', 'rendered', 'largest paint', 'document', 'picture', 'requests', 'bytes', 'ok'],
          reports.map((report) => [
            `${report.page.key} \`${report.page.path.slice(0, 32)}\``,
            report.rendered ? 'yes' : 'NO',
            report.picture ? `picture${report.preloadedFirst ? ' (preloaded first)' : ''}` : 'text',
            kb(report.documentBytes),
            report.pictureBytes ? kb(report.pictureBytes) : '-',
            String(report.requests),
            kb(report.documentBytes + report.pictureBytes),
            report.problems.length ? 'NO' : 'yes',
          ]),
        ),
      );
      console.log(
        `\nBudget: at most ${MAX_REQUESTS} requests and ${kb(MAX_BYTES)} before the largest paint, nothing render-blocking.`,
      );
    }
    for (const report of reports) {
      for (const problem of report.problems)
        log(`${report.page.key} ${report.page.path}: ${problem}`);
    }
    failed = reports.some((report) => report.problems.length > 0);
  } finally {
    await browser.close();
    await target.stop();
  }
  if (failed && args.has('--check')) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
