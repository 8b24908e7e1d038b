// `npx tsx bench/web-vitals.ts`: a Lighthouse-style measurement of the storefront in headless
// Debian chromium: LCP, CLS, TBT and FCP of every storefront page (home, a brand, a category, a
// search, a product, the bag, the checkout, an order's confirmation and tracking, the three
// institutional pages), with what each loaded before its LCP (requests, bytes) and what its LCP
// element was, plus the JS and CSS a first visit to `/` downloads (as transferred, and
// gzip-compressed). Every run starts with a cold cache (a fresh browser context); the bag and order
// pages start from the state a shopper's browser holds after adding a size through the UI and
// placing a Pix order through the checkout (bench/lib/vitals-pages.ts). Two profiles, as
// Lighthouse's: desktop (1350x940, no throttling) and phone (412x823 at 1.75x, touch, CPU 4x
// slower, DevTools' "Slow 4G": 562.5 ms round trip, 1.5 Mbit/s down, 0.7 Mbit/s up). Prints
// medians and the targets (LCP <= 2.5 s, CLS <= 0.1); never fails on figures.
//
//   BENCH_URL             measure this running store (e.g. http://localhost:3000; its limits on
//                         unpaid orders per address must allow one more); unset: start the real
//                         server on a loopback port, on in-memory PGlite with the demo catalog,
//                         serving APP_DIST (default dist/app, built first when missing)
//   BENCH_VITALS_PAGES    comma-separated pages to measure (default all): home, brand, category,
//                         search, product, bag, checkout, confirmation, tracking, contact,
//                         exchanges, privacy
//   BENCH_PRODUCT_PATH    the product page to measure (default: the newest product in stock)
//   BENCH_SEARCH_QUERY    the search to measure (default camiseta)
//   BENCH_VITALS_RUNS     runs per page (default 5)
//   BENCH_VITALS_CPU_SLOWDOWN  CPU throttling factor of the desktop profile (default 1: none)
//   BENCH_VITALS_PROFILES comma-separated profiles to run (default desktop,phone)
//   BENCH_VITALS_JSON     also write every run's figures to this file
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { startOwnServer, type Target } from './lib/own-server';
import { markdownTable } from './lib/table';
import {
  chosenPages,
  resolvePages,
  sessionStorageScript,
  type BrowserState,
  type VitalsPage,
} from './lib/vitals-pages';

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
// In the page, before any of its scripts: the observers Lighthouse's metrics are made of.

interface PageVitals {
  fcp: number | null;
  lcp: number | null;
  /** The LCP's element: an image's path, or the element's tag and first words. */
  lcpWhat: string | null;
  cls: number;
  /** The largest layout shifts: the moved elements, for finding what shifts. */
  shifts: { at: number; value: number; sources: string[] }[];
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
  const vitals = { fcp: null, lcp: null, lcpWhat: null, cls: 0, shifts: [], longTasks: [] };
  const describe = (node) => {
    if (!node || !node.tagName) return '?';
    const id = node.id ? '#' + node.id : '';
    const label = node.getAttribute('aria-label') || (node.textContent || '').trim().slice(0, 40);
    return node.tagName.toLowerCase() + id + (label ? ' "' + label + '"' : '');
  };
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
    vitals.lcpWhat = entry.url ? 'img ' + new URL(entry.url).pathname.slice(0, 60) : describe(entry.element);
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
    if (shift.value >= 0.001) {
      vitals.shifts.push({
        at: Math.round(shift.startTime),
        value: shift.value,
        sources: (shift.sources || []).map((source) => describe(source.node)),
      });
    }
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
  lcpWhat: string | null;
  cls: number;
  shifts: PageVitals['shifts'];
  tbt: number;
  /** Requests started before the LCP (the document included) and their bytes on the wire. */
  beforeLcp: { requests: number; bytes: number; urls: string[] };
  js: Transfer;
  css: Transfer;
  encodings: Set<string>;
  /** React's hydration errors the page logged (a mismatch re-renders the page in the browser). */
  hydrationErrors: number;
}

/** In the page: the document and the resources it requested before `lcp` (resource timing). */
const RESOURCES_BEFORE = `(lcp) => {
  const entries = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource').filter((entry) => entry.startTime < lcp),
  ];
  return {
    requests: entries.length,
    bytes: entries.reduce((total, entry) => total + (entry.transferSize || 0), 0),
    urls: entries.map((entry) => {
      const url = new URL(entry.name);
      return url.pathname + url.search.slice(0, 40);
    }),
  };
}`;

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

async function measure(
  browser: Browser,
  url: string,
  profile: Profile,
  state: BrowserState = {},
): Promise<Measurement> {
  // A fresh context has an empty HTTP cache and no connection: a first visit (with the storage a
  // shopper's device holds for the bag and order pages).
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    locale: 'pt-BR',
    ...(state.storageState ? { storageState: state.storageState } : {}),
  });
  const restore = sessionStorageScript(state);
  if (restore) await context.addInitScript({ content: restore });
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
  let hydrationErrors = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[0-5]/i.test(message.text()))
      hydrationErrors += 1;
  });
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
  const beforeLcp = (await page.evaluate(
    `(${RESOURCES_BEFORE})(${vitals.lcp ?? 1e12})`,
  )) as Measurement['beforeLcp'];
  await context.close();
  return {
    fcp: vitals.fcp,
    lcp: vitals.lcp,
    lcpWhat: vitals.lcpWhat,
    cls: vitals.cls,
    shifts: vitals.shifts,
    tbt: totalBlockingTime(vitals),
    beforeLcp,
    js,
    css,
    encodings,
    hydrationErrors,
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

const LCP_TARGET_MS = 2_500;
const CLS_TARGET = 0.1;

interface PageResult {
  profile: Profile;
  page: VitalsPage;
  runs: Measurement[];
}

/** `pick`'s median over the runs that have it; null when none has. */
function medianOf(runs: Measurement[], pick: (m: Measurement) => number | null): number | null {
  const values = runs.map(pick).filter((value): value is number => value !== null);
  return values.length ? median(values) : null;
}

/** The runs of one page on one profile, each logged as it ends. */
async function measurePage(
  browser: Browser,
  baseUrl: string,
  profile: Profile,
  page: VitalsPage,
): Promise<PageResult> {
  const runs: Measurement[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await measure(browser, `${baseUrl}${page.path}`, profile, page.state);
    runs.push(result);
    const shifts = result.shifts
      .filter((shift) => shift.value >= 0.01)
      .map((shift) => `${shift.value.toFixed(3)}@${shift.at}ms ${shift.sources.join(' + ')}`);
    log(
      `${profile.name} ${page.key} run ${run}/${RUNS}: FCP ${result.fcp === null ? '-' : ms(result.fcp)}, ` +
        `LCP ${result.lcp === null ? '-' : ms(result.lcp)} (${result.lcpWhat ?? '-'}), ` +
        `CLS ${result.cls.toFixed(3)}, TBT ${ms(result.tbt)}, before LCP ` +
        `${result.beforeLcp.requests} requests ${kb(result.beforeLcp.bytes)}` +
        (result.hydrationErrors ? `, ${result.hydrationErrors} HYDRATION ERROR(S)` : '') +
        (shifts.length ? `\n    shifts: ${shifts.join('; ')}` : ''),
    );
  }
  return { profile, page, runs };
}

function resultRow({ profile, page, runs }: PageResult): string[] {
  const fcp = medianOf(runs, (m) => m.fcp);
  const lcp = medianOf(runs, (m) => m.lcp);
  const cls = medianOf(runs, (m) => m.cls) ?? 0;
  const met = lcp !== null && lcp <= LCP_TARGET_MS && cls <= CLS_TARGET;
  return [
    profile.name,
    `${page.key} \`${page.path.length > 40 ? `${page.path.slice(0, 37)}...` : page.path}\``,
    fcp === null ? '-' : ms(fcp),
    lcp === null ? '-' : ms(lcp),
    cls.toFixed(3),
    ms(medianOf(runs, (m) => m.tbt) ?? 0),
    String(medianOf(runs, (m) => m.beforeLcp.requests) ?? '-'),
    kb(medianOf(runs, (m) => m.beforeLcp.bytes) ?? 0),
    String(runs.reduce((total, m) => total + m.hydrationErrors, 0)),
    met ? 'yes' : 'NO',
  ];
}

function describeProfile(profile: Profile): string {
  return (
    `${profile.name} ${profile.viewport.width}x${profile.viewport.height}` +
    `${profile.deviceScaleFactor === 1 ? '' : ` @${profile.deviceScaleFactor}x`}, ` +
    `CPU slowdown ${profile.cpuSlowdown}x, ` +
    (profile.network
      ? `network ${Math.round(profile.network.latency)} ms RTT, ` +
        `${((profile.network.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down`
      : 'no network throttling')
  );
}

function printFirstVisit(firstVisit: Measurement[]) {
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
}

async function main() {
  const external = process.env.BENCH_URL?.trim().replace(/\/+$/, '');
  const keys = chosenPages();
  const target: Target = external
    ? { url: external, stop: async () => undefined }
    : await startOwnServer(log);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const pages = await resolvePages(browser, target.url, keys, log);
    // One unmeasured visit each: the server's own first-request costs are not the page's.
    for (const page of pages) {
      await measure(browser, `${target.url}${page.path}`, PROFILES[0]!, page.state);
    }
    const loadBefore = os.loadavg()[0]!;
    const results: PageResult[] = [];
    for (const profile of PROFILES) {
      for (const page of pages) results.push(await measurePage(browser, target.url, profile, page));
    }

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\nVitrine storefront web vitals — medians of ${RUNS} cold-cache run(s) per page, headless ` +
        `chromium ${browser.version()}, ${external ? external : 'own server on loopback'}`,
    );
    for (const profile of PROFILES) console.log(`  ${describeProfile(profile)}`);
    console.log(
      `Machine: ${cpu}, ${os.availableParallelism()} cores, load average ${loadBefore.toFixed(1)} ` +
        `before the runs, ${os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')} after, Node ${process.version}\n`,
    );
    const header = [
      'profile',
      'page',
      'FCP',
      'LCP',
      'CLS',
      'TBT',
      'req < LCP',
      'KB < LCP',
      'hydration errors',
      'met',
    ];
    console.log(markdownTable(header, results.map(resultRow)));
    console.log(`\nTargets: LCP <= ${LCP_TARGET_MS / 1000} s and CLS <= ${CLS_TARGET} (medians).`);
    const home = results.find((result) => result.page.key === 'home');
    if (home) printFirstVisit(home.runs);
    if (process.env.BENCH_VITALS_JSON) {
      const rows = results.map(({ profile, page, runs }) => ({
        profile: profile.name,
        page: page.key,
        path: page.path,
        runs: runs.map(({ js, css, encodings, ...rest }) => ({
          ...rest,
          js,
          css,
          encodings: [...encodings],
        })),
      }));
      await writeFile(process.env.BENCH_VITALS_JSON, `${JSON.stringify(rows, null, 2)}\n`);
    }
  } finally {
    await browser.close();
    await target.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
