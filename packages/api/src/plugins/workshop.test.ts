// The workshop (Storybook's build) served at /workshop/ by the store's server: its files with a
// policy that lets its pages run and frame each other, the store's pages unchanged, and a clear
// answer when it was not built or is turned off.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { buildApp } from '../app';
import { WORKSHOP_CSP, WORKSHOP_NOT_BUILT, WORKSHOP_OFF } from './workshop';

let ctx: TestContext;
let root: string;
let appDist: string;
let workshopDist: string;
const apps: FastifyInstance[] = [];

async function serve(workshop: string | null): Promise<FastifyInstance> {
  const app = buildApp({
    config: { ...ctx.config, appDist, workshopDist: workshop },
    db: ctx.db,
    serveApp: true,
    mailRetryIntervalMs: 0,
  });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  ctx = await createTestContext();
  root = await mkdtemp(path.join(os.tmpdir(), 'vitrine-workshop-'));
  appDist = path.join(root, 'app');
  workshopDist = path.join(root, 'workshop');
  await mkdir(appDist);
  await writeFile(
    path.join(appDist, 'index.html'),
    '<!doctype html><html><head><title>Vitrine</title></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(workshopDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(workshopDist, 'index.html'),
    '<!doctype html><html><head><title>Oficina</title><script>window.CONFIG_TYPE="PRODUCTION"</script></head><body></body></html>',
  );
  await writeFile(path.join(workshopDist, 'iframe.html'), '<!doctype html><title>stories</title>');
  await writeFile(
    path.join(workshopDist, 'mockServiceWorker.js'),
    'self.addEventListener("fetch", () => {});',
  );
  await writeFile(path.join(workshopDist, 'assets', 'preview-abc123.js'), 'export {};');
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the workshop at /workshop/', () => {
  it('serves the built workshop with a policy that lets it run inline scripts and frame its stories', async () => {
    const app = await serve(workshopDist);
    const page = await app.inject({ method: 'GET', url: '/workshop/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Oficina</title>');
    expect(page.headers['content-security-policy']).toBe(WORKSHOP_CSP);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const frame = await app.inject({ method: 'GET', url: '/workshop/iframe.html' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('<title>stories</title>');

    const worker = await app.inject({ method: 'GET', url: '/workshop/mockServiceWorker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');

    const bundle = await app.inject({ method: 'GET', url: '/workshop/assets/preview-abc123.js' });
    expect(bundle.headers['cache-control']).toContain('immutable');
  });

  it('sends /workshop to /workshop/ (its pages link their files relatively), keeping the query', async () => {
    const app = await serve(workshopDist);
    const bare = await app.inject({ method: 'GET', url: '/workshop' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers['location']).toBe('/workshop/');
    const withStory = await app.inject({ method: 'GET', url: '/workshop?path=/docs/x' });
    expect(withStory.headers['location']).toBe('/workshop/?path=/docs/x');
  });

  it("answers a missing workshop file with a 404, never the store's page", async () => {
    const app = await serve(workshopDist);
    const missing = await app.inject({ method: 'GET', url: '/workshop/nada.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it("keeps the store's own pages under their strict policy", async () => {
    const app = await serve(workshopDist);
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    expect(home.body).not.toContain('workshop');
    const policy = String(home.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self'(?! 'unsafe-inline')/);
    expect(home.headers['x-frame-options']).toBe('DENY');
  });

  it('says how to build it when it was not built, and that it is off when WORKSHOP=false', async () => {
    const notBuilt = await serve(path.join(root, 'nowhere'));
    for (const url of ['/workshop', '/workshop/', '/workshop/iframe.html']) {
      const response = await notBuilt.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(WORKSHOP_NOT_BUILT);
    }
    const off = await serve(null);
    const response = await off.inject({ method: 'GET', url: '/workshop/' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(WORKSHOP_OFF);
  });
});
