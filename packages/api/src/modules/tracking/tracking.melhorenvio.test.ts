// Melhor Envio's tracking of the labels it sold, against the carriers' stand-in: the worker reads
// a shipped order's shipment from Melhor Envio (never the Correios' SRO for it), and Melhor
// Envio's signed webhook has it read back at once (its body is not believed), moving the order to
// DELIVERED by Melhor Envio's word; a bad signature changes nothing. A real database (PGlite).
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { insertFixtureOrder, seedFixtureCatalog } from '../orders/orders.fixtures';
import { orderEvents, orders } from '../orders/orders.tables';
import { storeSettings } from '../settings/settings.tables';
import { carriersPlugin } from '../shipping/carriers/carriers.plugin';
import { MelhorEnvioLabels } from '../shipping/carriers/labels-melhorenvio';
import { MelhorEnvioQuoter } from '../shipping/carriers/melhorenvio';
import { MelhorEnvioTracker } from '../shipping/carriers/melhorenvio-tracking';
import {
  STANDIN_MELHOR_ENVIO_TOKEN,
  startCarrierStandin,
  type CarrierStandin,
} from '../shipping/carriers/standin';
import { setMelhorEnvioStatus } from '../shipping/carriers/standin-labels';
import { shippingMethods } from '../shipping/shipping.tables';
import { trackingPlugin } from './tracking.plugin';
import { MELHOR_ENVIO_WEBHOOK_PATH } from './tracking.webhook';

const SECRET = 'segredo-do-app-melhor-envio';
let standin: CarrierStandin;
let ctx: TestContext;
let app: FastifyInstance;
let admin: string;
let shipped: { id: string; code: string; reference: string };

const orderRow = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

function webhook(body: unknown, signature?: string) {
  const payload = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: MELHOR_ENVIO_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-me-signature': signature ?? createHmac('sha256', SECRET).update(payload).digest('base64'),
    },
    payload,
  });
}

beforeAll(async () => {
  standin = await startCarrierStandin();
  ctx = await createTestContext();
  const catalog = await seedFixtureCatalog(ctx.db);
  const settings = { baseUrl: standin.url, token: STANDIN_MELHOR_ENVIO_TOKEN, userAgent: 'teste' };
  app = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  app.register(carriersPlugin, {
    quoters: [new MelhorEnvioQuoter(settings)],
    labelBuyers: [new MelhorEnvioLabels(settings)],
    trackers: [new MelhorEnvioTracker(settings)],
    options: { originCep: '01001000' },
  });
  app.register(trackingPlugin, { melhorEnvioWebhookSecret: SECRET });
  await app.ready();
  admin = (await signInStaffRoles({ app, db: ctx.db })).admin.token;
  await ctx.db.update(storeSettings).set({
    legalName: 'Vitrine Comércio Ltda.',
    cnpj: '11222333000181',
    legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
  });
  const [method] = await ctx.db
    .insert(shippingMethods)
    .values({
      name: 'PAC (Melhor Envio)',
      kind: 'delivery',
      carrier: 'melhorenvio',
      carrierService: '1',
    })
    .returning({ id: shippingMethods.id });
  const order = await insertFixtureOrder(ctx.db, {
    lines: [{ variant: catalog.shirt, quantity: 1 }],
    status: 'PAID',
    shippingMethodId: method!.id,
  });
  const bought = await graphql(
    app,
    `
      mutation ($ids: [ID!]!) {
        ordersBuyLabels(ids: $ids) {
          results {
            label {
              trackingCode
            }
          }
        }
      }
    `,
    { ids: [order.id] },
    admin,
  );
  const code = (
    bought.body.data?.ordersBuyLabels as { results: Array<{ label: { trackingCode: string } }> }
  ).results[0]!.label.trackingCode;
  await graphql(
    app,
    `
      mutation ($id: ID!, $code: String!) {
        orderShip(id: $id, carrier: "Melhor Envio", trackingCode: $code) {
          status
        }
      }
    `,
    { id: order.id, code },
    admin,
  );
  const reference = [...standin.state.labels.shipments].find(([, s]) => s.tracking === code)![0];
  shipped = { id: order.id, code, reference };
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await standin.close();
});

describe('Melhor Envio’s tracking', () => {
  it('reads the shipment of a label it sold from Melhor Envio, not from the Correios', async () => {
    standin.state.calls.length = 0;
    await setMelhorEnvioStatus(standin.state.labels, {
      tracking: shipped.code,
      status: 'posted',
      at: '2026-11-02T13:00:00.000Z',
    });
    expect(await app.shipmentTracking!.runDue()).toEqual({ checked: 1, delivered: 0, problems: 0 });
    expect(await orderRow(shipped.id)).toMatchObject({
      status: 'SHIPPED',
      trackingStatus: 'POSTED',
    });
    const paths = standin.state.calls.map((call) => call.path);
    expect(paths).toEqual(['/api/v2/me/orders/search']);
  });

  it('refuses a webhook without Melhor Envio’s signature and changes nothing', async () => {
    await setMelhorEnvioStatus(standin.state.labels, {
      tracking: shipped.code,
      status: 'delivered',
    });
    const forged = await webhook(
      { event: 'order.delivered', data: { id: shipped.reference } },
      Buffer.from('não é a assinatura').toString('base64'),
    );
    expect(forged.statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: MELHOR_ENVIO_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'order.delivered', data: { id: shipped.reference } }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await orderRow(shipped.id)).status).toBe('SHIPPED');
  });

  it('reads the shipment back on a signed webhook and delivers the order by Melhor Envio’s word', async () => {
    // The webhook's body says nothing the store believes: the status comes from the read-back.
    const answer = await webhook({
      event: 'order.delivered',
      data: { id: shipped.reference, status: 'canceled' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'read' });
    expect(await orderRow(shipped.id)).toMatchObject({
      status: 'DELIVERED',
      trackingStatus: 'DELIVERED',
    });
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, shipped.id));
    const delivered = events.find((event) => event.type === 'delivered');
    expect(delivered).toMatchObject({ actor: 'provider', actorName: 'Melhor Envio' });
    expect(delivered?.note).toMatch(/^Entrega confirmada pela Melhor Envio em /);

    const unknown = await webhook({ event: 'order.posted', data: { id: 'outro-envio' } });
    expect(unknown.json()).toEqual({ status: 'ignored' });
    const malformed = await webhook({ event: 'order.posted' });
    expect(malformed.statusCode).toBe(400);
  });
});
