// `npm run bench` (issue 17, item 2): the storefront's product list and product page, with the
// catalog cache off and on, measured in the same run as a bare Fastify's ceiling on this machine;
// then the product page as the server-rendered HTML a first visit gets, with the rendered-page
// cache off and on (when the app is built).
// The documents are the storefront's own (the listing with its facets, the product page). The load
// comes from a worker thread (autocannon's workers), so it does not share the server's event loop.
// Prints figures; never fails on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database is created and dropped);
//                       unset: in-memory PGlite, like `npm start` without DATABASE_URL.
//   BENCH_PRODUCTS      products to seed (default 10000)
//   BENCH_DURATION      seconds per scenario (default 10)
//   BENCH_CONNECTIONS   concurrent connections (default 10)
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../packages/api/src/app';
import { sampleProductSlugs } from '../packages/api/src/modules/catalog/catalog.repository';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';
import { uiDocument } from './lib/ui-document';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Issue 17's targets for the product list and the product page. */
const TARGET_RPS = 2_000;
const TARGET_P99_MS = 20;

/** The listing's page size (packages/ui listingParams PAGE_SIZE). */
const PAGE_SIZE = 24;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

function graphqlRequest(query: string, variables: Record<string, unknown>) {
  return {
    method: 'POST' as const,
    path: '/graphql/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  };
}

function run(
  url: string,
  requests: autocannon.Request[],
  duration = DURATION,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, requests, workers: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measure(
  name: string,
  url: string,
  requests: autocannon.Request[],
): Promise<Measured> {
  await run(url, requests, Math.min(3, DURATION)); // warm-up: JIT, caches
  const result = await run(url, requests);
  const failures = result.errors + result.timeouts + result.non2xx;
  log(`${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}

async function main() {
  const database = await openBenchDatabase({
    // One client measuring the server, not a shopper: no per-client request limit.
    GRAPHQL_RATE_LIMIT: '0',
    GRAPHQL_TRUSTED_DOCUMENTS: 'true',
  });
  const { config, opened } = database;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    let started = Date.now();
    const summary = await seedDemoData(
      opened.db,
      { info: log },
      { products: PRODUCTS, images: false },
    );
    log(`seeded ${summary.products} products in ${Date.now() - started} ms`);
    const slugs = await sampleProductSlugs(opened.db, 100);
    const listing = [
      graphqlRequest(
        await uiDocument('Listing/ListingScreen.graphql.ts', 'LISTING_PRODUCTS_QUERY'),
        {
          filter: {},
          sort: 'RELEVANCE',
          first: PAGE_SIZE,
          after: null,
        },
      ),
    ];
    const productPage = await uiDocument(
      'ProductPage/ProductPageScreen.graphql.ts',
      'PRODUCT_PAGE_QUERY',
    );
    const pages = slugs.map((slug) => graphqlRequest(productPage, { slug }));

    // The ceiling: Fastify answering a fixed JSON of the listing's size, nothing else.
    const bare = Fastify({ logger: false });
    const body = JSON.stringify({ data: { filler: 'x'.repeat(6_000) } });
    bare.post('/graphql/', async (_request, reply) => reply.type('application/json').send(body));
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    closers.push(() => bare.close());

    /** A server on this database with `overrides` of the configuration; its URL. */
    const server = async (overrides: Partial<typeof config>, serveApp = false) => {
      const app = buildApp({
        config: { ...config, ...overrides },
        db: opened.db,
        logger: false,
        serveApp,
      });
      closers.push(() => app.close());
      return app.listen({ host: '127.0.0.1', port: 0 });
    };
    const catalogCache = (entries: number) => ({ ...config.catalogCache, entries });
    const uncachedUrl = await server({ catalogCache: catalogCache(0) });
    const cachedUrl = await server({ catalogCache: catalogCache(5_000) });
    started = Date.now();

    const ceiling = await measure('bare Fastify (fixed JSON)', bareUrl, [
      {
        method: 'POST',
        path: '/graphql/',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    ]);
    const rows = [
      ceiling,
      await measure('product list (storefront listing + facets), cache off', uncachedUrl, listing),
      await measure('product list (storefront listing + facets), cache on', cachedUrl, listing),
      await measure('product page (100 products), cache off', uncachedUrl, pages),
      await measure('product page (100 products), cache on', cachedUrl, pages),
    ];

    // The same product pages as HTML, rendered by the server (the storefront's first visit), with
    // the rendered-page cache off and on; the GraphQL inside them comes from the catalog cache in
    // both. Needs the build (npm run build): without it these rows are left out, and said so.
    const appDist = path.resolve(ROOT, 'dist/app');
    const serverEntry = path.resolve(ROOT, 'dist/server/entry-server.js');
    if (existsSync(path.join(appDist, 'index.html')) && existsSync(serverEntry)) {
      const pageServer = (pageCacheEntries: number) =>
        server({ appDist, serverEntry, pageCacheEntries, catalogCache: catalogCache(5_000) }, true);
      const html = slugs.map((slug) => ({
        method: 'GET' as const,
        path: `/produto/${slug}`,
        headers: { 'accept-encoding': 'br' },
      }));
      // Each page asked for once first: the steady state, as the catalog cache rows measure it
      // (a page's first render, ~50-100 ms of CPU, is what the page cache saves the next ones).
      const warmed = async (url: string) => {
        for (const request of html) {
          await fetch(`${url}${request.path}`, { headers: request.headers }).then((r) => r.text());
        }
        return url;
      };
      rows.push(
        await measure(
          'product page as HTML, server-rendered (100 products), page cache off',
          await warmed(await pageServer(0)),
          html,
        ),
        await measure(
          'product page as HTML, server-rendered (100 products), page cache on',
          await warmed(await pageServer(200)),
          html,
        ),
      );
    } else {
      log('no build (npm run build): the server-rendered HTML rows are left out');
    }
    log(`measured in ${Date.now() - started} ms`);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\nCatalog cache benchmark — ${PRODUCTS} products, ${opened.kind === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'}, ` +
        `${CONNECTIONS} connections, ${DURATION} s per scenario, load from a worker thread, loopback`,
    );
    console.log(
      `Machine: ${cpu}, ${os.availableParallelism()} cores, Node ${process.version}, ${os.platform()} ${os.release()}\n`,
    );
    console.log(
      markdownTable(
        ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'of the ceiling'],
        rows.map((row) => [
          row.name,
          row.rps.toFixed(0),
          String(row.p50),
          String(row.p99),
          String(row.failures),
          `${((row.rps / ceiling.rps) * 100).toFixed(1)} %`,
        ]),
      ),
    );
    const target = (name: string, off: Measured, on: Measured) => [
      name,
      `≥ ${TARGET_RPS} req/s, p99 < ${TARGET_P99_MS} ms`,
      `${off.rps.toFixed(0)} req/s, p99 ${off.p99} ms`,
      `${on.rps.toFixed(0)} req/s, p99 ${on.p99} ms`,
      `${(on.rps / off.rps).toFixed(1)}×`,
      `${(on.rps / TARGET_RPS).toFixed(2)}× the target`,
      on.rps >= TARGET_RPS && on.p99 < TARGET_P99_MS ? 'met' : 'not met',
    ];
    console.log('\nIssue 17, item 2: the targets beside the figures of this run\n');
    console.log(
      markdownTable(
        ['', 'target', 'cache off', 'cache on', 'on / off', 'on / target', ''],
        [target('product list', rows[1]!, rows[2]!), target('product page', rows[3]!, rows[4]!)],
      ),
    );
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
