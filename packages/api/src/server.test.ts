// The production entry point, started in-process on a real port.
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, TEST_SCRYPT } from '../test/helpers';
import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let scratch: { url: string; drop(): Promise<void> } | null = null;
let dist: string;
let baseUrl: string;
const logs: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-server-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const testDb = process.env.TEST_DATABASE_URL?.trim();
  scratch = testDb ? await createScratchDatabase(testDb) : null;
  const config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      APP_DIST: dist,
      NODE_ENV: 'production',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    }),
    scrypt: TEST_SCRYPT,
  };
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).trim().split('\n')) logs.push(JSON.parse(line));
      callback();
    },
  });
  server = await startServer(config, { logStream: stream });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await rm(dist, { recursive: true, force: true });
});

describe('startServer', () => {
  it('migrates an empty database and answers the health check', async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const migrations = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM schema_migrations`,
    );
    expect(Number(migrations.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('creates the first admin with a random password printed once, which signs in', async () => {
    const mentions = logs.filter((entry) =>
      String(entry.msg).includes('Primeira conta de administrador'),
    );
    expect(mentions).toHaveLength(1);
    const password = /com a senha (\S+)/.exec(String(mentions[0]!.msg))![1]!;
    const response = await fetch(`${baseUrl}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@vitrine.local', password }),
    });
    expect(response.status).toBe(200);
  });

  it('generates the JWT secret once and keeps it in the database', async () => {
    const result = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM secrets WHERE name = 'jwt_secret'`,
    );
    expect(Number(result.rows[0]!.n)).toBe(1);
  });

  it('serves the built app', async () => {
    const response = await fetch(`${baseUrl}/dashboard/login`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('routes POST /webhooks/mercadopago/ to the payments plugin, not the not-found handler', async () => {
    const response = await fetch(`${baseUrl}/webhooks/mercadopago/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'payment', data: { id: '1' } }),
    });
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { detail?: string };
    // Without MERCADOPAGO_* the plugin says so; with them, the unsigned call is refused (401).
    expect(body.detail).not.toBe('Endereço não encontrado.');
    expect([401, 404]).toContain(response.status);
  });

  it('writes structured JSON logs with the request id', async () => {
    await fetch(`${baseUrl}/healthz`, { headers: { 'x-request-id': 'req-abc-1' } });
    const entry = logs.find((e) => e.reqId === 'req-abc-1' && e.msg === 'request completed');
    expect(entry).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });

  it('lets an in-flight request finish when stopping, then refuses new connections', async () => {
    const { port } = new URL(baseUrl);
    const body = JSON.stringify({ email: 'ninguem@vitrine.test', password: 'qualquer-coisa' });
    // A request whose body is still arriving when the shutdown starts.
    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/auth/login/',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = server.stop();
    expect(await response).toBe(401);
    await stopped;
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  });
});
