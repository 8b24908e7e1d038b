// The staff orders grid and its CSV export on a large store: seeds BENCH_ORDERS orders (100,000
// by default) in one INSERT ... SELECT, then prints the grid query's median and p95 (first page,
// a filtered page, searches by CPF, e-mail, number and name, offset 5,000) through GraphQL as the
// dashboard asks it, and the CSV export's rows/s and peak RSS growth. Prints figures; never fails
// on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database is created and dropped);
//                       falls back to TEST_DATABASE_URL or DATABASE_URL; unset: in-memory PGlite.
//   BENCH_ORDERS        orders to seed (default 100000)
//   BENCH_RUNS          timed runs per grid scenario (default 30, after 3 warm-ups)
//   BENCH_GRID_ONLY     1: the grid and home figures only, without the CSV export
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --expose-gc --import tsx bench/orders-grid.ts
// (--expose-gc adds the live heap growth during the export; RSS alone includes uncollected garbage)
import { buildApp } from '../packages/api/src/app';
import {
  analyzeOrderTables,
  insertBulkOrders,
} from '../packages/api/src/modules/exports/exports.fixtures';
import { seedFixtureCatalog } from '../packages/api/src/modules/orders/orders.fixtures';
import { PasswordHasher } from '../packages/api/src/modules/staff/password';
import { insertStaff } from '../packages/api/src/modules/staff/staff.repository';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const GRID_ONLY = process.env.BENCH_GRID_ONLY === '1';
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

const STATS = `query Stats($range: DateRangeInput!) {
  dashboardStats(range: $range) {
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

async function main() {
  process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = await openBenchDatabase({ GRAPHQL_RATE_LIMIT: '0' }, { scrypt: SCRYPT });
  const { config, opened } = database;
  const db = opened.db;
  let app: ReturnType<typeof buildApp> | null = null;
  try {
    let started = Date.now();
    const catalog = await seedFixtureCatalog(db);
    await insertBulkOrders(db, { count: ORDERS, variant: catalog.shirt });
    await analyzeOrderTables(db);
    log(`seeded ${ORDERS} orders on ${opened.kind} in ${Date.now() - started} ms`);

    await insertStaff(db, {
      email: 'bench@vitrine.test',
      name: 'Bench',
      role: 'ADMIN',
      passwordHash: await new PasswordHasher(SCRYPT).hash(PASSWORD),
    });
    app = buildApp({ config, db, logger: false, mailRetryIntervalMs: 0 });
    await app.ready();
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

    const scenarios: {
      name: string;
      variables: Record<string, unknown>;
      query?: string;
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
      // The home's figures: 30 São Paulo days beside the 30 before, top lists, low stock.
      { name: 'dashboardStats, 30 days', query: STATS, variables: { range: last30Days() } },
    ];
    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const times: number[] = [];
      let totalCount = 0;
      for (let run = 0; run < WARM_UPS + RUNS; run += 1) {
        const t0 = performance.now();
        const response = await app.inject({
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
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
