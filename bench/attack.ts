// `npm run bench` (issue 11, items 2 and 3): the storefront's p50 and p99 for a product list
// request (the app's own listing document, first page) alone, then beside the heavy cases an
// attacker tried: unique hostile documents (1,650 chained fragments; 5,000 conflicting aliases),
// 15 aliased facets listings, and the heaviest document an anonymous client may still send (the
// app's listing with 100 products, facets and a new search each time). The server runs in its own
// process in production mode (trusted documents on), so the load generator does not share its
// event loop; the per-client rate limit is off, as for an attack from many addresses.
// Prints figures; never fails on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database is created and dropped);
//                       unset: embedded PGlite, which runs its queries on the server's own thread
//   BENCH_PRODUCTS      products to seed (default 10000)
//   BENCH_DURATION      seconds per measurement (default 10)
//   BENCH_ATTACK_TRUSTED=false  the same with trusted documents off (what staff-free-form costs)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { print, type DocumentNode } from 'graphql';
import { runnerImport } from 'vite';
import { loadConfig } from '../packages/api/src/config';
import { openDatabase } from '../packages/api/src/db';
import { migrate } from '../packages/api/src/db/migrate';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { startServerProcess } from '../packages/api/test/server-process';
import { benchScratch } from './lib/database';
import { markdownTable } from './lib/table';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TRUSTED = process.env.BENCH_ATTACK_TRUSTED?.trim().toLowerCase() !== 'false';
/** Connections of the storefront's shoppers and of each attack. */
const SHOPPERS = 4;
const ATTACKERS = 2;
/** Distinct bodies per attack: each request is a document the server has not seen lately. */
const VARIANTS = 200;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** The app's own listing document, as the ui module defines it (evaluated as the build does). */
async function listingDocument(): Promise<string> {
  const file = path.join(
    ROOT,
    'packages/ui/src/screens/storefront/Listing/ListingScreen.graphql.ts',
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-doc-'));
  const entry = path.join(dir, 'entry.ts');
  await writeFile(entry, `export * from ${JSON.stringify(file)};`);
  try {
    const { module } = await runnerImport<{ LISTING_PRODUCTS_QUERY: DocumentNode }>(entry, {
      configFile: false,
      logLevel: 'silent',
      resolve: {
        alias: [
          {
            find: /^@apollo\/client$/,
            replacement: path.join(ROOT, 'node_modules/@apollo/client/core/index.js'),
          },
        ],
      },
      ssr: { noExternal: true },
    });
    return print(module.LISTING_PRODUCTS_QUERY);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function body(query: string, variables: Record<string, unknown> = {}) {
  return {
    method: 'POST' as const,
    path: '/graphql/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  };
}

const tag = () => randomBytes(4).toString('hex');

/** 1,650 fragments, each spreading the next: ~80 KB, unique names per document. */
function chainedFragments(): string {
  const t = tag();
  const count = 1_650;
  const parts = [`query Q${t} { ...F${t}0 }`];
  for (let i = 0; i < count; i += 1) {
    parts.push(
      `fragment F${t}${i} on Query { ${i + 1 < count ? `...F${t}${i + 1}` : '__typename'} }`,
    );
  }
  return parts.join('\n');
}

/** 5,000 selections under one alias that name different fields (overlapping-fields work). */
let aliasSeed = 0;
function conflictingAliases(): string {
  // A short alias (the body stays under the 100 KB limit), another one per document.
  aliasSeed += 1;
  const alias = `a${aliasSeed.toString(36)}`;
  const parts: string[] = [];
  for (let i = 0; i < 5_000; i += 1) {
    parts.push(i % 2 === 0 ? `${alias}:brands{slug}` : `${alias}:__typename`);
  }
  return `{${parts.join(' ')}}`;
}

/** Fifteen aliased listings with facets (issue 11, item 3). */
function aliasedFacets(): string {
  const t = tag();
  const one = (i: number) =>
    `p${t}${i}: products(first: 50) { nodes { id name } facets { brands { value count } sizes { value count } inStockCount } }`;
  return `{ ${Array.from({ length: 15 }, (_, i) => one(i)).join(' ')} }`;
}

const SEARCH_WORDS = [
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
];

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  total: number;
  codes: string;
}

function measure(
  url: string,
  requests: autocannon.Request[],
  connections: number,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION, requests }, (error, result) => {
      if (error) return reject(error);
      resolve({
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        total: result.requests.total,
        codes: Object.entries(result.statusCodeStats ?? {})
          .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
          .join(' '),
      });
    });
  });
}

async function main() {
  const scratch = await benchScratch();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-attack-'));
  const mediaDir = path.join(dataDir, 'media');
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    let started = Date.now();
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      MEDIA_DIR: mediaDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    const opened = await openDatabase(config);
    await migrate(opened.db);
    const summary = await seedDemoData(
      opened.db,
      { info: log },
      { products: PRODUCTS, mediaDir, images: false },
    );
    await opened.close();
    log(`seeded ${summary.products} products in ${Date.now() - started} ms`);

    server = await startServerProcess({
      databaseUrl: scratch?.url ?? '',
      dataDir,
      env: {
        GRAPHQL_RATE_LIMIT: '0',
        GRAPHQL_TRUSTED_DOCUMENTS: TRUSTED ? 'true' : 'false',
        LOG_LEVEL: 'silent',
      },
    });
    log(`server process on ${server.url} (trusted documents ${TRUSTED ? 'on' : 'off'})`);

    const listing = await listingDocument();
    const storefront = [body(listing, { filter: {}, sort: 'NEWEST', first: 24, after: null })];
    const probe = await fetch(`${server.url}/graphql/`, {
      method: 'POST',
      headers: storefront[0]!.headers,
      body: storefront[0]!.body,
    });
    if (probe.status !== 200)
      throw new Error(`storefront request: ${probe.status} ${await probe.text()}`);

    const attacks: { name: string; requests: autocannon.Request[] }[] = [
      {
        name: 'hostile: 1,650 chained fragments (unique)',
        requests: Array.from({ length: VARIANTS }, () => body(chainedFragments())),
      },
      {
        name: 'hostile: 5,000 conflicting aliases (unique)',
        requests: Array.from({ length: VARIANTS }, () => body(conflictingAliases())),
      },
      {
        name: '15 aliased products(first: 50) with facets',
        requests: Array.from({ length: VARIANTS }, () => body(aliasedFacets())),
      },
      {
        name: "the app's listing, 100 products + facets, a new search each time",
        requests: Array.from({ length: VARIANTS }, (_, i) =>
          body(listing, {
            filter: {
              search: `${SEARCH_WORDS[i % SEARCH_WORDS.length]} ${SEARCH_WORDS[(i * 7 + 3) % SEARCH_WORDS.length]}`,
            },
            sort: 'RELEVANCE',
            first: 100,
            after: null,
          }),
        ),
      },
    ];

    // Warm-up (JIT-compiled documents, warm caches), then the storefront alone.
    await measure(server.url, storefront, SHOPPERS);
    started = Date.now();
    const alone = await measure(server.url, storefront, SHOPPERS);
    log(`storefront alone: ${alone.codes} (${Date.now() - started} ms)`);
    const row = (name: string, result: Measured) => [
      name,
      String(result.p50),
      String(result.p99),
      result.rps.toFixed(1),
      result.codes,
    ];
    const rows = [row('storefront listing (first: 24), alone', alone)];
    // Then beside each attack, and beside all of them at once.
    const besides = async (chosen: typeof attacks) => {
      const [shoppers, ...attackers] = await Promise.all([
        measure(server!.url, storefront, SHOPPERS),
        ...chosen.map((attack) => measure(server!.url, attack.requests, ATTACKERS)),
      ]);
      return { shoppers: shoppers!, attackers };
    };
    for (const attack of attacks) {
      const { shoppers, attackers } = await besides([attack]);
      log(`beside ${attack.name}: ${shoppers.codes}`);
      rows.push(row(`storefront beside: ${attack.name}`, shoppers));
      rows.push(row(`  the attack itself (${ATTACKERS} connections)`, attackers[0]!));
    }
    const all = await besides(attacks);
    log(`beside every attack: ${all.shoppers.codes}`);
    rows.push(row('storefront beside all four attacks at once', all.shoppers));

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\nVitrine storefront under attack — ${PRODUCTS} products, ${scratch ? 'PostgreSQL' : 'PGlite (embedded)'}, server in its own process, ` +
        `trusted documents ${TRUSTED ? 'on' : 'off'}, ${SHOPPERS} shopper connections, ${ATTACKERS} per attack, ${DURATION} s, loopback`,
    );
    console.log(
      `Machine: ${cpu}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}\n`,
    );
    console.log(markdownTable(['requests', 'p50 ms', 'p99 ms', 'req/s', 'status codes'], rows));
  } finally {
    await server?.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
