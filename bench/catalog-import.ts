// `npm run bench` (catalog import): rows per second of the product CSV import with 10,000 variant
// rows (2,000 new products): the preview (productImportCreate: read, check, compare, store) and the
// apply (in the background, batches of rows each in a transaction with the progress), measured
// separately, as the median of a few runs, each run importing a file of new SKUs.
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
    const post = async (query: string, variables: Record<string, unknown>) => {
      const response = await app!.inject({
        method: 'POST',
        url: '/graphql/',
        headers,
        payload: { query, variables },
      });
      const body = response.json() as {
        data?: Record<string, { id: string; status: string; createCount: number }>;
        errors?: unknown[];
      };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };

    const previews: number[] = [];
    const applies: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const csv = productCsv(bulkImportRows(ROWS, { prefix: `B${run}` }));
      let started = performance.now();
      const created = (
        await post(IMPORT_CREATE, {
          input: { fileName: `bench-${run}.csv`, contentBase64: toBase64(csv) },
        })
      ).productImportCreate!;
      const previewMs = performance.now() - started;
      if (created.status !== 'READY' || created.createCount !== ROWS) {
        throw new Error(`unexpected preview: ${JSON.stringify(created)}`);
      }
      started = performance.now();
      await post(IMPORT_APPLY, { id: created.id });
      await app.productImports.flush();
      const applyMs = performance.now() - started;
      previews.push((ROWS / previewMs) * 1000);
      applies.push((ROWS / applyMs) * 1000);
      log(
        `run ${run}: preview ${Math.round(previewMs)} ms, apply ${Math.round(applyMs)} ms (${opened.kind})`,
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
  } finally {
    await app?.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
