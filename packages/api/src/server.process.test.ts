// The real entry point as `npm start` runs it: the server built to JavaScript
// (scripts/build-server.mjs, into this test process's own folder: test/server-process.ts
// serverBundle) and run by plain node with
// --production and no NODE_ENV, on an in-memory embedded database, with SEED_DEMO=false and no
// SMTP_URL. Its migrations, schema and repository paths resolving from the bundle is part of it. Checks production mode over plain http, the empty catalog, mails written to the log,
// and that SIGTERM lets an in-flight request finish before the process exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './config';
import { freePort, serverBundle } from '../test/server-process';
import { entryEnvironment, PRODUCTION_FLAG } from './server';
import { maskEmail } from './lib/personal-data';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_EMAIL = 'dona@processo.test';
const ADMIN_PASSWORD = 'Senha-do-processo-2026';

let child: ChildProcess;
let baseUrl: string;
let port: number;
let dist: string;
const output: string[] = [];
let exited: Promise<number | null>;

/** The JSON log lines written so far. */
function logLines(): Array<Record<string, unknown>> {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function gql(query: string, token?: string) {
  const response = await fetch(`${baseUrl}/graphql/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message: string }>;
    },
  };
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-process-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: 'memory://',
    MEDIA_DIR: path.join(dist, 'media'),
    APP_DIST: dist,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  };
  // As `npm start` on a fresh clone: no NODE_ENV (vitest sets "test"), no SMTP, no PostgreSQL.
  for (const name of [
    'NODE_ENV',
    'SMTP_URL',
    'DATABASE_URL',
    'REDIS_URL',
    'GRAPHQL_INTROSPECTION',
    'ANALYTICS_MEASUREMENT_ID',
  ]) {
    delete env[name];
  }
  child = spawn(process.execPath, ['--enable-source-maps', serverBundle(), PRODUCTION_FLAG], {
    cwd: API_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start within 90 s:\n${output.join('')}`);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dist, { recursive: true, force: true });
});

describe('the start entry point', () => {
  it('loads the libraries of occasional work on first use, not at start (lib/lazy-modules.ts)', () => {
    const bundle = readFileSync(serverBundle(), 'utf8');
    const staticImports = [...bundle.matchAll(/^import\b[^;]*?from\s*"([^"]+)"/gm)].map(
      (match) => match[1],
    );
    expect(staticImports).toContain('fastify');
    for (const occasional of [
      'pdf-lib',
      'qrcode',
      'sharp',
      '@electric-sql/pglite',
      'ioredis',
      'nodemailer',
      'undici',
    ]) {
      expect(staticImports, occasional).not.toContain(occasional);
      expect(bundle, occasional).toContain(`import("${occasional}")`);
    }
  });

  it('is what npm start runs, with the production flag', () => {
    const api = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const root = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(api.scripts.build).toBe('node scripts/build-server.mjs');
    // The old generation bounded (docs/deployment.md#memory): below 1 GiB V8 also grows the heap
    // by less than 4x what it holds after each collection.
    expect(api.scripts.start).toBe(
      `node --enable-source-maps --max-old-space-size=384 dist/server.mjs ${PRODUCTION_FLAG}`,
    );
    expect(root.scripts.start).toContain(
      'npm run build -w @vitrine/api && npm run start -w @vitrine/api',
    );
  });

  it('selects production with the flag unless NODE_ENV is set', () => {
    const argv = ['node', 'server.ts'];
    expect(entryEnvironment([...argv, PRODUCTION_FLAG], {}).NODE_ENV).toBe('production');
    expect(entryEnvironment([...argv, PRODUCTION_FLAG], { NODE_ENV: '' }).NODE_ENV).toBe(
      'production',
    );
    expect(entryEnvironment([...argv, PRODUCTION_FLAG], { NODE_ENV: 'development' }).NODE_ENV).toBe(
      'development',
    );
    expect(entryEnvironment(argv, {}).NODE_ENV).toBeUndefined();
  });
});

/** The first admin's access token (production runs anonymous requests on trusted documents only). */
async function staffToken(): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

describe('the server process started as npm start does', () => {
  it("runs only the app's own documents for anonymous clients (trusted documents)", async () => {
    const free = await gql('{ storeSettings { storeName } brands { id } }');
    expect(free.status).toBe(400);
    expect(free.body.errors?.[0]?.message).toMatch(/Consulta não permitida/);
    // The ui's StoreName document, as written in packages/ui: on the list.
    const own = await gql('query StoreName { storeSettings { storeName } }');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ storeSettings: { storeName: expect.any(String) } });
  });

  it('runs in production: no introspection, no "Did you mean" hints', async () => {
    const token = await staffToken();
    const introspection = await gql('{ __schema { queryType { name } } }', token);
    expect(introspection.body.data ?? null).toBeNull();
    expect(introspection.body.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await gql('{ storeSetings { storeName } }', token);
    expect(typo.body.errors?.[0]?.message).toContain('storeSetings');
    expect(typo.body.errors?.[0]?.message).not.toContain('Did you mean');
  });

  it('works over plain http: no Secure cookie, no HSTS', async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^XSRF-TOKEN=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${baseUrl}/`)).status).toBe(200);
  });

  it('starts with an empty catalog when SEED_DEMO=false', async () => {
    const { status, body } = await gql(
      '{ products(first: 5) { totalCount } brands { id } categories { id } }',
      await staffToken(),
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ products: { totalCount: 0 }, brands: [], categories: [] });
  });

  it('without SMTP_URL logs that a mail was not sent, never its body (a live reset link)', async () => {
    const response = await fetch(`${baseUrl}/auth/password/reset/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    expect(response.status).toBe(200);
    // The outbox's worker sends in its own turn; a loaded CI machine may take a while.
    const deadline = Date.now() + 50_000;
    let logged: Record<string, unknown> | undefined;
    while (!logged && Date.now() < deadline) {
      // The log names the address masked (LGPD: logs are read by more people than a mailbox).
      logged = logLines().find(
        (line) => (line.mail as { to?: string } | undefined)?.to === maskEmail(ADMIN_EMAIL),
      );
      if (!logged) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(logged).toMatchObject({
      msg: 'mail not sent: SMTP_URL is not configured (body withheld from the log)',
      mail: {
        to: maskEmail(ADMIN_EMAIL),
        subject: 'Redefinição de senha da sua conta em Vitrine',
      },
    });
    expect(logged!.mail).not.toHaveProperty('text');
    expect(JSON.stringify(logLines())).not.toContain('/senha/redefinir?token=');
    expect(JSON.stringify(logged)).not.toContain(ADMIN_EMAIL);
  }, 60_000);

  // Last: the process is gone afterwards.
  it('on SIGTERM lets an in-flight request finish with 200, then exits 0', async () => {
    // The ui's StoreName document: anonymous clients run the app's own documents only.
    const body = JSON.stringify({ query: 'query StoreName { storeSettings { storeName } }' });
    // A request whose body is still arriving when the signal comes.
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/graphql/',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      // The rest once the server has logged that it is shutting down.
      const waitForShutdown = () => {
        if (logLines().some((line) => line.msg === 'shutting down: finishing in-flight requests')) {
          setTimeout(() => request.end(body.slice(10)), 200);
        } else {
          setTimeout(waitForShutdown, 50);
        }
      };
      waitForShutdown();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGTERM');
    const { status, text } = await answered;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({
      data: { storeSettings: { storeName: expect.any(String) } },
    });
    expect(await exited).toBe(0);
    // Nothing listens any more.
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  }, 30_000);
});
