// The checkout plugin in a running app: addressByCep through a local ViaCEP stand-in (a CEP that
// does not exist answers null, a service that is down SERVICE_UNAVAILABLE), and the Pix expiry
// running on its own interval.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from './checkout.fixtures';
import { checkoutPlugin } from './checkout.plugin';
import { seedCommerceDemo } from './checkout.seed';

let ctx: TestContext;
let app: FastifyInstance;
let viaCep: Server;
const viaCepCalls: string[] = [];

const ADDRESS_QUERY = /* GraphQL */ `
  query Cep($cep: String!) {
    addressByCep(postalCode: $cep) {
      postalCode
      street
      district
      city
      uf
    }
  }
`;

beforeAll(async () => {
  // A ViaCEP-compatible stand-in: one known CEP, {"erro": true} for the others.
  viaCep = createServer((req, res) => {
    viaCepCalls.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/ws/01310100/json/') {
      res.end(
        JSON.stringify({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          complemento: 'de 612 a 1510 - lado par',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    } else {
      res.end(JSON.stringify({ erro: 'true' }));
    }
  });
  await new Promise<void>((resolve) => viaCep.listen(0, '127.0.0.1', resolve));
  const port = (viaCep.address() as AddressInfo).port;

  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  app = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  app.register(checkoutPlugin, {
    addressLookupUrl: `http://127.0.0.1:${port}/ws/{cep}/json/`,
    pixExpiry: { enabled: true, intervalMs: 50 },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await new Promise((resolve) => viaCep?.close(resolve));
});

describe('addressByCep', () => {
  it('answers the address of a known CEP from the configured ViaCEP-compatible service', async () => {
    const result = await graphql(app, ADDRESS_QUERY, { cep: '01310-100' });
    expect(result.body.data?.addressByCep).toEqual({
      postalCode: '01310100',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    });
    expect(viaCepCalls).toContain('/ws/01310100/json/');
  });

  it('answers null for an unknown CEP, so the shopper types the address', async () => {
    const result = await graphql(app, ADDRESS_QUERY, { cep: '99999-999' });
    expect(result.body).toEqual({ data: { addressByCep: null } });
  });

  it('refuses a malformed CEP without calling the service', async () => {
    const calls = viaCepCalls.length;
    const result = await graphql(app, ADDRESS_QUERY, { cep: '0131' });
    expect(result.body.errors?.[0]).toMatchObject({
      message: 'CEP inválido: use 8 dígitos, como 01310-100.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(viaCepCalls.length).toBe(calls);
  });

  it('answers SERVICE_UNAVAILABLE, not null, when the service is unreachable', async () => {
    const offline = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
    // Port 9 (discard) on localhost: nothing listens there.
    offline.register(checkoutPlugin, {
      addressLookupUrl: 'http://127.0.0.1:9/ws/{cep}/json/',
      pixExpiry: { enabled: false },
    });
    await offline.ready();
    try {
      const result = await graphql(offline, ADDRESS_QUERY, { cep: '01310-100' });
      expect(result.body.data?.addressByCep).toBeNull();
      expect(result.body.errors?.[0]).toMatchObject({
        message: 'Não conseguimos buscar o endereço agora. Preencha abaixo.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
    } finally {
      await offline.close();
    }
  });
});

describe('Pix expiry interval', () => {
  it('cancels an expired unpaid order on its own once the clock passes the expiry', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'INTERVALO-1', priceCents: 3000, stock: 2 },
    ]);
    const pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
    const { body } = await graphql(app, PLACE_ORDER_MUTATION, {
      input: fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 2 }], pickupId),
    });
    const number = (body.data?.placeOrder as { number: string }).number;
    ctx.clock.advance(25 * 3_600_000);
    try {
      let status = 'PENDING_PAYMENT';
      for (let i = 0; i < 200 && status === 'PENDING_PAYMENT'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const result = await ctx.db.execute<{ status: string }>(
          sql`SELECT status FROM orders WHERE number = ${number}`,
        );
        status = result.rows[0]!.status;
      }
      expect(status).toBe('CANCELED');
      const stock = await ctx.db.execute<{ stock: number }>(
        sql`SELECT stock FROM variants WHERE id = ${catalog.variantIds[0]}`,
      );
      expect(stock.rows[0]!.stock).toBe(2);
    } finally {
      ctx.clock.advance(-25 * 3_600_000);
    }
  });
});
