// Spawns the real server, built as `npm start` builds it (scripts/build-server.mjs, once per test
// process into a folder of its own) and run by plain node, as a child process on a given
// PostgreSQL database, for tests that need separate processes (several instances, crashes).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { threadId } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

let bundle: string | null = null;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The built server for this test process (built on first use; removed by a later test process). */
export function serverBundle(): string {
  if (bundle) return bundle;
  // Inside the package, so the bundle's imports find node_modules; one folder per test process,
  // and the folders of processes that have ended go (a worker may end without an exit event).
  const parent = path.join(API_ROOT, 'dist');
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    const pid = /^test-server-(\d+)-\d+$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid)))
      rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  // A worker thread shares its process's pid: the thread's id keeps their folders apart.
  const dir = path.join(parent, `test-server-${process.pid}-${threadId}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.mjs');
  const built = spawnSync(
    process.execPath,
    [path.join(API_ROOT, 'scripts', 'build-server.mjs'), `--outfile=${file}`],
    { cwd: API_ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}${built.stderr}`);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  bundle = file;
  return file;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: string[];
  /** SIGTERM, then SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

/** Starts a server process and waits until /healthz answers (60 s at most). */
export async function startServerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  /** Shared by instances that must accept each other's tokens. */
  jwtSecret?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle()], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: options.jwtSecret ?? randomBytes(32).toString('base64url'),
      DATA_DIR: options.dataDir,
      MEDIA_DIR: path.join(options.dataDir, 'media'),
      APP_DIST: path.join(options.dataDir, 'no-app'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The tests drive these processes with documents of their own, not the app's: trusted
      // documents (on in production) are tested in trusted-documents.test.ts; env may turn them on.
      GRAPHQL_TRUSTED_DOCUMENTS: 'false',
      // Hundreds of orders from one address and one test customer: the limits on what one guest
      // may hold (checkout.limits.test.ts proves them) are off here; env may turn them on.
      UNPAID_ORDERS_PER_CLIENT: '0',
      UNPAID_ORDERS_PER_EMAIL: '0',
      UNPAID_ORDERS_PER_CPF: '0',
      ORDER_MAILS_PER_RECIPIENT: '0',
      VARIANT_HOLD_PERCENT: '0',
      // Every test drives the process from 127.0.0.1: the per-client bounds (client-limits.test.ts
      // proves them) are off here; env may turn them on.
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return { child, url, output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within 60 s:\n${output.join('')}`);
}
