// GET /admin/events on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the orders
// trigger's notifications reach the staff's streams over real HTTP, filtered by role, with the
// token's expiry, the per-staff limit, a clean shutdown and no token in the logs.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  STAFF_PASSWORD,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../checkout/checkout.fixtures';
import { seedCommerceDemo } from '../checkout/checkout.seed';
import { CapturingTransport } from '../mail/mail.service';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { openEventStream, orderEvents, type EventStreamClient } from './live.fixtures';
import { LIVE_EVENTS_PATH, TOO_MANY_STREAMS } from './live.plugin';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());
let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;
let catalog: FixtureCatalog;
/** A second instance on the same database, listening on a port, with a fast heartbeat. */
let live: FastifyInstance;
let liveUrl: string;
const logLines: string[] = [];
const streams: EventStreamClient[] = [];

async function connect(token: string | null, path = LIVE_EVENTS_PATH) {
  const client = await openEventStream(
    `${liveUrl}${path}`,
    token ? { authorization: `Bearer ${token}` } : {},
  );
  streams.push(client);
  return client;
}

/** A stream that is open and listening (its first bytes arrived). */
async function listening(token: string) {
  const client = await connect(token);
  expect(client.status).toBe(200);
  await client.waitForText(': connected');
  return client;
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandB] });
  await seedCommerceDemo(ctx.db);
  live = buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk: Buffer, _encoding, callback) {
          logLines.push(chunk.toString());
          callback();
        },
      }),
    },
    mailTransport: new CapturingTransport(),
    mailRetryIntervalMs: 0,
    live: { heartbeatMs: 50, maxStreamsPerStaff: 3 },
  });
  liveUrl = await live.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await live?.close();
  await ctx?.close();
});

describe('GET /admin/events', () => {
  it('refuses a request without a Bearer header, and a token in the URL does not count', async () => {
    const anonymous = await connect(null);
    expect(anonymous.status).toBe(401);
    await anonymous.ended;
    expect(JSON.parse(anonymous.text())).toEqual({ detail: 'Faça login para continuar.' });

    // Asked of the first instance: a token in a URL would be in the logs checked below.
    const inUrl = await ctx.app.inject({
      method: 'GET',
      url: `${LIVE_EVENTS_PATH}?access_token=${staff.admin.token}&token=${staff.admin.token}`,
    });
    expect(inUrl.statusCode).toBe(401);
  });

  it("announces a shopper's new order and its payment to a staff stream of the other instance", async () => {
    const stream = await listening(staff.admin.token);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.text()).toMatch(/^retry: 3000\n: connected\n\n/);

    const pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
    const fixture = await insertFixtureCatalog(ctx.db, [
      { sku: 'AO-VIVO', priceCents: 4990, stock: 5 },
    ]);
    const placed = await graphql(ctx.app, PLACE_ORDER_MUTATION, {
      input: fixtureOrderInput([{ variantId: fixture.variantIds[0]!, quantity: 1 }], pickupId),
    });
    expect(placed.body.errors).toBeUndefined();
    const number = (placed.body.data?.placeOrder as { number: string }).number;

    const placedEvent = await stream.waitFor((e) => e.data.includes(number), 'the placed event');
    const event = JSON.parse(placedEvent.data) as Record<string, unknown>;
    expect(placedEvent.event).toBe('order');
    expect(event).toMatchObject({
      type: 'placed',
      number,
      status: 'PENDING_PAYMENT',
      paymentStatus: 'PENDING',
      fulfilmentStatus: 'UNFULFILLED',
    });
    expect(new Date(event.at as string).toISOString()).toBe(event.at);
    // No personal data and no money in the event.
    expect(Object.keys(event).sort()).toEqual(
      ['at', 'fulfilmentStatus', 'id', 'number', 'paymentStatus', 'status', 'type'].sort(),
    );

    const paid = await graphql(
      ctx.app,
      `
        mutation ($id: ID!) {
          orderMarkPaid(id: $id, note: "Pix conferido") {
            status
          }
        }
      `,
      { id: event.id },
      staff.admin.token,
    );
    expect(paid.body.errors).toBeUndefined();
    await stream.waitFor((e) => e.data.includes('"type":"paid"'), 'the paid event');

    // Rewriting a status with the same value announces nothing: the next event is the shipping.
    await ctx.db.execute(sql`UPDATE orders SET status = status WHERE id = ${event.id as string}`);
    const shipped = await graphql(
      ctx.app,
      `
        mutation ($id: ID!) {
          orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456785BR") {
            status
          }
        }
      `,
      { id: event.id },
      staff.admin.token,
    );
    expect(shipped.body.errors).toBeUndefined();
    await stream.waitFor((e) => e.data.includes('"status":"SHIPPED"'), 'the shipped event');
    expect(orderEvents(stream).map((e) => [e.type, e.status, e.paymentStatus])).toEqual([
      ['placed', 'PENDING_PAYMENT', 'PENDING'],
      ['paid', 'PAID', 'PAID'],
      ['changed', 'SHIPPED', 'PAID'],
    ]);
  });

  it('sends a BRAND_MANAGER only orders holding their brands; ADMIN and SUPPORT get every order', async () => {
    const admin = await listening(staff.admin.token);
    const support = await listening(staff.support.token);
    const manager = await listening(staff.manager.token);
    const before = {
      admin: orderEvents(admin).length,
      support: orderEvents(support).length,
      manager: orderEvents(manager).length,
    };

    const onlyA = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    const mixed = await insertFixtureOrder(ctx.db, {
      lines: [
        { variant: catalog.cap, quantity: 1 },
        { variant: catalog.sneaker, quantity: 1 },
      ],
    });
    // Committed after onlyA: once it arrives, onlyA's event has been decided for every stream.
    for (const stream of [admin, support, manager]) {
      await stream.waitFor((e) => e.data.includes(mixed.id), 'the mixed order');
    }
    expect(
      orderEvents(admin)
        .slice(before.admin)
        .map((e) => e.id),
    ).toEqual([onlyA.id, mixed.id]);
    expect(
      orderEvents(support)
        .slice(before.support)
        .map((e) => e.id),
    ).toEqual([onlyA.id, mixed.id]);
    expect(
      orderEvents(manager)
        .slice(before.manager)
        .map((e) => e.id),
    ).toEqual([mixed.id]);

    // A status change of the other brand's order is not theirs either.
    await ctx.db.execute(sql`UPDATE orders SET status = 'CANCELED', payment_status = 'CANCELED',
      fulfilment_status = 'CANCELED' WHERE id = ${onlyA.id}`);
    await ctx.db.execute(sql`UPDATE orders SET status = 'CANCELED', payment_status = 'CANCELED',
      fulfilment_status = 'CANCELED' WHERE id = ${mixed.id}`);
    await manager.waitFor((e) => e.data.includes(mixed.id) && e.data.includes('CANCELED'));
    await admin.waitFor((e) => e.data.includes(mixed.id) && e.data.includes('CANCELED'));
    expect(
      orderEvents(manager)
        .slice(before.manager)
        .map((e) => [e.id, e.type]),
    ).toEqual([
      [mixed.id, 'placed'],
      [mixed.id, 'changed'],
    ]);
    expect(
      orderEvents(admin)
        .slice(before.admin)
        .map((e) => [e.id, e.type]),
    ).toEqual([
      [onlyA.id, 'placed'],
      [mixed.id, 'placed'],
      [onlyA.id, 'changed'],
      [mixed.id, 'changed'],
    ]);
    for (const stream of [admin, support, manager]) stream.close();
  });

  // PGlite has no connection to lose: this one runs with TEST_DATABASE_URL, as two-processes.
  it.runIf(onPostgres)(
    'on PostgreSQL, listens again after its connection is killed and tells the streams to reload',
    async () => {
      const stream = await listening(staff.admin.token);
      const killed = await ctx.db.execute<{ killed: boolean }>(
        sql`SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
          WHERE application_name = 'vitrine-live' AND datname = current_database()`,
      );
      expect(killed.rows.map((row) => row.killed)).toEqual([true]);
      await stream.waitFor((e) => e.event === 'resync', 'event: resync');
      const order = await insertFixtureOrder(ctx.db, {
        lines: [{ variant: catalog.sneaker, quantity: 1 }],
      });
      await stream.waitFor(
        (e) => e.data.includes(order.id),
        'the order placed after the reconnect',
      );
      stream.close();
    },
  );

  it('keeps the stream alive with heartbeat comments', async () => {
    const stream = await listening(staff.support.token);
    await stream.waitForText(': heartbeat\n\n');
    stream.close();
  });

  it('limits the streams one staff member holds open, in Portuguese', async () => {
    const open = [
      await listening(staff.manager.token),
      await listening(staff.manager.token),
      await listening(staff.manager.token),
    ];
    const refused = await connect(staff.manager.token);
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.text())).toEqual({ detail: TOO_MANY_STREAMS });
    // Another staff member is not affected.
    const other = await listening(staff.support.token);
    for (const stream of [...open, other]) stream.close();
  });

  it('never logs the Authorization header', () => {
    const logs = logLines.join('');
    expect(logs).toContain(LIVE_EVENTS_PATH);
    for (const member of Object.values(staff)) expect(logs).not.toContain(member.token);
    expect(logs.toLowerCase()).not.toContain('bearer');
  });

  it('ends the stream at the next heartbeat once the staff member signs out everywhere', async () => {
    await createStaffUser(ctx.db, {
      email: 'sai-de-tudo@vitrine.test',
      password: STAFF_PASSWORD,
      role: 'SUPPORT',
    });
    const token = await loginAs(ctx.app, 'sai-de-tudo@vitrine.test', STAFF_PASSWORD);
    const stream = await listening(token);
    const out = await graphql(ctx.app, 'mutation { signOutEverywhere }', {}, token);
    expect(out.body.errors).toBeUndefined();
    await stream.waitFor((e) => e.event === 'expired', 'event: expired');
    await stream.ended;
    expect((await connect(token)).status).toBe(401);
  });

  it('ends the stream with `event: expired` once the access token expires', async () => {
    const stream = await listening(staff.support.token);
    ctx.clock.advance(6 * 60 * 1000);
    const expired = await stream.waitFor((e) => e.event === 'expired', 'event: expired');
    expect(expired.data).toBe('{}');
    await stream.ended;
    // The same token is now refused; a fresh one (signed in again) opens a new stream.
    expect((await connect(staff.support.token)).status).toBe(401);
  });
});

describe('shutdown', () => {
  it('closes the open streams so the server stops without waiting for them', async () => {
    const other = buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: false,
      mailTransport: new CapturingTransport(),
      mailRetryIntervalMs: 0,
    });
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    await createStaffUser(ctx.db, {
      email: 'plantao@vitrine.test',
      password: STAFF_PASSWORD,
      role: 'SUPPORT',
    });
    const token = await loginAs(other, 'plantao@vitrine.test', STAFF_PASSWORD);
    const stream = await openEventStream(`${url}${LIVE_EVENTS_PATH}`, {
      authorization: `Bearer ${token}`,
    });
    streams.push(stream);
    await stream.waitForText(': connected');
    await other.close();
    await stream.ended;
    expect(stream.events.filter((e) => e.event === 'order')).toEqual([]);
  });
});
