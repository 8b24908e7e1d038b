// `npm run bench`: the storefront's uncached catalog reads as the catalog grows. The same documents
// the app sends (the listing with its facets and total, the product page), with the catalog cache
// off and every request a different filter, on catalogs of 10,000 and 100,000 products (3 variants
// each on average), each beside a bare Fastify's ceiling measured in the same run. What matters is
// the ratio between the two catalogs: a read that does not grow with the catalog stays near 1×.
// Prints figures; never fails on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (scratch databases are created and dropped);
//                       unset: in-memory PGlite
//   BENCH_SCALE_SIZES   catalog sizes, comma-separated (default 10000,100000 on PostgreSQL;
//                       10000 on PGlite, where seeding 100,000 products takes many minutes)
//   BENCH_DURATION      seconds per scenario (default 10)
//   BENCH_CONNECTIONS   concurrent connections (default 10)
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../packages/api/src/app';
import { listCatalog } from '../packages/api/src/modules/catalog/catalog.listing.service';
import { sampleProductSlugs } from '../packages/api/src/modules/catalog/catalog.repository';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { SEED_BRANDS } from '../packages/api/src/modules/catalog/seed.data';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';
import { uiDocument } from './lib/ui-document';

const SIZES = (
  process.env.BENCH_SCALE_SIZES ?? (process.env.BENCH_DATABASE_URL ? '10000,100000' : '10000')
)
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The listing's page size (packages/ui listingParams PAGE_SIZE). */
const PAGE_SIZE = 24;
/** The deep page: page 200 of the newest products. */
const DEEP_PAGE = 200;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

type Request = autocannon.Request;

function graphqlRequest(query: string, variables: Record<string, unknown>): Request {
  return {
    method: 'POST',
    path: '/graphql/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

function load(url: string, requests: Request[], duration = DURATION): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, requests, workers: 1 },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rps: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              failures: result.errors + result.timeouts + result.non2xx,
            }),
    );
  });
}

/** The category slugs of the demo catalog (every level). */
const CATEGORY_SLUGS = [
  'roupas',
  'camisetas',
  'calcas',
  'vestidos',
  'calcados',
  'tenis',
  'bolsas',
  'acessorios',
  'casa',
  'decoracao',
];
const SORTS = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'NAME'];
/** Searches as shoppers type them, typos included ("camizeta", "moleton", "sandalia"). */
const SEARCHES = [
  'camizeta',
  'camiseta algodao',
  'tenis couro',
  'bolsa',
  'vestido linho',
  'moleton',
  'sandalia',
  'calca jeans',
  'relogio',
  'camizeta azul',
  'oculos de sol',
  'almofada',
];
const SIZE_CHOICES = ['P', 'M', 'G', '38', '40', '42'];
const COLOR_CHOICES = ['Azul', 'Preto', 'Branco', 'Off-white', 'Verde-oliva'];

/** Landing listings: each brand, each category, with and without "em estoque", each sort. */
function landingFilters(): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  const roots: Record<string, unknown>[] = [
    {},
    ...SEED_BRANDS.map((brand) => ({ brandSlugs: [brand.slug] })),
    ...CATEGORY_SLUGS.map((categorySlug) => ({ categorySlug })),
  ];
  for (const root of roots) {
    for (const inStock of [false, true]) {
      for (const sort of SORTS) filters.push({ filter: { ...root, inStock }, sort });
    }
  }
  return filters;
}

/** Refinements: a category or the whole catalog narrowed by a size or a colour. */
function refinedFilters(): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  for (const categorySlug of [undefined, 'roupas', 'camisetas', 'calcados']) {
    for (const size of SIZE_CHOICES) filters.push({ filter: { categorySlug, sizes: [size] } });
    for (const color of COLOR_CHOICES) filters.push({ filter: { categorySlug, colors: [color] } });
  }
  return filters;
}

/**
 * Refinements by several values: two or three sizes, two or three colours, some with one value of
 * the other facet (counted since migration 0054), over the catalog or a category.
 */
function multiValueFilters(): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  for (const categorySlug of [undefined, 'roupas', 'calcados']) {
    for (const [i, size] of SIZE_CHOICES.entries()) {
      const next = SIZE_CHOICES[(i + 1) % SIZE_CHOICES.length];
      filters.push({ filter: { categorySlug, sizes: [size, next] } });
      filters.push({
        filter: { categorySlug, sizes: [size, next], colors: [COLOR_CHOICES[i % 5]] },
      });
    }
    for (const [i, color] of COLOR_CHOICES.entries()) {
      const next = COLOR_CHOICES[(i + 1) % COLOR_CHOICES.length];
      const third = COLOR_CHOICES[(i + 2) % COLOR_CHOICES.length];
      filters.push({ filter: { categorySlug, colors: [color, next, third], inStock: true } });
    }
  }
  return filters;
}

/** Price ranges (any two numbers a shopper types), over the catalog or a category. */
function priceFilters(): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  for (const categorySlug of [undefined, 'roupas', 'calcados', 'casa']) {
    for (const [minPriceCents, maxPriceCents] of [
      [5_000, 15_000],
      [10_000, 30_000],
      [null, 8_000],
      [20_000, null],
    ]) {
      filters.push({ filter: { categorySlug, minPriceCents, maxPriceCents } });
    }
  }
  return filters;
}

/**
 * A price range with one size, one colour or one of each (counted since migration 0056), over the
 * catalog or a category.
 */
function pricedRefinementFilters(): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  const ranges = [
    [5_000, 15_000],
    [null, 10_000],
    [12_000, null],
  ];
  for (const categorySlug of [undefined, 'roupas', 'calcados']) {
    for (const [i, [minPriceCents, maxPriceCents]] of ranges.entries()) {
      const size = SIZE_CHOICES[(i * 2) % SIZE_CHOICES.length];
      const color = COLOR_CHOICES[i % COLOR_CHOICES.length];
      const range = { categorySlug, minPriceCents, maxPriceCents };
      filters.push({ filter: { ...range, sizes: [size] } });
      filters.push({ filter: { ...range, colors: [color], inStock: true } });
      filters.push({ filter: { ...range, sizes: [size], colors: [color] } });
    }
  }
  return filters;
}

/**
 * What the counts answer only in part (partlyCountedFacets since migration 0058): two sizes in two
 * colours, a price with two sizes or with two colours in stock, over the catalog or a category.
 */
function partlyCountedFilters(): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  for (const categorySlug of [undefined, 'roupas', 'calcados']) {
    for (let i = 0; i < 3; i += 1) {
      const sizes = [SIZE_CHOICES[i * 2], SIZE_CHOICES[i * 2 + 1]];
      const colors = [COLOR_CHOICES[i], COLOR_CHOICES[i + 1]];
      filters.push({ filter: { categorySlug, sizes, colors } });
      filters.push({
        filter: { categorySlug, sizes, minPriceCents: 8_000, maxPriceCents: 20_000 },
      });
      filters.push({ filter: { categorySlug, colors, minPriceCents: 12_000, inStock: true } });
    }
  }
  return filters;
}

interface ScaleRow {
  size: number;
  scenario: string;
  measured: Measured;
  ceiling: number;
}

async function measureCatalog(size: number, ceilingUrl: string): Promise<ScaleRow[]> {
  const database = await openBenchDatabase({
    GRAPHQL_RATE_LIMIT: '0',
    GRAPHQL_TRUSTED_DOCUMENTS: 'true',
  });
  const { config, opened } = database;
  let app: ReturnType<typeof buildApp> | null = null;
  try {
    const started = Date.now();
    await seedDemoData(opened.db, { info: () => undefined }, { products: size, images: false });
    log(`${size}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // What autovacuum does after a bulk load (it is off on the development server): statistics for
    // the planner, and the visibility map and hint bits, without which the first reads of every
    // page write it and index-only scans visit the heap (at 100,000 products the landing listings
    // ran at 35 req/s without it and 184 with it, the same database).
    await opened.db.execute('VACUUM ANALYZE');
    const listing = await uiDocument('Listing/ListingScreen.graphql.ts', 'LISTING_PRODUCTS_QUERY');
    const productPage = await uiDocument(
      'ProductPage/ProductPageScreen.graphql.ts',
      'PRODUCT_PAGE_QUERY',
    );
    const listingRequest = (variables: Record<string, unknown>) =>
      graphqlRequest(listing, {
        filter: {},
        sort: 'NEWEST',
        first: PAGE_SIZE,
        after: null,
        ...variables,
      });
    // The deep page's cursor, walked as a shopper's "next page" clicks would.
    const scope = { publicOnly: true, brandIdScope: null };
    let after: string | null = null;
    for (let page = 1; page < DEEP_PAGE; page += 1) {
      const connection = await listCatalog(
        opened.db,
        { sort: 'NEWEST', first: PAGE_SIZE, after },
        scope,
      );
      after = connection.pageInfo.endCursor;
      if (!after) break;
    }
    const slugs = await sampleProductSlugs(opened.db, 300);

    app = buildApp({
      config: { ...config, catalogCache: { ...config.catalogCache, entries: 0 } },
      db: opened.db,
      logger: false,
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const scenarios: [string, Request[]][] = [
      [
        'listing + facets + total: landing (brand, category, em estoque, sort)',
        landingFilters().map(listingRequest),
      ],
      ['listing + facets + total: refined by size or colour', refinedFilters().map(listingRequest)],
      [
        'listing + facets + total: two sizes or colours or more',
        multiValueFilters().map(listingRequest),
      ],
      ['listing + facets + total: a price range', priceFilters().map(listingRequest)],
      [
        'listing + facets + total: a price range with a size or a colour',
        pricedRefinementFilters().map(listingRequest),
      ],
      [
        'listing + facets + total: two sizes in two colours, a price with two of either',
        partlyCountedFilters().map(listingRequest),
      ],
      [
        'listing + facets + total: search (typos included)',
        SEARCHES.map((search) => listingRequest({ filter: { search }, sort: 'RELEVANCE' })),
      ],
      [`listing page ${DEEP_PAGE} (newest)`, [listingRequest({ after })]],
      ['product page', slugs.map((slug) => graphqlRequest(productPage, { slug }))],
    ];
    const rows: ScaleRow[] = [];
    for (const [scenario, requests] of scenarios) {
      await load(url, requests, Math.min(3, DURATION)); // warm-up
      const ceiling = await load(
        ceilingUrl,
        [{ method: 'POST', path: '/graphql/', body: '{}' }],
        3,
      );
      const measured = await load(url, requests);
      log(`${size}: ${scenario}: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99} ms`);
      rows.push({ size, scenario, measured, ceiling: ceiling.rps });
    }
    return rows;
  } finally {
    await app?.close();
    await database.close();
  }
}

async function main() {
  const bare = Fastify({ logger: false });
  const body = JSON.stringify({ data: { filler: 'x'.repeat(6_000) } });
  bare.post('/graphql/', async (_request, reply) => reply.type('application/json').send(body));
  const ceilingUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    const rows: ScaleRow[] = [];
    for (const size of SIZES) rows.push(...(await measureCatalog(size, ceilingUrl)));
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\nCatalog at scale — uncached (catalog cache off, a different filter per request), ` +
        `${CONNECTIONS} connections, ${DURATION} s per scenario, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    console.log(
      `Machine: ${cpu}, ${os.availableParallelism()} cores, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    const smallest = SIZES[0]!;
    console.log(
      markdownTable(
        [
          'scenario',
          'products',
          'req/s',
          'p50 ms',
          'p99 ms',
          'failures',
          'of bare Fastify',
          `p50 vs ${smallest}`,
        ],
        rows.map((row) => {
          const reference = rows.find((r) => r.scenario === row.scenario && r.size === smallest);
          const growth =
            reference && reference.measured.p50 > 0
              ? `${(row.measured.p50 / reference.measured.p50).toFixed(1)}×`
              : '';
          return [
            row.scenario,
            row.size.toLocaleString('en-US'),
            row.measured.rps.toFixed(0),
            String(row.measured.p50),
            String(row.measured.p99),
            String(row.measured.failures),
            `${((row.measured.rps / row.ceiling) * 100).toFixed(1)} %`,
            growth,
          ];
        }),
      ),
    );
  } finally {
    await bare.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
