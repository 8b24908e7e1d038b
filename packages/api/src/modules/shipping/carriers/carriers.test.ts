// Carrier quotes end to end against the local stand-in (Melhor Envio's calculate, the Correios'
// token, preço and prazo): the adapters, the deadline and the fallback to the method's own table,
// the cache per CEP prefix and parcel, the checkout and placeOrder keeping the price the shopper
// saw, and the staff's carrier fields. A real database (PGlite; PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../../test/helpers';
import { buildApp } from '../../../app';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
} from '../../checkout/checkout.fixtures';
import { paymentSettings } from '../../settings/settings.tables';
import { CarrierQuotes } from './carrier-quotes';
import { carrierSettingsFromEnv } from './carriers.config';
import { carriersPlugin } from './carriers.plugin';
import { CorreiosQuoter } from './correios';
import { MelhorEnvioQuoter } from './melhorenvio';
import { CarrierError, reaisToCents, type CarrierParcel } from './provider';
import {
  STANDIN_CORREIOS,
  STANDIN_MELHOR_ENVIO_TOKEN,
  standinPriceCents,
  startCarrierStandin,
  type CarrierStandin,
} from './standin';

const ORIGIN = '01001000';
const PARCEL: CarrierParcel = { weightGrams: 1500, lengthCm: 30, widthCm: 20, heightCm: 5 };

let standin: CarrierStandin;

beforeAll(async () => {
  standin = await startCarrierStandin();
});
afterAll(async () => {
  await standin.close();
});
beforeEach(() => {
  standin.state.delayMs = 0;
  standin.state.down = false;
  standin.state.calls.length = 0;
  standin.state.unservedRegions.clear();
});

const melhorEnvio = () =>
  new MelhorEnvioQuoter({
    baseUrl: standin.url,
    token: STANDIN_MELHOR_ENVIO_TOKEN,
    userAgent: 'Vitrine testes (dev@vitrine.test)',
  });
const correios = () =>
  new CorreiosQuoter({
    baseUrl: standin.url,
    user: STANDIN_CORREIOS.user,
    accessCode: STANDIN_CORREIOS.accessCode,
    postageCard: STANDIN_CORREIOS.card,
  });
const signal = () => new AbortController().signal;

describe('the adapters against the stand-in', () => {
  it('Melhor Envio prices each service asked for, in centavos, with its delivery days', async () => {
    const quotes = await melhorEnvio().quote({
      fromCep: ORIGIN,
      toCep: '30130100',
      parcel: PARCEL,
      services: ['1', '2'],
      signal: signal(),
    });
    const pac = standinPriceCents('melhorenvio', '1', ORIGIN, '30130100', 1500)!;
    const sedex = standinPriceCents('melhorenvio', '2', ORIGIN, '30130100', 1500)!;
    expect(quotes).toEqual([
      { service: '1', priceCents: pac.priceCents, businessDays: pac.days },
      { service: '2', priceCents: sedex.priceCents, businessDays: sedex.days },
    ]);
    // The request their API documents: the package in cm and kg, the services by id.
    expect(standin.state.calls[0]?.detail).toMatchObject({
      from: { postal_code: ORIGIN },
      to: { postal_code: '30130100' },
      package: { height: 5, width: 20, length: 30, weight: 1.5 },
      services: '1,2',
    });
  });

  it('Melhor Envio leaves out a service the route does not have, and a wrong token is an error', async () => {
    standin.state.unservedRegions.add('6');
    await expect(
      melhorEnvio().quote({
        fromCep: ORIGIN,
        toCep: '69900000',
        parcel: PARCEL,
        services: ['1'],
        signal: signal(),
      }),
    ).resolves.toEqual([]);
    const wrong = new MelhorEnvioQuoter({ baseUrl: standin.url, token: 'x', userAgent: 'Vitrine' });
    await expect(
      wrong.quote({
        fromCep: ORIGIN,
        toCep: '30130100',
        parcel: PARCEL,
        services: ['1'],
        signal: signal(),
      }),
    ).rejects.toBeInstanceOf(CarrierError);
  });

  it('Correios signs in once for concurrent quotes and prices each service with its time', async () => {
    const quoter = correios();
    const ask = (toCep: string) =>
      quoter.quote({
        fromCep: ORIGIN,
        toCep,
        parcel: PARCEL,
        services: ['03298'],
        signal: signal(),
      });
    const [first, second] = await Promise.all([ask('30130100'), ask('80010000')]);
    const pac = standinPriceCents('correios', '03298', ORIGIN, '30130100', 1500)!;
    expect(first).toEqual([
      { service: '03298', priceCents: pac.priceCents, businessDays: pac.days },
    ]);
    expect(second).toHaveLength(1);
    const signIns = standin.state.calls.filter((call) => call.path.startsWith('/token/'));
    expect(signIns).toHaveLength(1);
    expect(
      standin.state.calls.find((call) => call.path.startsWith('/preco/'))?.detail,
    ).toMatchObject({
      cepOrigem: ORIGIN,
      psObjeto: '1500',
      comprimento: '30',
      largura: '20',
      altura: '5',
    });
  });

  it('Correios: an unserved destination is no quote; wrong credentials are an error', async () => {
    standin.state.unservedRegions.add('6');
    await expect(
      correios().quote({
        fromCep: ORIGIN,
        toCep: '69900000',
        parcel: PARCEL,
        services: ['03298'],
        signal: signal(),
      }),
    ).resolves.toEqual([]);
    const wrong = new CorreiosQuoter({
      baseUrl: standin.url,
      user: 'outra',
      accessCode: 'x',
      postageCard: '1',
    });
    await expect(
      wrong.quote({
        fromCep: ORIGIN,
        toCep: '30130100',
        parcel: PARCEL,
        services: ['03298'],
        signal: signal(),
      }),
    ).rejects.toBeInstanceOf(CarrierError);
  });

  it('reads the carriers’ money formats', () => {
    expect(reaisToCents('25.50')).toBe(2550);
    expect(reaisToCents('1.234,56')).toBe(123456);
    expect(reaisToCents('R$ 19,9')).toBe(1990);
    expect(reaisToCents(18.9)).toBe(1890);
    expect(reaisToCents('grátis')).toBeNull();
    expect(reaisToCents(-1)).toBeNull();
  });
});

describe('CarrierQuotes: deadline, fallback and cache', () => {
  const methods = [
    { id: 'pac', carrier: 'melhorenvio' as const, carrierService: '1' },
    { id: 'sedex', carrier: 'melhorenvio' as const, carrierService: '2' },
    { id: 'tabela', carrier: null, carrierService: null },
    { id: 'correios', carrier: 'correios' as const, carrierService: '03298' },
  ];

  it('prices the carriers’ methods at once and leaves the others to their tables', async () => {
    const quotes = new CarrierQuotes([melhorEnvio(), correios()], { originCep: ORIGIN });
    const prices = await quotes.pricesFor(methods, '30130100', PARCEL);
    expect([...prices.keys()].sort()).toEqual(['correios', 'pac', 'sedex']);
    expect(prices.get('pac')?.priceCents).toBe(
      standinPriceCents('melhorenvio', '1', ORIGIN, '30130100', 1500)!.priceCents,
    );
    // One call to Melhor Envio for both of its services.
    expect(standin.state.calls.filter((call) => call.carrier === 'melhorenvio')).toHaveLength(1);
  });

  it('gives up on a carrier slower than the deadline, and on one that is down: the tables answer', async () => {
    const failures: string[] = [];
    const quotes = new CarrierQuotes([melhorEnvio()], {
      originCep: ORIGIN,
      timeoutMs: 50,
      onFailure: (carrier) => failures.push(carrier),
    });
    standin.state.delayMs = 400;
    expect((await quotes.pricesFor(methods, '30130100', PARCEL)).size).toBe(0);
    standin.state.delayMs = 0;
    standin.state.down = true;
    expect((await quotes.pricesFor(methods, '30130100', PARCEL)).size).toBe(0);
    expect(failures).toEqual(['melhorenvio', 'melhorenvio']);
  });

  it('reuses an answer for the same CEP prefix and parcel until it is too old', async () => {
    let now = 1_000_000;
    const quotes = new CarrierQuotes([melhorEnvio()], {
      originCep: ORIGIN,
      cacheTtlMs: 60_000,
      now: () => now,
    });
    const first = await quotes.pricesFor(methods, '30130100', PARCEL);
    // Another street of the same CEP prefix, the carrier down: the kept answer.
    standin.state.down = true;
    expect(await quotes.pricesFor(methods, '30130999', PARCEL)).toEqual(first);
    // Another parcel is asked again (and the carrier being down leaves it to the table).
    expect(
      (await quotes.pricesFor(methods, '30130100', { ...PARCEL, weightGrams: 4000 })).size,
    ).toBe(0);
    now += 61_000;
    expect((await quotes.pricesFor(methods, '30130100', PARCEL)).size).toBe(0);
    expect(standin.state.calls.filter((call) => call.carrier === 'melhorenvio')).toHaveLength(1);
  });
});

describe('carrierSettingsFromEnv', () => {
  it('is null without carriers, and refuses half setups in Portuguese', () => {
    expect(carrierSettingsFromEnv({})).toBeNull();
    expect(() => carrierSettingsFromEnv({ MELHOR_ENVIO_TOKEN: 't' })).toThrow(
      /SHIPPING_ORIGIN_CEP/,
    );
    expect(() =>
      carrierSettingsFromEnv({ CORREIOS_USER: 'u', SHIPPING_ORIGIN_CEP: '01001-000' }),
    ).toThrow(/CORREIOS_ACCESS_CODE/);
    expect(() =>
      carrierSettingsFromEnv({
        MELHOR_ENVIO_TOKEN: 't',
        SHIPPING_ORIGIN_CEP: '01001-000',
        CARRIER_QUOTE_TIMEOUT_MS: 'rápido',
      }),
    ).toThrow(/CARRIER_QUOTE_TIMEOUT_MS/);
    const settings = carrierSettingsFromEnv({
      MELHOR_ENVIO_TOKEN: 't',
      CORREIOS_USER: 'u',
      CORREIOS_ACCESS_CODE: 'c',
      CORREIOS_POSTAGE_CARD: '007',
      SHIPPING_ORIGIN_CEP: '01001-000',
    });
    expect(settings?.quoters.map((quoter) => quoter.name)).toEqual(['melhorenvio', 'correios']);
    expect(settings).toMatchObject({ originCep: '01001000', timeoutMs: 700, cacheTtlMs: 600_000 });
  });
});

describe('the checkout with a carrier-quoted method', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let variantId: string;
  let methodId: string;
  let admin: string;
  let now = 5_000_000;
  const PREVIEW = `query($items: [CartItemInput!]!, $postalCode: String) {
    cartPreview(items: $items, postalCode: $postalCode) {
      shippingOptions { methodId priceCents businessDays carrierQuoted }
    } }`;
  // 30 × 20 × 5 cm weighs 500 g by volume; the variant weighs 300 g.
  const billable = 500;
  const quoted = (toCep: string) => standinPriceCents('melhorenvio', '1', ORIGIN, toCep, billable)!;

  beforeAll(async () => {
    ctx = await createTestContext();
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'FRETE-1', priceCents: 10000, stock: 50 },
    ]);
    variantId = catalog.variantIds[0]!;
    await ctx.db.execute(
      sql`UPDATE variants SET length_cm = 30, width_cm = 20, height_cm = 5 WHERE id = ${variantId}`,
    );
    await ctx.db.update(paymentSettings).set({ pixKey: 'loja@vitrine.test' });
    await ctx.db.execute(sql`UPDATE store_settings SET free_shipping_threshold_cents = NULL`);
    const table = JSON.stringify({
      byRegion: Object.fromEntries(
        Array.from({ length: 10 }, (_, region) => [
          String(region),
          { bands: [{ upToGrams: 30000, priceCents: 5000 }], businessDays: 9 },
        ]),
      ),
    });
    const method = await ctx.db.execute<{ id: string }>(sql`
      INSERT INTO shipping_methods (name, kind, rates, carrier, carrier_service)
      VALUES ('PAC (Melhor Envio)', 'delivery', ${table}::jsonb, 'melhorenvio', '1') RETURNING id`);
    methodId = method.rows[0]!.id;
    app = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
    app.register(carriersPlugin, {
      quoters: [melhorEnvio()],
      options: { originCep: ORIGIN, timeoutMs: 300, cacheTtlMs: 60_000, now: () => now },
    });
    await app.ready();
    admin = (await signInStaffRoles({ app, db: ctx.db })).admin.token;
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  const preview = async (postalCode: string) => {
    const { body } = await graphql(app, PREVIEW, {
      items: [{ variantId, quantity: 1 }],
      postalCode,
    });
    const options = (
      body.data?.cartPreview as {
        shippingOptions: { methodId: string; priceCents: number; carrierQuoted: boolean }[];
      }
    ).shippingOptions;
    return options.find((option) => option.methodId === methodId);
  };

  it('shows the carrier’s price and days, and the table’s when the carrier is down', async () => {
    expect(await preview('30130-100')).toEqual({
      methodId,
      priceCents: quoted('30130100').priceCents,
      businessDays: quoted('30130100').days,
      carrierQuoted: true,
    });
    standin.state.down = true;
    expect(await preview('80010-000')).toEqual({
      methodId,
      priceCents: 5000,
      businessDays: 9,
      carrierQuoted: false,
    });
  });

  it('places the order at the price the shopper saw while it is fresh, re-quotes once it is not', async () => {
    await preview('30140-000');
    // The carrier goes down between the bag and the order: the price seen stands.
    standin.state.down = true;
    const place = async (postalCode: string) => {
      const input = fixtureOrderInput([{ variantId, quantity: 1 }], methodId, {
        address: {
          postalCode,
          street: 'Avenida Afonso Pena',
          number: '100',
          complement: null,
          district: 'Centro',
          city: 'Belo Horizonte',
          uf: 'MG',
        },
      });
      const { body } = await graphql(app, PLACE_ORDER_MUTATION, { input });
      return body.data?.placeOrder as { shippingCents: number } | undefined;
    };
    expect((await place('30140-010'))?.shippingCents).toBe(quoted('30140000').priceCents);
    // Ten minutes later the quote is old: placeOrder asks again and, the carrier down, the table.
    now += 10 * 60_000;
    expect((await place('30140-010'))?.shippingCents).toBe(5000);
  });

  it('lets staff name a carrier and its service, and tells which carriers are configured', async () => {
    const create = await graphql(
      app,
      `
        mutation ($input: ShippingMethodInput!) {
          shippingMethodCreate(input: $input) {
            carrier
            carrierService
          }
        }
      `,
      {
        input: {
          name: 'SEDEX (Correios)',
          kind: 'DELIVERY',
          byRegion: [
            {
              region: 0,
              rate: { bands: [{ upToGrams: 1000, priceCents: 3000 }], businessDays: 3 },
            },
          ],
          carrier: 'CORREIOS',
          carrierService: '03220',
        },
      },
      admin,
    );
    expect(create.body.data?.shippingMethodCreate).toEqual({
      carrier: 'CORREIOS',
      carrierService: '03220',
    });
    const refused = await graphql(
      app,
      `
        mutation ($input: ShippingMethodInput!) {
          shippingMethodCreate(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          name: 'Sem código',
          kind: 'DELIVERY',
          byRegion: [
            {
              region: 0,
              rate: { bands: [{ upToGrams: 1000, priceCents: 3000 }], businessDays: 3 },
            },
          ],
          carrier: 'MELHOR_ENVIO',
        },
      },
      admin,
    );
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Informe o id do serviço no Melhor Envio, como 1 (PAC) ou 2 (SEDEX).',
      extensions: { code: 'BAD_USER_INPUT', field: 'carrierService' },
    });
    const carriers = await graphql(
      app,
      '{ shippingCarriers { carrier label configured } }',
      {},
      admin,
    );
    expect(carriers.body.data?.shippingCarriers).toEqual([
      { carrier: 'MELHOR_ENVIO', label: 'Melhor Envio', configured: true },
      { carrier: 'CORREIOS', label: 'Correios', configured: false },
    ]);
  });
});
