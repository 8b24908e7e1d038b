// `npm run bench` (catalog import): rows per second of the product CSV import with 10,000 variant
// rows (2,000 new products): the preview (productImportCreate: read, check, compare, store) and the
// apply (in the background, batches of rows each in a transaction with the progress), measured
// separately, as the median of a few runs, each run importing a file of new SKUs; and the event
// loop during each preview: its longest stall (the longest gap between two ticks of a 2 ms
// interval timer, less the 2 ms) and how many stalls passed 50 ms, what the preview of a large
// file costs every other request of the process. The machine's own load shows in these too: run
// the bench on a quiet machine, or compare two commits in alternate runs.
//
//   BENCH_DATABASE_URL  PostgreSQL server (a scratch database is created and dropped);
//                       unset: TEST_DATABASE_URL or DATABASE_URL, else in-memory PGlite.
//   BENCH_IMPORT_ROWS   rows per file (default 10000)
//   BENCH_IMPORT_RUNS   runs (default 3)
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/catalog-import.ts
import { buildApp } from '../packages/api/src/app';
import {
  bulkImportRows,
  IMPORT_APPLY,
  IMPORT_CREATE,
  productCsv,
  seedImportCatalog,
  toBase64,
} from '../packages/api/src/modules/imports/imports.fixtures';
// The app.productImports decorator's type.
import type {} from '../packages/api/src/modules/imports/imports.plugin';
import { PasswordHasher } from '../packages/api/src/modules/staff/password';
import { insertStaff } from '../packages/api/src/modules/staff/staff.repository';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const PASSWORD = 'bench password long enough';
const SCRYPT = { logN: 10, r: 8, p: 1 };

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/**
 * The gaps between two ticks of a 2 ms interval timer (less the 2 ms), from start to stop: the
 * longest, and how many passed 50 ms.
 */
function stallProbe(): { stop(): { longest: number; over50: number } } {
  const every = 2;
  let last = performance.now();
  let longest = 0;
  let over50 = 0;
  const gap = () => {
    const now = performance.now();
    const stall = now - last - every;
    longest = Math.max(longest, stall);
    if (stall > 50) over50 += 1;
    last = now;
  };
  const timer = setInterval(gap, every);
  return {
    stop() {
      clearInterval(timer);
      gap();
      return { longest, over50 };
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const fallbackUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  // (process.env turns undefined into 'undefined': assign only a real address.)
  if (!process.env.BENCH_DATABASE_URL && fallbackUrl) process.env.BENCH_DATABASE_URL = fallbackUrl;
  // The preview of a large file runs inside the request: the bench gives it the room it needs.
  const database = await openBenchDatabase(
    { GRAPHQL_RATE_LIMIT: '0', GRAPHQL_TIMEOUT_MS: '120000' },
    { scrypt: SCRYPT },
  );
  const { config, opened } = database;
  const db = opened.db;
  let app: ReturnType<typeof buildApp> | null = null;
  try {
    await seedImportCatalog(db);
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
    const headers = { authorization: `Bearer ${(login.json() as { access: string }).access}` };
    /** The body of a GraphQL request (made before a measure starts: the client's own work). */
    const requestBody = (query: string, variables: Record<string, unknown>) =>
      JSON.stringify({ query, variables });
    const post = async (payload: string) => {
      const response = await app!.inject({
        method: 'POST',
        url: '/graphql/',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      const body = response.json() as {
        data?: Record<string, { id: string; status: string; createCount: number }>;
        errors?: unknown[];
      };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };

    // A small preview first, not measured: the first request's one-time costs (the document's
    // compilation, modules loaded on first use) are not the preview's.
    await post(
      requestBody(IMPORT_CREATE, {
        input: {
          fileName: 'warm-up.csv',
          contentBase64: toBase64(productCsv(bulkImportRows(10, { prefix: 'WARM' }))),
        },
      }),
    );

    // The same probe over 3 idle seconds: what the machine's own load costs the loop.
    const idleProbe = stallProbe();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = idleProbe.stop();

    const previews: number[] = [];
    const applies: number[] = [];
    const stalls: number[] = [];
    const over50s: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const csv = productCsv(bulkImportRows(ROWS, { prefix: `B${run}` }));
      const body = requestBody(IMPORT_CREATE, {
        input: { fileName: `bench-${run}.csv`, contentBase64: toBase64(csv) },
      });
      let started = performance.now();
      const probe = stallProbe();
      const created = (await post(body)).productImportCreate!;
      const previewMs = performance.now() - started;
      const stall = probe.stop();
      stalls.push(stall.longest);
      over50s.push(stall.over50);
      if (created.status !== 'READY' || created.createCount !== ROWS) {
        throw new Error(`unexpected preview: ${JSON.stringify(created)}`);
      }
      started = performance.now();
      await post(requestBody(IMPORT_APPLY, { id: created.id }));
      await app.productImports.flush();
      const applyMs = performance.now() - started;
      previews.push((ROWS / previewMs) * 1000);
      applies.push((ROWS / applyMs) * 1000);
      log(
        `run ${run}: preview ${Math.round(previewMs)} ms (event loop: longest stall ${Math.round(stall.longest)} ms, ${stall.over50} over 50 ms), apply ${Math.round(applyMs)} ms (${opened.kind})`,
      );
    }
    const format = (value: number) => Math.round(value).toLocaleString('en-US');
    console.log(
      `\nCatalog import, ${ROWS.toLocaleString('en-US')} variant rows (${opened.kind}), median of ${RUNS} runs\n`,
    );
    console.log(
      markdownTable(
        ['phase', 'rows/s (median)', 'min', 'max'],
        [
          [
            'preview (productImportCreate)',
            format(median(previews)),
            format(Math.min(...previews)),
            format(Math.max(...previews)),
          ],
          [
            'apply (background)',
            format(median(applies)),
            format(Math.min(...applies)),
            format(Math.max(...applies)),
          ],
        ],
      ),
    );
    console.log(
      `\nThe event loop during a preview: longest stall median ${Math.round(median(stalls))} ms ` +
        `(min ${Math.round(Math.min(...stalls))}, max ${Math.round(Math.max(...stalls))}); ` +
        `stalls over 50 ms median ${median(over50s)} (max ${Math.max(...over50s)}); ` +
        `idle for 3 s: longest ${Math.round(idle.longest)} ms, ${idle.over50} over 50 ms`,
    );
  } finally {
    await app?.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
