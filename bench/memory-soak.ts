// The server's memory through a long mixed load (issue 34, "rendered pages, start and memory": RSS
// ≤ 512 MiB through a 30-minute mixed load). The built server (`node dist/server.mjs`, as
// `npm start` runs it) is started as a child process on PostgreSQL with the demo catalog, then
// driven by a shopper-like mix of the storefront's own documents, with variety that no cache
// holds whole: distinct product pages, listings with distinct filters and searches (typos too),
// server-rendered HTML pages, a few bag previews. The child's resident memory (VmRSS of
// /proc/<pid>/status) is sampled every 5 s; per window (5 minutes) the bench prints RSS min /
// median / max, req/s, latency and failures, then the peak. Prints figures; never fails.
//
//   npx tsx bench/memory-soak.ts
//
//   BENCH_DATABASE_URL       PostgreSQL server (a scratch database is created and dropped;
//                            default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SOAK_MINUTES       how long the load lasts (default 30)
//   BENCH_SOAK_WINDOW_SECONDS  one row of the table (default 300)
//   BENCH_PRODUCTS           products in the demo catalog (default 10000)
//   BENCH_CONNECTIONS        concurrent connections (default 10)
//   BENCH_SOAK_BUILD=false   reuse the last build of this bench (dist/soak, packages/api/dist/soak)
//   Anything else in the environment reaches the server (CATALOG_CACHE_MAX_BYTES,
//   PAGE_CACHE_MAX_BYTES, NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2, ...).
//
// The build is its own (dist/soak), so another build of dist/ meanwhile does not change the files
// under a running server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../packages/api/src/db';
import { migrate } from '../packages/api/src/db/migrate';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { loadConfig } from '../packages/api/src/config';
import { scratchDatabase } from './lib/database';
import { freePort } from './lib/own-server';
import { markdownTable } from './lib/table';
import { uiDocument } from './lib/ui-document';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API = path.join(ROOT, 'packages', 'api');
const APP_DIST = path.join(ROOT, 'dist', 'soak', 'app');
const SERVER_BUNDLE = path.join(API, 'dist', 'soak', 'server.mjs');
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const WINDOW_SECONDS = Number(process.env.BENCH_SOAK_WINDOW_SECONDS ?? 300);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SAMPLE_MS = 5_000;
const TARGET_MIB = 512;
/** The listing's page size (packages/ui listingParams PAGE_SIZE). */
const PAGE_SIZE = 24;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** A small seeded generator (mulberry32), so two runs ask for the same things in the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function build() {
  const steps: [string, string[]][] = [
    [path.join(ROOT, 'scripts', 'build-app.mjs'), ['--outDir', APP_DIST, '--logLevel', 'warn']],
    [path.join(API, 'scripts', 'build-server.mjs'), [`--outfile=${SERVER_BUNDLE}`]],
  ];
  for (const [script, args] of steps) {
    const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${path.basename(script)} failed`);
  }
}

/** Resident memory of `pid` in MiB (Linux), or null once it is gone. */
async function rssMiB(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

/**
 * Node's arguments as `npm start` gives them (packages/api's start script: its flags, such as the
 * heap's bound), with this bench's build of the server in place of dist/server.mjs.
 */
async function startArguments(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(API, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = manifest.scripts.start.split(/\s+/);
  const at = args.indexOf('dist/server.mjs');
  if (command !== 'node' || at === -1) {
    throw new Error(`unexpected start script: ${manifest.scripts.start}`);
  }
  args[at] = SERVER_BUNDLE;
  return args;
}

interface Catalog {
  productSlugs: string[];
  brandSlugs: string[];
  categorySlugs: string[];
  sizes: string[];
  colors: string[];
  words: string[];
  variantIds: string[];
}

/** A scratch database with the demo catalog, and what the load picks from. */
async function seededDatabase(baseUrl: string) {
  const scratch = await scratchDatabase(baseUrl);
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: scratch.url });
  const opened = await openDatabase(config);
  try {
    await migrate(opened.db);
    const started = Date.now();
    const summary = await seedDemoData(
      opened.db,
      { info: log },
      { products: PRODUCTS, images: false },
    );
    log(`seeded ${summary.products} products in ${Date.now() - started} ms`);
    const column = async (text: string): Promise<string[]> => {
      const result = await opened.db.execute(text);
      return (result.rows as { v: string }[]).map((row) => row.v);
    };
    const catalog: Catalog = {
      productSlugs: await column('SELECT slug AS v FROM products WHERE published ORDER BY slug'),
      brandSlugs: await column('SELECT slug AS v FROM brands WHERE active ORDER BY slug'),
      categorySlugs: await column('SELECT slug AS v FROM categories ORDER BY slug'),
      sizes: await column('SELECT DISTINCT size AS v FROM variants WHERE size IS NOT NULL'),
      colors: await column('SELECT DISTINCT color AS v FROM variants WHERE color IS NOT NULL'),
      words: await column(
        'SELECT word AS v FROM search_words WHERE length(word) >= 4 ORDER BY md5(word) LIMIT 300',
      ),
      variantIds: await column('SELECT id::text AS v FROM variants ORDER BY md5(sku) LIMIT 2000'),
    };
    return { scratch, catalog };
  } finally {
    await opened.close();
  }
}

interface Documents {
  listing: string;
  product: string;
  cart: string;
  home: string;
}

async function documents(): Promise<Documents> {
  return {
    listing: await uiDocument('Listing/ListingScreen.graphql.ts', 'LISTING_PRODUCTS_QUERY'),
    product: await uiDocument('ProductPage/ProductPageScreen.graphql.ts', 'PRODUCT_PAGE_QUERY'),
    cart: await uiDocument('Cart/CartScreen.graphql.ts', 'CART_PREVIEW_QUERY'),
    home: await uiDocument('Home/HomeScreen.graphql.ts', 'HOME_QUERY'),
  };
}

type Kind = 'product' | 'listing' | 'search' | 'html' | 'cart' | 'home';

/** The mix, in parts of 100. */
const MIX: [Kind, number][] = [
  ['product', 30],
  ['listing', 22],
  ['search', 10],
  ['html', 30],
  ['cart', 5],
  ['home', 3],
];

/** One request of the mix, at random (seeded): method, path, headers and body. */
function requestMaker(catalog: Catalog, docs: Documents, seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], most: number): T[] => {
    const count = 1 + Math.floor(next() * most);
    return [...new Set(Array.from({ length: count }, () => pick(list)))];
  };
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const kind = (): Kind => {
    let at = next() * total;
    for (const [name, weight] of MIX) {
      at -= weight;
      if (at < 0) return name;
    }
    return 'product';
  };
  const graphql = (query: string, variables: Record<string, unknown>) => ({
    method: 'POST' as const,
    path: '/graphql/',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    body: JSON.stringify({ query, variables }),
  });
  const html = (pathname: string) => ({
    method: 'GET' as const,
    path: pathname,
    headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
  });
  /** A word as typed: sometimes with a letter swapped (a typo the search forgives). */
  const typed = () => {
    const word = pick(catalog.words);
    if (next() >= 0.3 || word.length < 5) return word;
    const at = 1 + Math.floor(next() * (word.length - 2));
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  };
  const filter = () => {
    const chosen: Record<string, unknown> = {};
    if (next() < 0.4) chosen.brandSlugs = some(catalog.brandSlugs, 2);
    if (next() < 0.5) chosen.categorySlug = pick(catalog.categorySlugs);
    if (next() < 0.25) chosen.sizes = some(catalog.sizes, 2);
    if (next() < 0.2) chosen.colors = some(catalog.colors, 2);
    if (next() < 0.2) {
      const min = Math.floor(next() * 40) * 1_000;
      chosen.minPriceCents = min;
      chosen.maxPriceCents = min + (1 + Math.floor(next() * 20)) * 1_000;
    }
    if (next() < 0.3) chosen.inStock = true;
    return chosen;
  };
  const sorts = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'NAME'];
  return (): { kind: Kind; request: autocannon.Request } => {
    const chosen = kind();
    switch (chosen) {
      case 'product':
        return {
          kind: chosen,
          request: graphql(docs.product, { slug: pick(catalog.productSlugs) }),
        };
      case 'listing':
        return {
          kind: chosen,
          request: graphql(docs.listing, {
            filter: filter(),
            sort: pick(sorts),
            first: PAGE_SIZE,
            after: null,
          }),
        };
      case 'search':
        return {
          kind: chosen,
          request: graphql(docs.listing, {
            filter: { ...(next() < 0.3 ? filter() : {}), search: typed() },
            sort: next() < 0.7 ? 'RELEVANCE' : pick(sorts),
            first: PAGE_SIZE,
            after: null,
          }),
        };
      case 'cart':
        return {
          kind: chosen,
          request: graphql(docs.cart, {
            items: some(catalog.variantIds, 3).map((variantId) => ({
              variantId,
              quantity: 1 + Math.floor(next() * 2),
            })),
          }),
        };
      case 'home':
        return { kind: chosen, request: graphql(docs.home, {}) };
      case 'html': {
        const roll = next();
        const page =
          roll < 0.55
            ? `/produto/${pick(catalog.productSlugs)}`
            : roll < 0.7
              ? `/categoria/${pick(catalog.categorySlugs)}`
              : roll < 0.8
                ? `/marcas/${pick(catalog.brandSlugs)}`
                : roll < 0.9
                  ? `/busca?q=${encodeURIComponent(typed())}`
                  : '/';
        return { kind: chosen, request: html(page) };
      }
    }
  };
}

interface Window {
  from: number;
  to: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  rss: number[];
  load: number;
}

function loadFor(url: string, seconds: number, make: () => { request: autocannon.Request }) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        // One request object per connection, rewritten before each send.
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({ ...request, ...make().request }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function waitForHealth(child: ChildProcess, url: string, stderr: () => string) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function printReport(windows: Window[], samples: { at: number; rss: number }[], idle: number) {
  const mib = (value: number) => value.toFixed(0);
  const rows = windows.map((w) => [
    `${(w.from / 60).toFixed(0)}–${(w.to / 60).toFixed(0)} min`,
    w.rps.toFixed(0),
    String(w.p50),
    String(w.p99),
    String(w.failures),
    mib(Math.min(...w.rss)),
    mib(quantile(w.rss, 0.5)),
    mib(Math.max(...w.rss)),
    w.load.toFixed(1),
  ]);
  console.log(
    `\nMemory under a ${MINUTES}-minute mixed load: built server on PostgreSQL, ${PRODUCTS} ` +
      `products, ${CONNECTIONS} connections, RSS every ${SAMPLE_MS / 1000} s ` +
      `(${os.cpus().length} cores, Node ${process.versions.node})\n`,
  );
  console.log(
    markdownTable(
      [
        'window',
        'req/s',
        'p50 ms',
        'p99 ms',
        'failed',
        'RSS min MiB',
        'RSS median MiB',
        'RSS max MiB',
        'load avg',
      ],
      rows,
    ),
  );
  const all = samples.map((sample) => sample.rss);
  const peak = Math.max(...all);
  const at = samples.find((sample) => sample.rss === peak)?.at ?? 0;
  console.log(
    `\nidle after start ${mib(idle)} MiB; peak ${mib(peak)} MiB at ${(at / 60).toFixed(1)} min; ` +
      `last ${mib(all.at(-1) ?? NaN)} MiB; target ≤ ${TARGET_MIB} MiB: ` +
      `${peak <= TARGET_MIB ? 'met' : 'NOT met'}`,
  );
}

async function main() {
  if (process.env.BENCH_SOAK_BUILD !== 'false') build();
  const base =
    process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { scratch, catalog } = await seededDatabase(base);
  const docs = await documents();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, await startArguments(), {
    cwd: API,
    env: {
      // One client address is the whole load: no per-client bounds (bench/attack.ts measures them).
      GRAPHQL_RATE_LIMIT: '0',
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'false',
      APP_DIST,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const samples: { at: number; rss: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const healthMs = await waitForHealth(child, url, () => stderr);
    log(`server (pid ${child.pid}) answered /healthz ${healthMs.toFixed(0)} ms after spawn`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = (await rssMiB(child.pid!)) ?? NaN;
    log(`idle RSS ${idle.toFixed(0)} MiB; load average ${os.loadavg().map((l) => l.toFixed(2))}`);
    const started = performance.now();
    timer = setInterval(() => {
      void rssMiB(child.pid!).then((rss) => {
        if (rss !== null) samples.push({ at: (performance.now() - started) / 1000, rss });
      });
    }, SAMPLE_MS);
    const make = requestMaker(catalog, docs, 34);
    const windows: Window[] = [];
    const totalSeconds = Math.round(MINUTES * 60);
    for (let from = 0; from < totalSeconds; from += WINDOW_SECONDS) {
      const seconds = Math.min(WINDOW_SECONDS, totalSeconds - from);
      const result = await loadFor(url, seconds, make);
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
      const rss = samples.filter((s) => s.at >= from && s.at < from + seconds).map((s) => s.rss);
      const window: Window = {
        from,
        to: from + seconds,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.errors + result.timeouts + result.non2xx,
        rss: rss.length ? rss : [(await rssMiB(child.pid!)) ?? NaN],
        load: os.loadavg()[0]!,
      };
      windows.push(window);
      log(
        `${(window.to / 60).toFixed(1)} min: ${window.rps.toFixed(0)} req/s, p99 ${window.p99} ms, ` +
          `${window.failures} failed, RSS max ${Math.max(...window.rss).toFixed(0)} MiB, ` +
          `load ${window.load.toFixed(2)}`,
      );
    }
    clearInterval(timer);
    printReport(windows, samples, idle);
    if (stderr.trim())
      log(`server's stderr (last lines):\n${stderr.split('\n').slice(-20).join('\n')}`);
  } finally {
    clearInterval(timer);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await scratch.drop();
  }
}

await main();
