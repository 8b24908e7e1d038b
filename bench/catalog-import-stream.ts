// `npm run bench` (catalog import at scale): a store migrating from another platform uploads a
// product CSV of 100,000 variant rows (20,000 new products) to POST /admin/imports/products over
// HTTP, as the dashboard does, then applies it. Printed: the upload, the preview (upload start to
// READY) and the apply in rows per second; the process's memory (RSS and V8 heap) before and at
// its peak in each phase, against the file's size; and the shop meanwhile: uncached storefront
// listings (2 shoppers at a time, distinct filters) before the import and during its preview and
// its apply, p50 and p99, as ratios to the idle ones measured in the same run. The products are
// published, as a migrating store's are, so the facet counts take their deltas; the server's fold
// job runs beside (every 30 s, once more after the apply): the counts' table before and after, and
// whether the fold compacted it.
//
//   BENCH_DATABASE_URL  PostgreSQL server (a scratch database is created and dropped);
//                       unset: TEST_DATABASE_URL or DATABASE_URL, else in-memory PGlite.
//   BENCH_IMPORT_ROWS   rows of the file (default 100000)
//   BENCH_CATALOG_PRODUCTS  products already in the shop (default 2000)
//   BENCH_IMPORT_SHOPPERS   shoppers reading listings meanwhile (default 2)
//   BENCH_IMPORT_PUBLISHED  0: the products as drafts (no facet counts' deltas)
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//        node --expose-gc --import tsx bench/catalog-import-stream.ts
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { buildApp } from '../packages/api/src/app';
import { facetCountsPlugin } from '../packages/api/src/modules/catalog/catalog.facets.plugin';
import { facetCountsBloat } from '../packages/api/src/modules/catalog/catalog.facets.fold.repository';
import { seedDemoData } from '../packages/api/src/modules/catalog/seed';
import { IMPORT_APPLY, IMPORT_QUERY } from '../packages/api/src/modules/imports/imports.fixtures';
import { allBrands, allCategories } from '../packages/api/src/modules/imports/imports.repository';
// The app.productImports decorator's type.
import type {} from '../packages/api/src/modules/imports/imports.plugin';
import { PRODUCT_CSV_COLUMNS } from '../packages/api/src/modules/imports/products.csv';
import { PasswordHasher } from '../packages/api/src/modules/staff/password';
import { insertStaff } from '../packages/api/src/modules/staff/staff.repository';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';
import { uiDocument } from './lib/ui-document';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const CATALOG = Number(process.env.BENCH_CATALOG_PRODUCTS ?? 2_000);
const PASSWORD = 'bench password long enough';
const SCRYPT = { logN: 10, r: 8, p: 1 };
const SHOPPERS = Number(process.env.BENCH_IMPORT_SHOPPERS ?? 2);
// A store migrating publishes its catalog: each product then adds its facet counts' deltas,
// folded by the server's job (BENCH_IMPORT_PUBLISHED=0: drafts, which add none).
const PUBLISHED = process.env.BENCH_IMPORT_PUBLISHED !== '0';
const MIB = 1024 * 1024;
// facetCountsBloat with no threshold: the counts' table's size and rows, whatever they are.
const SIZE_AND_ROWS = { minBytes: -1, ratio: 0, rowBytes: 0 };

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** The file, written a thousand rows at a time (the bench never holds it whole). */
async function writeCsv(
  path: string,
  rows: number,
  brand: string,
  category: string,
): Promise<void> {
  const out = createWriteStream(path);
  const sizes = ['PP', 'P', 'M', 'G', 'GG'];
  const header = PRODUCT_CSV_COLUMNS.map((name) =>
    name.includes('"') ? `"${name.replace(/"/g, '""')}"` : name,
  );
  out.write(`\ufeff${header.join(';')}\r\n`);
  for (let start = 0; start < rows; start += 1000) {
    const lines: string[] = [];
    for (let index = start; index < Math.min(rows, start + 1000); index += 1) {
      const product = Math.floor(index / sizes.length);
      const size = sizes[index % sizes.length]!;
      const cells: Record<string, string> = {
        'Identificador URL': `migrado-${product}`,
        Nome: `Produto migrado ${product}`,
        Marca: brand,
        Categoria: category,
        Descrição: `Produto ${product} trazido da loja antiga, em algodão.`,
        Publicado: PUBLISHED ? 'sim' : 'não',
        Destaque: 'não',
        SKU: `MIG-${product}-${size}`,
        Tamanho: size,
        Cor: 'Preto',
        Preço: `${49 + (product % 50)},90`,
        Estoque: String(index % 17),
        'Peso (g)': '300',
      };
      lines.push(PRODUCT_CSV_COLUMNS.map((column) => cells[column] ?? '').join(';'));
    }
    if (!out.write(`${lines.join('\r\n')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

interface ImportAnswer {
  status: string;
  createCount: number;
}

interface MemoryPeak {
  rss: number;
  /** The V8 heap right after a full collection: what the process holds, its garbage aside. */
  retained: number;
}

/**
 * The process's RSS sampled every 50 ms, and its retained heap every 2 s (a full collection first,
 * with --expose-gc); `phase` names where the samples go.
 */
function memorySampler() {
  const peaks = new Map<string, MemoryPeak>();
  let phase = 'idle';
  const sample = (collect: boolean) => {
    if (collect) global.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    const peak = peaks.get(phase) ?? { rss: 0, retained: 0 };
    peaks.set(phase, {
      rss: Math.max(peak.rss, rss),
      retained: collect && global.gc ? Math.max(peak.retained, heapUsed) : peak.retained,
    });
  };
  const rss = setInterval(() => sample(false), 50);
  const retained = setInterval(() => sample(true), 2_000);
  return {
    set(next: string) {
      sample(true);
      phase = next;
    },
    stop() {
      clearInterval(rss);
      clearInterval(retained);
      sample(true);
      return peaks;
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

async function main() {
  const fallbackUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!process.env.BENCH_DATABASE_URL && fallbackUrl) process.env.BENCH_DATABASE_URL = fallbackUrl;
  const database = await openBenchDatabase({ GRAPHQL_RATE_LIMIT: '0' }, { scrypt: SCRYPT });
  const { config, opened } = database;
  const db = opened.db;
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-bench-import-'));
  let app: ReturnType<typeof buildApp> | null = null;
  // The server's fold of the facet counts (server.ts registers it beside buildApp's app), every
  // 30 s as there, its log kept: whether and when it compacted the table the import left.
  const foldLog: { msg?: string; ms?: number; before?: number; after?: number; rows?: number }[] =
    [];
  const folder = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void foldLog.push(JSON.parse(line) as never) },
    },
  });
  try {
    await seedDemoData(db, { info: () => undefined }, { products: CATALOG, images: false });
    const [brand] = await allBrands(db);
    const [category] = await allCategories(db);
    await insertStaff(db, {
      email: 'bench@vitrine.test',
      name: 'Bench',
      role: 'ADMIN',
      passwordHash: await new PasswordHasher(SCRYPT).hash(PASSWORD),
    });
    const file = join(dir, 'migracao.csv');
    await writeCsv(file, ROWS, brand!.slug, category!.slug);
    const bytes = (await stat(file)).size;
    log(`file: ${ROWS} rows, ${(bytes / MIB).toFixed(1)} MiB; catalog: ${CATALOG} products`);

    app = buildApp({
      // Uncached: each shopper's listing reaches the database, as distinct filters would.
      config: { ...config, catalogCache: { ...config.catalogCache, entries: 0 } },
      db,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    folder.decorate('db', db);
    folder.register(fp(async () => undefined, { name: 'vitrine-db' }));
    folder.register(facetCountsPlugin, { enabled: true });
    await folder.ready();
    const countsBefore = await facetCountsBloat(db, SIZE_AND_ROWS);
    const login = await fetch(`${base}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@vitrine.test', password: PASSWORD, remember: false }),
    });
    const token = ((await login.json()) as { access: string }).access;
    const staffGraphql = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${base}/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as {
        data?: Record<string, ImportAnswer>;
        errors?: unknown;
      };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };

    // The shoppers: uncached listings, distinct filters, latencies by phase.
    const listing = await uiDocument('Listing/ListingScreen.graphql.ts', 'LISTING_PRODUCTS_QUERY');
    const searches = ['camiseta', 'vestido', 'tenis', 'calça', 'bone', 'jaqueta', 'saia', 'meia'];
    const sorts = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'RELEVANCE'];
    const latencies = new Map<string, number[]>();
    let shopperPhase = 'idle';
    let shopping = true;
    let failures = 0;
    const shopper = async (seed: number) => {
      for (let turn = seed; shopping; turn += SHOPPERS) {
        const search = searches[turn % searches.length]!;
        const variables = {
          filter: turn % 3 === 0 ? {} : { search },
          sort: sorts[turn % sorts.length],
          first: 24,
          after: null,
        };
        const started = performance.now();
        const response = await fetch(`${base}/graphql/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: listing, variables }),
        });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        const list = latencies.get(shopperPhase) ?? [];
        list.push(performance.now() - started);
        latencies.set(shopperPhase, list);
      }
    };

    // Warm-up (compiling the documents, the JIT), then the idle figures.
    shopperPhase = 'warm-up';
    const shoppers = Array.from({ length: SHOPPERS }, (_, seed) => shopper(seed));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    global.gc?.();
    const before = process.memoryUsage();
    const memory = memorySampler();
    shopperPhase = 'idle';
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    memory.set('preview');
    shopperPhase = 'preview';
    const started = performance.now();
    const upload = await fetch(
      `${base}/admin/imports/products?fileName=${encodeURIComponent('migracao.csv')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit,
    );
    const uploaded = (await upload.json()) as { id?: string; detail?: string };
    const uploadMs = performance.now() - started;
    if (upload.status !== 202 || !uploaded.id) throw new Error(JSON.stringify(uploaded));
    let status = 'PREVIEWING';
    let record: Partial<ImportAnswer> = {};
    while (status === 'PREVIEWING') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      record =
        (await staffGraphql(IMPORT_QUERY, { id: uploaded.id, first: 1 })).productImport ?? {};
      status = record.status ?? 'FAILED';
    }
    const previewMs = performance.now() - started;
    if (status !== 'READY' || record.createCount !== ROWS) {
      throw new Error(`unexpected preview: ${JSON.stringify({ ...record, rows: undefined })}`);
    }
    log(`preview: ${Math.round(previewMs)} ms (upload ${Math.round(uploadMs)} ms)`);

    memory.set('apply');
    shopperPhase = 'apply';
    const applyStarted = performance.now();
    await staffGraphql(IMPORT_APPLY, { id: uploaded.id });
    await app.productImports.flush();
    const applyMs = performance.now() - applyStarted;
    const applied = (await staffGraphql(IMPORT_QUERY, { id: uploaded.id, first: 1 })).productImport;
    if (applied?.status !== 'APPLIED') throw new Error(`unexpected apply: ${applied?.status}`);
    log(`apply: ${Math.round(applyMs)} ms`);
    // The fold's next turn, now rather than in up to 30 s, with the shoppers still reading.
    shopperPhase = 'fold';
    const foldStarted = performance.now();
    const lastFold = await folder.foldFacetCounts();
    const foldMs = performance.now() - foldStarted;
    const countsAfter = await facetCountsBloat(db, SIZE_AND_ROWS);
    shopping = false;
    await Promise.all(shoppers);
    const peaks = memory.stop();

    const rate = (ms: number) => Math.round((ROWS / ms) * 1000).toLocaleString('en-US');
    console.log(
      `\nCatalog import by upload, ${ROWS.toLocaleString('en-US')} variant rows ` +
        `(${(bytes / MIB).toFixed(1)} MiB, ${opened.kind}), a shop of ${CATALOG.toLocaleString('en-US')} products\n`,
    );
    console.log(
      markdownTable(
        ['phase', 'time', 'rows/s'],
        [
          ['upload (to disk)', `${(uploadMs / 1000).toFixed(1)} s`, rate(uploadMs)],
          [
            'preview (upload start to READY)',
            `${(previewMs / 1000).toFixed(1)} s`,
            rate(previewMs),
          ],
          ['apply (background)', `${(applyMs / 1000).toFixed(1)} s`, rate(applyMs)],
        ],
      ),
    );
    const mib = (value: number) => `${Math.round(value / MIB)} MiB`;
    console.log(
      `\nMemory (the whole process: server and bench${global.gc ? '' : '; run with --expose-gc for the retained heap'}): ` +
        `before RSS ${mib(before.rss)}, heap ${mib(before.heapUsed)}\n`,
    );
    console.log(
      markdownTable(
        ['phase', 'peak RSS', 'peak retained heap', 'retained growth', 'growth / file size'],
        ['idle', 'preview', 'apply'].map((phase) => {
          const peak = peaks.get(phase) ?? { rss: NaN, retained: NaN };
          const growth = peak.retained - before.heapUsed;
          return [
            phase,
            mib(peak.rss),
            mib(peak.retained),
            mib(growth),
            `${(growth / bytes).toFixed(2)}×`,
          ];
        }),
      ),
    );
    const mib1 = (value: number) => `${(value / MIB).toFixed(1)} MiB`;
    const compactions = foldLog.filter((line) => line.msg === 'Facet counts table compacted');
    console.log(
      `\nFacet counts' table (the server's fold every 30 s, then once more): ` +
        `${mib1(countsBefore.bytes)} for ${countsBefore.rows} rows before the import; ` +
        `the last fold ${lastFold.before} → ${lastFold.after} rows in ${Math.round(foldMs)} ms` +
        `${lastFold.compacted ? ' with the compaction' : ''}; ` +
        `${compactions.length} compaction(s)${compactions
          .map((c) => ` (${mib1(c.before ?? NaN)} → ${mib1(c.after ?? NaN)}, ${c.ms} ms)`)
          .join(',')}; ` +
        `after: ${mib1(countsAfter.bytes)} for ${countsAfter.rows} rows`,
    );
    const idle = latencies.get('idle') ?? [];
    const idleP50 = percentile(idle, 50);
    const idleP99 = percentile(idle, 99);
    console.log(
      `\nThe shop meanwhile: ${SHOPPERS} shoppers, uncached listings (${failures} failed)\n`,
    );
    console.log(
      markdownTable(
        ['phase', 'requests', 'p50', 'p99', 'p50 / idle', 'p99 / idle'],
        ['idle', 'preview', 'apply', 'fold'].map((phase) => {
          const values = latencies.get(phase) ?? [];
          const p50 = percentile(values, 50);
          const p99 = percentile(values, 99);
          return [
            phase,
            String(values.length),
            `${Math.round(p50)} ms`,
            `${Math.round(p99)} ms`,
            `${(p50 / idleP50).toFixed(2)}×`,
            `${(p99 / idleP99).toFixed(2)}×`,
          ];
        }),
      ),
    );
  } finally {
    await folder.close();
    await app?.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
