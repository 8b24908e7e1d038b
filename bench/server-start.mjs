// Start-up of the API server: from spawn to its first answer (GET /healthz 200), then to its first
// server-rendered product page (a shopper's first visit: the page rendered from the database, no
// cache yet), and its memory once idle, for the built server as `npm start` runs it
// (`node dist/server.mjs`) and for the old way (TypeScript through tsx at run time), on an
// existing, migrated database with the demo catalog. Five rounds each, interleaved; medians and
// the ratio are printed. Targets (issue 34): /healthz ≤ 1.0 s and the first page ≤ 1.5 s after
// spawn. The app is built first when dist/app is missing (the page needs it).
//
//   node bench/server-start.mjs            PostgreSQL at BENCH_DATABASE_URL (a database of its own,
//                                          created once; default postgres://postgres@127.0.0.1:5432)
//   node bench/server-start.mjs --embedded an on-disk embedded database (PGlite) in a temp folder
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API = path.join(ROOT, 'packages', 'api');
const ROUNDS = 5;
const embedded = process.argv.includes('--embedded');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process and its children, in MiB (Linux /proc). */
async function treeRssMiB(pid) {
  let total = 0;
  const walk = async (id) => {
    try {
      const status = await readFile(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const children = await readFile(`/proc/${id}/task/${id}/children`, 'utf8');
      for (const child of children.trim().split(/\s+/).filter(Boolean)) await walk(child);
    } catch {
      // Gone, or not Linux.
    }
  };
  await walk(pid);
  return total / 1024;
}

async function startOnce(command, args, env, pagePath = null) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: API,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const firstAnswerMs = performance.now() - started;
  let firstPageMs = null;
  let html = '';
  if (pagePath !== null) {
    const response = await fetch(`http://127.0.0.1:${port}${pagePath}`);
    html = await response.text();
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
    firstPageMs = performance.now() - started;
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssMiB = await treeRssMiB(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { firstAnswerMs, firstPageMs, rssMiB, html };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

if (!existsSync(path.join(ROOT, 'dist', 'app', 'index.html'))) {
  const app = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (app.status !== 0) throw new Error(app.stderr);
}
const built = spawnSync(process.execPath, [path.join(API, 'scripts', 'build-server.mjs')], {
  cwd: API,
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(built.stderr);

let env;
let dataDir = null;
if (embedded) {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-start-'));
  env = { DATA_DIR: dataDir, DATABASE_URL: '' };
} else {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query(
    "select 1 from pg_database where datname = 'vitrine_bench_start'",
  );
  if (exists.rowCount === 0) await admin.query('create database vitrine_bench_start');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/vitrine_bench_start';
  env = { DATABASE_URL: url.toString() };
}
env.NODE_ENV = 'production';

const ways = {
  'node dist/server.mjs (npm start)': [
    process.execPath,
    ['--enable-source-maps', path.join(API, 'dist', 'server.mjs')],
  ],
  'tsx src/server.ts (before)': [process.execPath, ['--import', 'tsx', 'src/server.ts']],
};
// The first start migrates the database and seeds the demo catalog (when empty); it is not
// counted. The product page timed is the first one its home links to.
const first = await startOnce(...ways['node dist/server.mjs (npm start)'], env, '/');
const productPath = /href="(\/produto\/[^"?#]+)"/.exec(first.html)?.[1];
if (!productPath) throw new Error('the home links to no product page');
env.SEED_DEMO = 'false';
const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, [command, args]] of Object.entries(ways)) {
    results[name].push(await startOnce(command, args, env, productPath));
  }
}
if (dataDir) await rm(dataDir, { recursive: true, force: true });

console.log(
  `\nServer start-up on an existing ${embedded ? 'embedded (PGlite, on disk)' : 'PostgreSQL'} ` +
    `database, ${ROUNDS} rounds (medians)`,
);
const rows = Object.entries(results).map(([name, runs]) => ({
  name,
  first: median(runs.map((run) => run.firstAnswerMs)),
  page: median(runs.map((run) => run.firstPageMs)),
  rss: median(runs.map((run) => run.rssMiB)),
}));
for (const row of rows) {
  console.log(
    `  ${row.name.padEnd(36)} first answer ${String(Math.round(row.first)).padStart(5)} ms   ` +
      `first product page ${String(Math.round(row.page)).padStart(5)} ms   ` +
      `idle RSS ${row.rss.toFixed(0).padStart(4)} MiB`,
  );
}
const [compiled, tsx] = rows;
console.log(
  `  built vs tsx: ${(tsx.first / compiled.first).toFixed(2)}x faster to the first answer, ` +
    `${(tsx.rss - compiled.rss).toFixed(0)} MiB less memory`,
);
console.log(
  `  targets (built): /healthz ≤ 1000 ms ${compiled.first <= 1000 ? 'met' : 'NOT met'}, ` +
    `first page ≤ 1500 ms ${compiled.page <= 1500 ? 'met' : 'NOT met'}`,
);
