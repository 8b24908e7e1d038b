// What one client address may spend (client-limits.ts) and the bound on server renders
// (server-render.ts): the gate's rules on a clock the test moves, then the server itself on the
// embedded database and on PostgreSQL, with a stand-in server entry whose renders the test holds
// open, so "in flight" is a fact of the test and not a matter of timing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import type { ClientLimits } from '../config';
import { insertBrand, insertCategory, insertProduct } from '../modules/catalog/catalog.fixtures';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ClientGate, RENDER_REQUEST_HEADER } from './client-limits';
import { createServerRenderer } from './server-render';
import { PAGE_CACHE_STATUS_HEADER } from './page-cache';

const LIMITS: ClientLimits = {
  inFlight: 2,
  queued: 1,
  queueWaitMs: 1_000,
  timeBudgetMs: 0,
  timeWindowSeconds: 10,
};

describe('ClientGate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets an address have `inFlight` requests at once, queues `queued` more and refuses the rest; other addresses go on', async () => {
    const gate = new ClientGate(LIMITS);
    const a1 = gate.enter('198.51.100.1');
    const a2 = gate.enter('198.51.100.1');
    expect(await a1.admitted).toBeNull();
    expect(await a2.admitted).toBeNull();
    const a3 = gate.enter('198.51.100.1');
    const a4 = gate.enter('198.51.100.1');
    expect(await a4.admitted).toEqual({ reason: 'REQUESTS_IN_FLIGHT', retryAfterSeconds: 1 });
    const b1 = gate.enter('198.51.100.2');
    expect(await b1.admitted).toBeNull();
    expect(gate.inFlight('198.51.100.1')).toBe(2);
    // The queued one gets the first slot freed.
    let third: unknown = 'waiting';
    void a3.admitted.then((result) => (third = result));
    await Promise.resolve();
    expect(third).toBe('waiting');
    a1.leave();
    expect(await a3.admitted).toBeNull();
    expect(gate.inFlight('198.51.100.1')).toBe(2);
    a1.leave(); // a second leave changes nothing
    expect(gate.inFlight('198.51.100.1')).toBe(2);
    for (const entry of [a2, a3, a4, b1]) entry.leave();
    expect(gate.inFlight('198.51.100.1')).toBe(0);
    expect(gate.size).toBe(0); // nothing is remembered of idle addresses without a budget
  });

  it('refuses a request that waited queueWaitMs, and gives the place of one that left to the next', async () => {
    vi.useFakeTimers();
    const gate = new ClientGate({ ...LIMITS, inFlight: 1, queued: 1 });
    const first = gate.enter('198.51.100.3');
    const waiting = gate.enter('198.51.100.3');
    vi.advanceTimersByTime(1_000);
    expect(await waiting.admitted).toEqual({ reason: 'REQUESTS_IN_FLIGHT', retryAfterSeconds: 1 });
    // A client that hangs up while waiting frees its place in the queue.
    const gone = gate.enter('198.51.100.3');
    gone.leave();
    expect(await gone.admitted).not.toBeNull();
    const next = gate.enter('198.51.100.3');
    first.leave();
    expect(await next.admitted).toBeNull();
    next.leave();
    expect(gate.size).toBe(0);
  });

  it('refuses an address whose server time is spent until enough of it came back, others untouched', async () => {
    const clock = { now: 0 };
    const gate = new ClientGate(
      { ...LIMITS, inFlight: 0, timeBudgetMs: 1_000, timeWindowSeconds: 10 },
      () => clock.now,
    );
    const slow = gate.enter('198.51.100.4');
    expect(await slow.admitted).toBeNull();
    clock.now += 1_500; // in flight 1.5 s: 0.5 s over the budget
    slow.leave();
    expect(gate.balance('198.51.100.4')).toBe(-500);
    // 100 ms come back per second: 5 s to be owed nothing, then a request may go.
    expect(await gate.enter('198.51.100.4').admitted).toEqual({
      reason: 'SERVER_TIME',
      retryAfterSeconds: 6,
    });
    expect(await gate.enter('198.51.100.5').admitted).toBeNull();
    clock.now += 5_000;
    expect(await gate.enter('198.51.100.4').admitted).not.toBeNull();
    clock.now += 100;
    const again = gate.enter('198.51.100.4');
    expect(await again.admitted).toBeNull();
    again.leave();
    // The address is remembered until its budget is whole again.
    expect(gate.size).toBeGreaterThan(0);
    clock.now += 10_000;
    expect(gate.balance('198.51.100.4')).toBe(1_000);
  });

  it('refuses a queued request, when a slot frees, if the address spent its time meanwhile', async () => {
    const clock = { now: 0 };
    const gate = new ClientGate(
      { ...LIMITS, inFlight: 1, queued: 1, timeBudgetMs: 100, timeWindowSeconds: 10 },
      () => clock.now,
    );
    const first = gate.enter('198.51.100.6');
    const queued = gate.enter('198.51.100.6');
    clock.now += 500;
    first.leave();
    expect(await queued.admitted).toMatchObject({ reason: 'SERVER_TIME' });
  });
});

// The stand-in for the app's server entry: renders /produto/* and /busca, asking this server
// for the brands first; a render the test holds waits after its query until released.
const STAND_IN = `
const holds = (globalThis.__vitrineRenderHolds ??= new Map());
export function isServerRendered(pathname) {
  return pathname.startsWith('/produto/') || pathname === '/busca';
}
export async function renderPage({ url, execute }) {
  const answer = await execute({
    query: 'query Brands { brands { slug } }',
    variables: {},
    operationName: 'Brands',
  });
  const hold = holds.get(url);
  if (hold) {
    hold.started();
    await hold.released;
  }
  return {
    html: '<main>rendered ' + url + ' ' + JSON.stringify(answer.data ?? answer.errors) + '</main>',
    styles: '',
    stateScript: '',
    lcpImage: null,
  };
}
`;

const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Vitrine</title></head>' +
  '<body><div id="root"></div></body></html>';

interface Hold {
  started: Promise<void>;
  release(): void;
}

const holds = ((
  globalThis as { __vitrineRenderHolds?: Map<string, unknown> }
).__vitrineRenderHolds ??= new Map());

/** The next render of `url` stops, after its query, until released. */
function hold(url: string): Hold {
  let started!: () => void;
  let release!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  holds.set(url, { started, released });
  return {
    started: startedPromise,
    release: () => {
      holds.delete(url);
      release();
    },
  };
}

let dir: string;

async function serverWith(env: Record<string, string>): Promise<TestContext> {
  const ctx = await createTestContext({
    serveApp: true,
    env: {
      APP_DIST: dir,
      SERVER_ENTRY: path.join(dir, 'entry-server.mjs'),
      CATALOG_CACHE_ENTRIES: '100',
      PAGE_CACHE_ENTRIES: '50',
      // A held render is never cut short by the time-out (a slow machine's first render is slow).
      SERVER_RENDER_TIMEOUT_MS: '120000',
      ...env,
    },
  });
  const brand = await insertBrand(ctx.db, { slug: 'aurora', name: 'Aurora' });
  const category = await insertCategory(ctx.db, { slug: 'camisetas', name: 'Camisetas' });
  for (const slug of ['camiseta-a', 'camiseta-b', 'camiseta-c']) {
    await insertProduct(ctx.db, {
      slug,
      name: slug,
      brandId: brand.id,
      categoryId: category.id,
      published: true,
      variants: [{ sku: slug, size: 'M', priceCents: 5990, stock: 10 }],
    });
  }
  return ctx;
}

function page(ctx: TestContext, url: string, address: string, headers = {}) {
  return ctx.app.inject({ method: 'GET', url, remoteAddress: address, headers });
}

function brands(ctx: TestContext, address: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    remoteAddress: address,
    headers,
    payload: { query: 'query Brands { brands { slug } }', operationName: 'Brands' },
  });
}

const CLIENT_RENDERED = '<div id="root"></div>';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-client-limits-'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'entry-server.mjs'), STAND_IN);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('requests in flight per address, and server renders in flight', () => {
  let ctx: TestContext;
  const A = '203.0.113.10';
  const B = '203.0.113.20';

  beforeAll(async () => {
    ctx = await serverWith({
      CLIENT_REQUESTS_IN_FLIGHT: '1',
      CLIENT_REQUESTS_QUEUED: '1',
      CLIENT_QUEUE_WAIT_MS: '60000',
      SERVER_RENDERS_IN_FLIGHT: '1',
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("queues an address's next request, refuses the one after (GraphQL and page) and serves another address meanwhile", async () => {
    const held = hold('/produto/camiseta-a');
    // A's page holds A's one slot (its own GraphQL query went through: part of the page).
    const pageA = page(ctx, '/produto/camiseta-a', A);
    await held.started;
    let queuedDone = false;
    const queued = brands(ctx, A).then((response) => {
      queuedDone = true;
      return response;
    });
    await vi.waitFor(() => expect(ctx.app.clientGate!.waiting(A)).toBe(1));
    const refused = await brands(ctx, A);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      data: null,
      errors: [
        {
          message:
            'Muitas requisições deste endereço ao mesmo tempo (no máximo 1). Tente novamente em 1 segundo.',
          extensions: { code: 'RATE_LIMITED', limit: 'REQUESTS_IN_FLIGHT', retryAfterSeconds: 1 },
        },
      ],
    });
    const refusedPage = await page(ctx, '/produto/camiseta-b', A);
    expect(refusedPage.statusCode).toBe(429);
    expect(refusedPage.headers['retry-after']).toBe('1');
    expect(refusedPage.headers['content-type']).toContain('text/html');
    expect(refusedPage.body).toContain('Muitas requisições deste endereço ao mesmo tempo');
    expect(refusedPage.body).toContain('lang="pt-BR"');

    // Another address is served at once.
    const other = await brands(ctx, B);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ data: { brands: [{ slug: 'aurora' }] } });
    expect(queuedDone).toBe(false);

    held.release();
    const first = await pageA;
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<main>rendered /produto/camiseta-a');
    const second = await queued;
    expect(second.statusCode).toBe(200);
    expect(ctx.app.clientGate!.inFlight(A)).toBe(0);
  });

  it('counts an IPv6 client by its /64', async () => {
    const held = hold('/produto/camiseta-a?v6=1');
    const holding = page(ctx, '/produto/camiseta-a?v6=1', '2001:db8:7:1::10');
    await held.started;
    const queued = brands(ctx, '2001:db8:7:1:ffff::20');
    await vi.waitFor(() => expect(ctx.app.clientGate!.waiting('2001:db8:7:1::/64')).toBe(1));
    expect((await brands(ctx, '2001:db8:7:1::30')).statusCode).toBe(429);
    expect((await brands(ctx, '2001:db8:7:2::10')).statusCode).toBe(200);
    held.release();
    expect((await holding).statusCode).toBe(200);
    expect((await queued).statusCode).toBe(200);
  });

  it('sends a page client-rendered at once while the renders in flight are at their bound', async () => {
    const held = hold('/produto/camiseta-b');
    const pageA = page(ctx, '/produto/camiseta-b', A);
    await held.started;
    // B's page is not queued behind A's render: the browser renders it.
    const pageB = await page(ctx, '/produto/camiseta-c', B);
    expect(pageB.statusCode).toBe(200);
    expect(pageB.body).toContain(CLIENT_RENDERED);
    expect(pageB.body).not.toContain('<main>rendered');
    expect(pageB.headers[PAGE_CACHE_STATUS_HEADER]).toBeUndefined();
    held.release();
    expect((await pageA).body).toContain('<main>rendered /produto/camiseta-b');
    // Once the render is over, the next page is rendered by the server again.
    const later = await page(ctx, '/produto/camiseta-c', B);
    expect(later.body).toContain('<main>rendered /produto/camiseta-c');
    expect(later.body).not.toContain(CLIENT_RENDERED);
  });

  it('counts a render that ran past its time-out until the entry is done with it', async () => {
    const warnings: unknown[] = [];
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
      error: (...args: unknown[]) => warnings.push(args),
    } as unknown as FastifyBaseLogger;
    const renderer = createServerRenderer(
      ctx.app,
      path.join(dir, 'entry-server.mjs'),
      'https://loja.test',
      log,
      50,
      1,
    )!;
    const request = (url: string) => ({ url, ip: B, log }) as unknown as FastifyRequest;
    const held = hold('/produto/camiseta-a?lento=1');
    expect(
      await renderer.render(request('/produto/camiseta-a?lento=1'), '/produto/camiseta-a'),
    ).toBeNull();
    await held.started;
    // Sent client-rendered at its time-out, but the entry is still at it: the bound counts it.
    expect(renderer.inFlight).toBe(1);
    expect(await renderer.render(request('/produto/camiseta-b'), '/produto/camiseta-b')).toBeNull();
    expect(JSON.stringify(warnings)).toContain('server renders at their bound');
    held.release();
    await vi.waitFor(() => expect(renderer.inFlight).toBe(0));
    const page = await renderer.render(request('/produto/camiseta-b'), '/produto/camiseta-b');
    expect(page?.html).toContain('<main>rendered /produto/camiseta-b');
  });

  it('gives a request with an invalid token the kept page and the cached answers, as anonymous', async () => {
    // Kept (rendered before, or now if the catalog moved since).
    const anonymous = await page(ctx, '/produto/camiseta-a', A);
    expect(['hit', 'miss']).toContain(anonymous.headers[PAGE_CACHE_STATUS_HEADER]);
    for (const authorization of ['Bearer x.y.z', 'Bearer garbage', 'Basic abc']) {
      const withToken = await page(ctx, '/produto/camiseta-a', B, { authorization });
      expect(withToken.statusCode, authorization).toBe(200);
      expect(withToken.headers[PAGE_CACHE_STATUS_HEADER], authorization).toBe('hit');
      expect(withToken.body, authorization).toBe(anonymous.body);
      const answer = await brands(ctx, B, { authorization });
      expect(answer.headers['x-vitrine-cache'], authorization).toBe('hit');
    }
  });

  it('counts a request with a forged render header like any other', async () => {
    const held = hold('/busca?q=forjado');
    const holding = page(ctx, '/busca?q=forjado', A);
    await held.started;
    const queued = brands(ctx, A);
    await vi.waitFor(() => expect(ctx.app.clientGate!.waiting(A)).toBe(1));
    const forged = await brands(ctx, A, { [RENDER_REQUEST_HEADER]: 'x'.repeat(32) });
    expect(forged.statusCode).toBe(429);
    held.release();
    expect((await holding).statusCode).toBe(200);
    expect((await queued).statusCode).toBe(200);
  });
});

describe('server time per address', () => {
  let ctx: TestContext;
  const C = '203.0.113.30';
  const D = '203.0.113.40';

  beforeAll(async () => {
    ctx = await serverWith({ CLIENT_TIME_BUDGET_MS: '50', CLIENT_TIME_WINDOW_SECONDS: '60' });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses an address that spent its server time (429, Retry-After, RATE_LIMITED SERVER_TIME) while another is served', async () => {
    const held = hold('/busca');
    const slow = page(ctx, '/busca', C);
    await held.started;
    // Held open for more than the budget (a pause, not a measurement).
    await new Promise((resolve) => setTimeout(resolve, 120));
    held.release();
    expect((await slow).statusCode).toBe(200);
    const refused = await brands(ctx, C);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(3_600);
    const error = (refused.json() as { errors: { message: string; extensions: unknown }[] })
      .errors[0]!;
    expect(error.extensions).toEqual({
      code: 'RATE_LIMITED',
      limit: 'SERVER_TIME',
      retryAfterSeconds: seconds,
    });
    expect(error.message).toMatch(
      /^Este endereço usou mais tempo do servidor do que o permitido \(50 ms a cada 60 segundos\)\. Tente novamente em \d+ segundos?\.$/,
    );
    const refusedPage = await page(ctx, '/produto/camiseta-a', C);
    expect(refusedPage.statusCode).toBe(429);
    expect(refusedPage.body).toContain('Este endereço usou mais tempo do servidor');
    expect((await brands(ctx, D)).statusCode).toBe(200);
  });
});
