// The staff orders grid and its CSV export on a large store: seeds BENCH_ORDERS orders (100,000
// by default) in one INSERT ... SELECT, then prints the grid query's median and p95 (first page,
// a filtered page, searches by CPF, e-mail, number and name, offset 5,000) through GraphQL as the
// dashboard asks it, the home's figures (dashboardStats) from the orders' rows (before: a server
// with dashboardSalesPlugin's source 'rows') and from the sales rollup (after), one at a time and
// under BENCH_CONNECTIONS concurrent staff (p50, p99, failures; both answers checked equal), and
// the CSV export's rows/s and peak RSS growth. Prints figures; never fails on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database is created and dropped);
//                       falls back to TEST_DATABASE_URL or DATABASE_URL; unset: in-memory PGlite.
//   BENCH_ORDERS        orders to seed (default 100000)
//   BENCH_RUNS          timed runs per grid scenario (default 30, after 3 warm-ups)
//   BENCH_DURATION      seconds of each concurrent dashboardStats load (default 10, after 3)
//   BENCH_CONNECTIONS   concurrent staff of that load (default 10)
//   BENCH_GRID_ONLY     1: the grid and home figures only, without the CSV export
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --expose-gc --import tsx bench/orders-grid.ts
// (--expose-gc adds the live heap growth during the export; RSS alone includes uncollected garbage)
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/api/src/app';
import {
  analyzeOrderTables,
  insertBulkOrders,
} from '../packages/api/src/modules/exports/exports.fixtures';
import { seedFixtureCatalog } from '../packages/api/src/modules/orders/orders.fixtures';
import { PasswordHasher } from '../packages/api/src/modules/staff/password';
import { foldDashboardSales } from '../packages/api/src/modules/stats/stats.repository';
import {
  dashboardSalesPlugin,
  type SalesSourceName,
} from '../packages/api/src/modules/stats/stats.rollup.plugin';
import { insertStaff } from '../packages/api/src/modules/staff/staff.repository';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const GRID_ONLY = process.env.BENCH_GRID_ONLY === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UPS = 3;
const PASSWORD = 'bench password long enough';
// Cheap hashing: the login is not what is measured here.
const SCRYPT = { logN: 10, r: 8, p: 1 };

const GRID = `query Grid($filter: OrderFilter, $sort: OrderSort, $first: Int, $offset: Int) {
  orders(filter: $filter, sort: $sort, first: $first, offset: $offset) {
    totalCount
    nodes {
      id number createdAt customer { name } brandNames itemCount totalCents
      paymentMethod paymentStatus fulfilmentStatus status
    }
  }
}`;

const STATS = `query Stats($range: DateRangeInput!, $brandId: ID) {
  dashboardStats(range: $range, brandId: $brandId) {
    current { revenueCents ordersCount unitsSold awaitingPixCount toShipCount }
    previous { revenueCents ordersCount unitsSold awaitingPixCount toShipCount }
    series { date revenueCents ordersCount }
    previousSeries { date revenueCents ordersCount }
    topProducts { productName quantity revenueCents }
    topBrands { brandName quantity revenueCents }
    lowStockVariants { sku stock }
  }
}`;

/** The last 30 São Paulo days, today included. */
function last30Days(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: today };
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** The CPF digits insertBulkOrders gives the g-th order, with its punctuation. */
function bulkCpf(g: number): string {
  const digits = String((g * 7919) % 100_000_000_000).padStart(11, '0');
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** A server on the bench's database whose dashboardStats reads its sales from `source`. */
async function statsServer(
  options: Parameters<typeof buildApp>[0],
  source: SalesSourceName,
): Promise<FastifyInstance> {
  const app = buildApp(options);
  app.register(dashboardSalesPlugin, { enabled: false, source });
  await app.ready();
  return app;
}

interface Loaded {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * CONNECTIONS staff asking `body` of `url` for DURATION seconds (after a 3-second warm-up) from
 * autocannon's worker thread; a failure is a network error, a timeout, a non-2xx or any answer
 * other than `expected` (an answer with GraphQL errors included).
 */
async function load(
  url: string,
  headers: Record<string, string>,
  body: string,
  expected: string,
): Promise<Loaded> {
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `${url}/graphql/`,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
          expectBody: expected,
          connections: CONNECTIONS,
          duration,
          workers: 1,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  await run(Math.min(3, DURATION));
  const result = await run(DURATION);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

/**
 * The home's figures under CONNECTIONS concurrent staff, from the rows (before) and from the
 * rollup (after), each case's two answers checked equal first; prints the table with ratios.
 */
async function homeUnderLoad(
  rollupApp: FastifyInstance,
  rowsApp: FastifyInstance,
  headers: Record<string, string>,
  cases: { name: string; variables: Record<string, unknown> }[],
): Promise<void> {
  const urls = {
    rows: await rowsApp.listen({ host: '127.0.0.1', port: 0 }),
    rollup: await rollupApp.listen({ host: '127.0.0.1', port: 0 }),
  };
  const table: string[][] = [];
  for (const { name, variables } of cases) {
    const body = JSON.stringify({ query: STATS, variables });
    const answer = async (url: string) =>
      (await fetch(`${url}/graphql/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }).then((response) => response.text())) as string;
    const expected = await answer(urls.rows);
    if ((await answer(urls.rollup)) !== expected || expected.includes('"errors"')) {
      throw new Error(
        `dashboardStats (${name}): the rollup's answer is not the rows': ${expected}`,
      );
    }
    const before = await load(urls.rows, headers, body, expected);
    log(`${name}, rows: p99 ${before.p99} ms, ${before.failures} failures`);
    const after = await load(urls.rollup, headers, body, expected);
    log(`${name}, rollup: p99 ${after.p99} ms, ${after.failures} failures`);
    for (const [source, figures] of [
      ['rows (before)', before],
      ['rollup', after],
    ] as const) {
      table.push([
        `${name}: ${source}`,
        figures.rps.toFixed(1),
        String(figures.p50),
        String(figures.p99),
        String(figures.failures),
      ]);
    }
    table.push([
      `${name}: rollup / rows`,
      `${(after.rps / before.rps).toFixed(1)}×`,
      `${(after.p50 / Math.max(before.p50, 1)).toFixed(3)}×`,
      `${(after.p99 / Math.max(before.p99, 1)).toFixed(3)}×`,
      '',
    ]);
  }
  console.log(
    `\ndashboardStats, 30 days, ${CONNECTIONS} concurrent staff for ${DURATION} s (same answers from both)\n`,
  );
  console.log(markdownTable(['case', 'req/s', 'p50 ms', 'p99 ms', 'failures'], table));
}

async function main() {
  process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = await openBenchDatabase({ GRAPHQL_RATE_LIMIT: '0' }, { scrypt: SCRYPT });
  const { config, opened } = database;
  const db = opened.db;
  let app: FastifyInstance | null = null;
  let rowsApp: FastifyInstance | null = null;
  try {
    let started = Date.now();
    const catalog = await seedFixtureCatalog(db);
    // One transaction without the GraphQL deadline as statement_timeout: at 100,000 orders the
    // lines' INSERT, with the rollup's trigger counting every paid order, passes 10 s on a busy
    // machine (seeding is not what is measured).
    await db.transaction(async (tx) => {
      await tx.execute('SET LOCAL statement_timeout = 0');
      await insertBulkOrders(tx, { count: ORDERS, variant: catalog.shirt });
    });
    // The sales rollup's deltas of the seed folded, as the server's job does within a minute;
    // the tables vacuumed as autovacuum does after a bulk insert (it is off on the development
    // server): index-only scans then skip the heap.
    await foldDashboardSales(db);
    await db.execute('VACUUM orders, order_lines, dashboard_sales, dashboard_order_sales');
    await analyzeOrderTables(db);
    log(`seeded ${ORDERS} orders on ${opened.kind} in ${Date.now() - started} ms`);

    await insertStaff(db, {
      email: 'bench@vitrine.test',
      name: 'Bench',
      role: 'ADMIN',
      passwordHash: await new PasswordHasher(SCRYPT).hash(PASSWORD),
    });
    app = await statsServer({ config, db, logger: false, mailRetryIntervalMs: 0 }, 'rollup');
    // Before: the same server with dashboardStats summing the orders' rows.
    rowsApp = await statsServer({ config, db, logger: false, mailRetryIntervalMs: 0 }, 'rows');
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: 'bench@vitrine.test', password: PASSWORD, remember: false },
    });
    const token = (login.json() as { access: string }).access;
    const headers = { authorization: `Bearer ${token}` };
    const middle = Math.ceil(ORDERS / 2);
    // The number of the order the CPF search finds, for the search by number.
    const byCpf = await app.inject({
      method: 'POST',
      url: '/graphql/',
      headers,
      payload: { query: GRID, variables: { filter: { search: bulkCpf(middle) }, first: 1 } },
    });
    const middleNumber = (byCpf.json() as { data: { orders: { nodes: { number: string }[] } } })
      .data.orders.nodes[0]!.number;

    const home = { range: last30Days() };
    const homeOfBrand = { range: last30Days(), brandId: catalog.shirt.brandId };
    const scenarios: {
      name: string;
      variables: Record<string, unknown>;
      query?: string;
      app?: FastifyInstance;
    }[] = [
      { name: 'first page (50, newest)', variables: { first: 50 } },
      {
        name: 'filtered page (paid Pix, oldest)',
        variables: { filter: { status: 'PAID', paymentMethod: 'PIX' }, sort: 'OLDEST', first: 50 },
      },
      {
        name: 'search by CPF (punctuated)',
        variables: { filter: { search: bulkCpf(middle) }, first: 50 },
      },
      {
        name: 'search by e-mail (other case)',
        variables: { filter: { search: `CLIENTE${middle}@Example.com` }, first: 50 },
      },
      {
        name: 'search by number (bare digits)',
        variables: { filter: { search: middleNumber.replace(/^VT-/, '') }, first: 50 },
      },
      {
        name: 'search by part of a name',
        variables: { filter: { search: `cliente ${middle}` }, first: 50 },
      },
      { name: 'offset 5,000', variables: { first: 50, offset: Math.min(5_000, ORDERS) } },
      // The home's figures: 30 São Paulo days beside the 30 before, top lists, low stock; from
      // the orders' rows (before) and from the rollup, for the store and for one brand's lines.
      { name: 'dashboardStats, 30 days: rows', query: STATS, variables: home, app: rowsApp },
      { name: 'dashboardStats, 30 days: rollup', query: STATS, variables: home },
      {
        name: 'dashboardStats, 30 days, one brand: rows',
        query: STATS,
        variables: homeOfBrand,
        app: rowsApp,
      },
      { name: 'dashboardStats, 30 days, one brand: rollup', query: STATS, variables: homeOfBrand },
    ];
    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const times: number[] = [];
      let totalCount = 0;
      for (let run = 0; run < WARM_UPS + RUNS; run += 1) {
        const t0 = performance.now();
        const response = await (scenario.app ?? app).inject({
          method: 'POST',
          url: '/graphql/',
          headers,
          payload: { query: scenario.query ?? GRID, variables: scenario.variables },
        });
        const elapsed = performance.now() - t0;
        const body = response.json() as {
          data?: {
            orders?: { totalCount: number };
            dashboardStats?: { current: { ordersCount: number } };
          };
          errors?: unknown[];
        };
        if (body.errors) throw new Error(`${scenario.name}: ${JSON.stringify(body.errors)}`);
        totalCount =
          body.data?.orders?.totalCount ?? body.data?.dashboardStats?.current.ordersCount ?? 0;
        if (run >= WARM_UPS) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      rows.push([
        scenario.name,
        String(totalCount),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
      ]);
    }
    console.log(
      `\nOrders grid and home figures, ${ORDERS} orders on ${opened.kind} (GraphQL, ${RUNS} runs each)\n`,
    );
    console.log(markdownTable(['scenario', 'matching', 'median ms', 'p95 ms'], rows));
    await homeUnderLoad(app, rowsApp, headers, [
      { name: 'store', variables: home },
      { name: 'one brand', variables: homeOfBrand },
    ]);
    if (GRID_ONLY) return;

    // The CSV export of every order, read as a browser would, while sampling the process's RSS.
    const ticket = await app.inject({
      method: 'POST',
      url: '/admin/exports/orders',
      headers,
      payload: { sort: 'NEWEST' },
    });
    const { url } = ticket.json() as { url: string };
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    const file = await app.inject({ method: 'GET', url, payloadAsStream: true });
    let bytes = 0;
    let lines = 0;
    // With node --expose-gc: the live heap after a collection, now and then (garbage aside).
    const heapBaseline = process.memoryUsage().heapUsed;
    let heapPeak = heapBaseline;
    let chunks = 0;
    for await (const chunk of file.stream()) {
      const buffer = chunk as Buffer;
      bytes += buffer.length;
      for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines += 1;
      peak = Math.max(peak, process.memoryUsage().rss);
      chunks += 1;
      if (global.gc && chunks % 20 === 0) {
        global.gc();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const exported = lines - 1;
    console.log(`\nOrders CSV export (${opened.kind})\n`);
    console.log(
      markdownTable(
        ['rows', 'MB', 'seconds', 'rows/s', 'peak RSS delta MB', 'live heap delta MB'],
        [
          [
            String(exported),
            (bytes / 1_048_576).toFixed(1),
            seconds.toFixed(2),
            Math.round(exported / seconds).toLocaleString('en-US'),
            ((peak - baseline) / 1_048_576).toFixed(1),
            global.gc ? ((heapPeak - heapBaseline) / 1_048_576).toFixed(1) : 'n/a (no --expose-gc)',
          ],
        ],
      ),
    );
  } finally {
    await app?.close();
    await rowsApp?.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
