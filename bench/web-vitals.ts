// `npx tsx bench/web-vitals.ts`: a Lighthouse-style measurement of the storefront in headless
// Debian chromium: LCP, CLS, TBT and FCP of the home page and of a product page, plus the JS and
// CSS a first visit to `/` downloads (as transferred, and gzip-compressed). Every run starts with
// a cold cache (a fresh browser context). Two profiles, as Lighthouse's: desktop (1350x940, no
// throttling) and phone (412x823 at 1.75x, touch, CPU 4x slower, DevTools' "Slow 4G": 562.5 ms
// round trip, 1.5 Mbit/s down, 0.7 Mbit/s up). Prints medians; never fails on figures.
//
//   BENCH_URL             measure this running store (e.g. http://localhost:3000); unset: start
//                         the real server on a loopback port, on in-memory PGlite with the demo
//                         catalog, serving APP_DIST (default dist/app, built first when missing)
//   BENCH_PRODUCT_PATH    the product page to measure (default: the newest product in stock)
//   BENCH_VITALS_RUNS     runs per page (default 5)
//   BENCH_VITALS_CPU_SLOWDOWN  CPU throttling factor of the desktop profile (default 1: none)
//   BENCH_VITALS_PROFILES comma-separated profiles to run (default desktop,phone)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { markdownTable } from './lib/table';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(1, Number(process.env.BENCH_VITALS_RUNS ?? 5));
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_VITALS_CPU_SLOWDOWN ?? 1));

interface Profile {
  name: 'desktop' | 'phone';
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  mobile: boolean;
  cpuSlowdown: number;
  /** DevTools network emulation; null: the loopback as it is. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const PROFILES: Profile[] = [
  {
    name: 'desktop',
    viewport: { width: 1350, height: 940 },
    deviceScaleFactor: 1,
    mobile: false,
    cpuSlowdown: CPU_SLOWDOWN,
    network: null,
  },
  {
    // Lighthouse's mobile default (a mid-range phone on a slow 4G line), throttled by DevTools.
    name: 'phone',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    mobile: true,
    cpuSlowdown: 4,
    network: {
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    },
  },
].filter((profile) =>
  (process.env.BENCH_VITALS_PROFILES ?? 'desktop,phone')
    .split(',')
    .map((name) => name.trim())
    .includes(profile.name),
) as Profile[];
/** The page is done once it has been this long without a long task or a request. */
const QUIET_MS = 2_000;
const MAX_WAIT_MS = 40_000;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// The server under test.

interface Target {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startOwnServer(): Promise<Target> {
  const appDist = path.resolve(ROOT, process.env.APP_DIST ?? 'dist/app');
  if (!existsSync(path.join(appDist, 'index.html'))) {
    log(`no build in ${appDist}: scripts/build-app.mjs ...`);
    const built = spawnSync(
      process.execPath,
      ['scripts/build-app.mjs', '--logLevel', 'warn', '--outDir', appDist],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (built.status !== 0) throw new Error('the app build failed');
  }
  // Kept between runs: the demo images are drawn once.
  const mediaDir = path.join(os.tmpdir(), 'vitrine-bench-vitals-media');
  await mkdir(mediaDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { loadConfig } = await import('../packages/api/src/config');
  const { startServer } = await import('../packages/api/src/server');
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: 'memory://',
      SEED_DEMO: 'true',
      APP_DIST: appDist,
      MEDIA_DIR: mediaDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: 'bench@vitrine.local',
      ADMIN_PASSWORD: `Vt-${randomBytes(12).toString('base64url')}!9a`,
      LOG_LEVEL: 'warn',
      // One browser measuring page after page: the per-client bounds would end in 429 pages.
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
    },
    ROOT,
  );
  const started = Date.now();
  const server = await startServer(config);
  log(`server on ${url} (demo catalog, PGlite in memory) in ${Date.now() - started} ms`);
  return { url, stop: () => server.stop() };
}

async function productPath(baseUrl: string): Promise<string> {
  if (process.env.BENCH_PRODUCT_PATH) return process.env.BENCH_PRODUCT_PATH;
  const response = await fetch(`${baseUrl}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ products(filter: { inStock: true }, first: 1) { nodes { slug } } }',
    }),
  });
  const body = (await response.json()) as {
    data?: { products: { nodes: { slug: string }[] } };
  };
  const slug = body.data?.products.nodes[0]?.slug;
  if (!slug) throw new Error(`no product in stock at ${baseUrl}`);
  return `/produto/${slug}`;
}

// ---------------------------------------------------------------------------------------------
// In the page, before any of its scripts: the observers Lighthouse's metrics are made of.

interface PageVitals {
  fcp: number | null;
  lcp: number | null;
  cls: number;
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __vitals: PageVitals;
  }
}

// Plain JavaScript on purpose: tsx would wrap a TypeScript function's inner functions in helpers
// (__name) that do not exist in the page.
const INSTALL_OBSERVERS = `(() => {
  const vitals = { fcp: null, lcp: null, cls: 0, longTasks: [] };
  window.__vitals = vitals;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
      });
    } catch {
      // an entry type this browser does not know: the metric stays empty
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  });
  // The last candidate is the largest contentful paint.
  observe('largest-contentful-paint', (entry) => {
    vitals.lcp = entry.startTime;
  });
  // CLS as web-vitals computes it: the worst session window (shifts < 1 s apart, <= 5 s long),
  // ignoring shifts right after an input.
  let windowValue = 0;
  let windowStart = 0;
  let windowLast = 0;
  observe('layout-shift', (shift) => {
    if (shift.hadRecentInput) return;
    if (windowValue > 0 && shift.startTime - windowLast < 1000 && shift.startTime - windowStart < 5000) {
      windowValue += shift.value;
    } else {
      windowValue = shift.value;
      windowStart = shift.startTime;
    }
    windowLast = shift.startTime;
    vitals.cls = Math.max(vitals.cls, windowValue);
  });
  observe('longtask', (entry) => {
    vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
})();`;

/** Total blocking time: what every long task after FCP spends beyond 50 ms. */
function totalBlockingTime(vitals: PageVitals): number {
  const fcp = vitals.fcp ?? 0;
  return vitals.longTasks.reduce((total, task) => {
    const end = task.start + task.duration;
    if (end <= fcp) return total;
    return total + Math.max(0, end - Math.max(task.start, fcp) - 50);
  }, 0);
}

interface Transfer {
  /** Bytes of response bodies as they came over the wire. */
  transferred: number;
  /** The same bodies compressed with gzip -9. */
  gzip: number;
  files: number;
}

interface Measurement {
  fcp: number | null;
  lcp: number | null;
  cls: number;
  tbt: number;
  js: Transfer;
  css: Transfer;
  encodings: Set<string>;
}

async function waitUntilQuiet(page: Page, started: number): Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const onStart = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const onEnd = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    let seenTasks = -1;
    while (Date.now() - started < MAX_WAIT_MS) {
      const tasks = await page.evaluate(() => window.__vitals.longTasks.length);
      if (tasks !== seenTasks) {
        seenTasks = tasks;
        lastActivity = Math.max(lastActivity, Date.now());
      }
      if (inFlight === 0 && Date.now() - lastActivity >= QUIET_MS) return;
      await page.waitForTimeout(200);
    }
  } finally {
    page.off('request', onStart);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}

async function measure(browser: Browser, url: string, profile: Profile): Promise<Measurement> {
  // A fresh context has an empty HTTP cache and no storage: a first visit.
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.clearBrowserCache');
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
  if (profile.cpuSlowdown > 1) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  }
  await page.addInitScript({ content: INSTALL_OBSERVERS });

  const js: Transfer = { transferred: 0, gzip: 0, files: 0 };
  const css: Transfer = { transferred: 0, gzip: 0, files: 0 };
  const encodings = new Set<string>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const bucket = type === 'script' ? js : type === 'stylesheet' ? css : null;
    if (!bucket) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return;
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        bucket.files += 1;
        bucket.transferred += sizes?.responseBodySize ?? body.length;
        bucket.gzip += gzipSync(body, { level: 9 }).length;
        encodings.add((await response.headerValue('content-encoding')) ?? 'identity');
      })(),
    );
  });

  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await waitUntilQuiet(page, started);
  await Promise.all(pending);
  const vitals = await page.evaluate(() => window.__vitals);
  await context.close();
  return {
    fcp: vitals.fcp,
    lcp: vitals.lcp,
    cls: vitals.cls,
    tbt: totalBlockingTime(vitals),
    js,
    css,
    encodings,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// 1 KB = 1000 bytes, as the budget in docs/benchmarks.md.
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  const external = process.env.BENCH_URL?.trim().replace(/\/+$/, '');
  const target: Target = external
    ? { url: external, stop: async () => undefined }
    : await startOwnServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const pages = [
      { name: 'home /', path: '/' },
      { name: 'product', path: await productPath(target.url) },
    ];
    // One unmeasured visit each: the server's own first-request costs are not the page's.
    for (const { path: pagePath } of pages) {
      await measure(browser, `${target.url}${pagePath}`, PROFILES[0]!);
    }

    const rows: string[][] = [];
    let firstVisit: Measurement[] = [];
    for (const profile of PROFILES) {
      for (const { name, path: pagePath } of pages) {
        const results: Measurement[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const result = await measure(browser, `${target.url}${pagePath}`, profile);
          results.push(result);
          log(
            `${profile.name} ${name} run ${run}/${RUNS}: FCP ${result.fcp === null ? '-' : ms(result.fcp)}, ` +
              `LCP ${result.lcp === null ? '-' : ms(result.lcp)}, CLS ${result.cls.toFixed(3)}, ` +
              `TBT ${ms(result.tbt)}`,
          );
        }
        if (pagePath === '/' && firstVisit.length === 0) firstVisit = results;
        const metric = (pick: (m: Measurement) => number | null) => {
          const values = results.map(pick).filter((value): value is number => value !== null);
          return values.length ? median(values) : null;
        };
        const fcp = metric((m) => m.fcp);
        const lcp = metric((m) => m.lcp);
        rows.push([
          profile.name,
          `${name === 'product' ? `product ${pagePath}` : name}`,
          fcp === null ? '-' : ms(fcp),
          lcp === null ? '-' : ms(lcp),
          (metric((m) => m.cls) ?? 0).toFixed(3),
          ms(metric((m) => m.tbt) ?? 0),
        ]);
      }
    }

    const header = ['profile', 'page', 'FCP', 'LCP', 'CLS', 'TBT'];
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const describe = (profile: Profile) =>
      `${profile.name} ${profile.viewport.width}x${profile.viewport.height}` +
      `${profile.deviceScaleFactor === 1 ? '' : ` @${profile.deviceScaleFactor}x`}, ` +
      `CPU slowdown ${profile.cpuSlowdown}x, ` +
      (profile.network
        ? `network ${Math.round(profile.network.latency)} ms RTT, ` +
          `${((profile.network.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down`
        : 'no network throttling');
    console.log(
      `\nVitrine storefront web vitals — medians of ${RUNS} cold-cache run(s) per page, headless ` +
        `chromium ${browser.version()}, ${external ? external : 'own server on loopback'}`,
    );
    for (const profile of PROFILES) console.log(`  ${describe(profile)}`);
    console.log(
      `Machine: ${cpu}, ${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}, Node ${process.version}\n`,
    );
    console.log(markdownTable(header, rows));

    const sizes = (pick: (m: Measurement) => Transfer) => ({
      transferred: median(firstVisit.map((m) => pick(m).transferred)),
      gzip: median(firstVisit.map((m) => pick(m).gzip)),
      files: median(firstVisit.map((m) => pick(m).files)),
    });
    const jsSizes = sizes((m) => m.js);
    const cssSizes = sizes((m) => m.css);
    const encodings = [...new Set(firstVisit.flatMap((m) => [...m.encodings]))].join(', ');
    console.log(`\nFirst visit to / (content-encoding served: ${encodings || 'none'}):`);
    console.log(
      `  JS : ${jsSizes.files} files, ${kb(jsSizes.transferred)} transferred, ${kb(jsSizes.gzip)} gzip (budget 200 KB gzip)`,
    );
    console.log(
      `  CSS: ${cssSizes.files} files, ${kb(cssSizes.transferred)} transferred, ${kb(cssSizes.gzip)} gzip`,
    );
  } finally {
    await browser.close();
    await target.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
