// An order packed into the store's boxes on the server (packing.ts), and the checkout's carrier
// quotes of the packed parcels (checkout/carrier-pricing.ts): without boxes the carrier is asked
// for the stacked parcel as before; a box changes the parcel asked for; several parcels are each
// quoted, summed, the slowest days kept; a parcel left unpriced leaves the method to its table.
// The real database (PGlite) and the carriers' local stand-in, which records what it was asked.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { carrierPricesFor, MAX_QUOTED_PARCELS } from '../checkout/carrier-pricing';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
} from '../checkout/checkout.fixtures';
import { paymentSettings } from '../settings/settings.tables';
import { CarrierQuotes } from './carriers/carrier-quotes';
import { carriersPlugin } from './carriers/carriers.plugin';
import { MelhorEnvioQuoter } from './carriers/melhorenvio';
import type { CarrierQuoter, CarrierQuoteRequest } from './carriers/provider';
import {
  STANDIN_MELHOR_ENVIO_TOKEN,
  standinPriceCents,
  startCarrierStandin,
  type CarrierStandin,
} from './carriers/standin';
import { carrierParcelOf, loadBoxes, parcelsForItems } from './packing';
import { shippingBoxes } from './shipping.tables';

const ORIGIN = '01001000';
const BIG = { name: 'Caixa G', lengthCm: 40, widthCm: 30, heightCm: 20, weightGrams: 300 };

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.delete(shippingBoxes);
});

const shirt = (quantity: number) => ({
  sku: 'camiseta',
  weightGrams: 300,
  lengthCm: 30,
  widthCm: 20,
  heightCm: 5,
  quantity,
});

describe('parcelsForItems', () => {
  it('is one stacked parcel without boxes, as before boxes', async () => {
    expect(await loadBoxes(ctx.db)).toEqual([]);
    const parcels = await parcelsForItems(ctx.db, [shirt(2)]);
    expect(parcels).toEqual([
      {
        box: null,
        contents: [{ item: shirt(2), quantity: 2 }],
        lengthCm: 30,
        widthCm: 20,
        heightCm: 10,
        weightGrams: 600,
        // Per unit, 30 × 20 × 5 cm is 500 g by volume.
        billableWeightGrams: 1000,
      },
    ]);
    expect(await parcelsForItems(ctx.db, [])).toBeNull();
    expect(
      await parcelsForItems(ctx.db, [{ weightGrams: 100, lengthCm: 10, quantity: 1 }]),
    ).toBeNull();
  });

  it('packs into the store’s boxes from the database, each parcel naming its box by id', async () => {
    const [big] = await ctx.db
      .insert(shippingBoxes)
      .values({ ...BIG, maxWeightGrams: 10_000 })
      .returning();
    await ctx.db.insert(shippingBoxes).values({
      name: 'Caixa P',
      lengthCm: 32,
      widthCm: 22,
      heightCm: 6,
      weightGrams: 100,
      maxWeightGrams: 1_000,
    });
    expect((await loadBoxes(ctx.db)).map((box) => box.name)).toEqual(['Caixa P', 'Caixa G']);
    const one = await parcelsForItems(ctx.db, [shirt(1)]);
    expect(one).toMatchObject([{ box: { name: 'Caixa P' }, weightGrams: 400 }]);
    const three = (await parcelsForItems(ctx.db, [shirt(3)]))!;
    expect(three).toHaveLength(1);
    expect(three[0]).toMatchObject({
      box: { id: big!.id, name: 'Caixa G', maxWeightGrams: 10_000 },
      contents: [{ quantity: 3 }],
      weightGrams: 1_200,
    });
    expect(carrierParcelOf(three[0]!)).toEqual({
      lengthCm: 40,
      widthCm: 30,
      heightCm: 20,
      // 40 × 30 × 20 cm: 4 kg by volume.
      weightGrams: 4_000,
    });
  });
});

describe('carrierPricesFor: the packed parcels quoted', () => {
  /** A carrier that answers by the parcel: days grow with its weight, one weight it refuses. */
  function fakeCarrier() {
    const asked: CarrierQuoteRequest['parcel'][] = [];
    const quoter: CarrierQuoter = {
      name: 'melhorenvio',
      quote: async (request) => {
        asked.push(request.parcel);
        if (request.parcel.weightGrams === 999) return [];
        return [
          {
            service: '1',
            priceCents: 1000 + request.parcel.weightGrams,
            businessDays: 2 + Math.floor(request.parcel.weightGrams / 1000),
          },
        ];
      },
    };
    return { asked, quotes: new CarrierQuotes([quoter], { originCep: ORIGIN }) };
  }
  const methods = [
    { id: 'pac', carrier: 'melhorenvio' as const, carrierService: '1' },
    { id: 'tabela', carrier: null, carrierService: null },
  ];
  const box = (name: string, maxWeightGrams: number, weightGrams = 0) => ({
    name,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 10,
    weightGrams,
    maxWeightGrams,
  });

  it('asks once for identical parcels and counts each in the price', async () => {
    // A 10 cm box takes two 5 cm shirts: four shirts are two boxes alike.
    await ctx.db.insert(shippingBoxes).values(box('Caixa M', 1_000, 100));
    const { asked, quotes } = fakeCarrier();
    const deps = { db: ctx.db, carriers: quotes };
    const prices = await carrierPricesFor(deps, methods, '30130-100', [shirt(4)]);
    // 30 × 20 × 10 cm = 1 kg by volume: each parcel billed 1 kg, both the same.
    expect(asked).toEqual([{ lengthCm: 30, widthCm: 20, heightCm: 10, weightGrams: 1_000 }]);
    expect(prices).toEqual(new Map([['pac', { priceCents: 2 * 2_000, businessDays: 3 }]]));
  });

  it('sums different parcels and keeps the slowest parcel’s days', async () => {
    await ctx.db.insert(shippingBoxes).values(box('Caixa M', 1_000));
    const heavy = {
      sku: 'halter',
      weightGrams: 2_500,
      lengthCm: 20,
      widthCm: 10,
      heightCm: 10,
      quantity: 1,
    };
    const { asked, quotes } = fakeCarrier();
    const prices = await carrierPricesFor({ db: ctx.db, carriers: quotes }, methods, '30130100', [
      shirt(1),
      heavy,
    ]);
    // The dumbbell fits no box (1 kg at most): alone, in its own size (at least 11 cm wide).
    expect(asked).toHaveLength(2);
    expect(asked).toContainEqual({ lengthCm: 30, widthCm: 20, heightCm: 10, weightGrams: 1_000 });
    expect(asked).toContainEqual({ lengthCm: 20, widthCm: 11, heightCm: 10, weightGrams: 2_500 });
    expect(prices.get('pac')).toEqual({ priceCents: 2_000 + 3_500, businessDays: 4 });
  });

  it('leaves the method to its table when one of its parcels gets no price', async () => {
    await ctx.db.insert(shippingBoxes).values(box('Caixa M', 500));
    const odd = {
      sku: 'refused',
      weightGrams: 999,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      quantity: 1,
    };
    // The shirt in the box, the 999 g unit alone (no box holds it): the carrier refuses that one.
    const { quotes } = fakeCarrier();
    const prices = await carrierPricesFor({ db: ctx.db, carriers: quotes }, methods, '30130100', [
      shirt(1),
      odd,
    ]);
    expect(prices.size).toBe(0);
  });

  it('leaves a bag of too many different parcels to the tables', async () => {
    await ctx.db.insert(shippingBoxes).values(box('Envelope', 50));
    const items = Array.from({ length: MAX_QUOTED_PARCELS + 1 }, (_, i) => ({
      sku: `peça-${i}`,
      // Alone (no box holds them) and each of another weight: eleven different parcels.
      weightGrams: 200 + i,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      quantity: 1,
    }));
    const { asked, quotes } = fakeCarrier();
    const deps = { db: ctx.db, carriers: quotes };
    expect((await carrierPricesFor(deps, methods, '30130100', items)).size).toBe(0);
    expect(asked).toEqual([]);
    expect((await carrierPricesFor(deps, methods, '30130100', items.slice(1))).size).toBe(1);
  });
});

describe('the checkout quotes the packed parcel', () => {
  let standin: CarrierStandin;
  let app: FastifyInstance;
  let variantId: string;
  let methodId: string;
  const PREVIEW = `query($items: [CartItemInput!]!, $postalCode: String) {
    cartPreview(items: $items, postalCode: $postalCode) {
      shippingOptions { methodId priceCents businessDays carrierQuoted }
    } }`;

  beforeAll(async () => {
    standin = await startCarrierStandin();
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'CAIXA-1', priceCents: 10000, stock: 50 },
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
    const quoter = new MelhorEnvioQuoter({
      baseUrl: standin.url,
      token: STANDIN_MELHOR_ENVIO_TOKEN,
      userAgent: 'Vitrine testes (dev@vitrine.test)',
    });
    app.register(carriersPlugin, {
      quoters: [quoter],
      options: { originCep: ORIGIN, timeoutMs: 2_000, cacheTtlMs: 60_000 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await standin.close();
  });
  beforeEach(() => {
    standin.state.calls.length = 0;
    standin.state.down = false;
  });

  const preview = async (postalCode: string, quantity: number) => {
    const { body } = await graphql(app, PREVIEW, {
      items: [{ variantId, quantity }],
      postalCode,
    });
    const options = (
      body.data?.cartPreview as {
        shippingOptions: { methodId: string; priceCents: number; carrierQuoted: boolean }[];
      }
    ).shippingOptions;
    return options.find((option) => option.methodId === methodId);
  };
  const packages = () =>
    standin.state.calls.map((call) => (call.detail as { package: unknown }).package);

  it('asks for the stacked parcel without boxes, and for the store’s box once there is one', async () => {
    const plain = await preview('30130-100', 1);
    expect(packages()).toEqual([{ length: 30, width: 20, height: 5, weight: 0.5 }]);
    expect(plain?.priceCents).toBe(
      standinPriceCents('melhorenvio', '1', ORIGIN, '30130100', 500)!.priceCents,
    );

    await ctx.db.insert(shippingBoxes).values({ ...BIG, maxWeightGrams: 10_000 });
    standin.state.calls.length = 0;
    // Another CEP prefix: not the answer kept for the parcel without the box.
    const boxed = await preview('30140-000', 1);
    expect(packages()).toEqual([{ length: 40, width: 30, height: 20, weight: 4 }]);
    expect(boxed).toMatchObject({
      carrierQuoted: true,
      priceCents: standinPriceCents('melhorenvio', '1', ORIGIN, '30140000', 4_000)!.priceCents,
    });
  });

  it('sums the parcels of a bag that needs two boxes, and placeOrder keeps that price', async () => {
    // Eight 5 cm shirts fill the box (a 40 cm stack, laid on its side): ten are two boxes alike,
    // asked for once.
    await ctx.db.insert(shippingBoxes).values({ ...BIG, maxWeightGrams: 10_000 });
    const bag = await preview('30150-000', 10);
    expect(packages()).toEqual([{ length: 40, width: 30, height: 20, weight: 4 }]);
    const one = standinPriceCents('melhorenvio', '1', ORIGIN, '30150000', 4_000)!;
    expect(bag).toEqual({
      methodId,
      priceCents: 2 * one.priceCents,
      businessDays: one.days,
      carrierQuoted: true,
    });
    // The carrier goes down before the order: the parcels' kept answers price it the same.
    standin.state.down = true;
    const input = fixtureOrderInput([{ variantId, quantity: 10 }], methodId, {
      address: {
        postalCode: '30150-010',
        street: 'Rua da Bahia',
        number: '10',
        complement: null,
        district: 'Centro',
        city: 'Belo Horizonte',
        uf: 'MG',
      },
    });
    const { body } = await graphql(app, PLACE_ORDER_MUTATION, { input });
    expect(body.errors).toBeUndefined();
    expect((body.data?.placeOrder as { shippingCents: number }).shippingCents).toBe(
      2 * one.priceCents,
    );
  });
});
