// The production-only plugins (registerRuntimePlugins), wired the way startServer wires them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers';
import { buildApp } from './app';
import type { Config } from './config';
import { registerRuntimePlugins } from './server';

let ctx: TestContext;
let cepService: http.Server;
let cepRequests: string[] = [];
let cepUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // A ViaCEP-compatible stand-in on loopback.
  cepService = http.createServer((request, response) => {
    cepRequests.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        cep: '01001-000',
        logradouro: 'Praça da Sé',
        bairro: 'Sé',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
    );
  });
  await new Promise<void>((resolve) => cepService.listen(0, '127.0.0.1', resolve));
  cepUrl = `http://127.0.0.1:${(cepService.address() as AddressInfo).port}/consulta/{cep}/json/`;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => cepService?.close(resolve));
});
afterEach(() => {
  vi.unstubAllEnvs();
  cepRequests = [];
});

async function runtimeApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = { ...ctx.config, ...overrides };
  const app = buildApp({ config, db: ctx.db, logger: false, mailRetryIntervalMs: 0 });
  registerRuntimePlugins(app, config);
  await app.ready();
  return app;
}

describe('registerRuntimePlugins', () => {
  it('looks addresses up at ADDRESS_LOOKUP_URL', async () => {
    const app = await runtimeApp({ addressLookupUrl: cepUrl });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql/',
        payload: { query: '{ addressByCep(postalCode: "01001-000") { city uf } }' },
      });
      expect(response.json()).toEqual({
        data: { addressByCep: { city: 'São Paulo', uf: 'SP' } },
      });
      expect(cepRequests).toEqual(['/consulta/01001000/json/']);
    } finally {
      await app.close();
    }
  });

  it('serves the Mercado Pago webhook at POST /webhooks/mercadopago/', async () => {
    vi.stubEnv('MERCADOPAGO_ACCESS_TOKEN', 'TEST-token');
    vi.stubEnv('MERCADOPAGO_WEBHOOK_SECRET', 'segredo-de-teste');
    const app = await runtimeApp();
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/webhooks/mercadopago/?data.id=123&type=payment',
        payload: { type: 'payment', data: { id: '123' } },
      });
      // Reached the gateway's handler: the missing signature is refused, not a route 404.
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Assinatura do webhook inválida.' });
    } finally {
      await app.close();
    }
  });

  it('answers the webhook with a JSON explanation when no gateway is configured', async () => {
    vi.stubEnv('MERCADOPAGO_ACCESS_TOKEN', '');
    vi.stubEnv('MERCADOPAGO_WEBHOOK_SECRET', '');
    const app = await runtimeApp();
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/webhooks/mercadopago/',
        payload: {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Nenhum gateway de pagamento configurado.' });
    } finally {
      await app.close();
    }
  });
});
