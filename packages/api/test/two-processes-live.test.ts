// Live order events across two real server processes (tsx src/server.ts) on one PostgreSQL
// database (issue 13, "Live"): a shopper places an order on process A and a staff member connected
// to process B's GET /admin/events receives 'placed'; a payment confirmed on A arrives on B as
// 'paid'. Runs when TEST_DATABASE_URL is set, as two-processes.test.ts: separate processes need a
// shared database server (the embedded PGlite is single-process; live.test.ts covers it in-process).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../src/modules/checkout/checkout.fixtures';
import { seedCommerceDemo } from '../src/modules/checkout/checkout.seed';
import {
  openEventStream,
  orderEvents,
  type EventStreamClient,
} from '../src/modules/live/live.fixtures';
import { createScratchDatabase, createStaffUser, STAFF_PASSWORD } from './helpers';
import { startServerProcess, type ServerProcess } from './server-process';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();
const ADMIN_EMAIL = 'ao-vivo@vitrine.test';

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.runIf(Boolean(baseUrl))('live order events between two server processes', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let opened: OpenedDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let stream: EventStreamClient | null = null;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    opened = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
    await migrate(opened.db);
    await seedCommerceDemo(opened.db);
    await createStaffUser(opened.db, {
      email: ADMIN_EMAIL,
      password: STAFF_PASSWORD,
      role: 'ADMIN',
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-live-'));
    // One secret: a token signed by B is honoured by A, as behind one load balancer.
    const jwtSecret = randomBytes(32).toString('base64url');
    [a, b] = await Promise.all([
      startServerProcess({ databaseUrl: scratch.url, dataDir: path.join(dataDir, 'a'), jwtSecret }),
      startServerProcess({
        databaseUrl: scratch.url,
        dataDir: path.join(dataDir, 'b'),
        jwtSecret,
        // Every request logged: the test reads the logs for the token.
        env: { LOG_LEVEL: 'info' },
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    stream?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await opened?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a staff member on B sees A's new order arrive, then its payment", async () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    const login = await post(`${b.url}/auth/login/`, {
      email: ADMIN_EMAIL,
      password: STAFF_PASSWORD,
      remember: false,
    });
    expect(login.status).toBe(200);
    const token = login.body.access as string;

    stream = await openEventStream(`${b.url}/admin/events`, { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    await stream.waitForText(': connected');

    const pickupId = await shippingMethodIdByName(opened.db, 'Retirada na loja');
    const catalog = await insertFixtureCatalog(opened.db, [
      { sku: 'AO-VIVO-2P', priceCents: 7990, stock: 3 },
    ]);
    // The shopper: anonymous, on A.
    const placed = await post(`${a.url}/graphql/`, {
      query: PLACE_ORDER_MUTATION,
      variables: {
        input: fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId),
      },
    });
    expect(placed.body.errors).toBeUndefined();
    const number = (placed.body.data as { placeOrder: { number: string } }).placeOrder.number;

    const arrived = await stream.waitFor((e) => e.data.includes(number), 'the placed event');
    const event = JSON.parse(arrived.data) as { type: string; id: string; number: string };
    expect(event).toMatchObject({ type: 'placed', number, status: 'PENDING_PAYMENT' });

    // The payment confirmed on A (with B's token: one secret) arrives on B.
    const paid = await post(
      `${a.url}/graphql/`,
      {
        query: `mutation($id: ID!) { orderMarkPaid(id: $id, note: "Pix conferido") { status } }`,
        variables: { id: event.id },
      },
      token,
    );
    expect(paid.body.errors).toBeUndefined();
    await stream.waitFor((e) => e.data.includes('"type":"paid"'), 'the paid event');
    expect(orderEvents(stream).map((e) => [e.type, e.number, e.paymentStatus])).toEqual([
      ['placed', number, 'PENDING'],
      ['paid', number, 'PAID'],
    ]);

    const logs = b.output.join('');
    expect(logs).toContain('/admin/events');
    expect(logs).not.toContain(token);
    expect(logs.toLowerCase()).not.toContain('bearer');
  }, 60_000);

  it('B stops on SIGTERM with the stream open: the stream ends and the process exits 0', async () => {
    expect(stream).not.toBeNull();
    await b.stop();
    await stream!.ended;
    expect(b.child.signalCode).toBeNull();
    expect(b.child.exitCode).toBe(0);
  }, 30_000);
});
