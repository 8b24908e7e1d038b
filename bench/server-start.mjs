// Start-up of the API server: from spawn to its first answer (GET /healthz 200), and its memory
// once idle, for the built server as `npm start` runs it (`node dist/server.mjs`) and for the old
// way (TypeScript through tsx at run time), on an existing, migrated database. Five rounds each,
// interleaved; medians and the ratio are printed. Target (issue 17): first answer ≤ 1.5 s.
//
//   node bench/server-start.mjs            PostgreSQL at BENCH_DATABASE_URL (a database of its own,
//                                          created once; default postgres://postgres@127.0.0.1:5432)
//   node bench/server-start.mjs --embedded an on-disk embedded database (PGlite) in a temp folder
import { spawn, spawnSync } from 'node:child_process';
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

async function startOnce(command, args, env) {
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
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssMiB = await treeRssMiB(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { firstAnswerMs, rssMiB };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const built = spawnSync(process.execPath, [path.join(API, 'scripts', 'build-server.mjs')], {
  cwd: API,
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(built.stderr);

let env;
let dataDir = null;
if (embedded) {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-start-'));
  env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' };
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
  env = { DATABASE_URL: url.toString(), SEED_DEMO: 'false' };
}
env.NODE_ENV = 'production';

const ways = {
  'node dist/server.mjs (npm start)': [
    process.execPath,
    ['--enable-source-maps', path.join(API, 'dist', 'server.mjs')],
  ],
  'tsx src/server.ts (before)': [process.execPath, ['--import', 'tsx', 'src/server.ts']],
};
// The first start migrates the database; it is not counted.
await startOnce(...ways['node dist/server.mjs (npm start)'], env);
const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, [command, args]] of Object.entries(ways)) {
    results[name].push(await startOnce(command, args, env));
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
  rss: median(runs.map((run) => run.rssMiB)),
}));
for (const row of rows) {
  console.log(
    `  ${row.name.padEnd(36)} first answer ${String(Math.round(row.first)).padStart(5)} ms   ` +
      `idle RSS ${row.rss.toFixed(0).padStart(4)} MiB`,
  );
}
const [compiled, tsx] = rows;
console.log(
  `  built vs tsx: ${(tsx.first / compiled.first).toFixed(2)}x faster to the first answer, ` +
    `${(tsx.rss - compiled.rss).toFixed(0)} MiB less memory; target first answer ≤ 1500 ms: ` +
    `${compiled.first <= 1500 ? 'met' : 'NOT met'}`,
);
