// The attack bench's one-address case: ONE client address sends the heaviest documents the app
// has, as much as it is allowed (the app's listing with 100 products, facets and a new price filter
// each time at the GraphQL limit of 600 a minute; /busca?q=<new words> on 8 connections), while
// shoppers from other addresses open product pages never asked for before (server-rendered, so
// neither the catalog cache nor the page cache has them). Their p50/p99 quiet and under attack,
// with the per-client bounds off (only the per-minute request limit, as before them) and on
// (the defaults of config.ts). The server runs the built app (`npm run build`; built here when
// missing) in a process of its own; client addresses travel in X-Forwarded-For (TRUST_PROXY).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  DEFAULT_CLIENT_LIMITS,
  DEFAULT_SERVER_RENDERS_IN_FLIGHT,
} from '../../packages/api/src/config';
import { startServerProcess, type ServerProcess } from '../../packages/api/test/server-process';

const ATTACKER = '203.0.113.66';
/**
 * Shoppers: a new address for each page (many people), this many pages a second in all: a light
 * load, so that their quiet figures are the server's unloaded latency.
 */
export const SHOPPER_RATE = 2;
const ATTACK_CONNECTIONS = 8;
/** The per-minute GraphQL limit of production: the listing attack's allowed pace. */
const GRAPHQL_RATE_LIMIT = 600;

const WORDS = [
  'camiseta',
  'tenis',
  'bolsa',
  'vestido',
  'jaqueta',
  'calca',
  'algodao',
  'couro',
  'azul',
  'preto',
  'linho',
  'branco',
];

export interface OneAddressOptions {
  root: string;
  databaseUrl: string;
  dataDir: string;
  /** The app's listing document (StorefrontListingProducts). */
  listing: string;
  /** Published products' slugs, each page asked for once per server. */
  slugs: string[];
  durationSeconds: number;
  log(message: string): void;
}

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  codes: string;
}

function run(url: string, options: Partial<autocannon.Options>): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, ...options } as autocannon.Options, (error, result) => {
      if (error) return reject(error);
      resolve({
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        codes: Object.entries(result.statusCodeStats ?? {})
          .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
          .join(' '),
      });
    });
  });
}

interface Sampled {
  p50: number;
  p99: number;
  count: number;
  codes: string;
}

/** The value at `fraction` of the sorted samples (nearest rank). */
function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * The shoppers: SHOPPER_RATE pages a second for `duration` seconds, each sent on time whatever
 * the earlier ones are doing (people do not wait for each other), every one awaited to its end,
 * so a slow page is measured rather than cut off when the time is up.
 */
async function shopperPages(
  url: string,
  duration: number,
  next: () => { path: string; address: string },
): Promise<Sampled> {
  const count = Math.round(SHOPPER_RATE * duration);
  const started = performance.now();
  const pages: Promise<{ ms: number; status: number }>[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / SHOPPER_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { path: pagePath, address } = next();
    pages.push(
      (async () => {
        const sent = performance.now();
        const response = await fetch(`${url}${pagePath}`, {
          headers: { 'accept-encoding': 'gzip, br', 'x-forwarded-for': address },
        });
        await response.arrayBuffer();
        return { ms: performance.now() - sent, status: response.status };
      })(),
    );
  }
  const results = await Promise.all(pages);
  const sorted = results.map((result) => Math.round(result.ms)).sort((a, b) => a - b);
  const codes = new Map<number, number>();
  for (const { status } of results) codes.set(status, (codes.get(status) ?? 0) + 1);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    count: results.length,
    codes: [...codes].map(([code, n]) => `${code}×${n}`).join(' '),
  };
}

/** A request whose path (or body) comes from `next` each time it is sent, by any connection. */
function each(base: autocannon.Request, next: () => Partial<autocannon.Request>) {
  return [{ ...base, setupRequest: (request: autocannon.Request) => ({ ...request, ...next() }) }];
}

function shopperAddress(i: number): string {
  return `198.18.${(i >> 8) & 255}.${i & 255}`;
}

/** The built app and its server entry, built when missing. */
function ensureBuild(root: string, log: (message: string) => void): string {
  const appDist = path.join(root, 'dist', 'app');
  if (
    !existsSync(path.join(appDist, 'index.html')) ||
    !existsSync(path.join(root, 'dist', 'server', 'entry-server.js'))
  ) {
    log('no build of the app: scripts/build-app.mjs ...');
    const built = spawnSync(process.execPath, ['scripts/build-app.mjs', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the app build failed');
  }
  return appDist;
}

/**
 * The server process, started again (twice at most) when it fails to start: on a machine loaded
 * by others a plugin can miss Fastify's start-up time-out (the first password hash, PGlite's own
 * start), which says nothing of what is measured here.
 */
async function startWithRetry(
  options: Parameters<typeof startServerProcess>[0],
  log: (message: string) => void,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerProcess(options);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`server did not start (${(error as Error).message.split('\n')[1] ?? ''}); again`);
    }
  }
}

/** Runs the case with the bounds off, then on; answers the table's rows. */
export async function oneAddressAttack(options: OneAddressOptions): Promise<string[][]> {
  const { root, listing, slugs, durationSeconds: duration, log } = options;
  const appDist = ensureBuild(root, log);
  const perPhase = Math.ceil(SHOPPER_RATE * duration * 1.5) + 20;
  if (slugs.length < perPhase * 2 + 20) {
    throw new Error(`the case needs ${perPhase * 2 + 20} products, the store has ${slugs.length}`);
  }
  const on = DEFAULT_CLIENT_LIMITS;
  const modes: { name: string; env: Record<string, string> }[] = [
    {
      name: 'bounds off',
      env: {
        CLIENT_REQUESTS_IN_FLIGHT: '0',
        CLIENT_TIME_BUDGET_MS: '0',
        SERVER_RENDERS_IN_FLIGHT: '0',
      },
    },
    {
      name: `bounds on (${on.inFlight} in flight + ${on.queued} queued, ${on.timeBudgetMs} ms per ${on.timeWindowSeconds} s, ${DEFAULT_SERVER_RENDERS_IN_FLIGHT} renders)`,
      env: {
        CLIENT_REQUESTS_IN_FLIGHT: String(on.inFlight),
        CLIENT_REQUESTS_QUEUED: String(on.queued),
        CLIENT_QUEUE_WAIT_MS: String(on.queueWaitMs),
        CLIENT_TIME_BUDGET_MS: String(on.timeBudgetMs),
        CLIENT_TIME_WINDOW_SECONDS: String(on.timeWindowSeconds),
        SERVER_RENDERS_IN_FLIGHT: String(DEFAULT_SERVER_RENDERS_IN_FLIGHT),
      },
    },
  ];
  const rows: string[][] = [];
  let counter = 0;
  for (const mode of modes) {
    let server: ServerProcess | null = null;
    try {
      server = await startWithRetry(
        {
          databaseUrl: options.databaseUrl,
          dataDir: options.dataDir,
          env: {
            APP_DIST: appDist,
            GRAPHQL_TRUSTED_DOCUMENTS: 'true',
            GRAPHQL_RATE_LIMIT: String(GRAPHQL_RATE_LIMIT),
            TRUST_PROXY: '127.0.0.1',
            LOG_LEVEL: 'silent',
            ...mode.env,
          },
        },
        log,
      );
      const url = server.url;
      // Every server gets the same pages, in the same order: first asked for on this one.
      let page = 0;
      const shoppers = () =>
        shopperPages(url, duration, () => {
          const slug = slugs[20 + (page % (slugs.length - 20))]!;
          page += 1;
          counter += 1;
          return { path: `/produto/${slug}`, address: shopperAddress(counter) };
        });
      let price = 0;
      const listingAttack = () =>
        run(url, {
          connections: ATTACK_CONNECTIONS,
          overallRate: GRAPHQL_RATE_LIMIT / 60,
          duration,
          requests: each(
            {
              method: 'POST',
              path: '/graphql/',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': ATTACKER },
            },
            () => {
              price += 1;
              return {
                body: JSON.stringify({
                  query: listing,
                  variables: {
                    filter: { minPriceCents: 500 + price * 13, maxPriceCents: 90_000 + price * 7 },
                    sort: 'PRICE_ASC',
                    first: 100,
                    after: null,
                  },
                }),
              };
            },
          ),
        });
      let search = 0;
      const searchAttack = () =>
        run(url, {
          connections: ATTACK_CONNECTIONS,
          duration,
          requests: each(
            { method: 'GET', path: '/busca', headers: { 'x-forwarded-for': ATTACKER } },
            () => {
              search += 1;
              const a = WORDS[search % WORDS.length]!;
              const b = WORDS[Math.floor(search / WORDS.length) % WORDS.length]!;
              const c = WORDS[Math.floor(search / WORDS.length ** 2) % WORDS.length]!;
              return { path: `/busca?q=${encodeURIComponent(`${a} ${b} ${c}`)}` };
            },
          ),
        });

      // Warm-up (the first slugs, never measured; each from an address of its own, or the
      // bounds would refuse most of them): the entry loaded, the documents compiled.
      for (const [i, slug] of slugs.slice(0, 20).entries()) {
        const headers = { 'x-forwarded-for': `192.0.2.${i + 1}` };
        await (await fetch(`${url}/produto/${slug}`, { headers })).arrayBuffer();
      }
      await (
        await fetch(`${url}/busca?q=aquecimento`, { headers: { 'x-forwarded-for': '192.0.2.100' } })
      ).arrayBuffer();
      const quiet = await shoppers();
      log(`${mode.name}: shoppers alone ${quiet.codes} (${quiet.count} pages)`);
      const [underAttack, listingFigures, searchFigures] = await Promise.all([
        shoppers(),
        listingAttack(),
        searchAttack(),
      ]);
      log(`${mode.name}: shoppers under attack ${underAttack.codes} (${underAttack.count} pages)`);
      const ratio = (underAttack.p99 / Math.max(1, quiet.p99)).toFixed(2);
      rows.push([
        mode.name,
        `${quiet.p50} / ${quiet.p99}`,
        `${underAttack.p50} / ${underAttack.p99}`,
        `${ratio}×`,
        `listing ${listingFigures.p50} ms p50, ${listingFigures.codes}; /busca ${searchFigures.p50} ms p50, ${searchFigures.codes}`,
      ]);
    } finally {
      await server?.stop();
    }
  }
  return rows;
}
