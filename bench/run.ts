// `npm run bench`: seeds 10,000 products into a fresh database, starts the real server on a
// loopback port and measures four hot paths with autocannon. Prints figures; never fails on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database is created and dropped);
//                       unset: in-memory PGlite, like `npm start` without DATABASE_URL.
//   BENCH_PRODUCTS      products to seed (default 10000)
//   BENCH_DURATION      seconds per scenario (default 10)
//   BENCH_CONNECTIONS   concurrent connections (default 10)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../packages/api/src/app';
import { PRODUCTION_SCRYPT } from '../packages/api/src/config';
import { PasswordHasher } from '../packages/api/src/modules/staff/password';
import { sampleProductSlugs } from '../packages/api/src/modules/catalog/catalog.repository';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { insertStaff } from '../packages/api/src/modules/staff/staff.repository';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STAFF_PASSWORD = `bench-${randomBytes(9).toString('base64url')}`;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

const LISTING = `query Listing {
  products(first: 20) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes {
      slug name minPriceCents compareAtPriceCents inStock
      brand { slug name color }
      variants { sku size color priceCents available }
    }
  }
}`;

const PRODUCT = `query Product($slug: String!) {
  product(slug: $slug) {
    name description minPriceCents
    brand { name seoTitle }
    category { name path { slug name } }
    images { url srcSet alt }
    variants { sku options { name value } priceCents compareAtPriceCents available }
  }
}`;

const SEARCH = `query Search($search: String!) {
  products(filter: { search: $search }, first: 20) {
    totalCount
    nodes { slug name minPriceCents brand { name } }
  }
}`;

interface Scenario {
  name: string;
  requests?: autocannon.Request[];
  /** Per-connection setup (e.g. a distinct account per connection). */
  setupClient?: (client: autocannon.Client) => void;
  path?: string;
  /** Waits until the requests abandoned by the warm-up are done. */
  settle?: () => Promise<void>;
}

function graphqlRequest(query: string, variables: Record<string, unknown> = {}) {
  return {
    method: 'POST' as const,
    path: '/graphql/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  };
}

function statusCodes(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(' ');
}

function run(url: string, scenario: Scenario, duration = DURATION): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: scenario.path ? `${url}${scenario.path}` : url,
        connections: CONNECTIONS,
        duration,
        ...(scenario.requests ? { requests: scenario.requests } : {}),
        ...(scenario.setupClient
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              setupClient: scenario.setupClient,
            }
          : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function main() {
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-media-'));
  const database = await openBenchDatabase(
    {
      MEDIA_DIR: mediaDir,
      // One client measuring the server, not a shopper: no per-client request limit.
      GRAPHQL_RATE_LIMIT: '0',
      // The bench's own documents are not the ui's trusted ones (production refuses unknown
      // anonymous documents); bench/attack.ts measures the document checks themselves.
      GRAPHQL_TRUSTED_DOCUMENTS: 'false',
    },
    // The real password cost: what a staff member's login costs in production.
    { scrypt: PRODUCTION_SCRYPT },
  );
  const { config, opened } = database;
  let app: ReturnType<typeof buildApp> | null = null;
  try {
    let started = Date.now();
    const summary = await seedDemoData(
      opened.db,
      { info: log },
      { products: PRODUCTS, mediaDir, images: false },
    );
    log(`seeded ${summary.products} products in ${Date.now() - started} ms`);
    // One account per connection: the login throttle evaluates one attempt per account and
    // address at a time (loopback is one address), as a real brute-force guard should.
    const passwordHash = await new PasswordHasher(PRODUCTION_SCRYPT).hash(STAFF_PASSWORD);
    const staffEmails = Array.from({ length: CONNECTIONS }, (_, i) => `bench${i}@vitrine.local`);
    for (const email of staffEmails) {
      await insertStaff(opened.db, { email, name: 'Benchmark', role: 'ADMIN', passwordHash });
    }
    const slugs = await sampleProductSlugs(opened.db, 100);

    app = buildApp({ config, db: opened.db, logger: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    log(`server on ${url}`);
    // A sanity check before measuring: the bench accounts can sign in.
    const probe = await fetch(`${url}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staffEmails[0], password: STAFF_PASSWORD, remember: false }),
    });
    if (probe.status !== 200) log(`login probe: ${probe.status} ${await probe.text()}`);
    const login = (email: string) =>
      fetch(`${url}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STAFF_PASSWORD, remember: false }),
      });
    // An account is free again once a login of its own goes through.
    const waitForFreeAccounts = async () => {
      for (const email of staffEmails) {
        while ((await login(email)).status === 429) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    };

    const scenarios: Scenario[] = [
      { name: 'products(first: 20) + brand + variants', requests: [graphqlRequest(LISTING)] },
      {
        name: 'product(slug)',
        requests: slugs.map((slug) => graphqlRequest(PRODUCT, { slug })),
      },
      {
        name: 'text search ("camiseta algodao", "tenis couro", "bolsa")',
        requests: ['camiseta algodao', 'tenis couro', 'bolsa', 'vestido floral'].map((search) =>
          graphqlRequest(SEARCH, { search }),
        ),
      },
      {
        name: 'POST /auth/login/ (scrypt N=2^17)',
        path: '/auth/login/',
        settle: waitForFreeAccounts,
        setupClient: (() => {
          let next = 0;
          return (client: autocannon.Client) => {
            const email = staffEmails[next % staffEmails.length]!;
            next += 1;
            client.setBody(JSON.stringify({ email, password: STAFF_PASSWORD, remember: false }));
          };
        })(),
      },
    ];

    const rows: string[][] = [];
    for (const scenario of scenarios) {
      // Warm-up: JIT-compiled GraphQL and warm caches, as in a running store. Then let the
      // requests it abandoned finish (queued password hashes hold their account's attempt).
      const warm = await run(url, scenario, Math.min(3, DURATION));
      log(`${scenario.name}: warm-up status codes ${statusCodes(warm)}`);
      await scenario.settle?.();
      started = Date.now();
      const result = await run(url, scenario);
      const failures = result.errors + result.timeouts + result.non2xx;
      rows.push([
        scenario.name,
        result.requests.average.toFixed(1),
        String(result.latency.p50),
        String(result.latency.p99),
        String(result.requests.total),
        String(failures),
      ]);
      log(
        `${scenario.name}: done in ${Date.now() - started} ms (status codes: ${statusCodes(result)})`,
      );
    }

    const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors/non-2xx'];
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\nVitrine API benchmark — ${PRODUCTS} products, ${opened.kind === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'}, ` +
        `${CONNECTIONS} connections, ${DURATION} s per scenario, loopback`,
    );
    console.log(
      `Machine: ${cpu}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}\n`,
    );
    console.log(markdownTable(header, rows));
  } finally {
    await app?.close();
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
