// `npm run bench` (not in CI): a Black Friday mix against the built server, one instance and then
// two behind a round-robin client (a load balancer's role), over one PostgreSQL with Redis. Virtual
// shoppers send the storefront's own documents in a realistic mix — browse 95 (product pages and
// listings, searches included), bag 4 (cartPreview with a CEP), order 1 (placeOrder, Pix, a new
// shopper each: name, e-mail, CPF) — closed loop, no think time. Prints, per layout: sustained
// orders a minute, p50/p95/p99 per kind, errors, what each order costs (the servers' and
// PostgreSQL's CPU time, transactions) and the oversell check (every variant's stock is what it
// was minus what the run's orders hold, and the ledger says the same). Never fails on time.
//
//   BENCH_DATABASE_URL   PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_REDIS_URL      Redis (default redis://127.0.0.1:6379)
//   BENCH_BF_MINUTES     minutes per layout (default 2; the target is 10)
//   BENCH_BF_SHOPPERS    concurrent shoppers (default 32)
//   BENCH_BF_INSTANCES   layouts to run, comma-separated instance counts (default 1,2)
//   BENCH_PRODUCTS       catalog size (default 10000)
//   BENCH_NODE_ARGS      Node options for the servers, space-separated (e.g. --cpu-prof)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { loadConfig } from '../packages/api/src/config';
import { openDatabase } from '../packages/api/src/db';
import { migrate } from '../packages/api/src/db/migrate';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { seedCommerceDemo } from '../packages/api/src/modules/checkout/checkout.seed';
import { scratchDatabase } from './lib/database';
import { freePort } from './lib/own-server';
import { markdownTable } from './lib/table';
import { uiDocument } from './lib/ui-document';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API = path.join(ROOT, 'packages', 'api');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTES = Number(process.env.BENCH_BF_MINUTES ?? 2);
const SHOPPERS = Number(process.env.BENCH_BF_SHOPPERS ?? 32);
const LAYOUTS = (process.env.BENCH_BF_INSTANCES ?? '1,2').split(',').map(Number);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CHECKOUT_P95_TARGET_MS = 1_500;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** A valid CPF (check digits computed) from a number. */
function cpfOf(n: number): string {
  const digits = String(100_000_000 + (n % 899_999_999))
    .padStart(9, '0')
    .split('')
    .map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** CPU seconds used so far by a process (user + system), from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100; // clock ticks (100 Hz)
}

/** A process's parent pid and CPU seconds (its own; with `children`, its waited-for children's). */
async function processStat(
  pid: number,
): Promise<{ ppid: number; own: number; children: number } | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (i: number) => Number(fields[i] ?? 0) / 100; // clock ticks (100 Hz)
  return { ppid: Number(fields[1]), own: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

/**
 * CPU seconds of the local PostgreSQL: the postmaster's own and its exited backends' (which it
 * waited for), plus every live backend's; a connection closed during the run still counts.
 */
async function postgresCpuSeconds(): Promise<number> {
  const stats = new Map<number, { ppid: number; own: number; children: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (!comm.startsWith('postgres')) continue;
    const stat = await processStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  let total = 0;
  for (const stat of stats.values()) {
    total += stat.own;
    if (!stats.has(stat.ppid)) total += stat.children; // the postmaster
  }
  return total;
}

interface Instance {
  child: ChildProcess;
  url: string;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(API, 'dist', 'server.mjs')], {
    cwd: API,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // One machine plays every shopper: the per-client bounds and the limits on what one guest
      // may hold (unpaid orders per address, e-mail and CPF) would refuse the load generator.
      GRAPHQL_RATE_LIMIT: '0',
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
      UNPAID_ORDERS_PER_CLIENT: '0',
      UNPAID_ORDERS_PER_EMAIL: '0',
      UNPAID_ORDERS_PER_CPF: '0',
      ORDER_MAILS_PER_RECIPIENT: '0',
      VARIANT_HOLD_PERCENT: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Kind = 'product page' | 'listing' | 'search' | 'bag' | 'order';

interface Catalog {
  slugs: string[];
  variants: { id: string; slug: string }[];
  categories: string[];
  brands: string[];
  shippingMethodId: string;
}

interface Documents {
  productPage: string;
  listing: string;
  cart: string;
  place: string;
}

const SEARCHES = ['camizeta', 'tenis couro', 'bolsa', 'vestido', 'moleton', 'sandalia', 'relogio'];

class Recorder {
  readonly latencies = new Map<Kind, number[]>();
  readonly errors = new Map<Kind, number>();
  refusedOrders = 0;
  placedOrders = 0;

  add(kind: Kind, ms: number) {
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
  }

  /** The first few distinct error messages, printed after the run. */
  readonly messages = new Set<string>();

  error(kind: Kind, message = 'HTTP or network error') {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.messages.size < 5) this.messages.add(`${kind}: ${message}`);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One shopper's next request: 95 browse (60 product, 25 listing, 10 search), 4 bag, 1 order. */
function nextRequest(
  n: number,
  catalog: Catalog,
  documents: Documents,
  runId: string,
): { kind: Kind; body: unknown } {
  const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
  const roll = Math.random() * 100;
  const items = () =>
    Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => ({
      variantId: pick(catalog.variants).id,
      quantity: 1,
    }));
  if (roll < 1) {
    return {
      kind: 'order',
      body: {
        query: documents.place,
        variables: {
          input: {
            items: items(),
            customer: {
              name: `Cliente ${n}`,
              email: `bf-${runId}-${n}@example.com`,
              cpf: cpfOf(n * 7919 + 11),
              phone: '11987654321',
            },
            address: {
              postalCode: '01310-100',
              street: 'Avenida Paulista',
              number: String(1 + (n % 2000)),
              complement: null,
              district: 'Bela Vista',
              city: 'São Paulo',
              uf: 'SP',
            },
            shippingMethodId: catalog.shippingMethodId,
            paymentMethod: 'PIX',
            couponCode: null,
            idempotencyKey: `bf-${runId}-${n}`,
          },
        },
      },
    };
  }
  if (roll < 5) {
    return {
      kind: 'bag',
      body: { query: documents.cart, variables: { items: items(), postalCode: '01310-100' } },
    };
  }
  const listing = (filter: Record<string, unknown>, sort: string) => ({
    query: documents.listing,
    variables: { filter, sort, first: 24, after: null },
  });
  if (roll < 15) {
    return { kind: 'search', body: listing({ search: pick(SEARCHES) }, 'RELEVANCE') };
  }
  if (roll < 40) {
    const root =
      Math.random() < 0.5
        ? { categorySlug: pick(catalog.categories) }
        : { brandSlugs: [pick(catalog.brands)] };
    return {
      kind: 'listing',
      body: listing(
        { ...root, inStock: Math.random() < 0.3 },
        pick(['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'NAME']),
      ),
    };
  }
  return {
    kind: 'product page',
    body: { query: documents.productPage, variables: { slug: pick(catalog.slugs) } },
  };
}

async function drive(
  instances: Instance[],
  catalog: Catalog,
  documents: Documents,
  seconds: number,
  recorder: Recorder,
): Promise<void> {
  const pools = instances.map(
    (instance) => new Pool(instance.url, { connections: Math.ceil(SHOPPERS / instances.length) }),
  );
  const runId = randomBytes(4).toString('hex');
  const deadline = Date.now() + seconds * 1_000;
  let sequence = 0;
  let turn = 0;
  const shopper = async () => {
    while (Date.now() < deadline) {
      const n = sequence++;
      const { kind, body } = nextRequest(n, catalog, documents, runId);
      const pool = pools[turn++ % pools.length]!; // round robin, as a load balancer
      const started = performance.now();
      try {
        const response = await pool.request({
          method: 'POST',
          path: '/graphql/',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await response.body.text();
        const ms = performance.now() - started;
        if (response.statusCode !== 200) {
          recorder.error(kind, `HTTP ${response.statusCode}`);
          continue;
        }
        const answer = JSON.parse(text) as {
          errors?: { message?: string; extensions?: { reason?: string } }[];
        };
        if (answer.errors?.length) {
          // A sold-out or over-stock order is the store's answer, not a failure.
          if (kind === 'order' && answer.errors[0]?.extensions?.reason === 'OUT_OF_STOCK') {
            recorder.refusedOrders += 1;
            recorder.add(kind, ms);
          } else recorder.error(kind, answer.errors[0]?.message ?? 'error');
          continue;
        }
        if (kind === 'order') recorder.placedOrders += 1;
        recorder.add(kind, ms);
      } catch {
        recorder.error(kind);
      }
    }
  };
  await Promise.all(Array.from({ length: SHOPPERS }, shopper));
  await Promise.all(pools.map((pool) => pool.close()));
}

async function catalogOf(client: pg.Client): Promise<Catalog> {
  const slugs = await client.query<{ slug: string }>(
    'SELECT slug FROM products WHERE published AND min_price_cents IS NOT NULL',
  );
  const variants = await client.query<{ id: string; slug: string }>(
    `SELECT v.id, p.slug FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.published AND v.stock > 0 ORDER BY random() LIMIT 2000`,
  );
  const categories = await client.query<{ slug: string }>('SELECT slug FROM categories');
  const brands = await client.query<{ slug: string }>('SELECT slug FROM brands WHERE active');
  const shipping = await client.query<{ id: string }>(
    "SELECT id FROM shipping_methods WHERE name = 'PAC'",
  );
  return {
    slugs: slugs.rows.map((row) => row.slug),
    variants: variants.rows,
    categories: categories.rows.map((row) => row.slug),
    brands: brands.rows.map((row) => row.slug),
    shippingMethodId: shipping.rows[0]!.id,
  };
}

/** Each variant's stock and ledger sum, to compare before and after a run. */
async function stockSnapshot(client: pg.Client): Promise<Map<string, [number, number]>> {
  const result = await client.query<{ id: string; stock: number; ledger: string }>(
    `SELECT v.id, v.stock, coalesce((SELECT sum(delta) FROM stock_movements m
       WHERE m.variant_id = v.id), 0) AS ledger FROM variants v`,
  );
  return new Map(result.rows.map((row) => [row.id, [row.stock, Number(row.ledger)]]));
}

interface LayoutResult {
  instances: number;
  recorder: Recorder;
  seconds: number;
  serverCpu: number;
  postgresCpu: number;
  transactions: number;
  oversold: number;
  ledgerMismatch: number;
}

async function runLayout(
  count: number,
  databaseUrl: string,
  client: pg.Client,
  catalog: Catalog,
  documents: Documents,
): Promise<LayoutResult> {
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < count; i += 1) instances.push(await startInstance(databaseUrl));
    // Warm-up: compiled code, the catalog cache's first answers.
    await drive(instances, catalog, documents, 15, new Recorder());
    const before = await stockSnapshot(client);
    const startedAt = await client.query<{ t: Date }>('SELECT clock_timestamp() AS t');
    const serverCpu0 = (await Promise.all(instances.map((i) => cpuSeconds(i.child.pid!)))).reduce(
      (a, b) => a + b,
      0,
    );
    const postgresCpu0 = await postgresCpuSeconds();
    const tx0 = await client.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    const recorder = new Recorder();
    const seconds = MINUTES * 60;
    await drive(instances, catalog, documents, seconds, recorder);
    const serverCpu =
      (await Promise.all(instances.map((i) => cpuSeconds(i.child.pid!)))).reduce(
        (a, b) => a + b,
        0,
      ) - serverCpu0;
    const postgresCpu = (await postgresCpuSeconds()) - postgresCpu0;
    const tx1 = await client.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    // Oversell: each variant's stock is what it was minus what this run's orders hold, never
    // below zero, and its ledger moved by the same amount.
    const held = await client.query<{ variant_id: string; quantity: string }>(
      `SELECT l.variant_id, sum(l.quantity) AS quantity FROM order_lines l
       JOIN orders o ON o.id = l.order_id WHERE o.created_at >= $1 GROUP BY l.variant_id`,
      [startedAt.rows[0]!.t],
    );
    const heldBy = new Map(held.rows.map((row) => [row.variant_id, Number(row.quantity)]));
    const after = await stockSnapshot(client);
    let oversold = 0;
    let ledgerMismatch = 0;
    for (const [id, [stock, ledger]] of after) {
      const [stockBefore, ledgerBefore] = before.get(id) ?? [stock, ledger];
      const sold = heldBy.get(id) ?? 0;
      if (stock < 0 || stock !== stockBefore - sold) oversold += 1;
      if (ledger - ledgerBefore !== -sold) ledgerMismatch += 1;
    }
    return {
      instances: count,
      recorder,
      seconds,
      serverCpu,
      postgresCpu,
      transactions: Number(tx1.rows[0]!.n) - Number(tx0.rows[0]!.n),
      oversold,
      ledgerMismatch,
    };
  } finally {
    for (const instance of instances) {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      await exited;
    }
  }
}

function report(results: LayoutResult[]) {
  console.log(
    `\nBlack Friday mix — browse 95 : bag 4 : order 1, ${SHOPPERS} shoppers, ${MINUTES} min per ` +
      `layout, ${PRODUCTS.toLocaleString('en-US')} products, PostgreSQL + Redis on this machine`,
  );
  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ` +
      `Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  const kinds: Kind[] = ['product page', 'listing', 'search', 'bag', 'order'];
  const rows: string[][] = [];
  for (const result of results) {
    for (const kind of kinds) {
      const values = result.recorder.latencies.get(kind) ?? [];
      const errors = result.recorder.errors.get(kind) ?? 0;
      rows.push([
        `${result.instances} instance${result.instances > 1 ? 's' : ''}: ${kind}`,
        String(values.length),
        (values.length / result.seconds).toFixed(1),
        percentile(values, 50).toFixed(0),
        percentile(values, 95).toFixed(0),
        percentile(values, 99).toFixed(0),
        `${((errors / Math.max(1, values.length + errors)) * 100).toFixed(2)} %`,
      ]);
    }
  }
  console.log(
    markdownTable(
      ['layout: kind', 'answers', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
      rows,
    ),
  );
  console.log('');
  console.log(
    markdownTable(
      [
        'layout',
        'orders/min',
        'refused (stock)',
        `checkout p95 ≤ ${CHECKOUT_P95_TARGET_MS} ms`,
        'server CPU ms/order',
        'PostgreSQL CPU ms/order',
        'transactions/order',
        'oversold variants',
        'ledger ≠ stock',
      ],
      results.map((result) => {
        const orders = Math.max(1, result.recorder.placedOrders);
        const p95 = percentile(result.recorder.latencies.get('order') ?? [], 95);
        return [
          `${result.instances} instance${result.instances > 1 ? 's' : ''}`,
          ((result.recorder.placedOrders / result.seconds) * 60).toFixed(0),
          String(result.recorder.refusedOrders),
          `${p95.toFixed(0)} ms ${p95 <= CHECKOUT_P95_TARGET_MS ? '(met)' : '(not met)'}`,
          ((result.serverCpu * 1000) / orders).toFixed(0),
          ((result.postgresCpu * 1000) / orders).toFixed(0),
          (result.transactions / orders).toFixed(0),
          String(result.oversold),
          String(result.ledgerMismatch),
        ];
      }),
    ),
  );
  console.log(
    '\nPer order: everything the mix did around it (about 99 other requests), as a deployment is sized.',
  );
}

async function main() {
  const built = spawnSync(process.execPath, [path.join(API, 'scripts', 'build-server.mjs')], {
    cwd: API,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  const scratch = await scratchDatabase(BASE_URL);
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
    });
    const opened = await openDatabase(config);
    try {
      await migrate(opened.db);
      const started = Date.now();
      await seedDemoData(
        opened.db,
        { info: () => undefined },
        { products: PRODUCTS, images: false },
      );
      await seedCommerceDemo(opened.db);
      log(`seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } finally {
      await opened.close();
    }
    await client.connect();
    // What a live store's autovacuum does after a bulk load (it is off on the development
    // server): statistics, the visibility map and hint bits (bench/catalog-scale.ts).
    await client.query('VACUUM ANALYZE');
    const catalog = await catalogOf(client);
    const documents: Documents = {
      productPage: await uiDocument(
        'ProductPage/ProductPageScreen.graphql.ts',
        'PRODUCT_PAGE_QUERY',
      ),
      listing: await uiDocument('Listing/ListingScreen.graphql.ts', 'LISTING_PRODUCTS_QUERY'),
      cart: await uiDocument('Cart/CartScreen.graphql.ts', 'CART_PREVIEW_QUERY'),
      place: await uiDocument('Checkout/CheckoutScreen.graphql.ts', 'PLACE_ORDER_MUTATION'),
    };
    const results: LayoutResult[] = [];
    for (const count of LAYOUTS) {
      log(`${count} instance(s): ${MINUTES} min…`);
      results.push(await runLayout(count, scratch.url, client, catalog, documents));
      const last = results.at(-1)!;
      log(`  ${last.recorder.placedOrders} orders, ${last.recorder.refusedOrders} refused`);
      for (const message of last.recorder.messages) log(`  error: ${message}`);
    }
    report(results);
  } finally {
    await client.end().catch(() => undefined);
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
