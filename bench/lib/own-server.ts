// The storefront under test for the page benches (web-vitals.ts, first-paint.ts): the real server
// started in this process on a loopback port, on in-memory PGlite with the demo catalog, serving
// APP_DIST (default dist/app, built first when missing), with the per-client bounds off (one
// browser visits page after page) and the limits a bench's own Pix orders would meet raised.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Target {
  url: string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startOwnServer(log: (message: string) => void): Promise<Target> {
  const appDist = path.resolve(ROOT, process.env.APP_DIST ?? 'dist/app');
  if (!existsSync(path.join(appDist, 'index.html'))) {
    log(`no build in ${appDist}: scripts/build-app.mjs ...`);
    const built = spawnSync(
      process.execPath,
      ['scripts/build-app.mjs', '--logLevel', 'warn', '--outDir', appDist],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (built.status !== 0) throw new Error('the app build failed');
  }
  // Kept between runs: the demo images are drawn once.
  const mediaDir = path.join(os.tmpdir(), 'vitrine-bench-vitals-media');
  await mkdir(mediaDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { loadConfig } = await import('../../packages/api/src/config');
  const { startServer } = await import('../../packages/api/src/server');
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: 'memory://',
      SEED_DEMO: 'true',
      APP_DIST: appDist,
      MEDIA_DIR: mediaDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: 'bench@vitrine.local',
      ADMIN_PASSWORD: `Vt-${randomBytes(12).toString('base64url')}!9a`,
      LOG_LEVEL: 'warn',
      // One browser measuring page after page: the per-client bounds would end in 429 pages.
      CLIENT_REQUESTS_IN_FLIGHT: '0',
      CLIENT_TIME_BUDGET_MS: '0',
      // The order pages' Pix order, placed from 127.0.0.1 like every visit; no CEP look-up on the
      // internet (refused at once: the checkout lets the shopper type the address).
      UNPAID_ORDERS_PER_CLIENT: '100',
      ADDRESS_LOOKUP_URL: `http://127.0.0.1:${await freePort()}/ws/{cep}/json/`,
    },
    ROOT,
  );
  const started = Date.now();
  const server = await startServer(config);
  log(`server on ${url} (demo catalog, PGlite in memory) in ${Date.now() - started} ms`);
  return { url, stop: () => server.stop() };
}
