// Tracking that moves the order, against the Correios stand-in (token + SRO): events kept once
// each for the shopper's page, a delivery failure flagged for staff, DELIVERED set by the
// carrier's word, unknown codes and a carrier down harmless, and two workers never reading the
// same parcel at once. A real database (PGlite; PostgreSQL with TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { orderEvents, orders, shipmentEvents } from '../orders/orders.tables';
import { CorreiosQuoter } from '../shipping/carriers/correios';
import { carriersPlugin } from '../shipping/carriers/carriers.plugin';
import {
  STANDIN_CORREIOS,
  startCarrierStandin,
  type CarrierStandin,
  type StandinSroEvent,
} from '../shipping/carriers/standin';
import { trackingPlugin } from './tracking.plugin';
import { ShipmentTracking } from './tracking.service';

let standin: CarrierStandin;
let ctx: TestContext;
let app: FastifyInstance;
let catalog: FixtureCatalog;
let admin: string;
let now = new Date('2025-01-10T12:00:00Z');

const correios = () =>
  new CorreiosQuoter({
    baseUrl: standin.url,
    user: STANDIN_CORREIOS.user,
    accessCode: STANDIN_CORREIOS.accessCode,
    postageCard: STANDIN_CORREIOS.card,
  });

const sro = (
  codigo: string,
  tipo: string,
  dtHrCriado: string,
  descricao: string,
  cidade = 'SAO PAULO',
  uf = 'SP',
): StandinSroEvent => ({
  codigo,
  tipo,
  dtHrCriado,
  descricao,
  unidade: { endereco: { cidade, uf } },
});

const POSTED = sro('PO', '01', '2025-01-06T10:00:00', 'Objeto postado');
const MOVING = sro(
  'RO',
  '01',
  '2025-01-07T08:00:00',
  'Objeto em trânsito - por favor aguarde',
  'CAJAMAR',
);
const OUT = sro(
  'OEC',
  '01',
  '2025-01-09T09:12:00',
  'Objeto saiu para entrega ao destinatário',
  'BELO HORIZONTE',
  'MG',
);
const DELIVERED = sro(
  'BDE',
  '01',
  '2025-01-09T15:40:00',
  'Objeto entregue ao destinatário',
  'BELO HORIZONTE',
  'MG',
);

async function shippedOrder(code: string, email = 'rastreio@example.com') {
  const order = await insertFixtureOrder(ctx.db, {
    lines: [{ variant: catalog.shirt, quantity: 1 }],
    status: 'SHIPPED',
    customerEmail: email,
  });
  await ctx.db
    .update(orders)
    .set({
      trackingCarrier: 'PAC',
      trackingCode: code,
      shippedAt: new Date('2025-01-06T09:00:00Z'),
    })
    .where(eq(orders.id, order.id));
  return order;
}

const orderRow = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

beforeAll(async () => {
  standin = await startCarrierStandin();
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  app = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  app.register(carriersPlugin, {
    quoters: [correios()],
    options: { originCep: '01001000' },
  });
  app.register(trackingPlugin, { now: () => now });
  await app.ready();
  admin = (await signInStaffRoles({ app, db: ctx.db })).admin.token;
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await standin.close();
});
beforeEach(() => {
  standin.state.down = false;
  standin.state.calls.length = 0;
  standin.state.tracking.clear();
});

describe('the tracking worker', () => {
  it('keeps the carrier’s events for the shopper and, on delivery, moves the order to DELIVERED', async () => {
    const order = await shippedOrder('AB000000001BR');
    standin.state.tracking.set('AB000000001BR', [POSTED, MOVING]);
    expect(await app.shipmentTracking!.runDue()).toEqual({ checked: 1, delivered: 0, problems: 0 });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'SHIPPED',
      trackingStatus: 'IN_TRANSIT',
    });

    // The shopper's page reads them, in order, with the place and the words.
    const { body } = await graphql(
      app,
      `
        query ($number: String!, $email: String!) {
          orderStatus(number: $number, email: $email) {
            trackingStatus
            shipmentEvents {
              status
              label
              description
              location
              occurredAt
            }
          }
        }
      `,
      { number: order.number, email: 'rastreio@example.com' },
    );
    expect(body.data?.orderStatus).toEqual({
      trackingStatus: 'IN_TRANSIT',
      shipmentEvents: [
        {
          status: 'POSTED',
          label: 'Postado',
          description: 'Objeto postado',
          location: 'Sao Paulo/SP',
          occurredAt: '2025-01-06T13:00:00.000Z',
        },
        {
          status: 'IN_TRANSIT',
          label: 'Em trânsito',
          description: 'Objeto em trânsito - por favor aguarde',
          location: 'Cajamar/SP',
          occurredAt: '2025-01-07T11:00:00.000Z',
        },
      ],
    });

    // Read again only when due; then the delivery arrives with the events seen before.
    expect((await app.shipmentTracking!.runDue()).checked).toBe(0);
    standin.state.tracking.set('AB000000001BR', [POSTED, MOVING, OUT, DELIVERED]);
    now = new Date(now.getTime() + 61 * 60_000);
    expect(await app.shipmentTracking!.runDue()).toEqual({ checked: 1, delivered: 1, problems: 0 });
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      status: 'DELIVERED',
      fulfilmentStatus: 'DELIVERED',
      trackingStatus: 'DELIVERED',
    });
    const kept = await ctx.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.orderId, order.id));
    expect(kept).toHaveLength(4);
    const timeline = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(timeline.find((event) => event.type === 'delivered')).toMatchObject({
      actor: 'provider',
      actorName: 'Correios',
      note: 'Entrega confirmada pelos Correios em 09/01/2025, 15:40 (Belo Horizonte/MG).',
    });
  });

  it('flags a delivery that did not happen for staff, and leaves the order shipped', async () => {
    const order = await shippedOrder('AB000000002BR');
    standin.state.tracking.set('AB000000002BR', [
      POSTED,
      sro('BDE', '20', '2025-01-09T11:00:00', 'Carteiro não atendido', 'RECIFE', 'PE'),
    ]);
    now = new Date(now.getTime() + 61 * 60_000);
    expect((await app.shipmentTracking!.runDue()).problems).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'SHIPPED',
      trackingStatus: 'DELIVERY_FAILED',
    });
    const { body } = await graphql(
      app,
      `
        query ($id: ID!) {
          order(id: $id) {
            trackingStatus
            shipmentEvents {
              status
              label
            }
            timeline {
              type
              note
            }
          }
        }
      `,
      { id: order.id },
      admin,
    );
    const staffView = body.data?.order as {
      trackingStatus: string;
      shipmentEvents: unknown[];
      timeline: { type: string; note: string | null }[];
    };
    expect(staffView.trackingStatus).toBe('DELIVERY_FAILED');
    expect(staffView.shipmentEvents).toEqual([
      { status: 'POSTED', label: 'Postado' },
      { status: 'DELIVERY_FAILED', label: 'Entrega não realizada' },
    ]);
    expect(staffView.timeline.find((event) => event.type === 'delivery_problem')?.note).toBe(
      'Entrega não realizada: Carteiro não atendido (Recife/PE).',
    );
    // The orders grid finds it among the shipped ones ('Problema na entrega').
    const flagged = await graphql(
      app,
      '{ orders(filter: { deliveryProblem: true }) { nodes { number trackingStatus } } }',
      {},
      admin,
    );
    expect((flagged.body.data?.orders as { nodes: unknown[] }).nodes).toEqual([
      { number: order.number, trackingStatus: 'DELIVERY_FAILED' },
    ]);
    // Read again later, the same problem is not flagged twice.
    now = new Date(now.getTime() + 61 * 60_000);
    expect((await app.shipmentTracking!.runDue()).problems).toBe(0);
  });

  it('shrugs off a code the carrier does not know yet and a carrier that is down', async () => {
    const unknown = await shippedOrder('AB000000003BR');
    now = new Date(now.getTime() + 61 * 60_000);
    await app.shipmentTracking!.runDue();
    expect(await orderRow(unknown.id)).toMatchObject({ status: 'SHIPPED', trackingStatus: null });
    standin.state.down = true;
    now = new Date(now.getTime() + 61 * 60_000);
    expect((await app.shipmentTracking!.runDue()).checked).toBe(0);
  });

  it('lets two workers run at once without reading one parcel twice', async () => {
    await ctx.db.execute(sql`UPDATE orders SET status = 'DELIVERED' WHERE status = 'SHIPPED'`);
    for (let index = 10; index < 16; index += 1) {
      const code = `AB0000000${index}BR`;
      await shippedOrder(code);
      standin.state.tracking.set(code, [POSTED]);
    }
    const worker = () =>
      new ShipmentTracking({
        db: ctx.db,
        trackers: [correios()],
        publicUrl: 'http://loja',
        now: () => now,
        batch: 4,
      });
    now = new Date(now.getTime() + 61 * 60_000);
    const runs = await Promise.all([worker().runDue(), worker().runDue(), worker().runDue()]);
    expect(runs.reduce((sum, run) => sum + run.checked, 0)).toBe(6);
    const reads = standin.state.calls.filter((call) => call.path.startsWith('/srorastro/'));
    expect(reads).toHaveLength(6);
    expect(new Set(reads.map((call) => call.path)).size).toBe(6);
  });
});
