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
//   BENCH_LOGIN_LIMITS=off  the login case without the per-address cap on password checks and
//                       without the hashing queue's bound (as before they existed)
//   BENCH_LOGIN_DURATION  seconds per phase of the login case (default BENCH_DURATION, at least 20)
// Also the login as a CPU drain (lib/login-drain.ts): one address, 8 connections, logins for
// random unknown e-mails, beside a staff login from other addresses and a shopper's product pages.
// Then one address sending the heaviest storefront documents at its allowed rate beside shoppers'
// uncached product pages, with the per-client bounds off and on (lib/one-address.ts).
// And a staff session (SUPPORT) sending BENCH_STAFF_DOCUMENTS (default 160) documents of each
// kind never seen before (6.5 MB ones, the largest allowed, overlapping fragments) beside shoppers,
// with the server's RSS before, after and after BENCH_IDLE_SECONDS (default 20) idle
// (lib/staff-documents.ts). BENCH_ONLY=listing,staff-documents,login,one-address runs only those.
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
import { sampleProductSlugs } from '../packages/api/src/modules/catalog/catalog.repository';
import { startServerProcess } from '../packages/api/test/server-process';
import { benchScratch } from './lib/database';
import { loginDrain, seedDrainStaff } from './lib/login-drain';
import { oneAddressAttack, SHOPPER_RATE } from './lib/one-address';
import { createBenchStaff, staffDocumentsCase } from './lib/staff-documents';
import { uiDocument } from './lib/ui-document';
import { markdownTable } from './lib/table';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
// BENCH_ONLY=login,staff-documents,one-address,listing runs only those cases (default: all).
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const runs = (name: 'listing' | 'staff-documents' | 'login' | 'one-address') =>
  ONLY.size === 0 || ONLY.has(name);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TRUSTED = process.env.BENCH_ATTACK_TRUSTED?.trim().toLowerCase() !== 'false';
const LOGIN_LIMITS = process.env.BENCH_LOGIN_LIMITS?.trim().toLowerCase() !== 'off';
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
    const slugs = await sampleProductSlugs(opened.db, 100);
    const pageSlugs = await sampleProductSlugs(opened.db, 1_000);
    await seedDrainStaff(opened.db);
    await createBenchStaff(opened.db);
    await opened.close();
    log(`seeded ${summary.products} products in ${Date.now() - started} ms`);

    server = await startServerProcess({
      databaseUrl: scratch?.url ?? '',
      dataDir,
      env: {
        GRAPHQL_RATE_LIMIT: '0',
        GRAPHQL_TRUSTED_DOCUMENTS: TRUSTED ? 'true' : 'false',
        LOG_LEVEL: 'silent',
        // The login case's clients are told apart by X-Forwarded-For (the load generator is the
        // proxy); the other cases send none and stay 127.0.0.1.
        TRUST_PROXY: '127.0.0.1',
        ...(LOGIN_LIMITS
          ? {}
          : {
              LOGIN_HASHES_PER_CLIENT_PER_MINUTE: '0',
              LOGIN_HASHES_PER_CLIENT_PER_HOUR: '0',
              LOGIN_HASHES_IN_FLIGHT_PER_CLIENT: '0',
              PASSWORD_HASH_QUEUE: '0',
            }),
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
    if (runs('listing')) {
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
    }

    if (runs('staff-documents')) {
      const staffDocuments = await staffDocumentsCase({
        url: server.url,
        pid: server.child.pid,
        quiet: alone,
        shopper: { requests: storefront, connections: SHOPPERS },
        count: Number(process.env.BENCH_STAFF_DOCUMENTS ?? 160),
        idleSeconds: Number(process.env.BENCH_IDLE_SECONDS ?? 20),
        table: markdownTable,
      });
      console.log(
        `\nA staff session's documents (SUPPORT, 2 connections: BENCH_STAFF_DOCUMENTS of each kind, never seen before, in turn) beside the storefront listing (${SHOPPERS} connections)\n`,
      );
      console.log(staffDocuments);
    }

    if (runs('login')) {
      const productPage = await uiDocument(
        'ProductPage/ProductPageScreen.graphql.ts',
        'PRODUCT_PAGE_QUERY',
      );
      // Logins take a scrypt hash each (N=2^17): at least 20 s a phase for enough of them.
      const loginDuration = Number(process.env.BENCH_LOGIN_DURATION ?? Math.max(DURATION, 20));
      const drain = await loginDrain(
        server.url,
        (slug) => body(productPage, { slug }),
        slugs,
        loginDuration,
      );
      console.log(
        `\nThe login as a CPU drain — password checks per address and hashing queue ${LOGIN_LIMITS ? 'bounded (defaults)' : 'unbounded (BENCH_LOGIN_LIMITS=off)'}, scrypt N=2^17, ${loginDuration} s each\n`,
      );
      console.log(
        markdownTable(
          [
            'requests',
            'quiet p50 / p99 ms',
            'under attack p50 / p99 ms',
            'ratio',
            'status codes quiet → under attack',
          ],
          drain,
        ),
      );
    }

    // One address at its allowed rate (lib/one-address.ts), on servers of its own: the embedded
    // database is opened by one process at a time.
    await server.stop();
    server = null;
    if (!runs('one-address')) return;
    const oneAddress = await oneAddressAttack({
      root: ROOT,
      databaseUrl: scratch?.url ?? '',
      dataDir,
      listing,
      slugs: pageSlugs,
      durationSeconds: DURATION,
      log,
    });
    console.log(
      `\nOne address at its allowed rate (listing with facets and a new price filter at 600/min, /busca with new words on 8 connections) beside shoppers opening product pages never asked for before (${SHOPPER_RATE}/s, an address each), ${DURATION} s each\n`,
    );
    console.log(
      markdownTable(
        [
          'per-client bounds',
          'shoppers quiet p50 / p99 ms',
          'under attack p50 / p99 ms',
          'p99 ratio',
          'the attacker',
        ],
        oneAddress,
      ),
    );
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
