// Races at checkout, through two app instances (one process) on one database. On PostgreSQL
// (TEST_DATABASE_URL) each instance has its own pool, so the requests really run at once; on the
// embedded PGlite (one connection) its queue serialises them, and the names say so. The proof
// with two real server processes is test/two-processes.test.ts (PostgreSQL only).
import { cpfWithCheckDigits } from '@vitrine/rules';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';

/** PGlite runs one query at a time: there the "races" are interleaved, not simultaneous. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());
const at = (simultaneous: string, serialised: string) => (onPostgres ? simultaneous : serialised);

let ctx: TestContext;
let second: FastifyInstance;
let closeSecond: () => Promise<void>;
let pickupId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
  if (ctx.kind === 'pg') {
    const opened = await openDatabase(ctx.config);
    second = buildApp({ config: ctx.config, db: opened.db, clock: ctx.clock, logger: false });
    closeSecond = async () => {
      await second.close();
      await opened.close();
    };
  } else {
    second = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
    closeSecond = () => second.close();
  }
  await second.ready();
});

afterAll(async () => {
  await closeSecond?.();
  await ctx?.close();
});

type Result = {
  number: string | null;
  code: string | null;
  field: string | null;
  message: string | null;
};

/** Fires every request at once, alternating between the two instances. */
async function placeAll(inputs: readonly unknown[]): Promise<Result[]> {
  const apps = [ctx.app, second];
  return Promise.all(
    inputs.map(async (input, i) => {
      const { body } = await graphql(apps[i % 2]!, PLACE_ORDER_MUTATION, { input });
      const placed = body.data?.placeOrder as { number: string } | null | undefined;
      const error = body.errors?.[0] as
        { message: string; extensions?: { code?: string; field?: string } } | undefined;
      return {
        number: placed?.number ?? null,
        code: error?.extensions?.code ?? null,
        field: error?.extensions?.field ?? null,
        message: error?.message ?? null,
      };
    }),
  );
}

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const result = await ctx.db.execute<{ value: number | string | null }>(query);
  return Number(result.rows[0]?.value ?? 0);
}

describe(
  at(
    'checkout under concurrency (two app instances with their own pools, one PostgreSQL database)',
    'checkout with interleaved requests (two app instances on embedded PGlite, which serialises them)',
  ),
  () => {
    it(
      at(
        'sells the last unit exactly once to 50 simultaneous buyers',
        'sells the last unit exactly once to 50 buyers whose requests PGlite serialises',
      ),
      async () => {
        const catalog = await insertFixtureCatalog(ctx.db, [
          { sku: 'ULTIMA-1', priceCents: 9990, stock: 1 },
        ]);
        const variantId = catalog.variantIds[0]!;
        const inputs = Array.from({ length: 50 }, (_, i) =>
          fixtureOrderInput([{ variantId, quantity: 1 }], pickupId, {
            customer: {
              name: `Comprador ${i}`,
              email: `comprador${i}@example.com`,
              cpf: '529.982.247-25',
              phone: '11987654321',
            },
          }),
        );
        const results = await placeAll(inputs);

        const winners = results.filter((r) => r.number !== null);
        expect(winners).toHaveLength(1);
        const losers = results.filter((r) => r.number === null);
        expect(losers).toHaveLength(49);
        for (const loser of losers) {
          expect(loser).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[0].quantity' });
          expect(loser.message).toBe('Camiseta Básica esgotou: remova-o do carrinho.');
        }
        expect(await scalar(sql`SELECT stock AS value FROM variants WHERE id = ${variantId}`)).toBe(
          0,
        );
        expect(
          await scalar(
            sql`SELECT count(*) AS value FROM order_lines WHERE variant_id = ${variantId}`,
          ),
        ).toBe(1);
        expect(
          await scalar(
            sql`SELECT coalesce(sum(delta), 0) AS value FROM stock_movements WHERE variant_id = ${variantId}`,
          ),
        ).toBe(-1);
      },
    );

    it(
      at(
        'gives the last use of a coupon to exactly one of 50 racing orders',
        'gives the last use of a coupon to exactly one of 50 serialised orders',
      ),
      async () => {
        const catalog = await insertFixtureCatalog(ctx.db, [
          { sku: 'CUPOM-1', priceCents: 10000, stock: 100 },
        ]);
        await ctx.db.execute(
          sql`INSERT INTO coupons (code, kind, percent, usage_limit) VALUES ('ULTIMOUSO', 'percent', 20, 3)`,
        );
        // Two uses are gone already: one is left.
        await ctx.db.execute(sql`UPDATE coupons SET used_count = 2 WHERE code = 'ULTIMOUSO'`);
        const inputs = Array.from({ length: 50 }, (_, i) =>
          fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
            couponCode: 'ULTIMOUSO',
            customer: {
              name: `Cliente ${i}`,
              email: `cliente${i}@example.com`,
              cpf: '529.982.247-25',
              phone: '11987654321',
            },
          }),
        );
        const results = await placeAll(inputs);

        expect(results.filter((r) => r.number !== null)).toHaveLength(1);
        for (const loser of results.filter((r) => r.number === null)) {
          expect(loser).toMatchObject({
            code: 'BAD_USER_INPUT',
            field: 'couponCode',
            message: 'Este cupom já atingiu o limite de usos.',
          });
        }
        expect(
          await scalar(sql`SELECT used_count AS value FROM coupons WHERE code = 'ULTIMOUSO'`),
        ).toBe(3);
        expect(
          await scalar(sql`SELECT count(*) AS value FROM orders WHERE coupon_code = 'ULTIMOUSO'`),
        ).toBe(1);
        // The losers' stock came back with their rollback.
        expect(
          await scalar(
            sql`SELECT stock AS value FROM variants WHERE id = ${catalog.variantIds[0]}`,
          ),
        ).toBe(99);
      },
    );

    it(
      at(
        "keeps a coupon's once-per-shopper rule under 20 simultaneous orders (e-mail spellings, one CPF)",
        "keeps a coupon's once-per-shopper rule under 20 serialised orders (e-mail spellings, one CPF)",
      ),
      async () => {
        // A variant per order: no stock row shared, so nothing but the coupon's own locks
        // orders them.
        const catalog = await insertFixtureCatalog(
          ctx.db,
          Array.from({ length: 20 }, (_, i) => ({
            sku: `UMAVEZ-${i}`,
            priceCents: 10000,
            stock: 5,
          })),
        );
        await ctx.db.execute(
          sql`INSERT INTO coupons (code, kind, percent, per_email_limit) VALUES ('UMAVEZ', 'percent', 10, 1)`,
        );
        let next = 0;
        const order = (email: string, cpfBase: string) =>
          fixtureOrderInput([{ variantId: catalog.variantIds[next++]!, quantity: 1 }], pickupId, {
            couponCode: 'umavez',
            customer: {
              name: 'Cliente Uma Vez',
              email,
              cpf: cpfWithCheckDigits(cpfBase),
              phone: '11987654321',
            },
          });
        // Ten spellings of one Gmail address, each with its own CPF; ten addresses sharing a CPF.
        const sameEmail = Array.from({ length: 10 }, (_, i) =>
          order(
            i % 2 === 0 ? `Ana.Souza+${i}@gmail.com` : `anasouza+${i}@googlemail.com`,
            String(100_000_000 + i * 7_919),
          ),
        );
        const sameCpf = Array.from({ length: 10 }, (_, i) =>
          order(`outra${i}@example.com`, '123456789'),
        );
        const results = await placeAll([...sameEmail, ...sameCpf]);

        for (const group of [results.slice(0, 10), results.slice(10)]) {
          expect(group.filter((r) => r.number !== null)).toHaveLength(1);
          for (const loser of group.filter((r) => r.number === null)) {
            expect(loser).toMatchObject({
              code: 'BAD_USER_INPUT',
              field: 'couponCode',
              message: 'Você já usou este cupom o máximo de vezes permitido.',
            });
          }
        }
        expect(
          await scalar(sql`SELECT used_count AS value FROM coupons WHERE code = 'UMAVEZ'`),
        ).toBe(2);
        expect(
          await scalar(
            sql`SELECT count(*) AS value FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = 'UMAVEZ'`,
          ),
        ).toBe(2);
      },
    );

    it(
      at(
        'makes one order when the same idempotency key arrives 50 times at once',
        'makes one order when the same idempotency key arrives 50 times (serialised by PGlite)',
      ),
      async () => {
        const catalog = await insertFixtureCatalog(ctx.db, [
          { sku: 'IDEM-1', priceCents: 4990, stock: 5 },
        ]);
        const input = fixtureOrderInput(
          [{ variantId: catalog.variantIds[0]!, quantity: 2 }],
          pickupId,
        );
        const results = await placeAll(Array.from({ length: 50 }, () => input));

        const numbers = new Set(results.map((r) => r.number));
        expect(results.every((r) => r.code === null)).toBe(true);
        expect(numbers.size).toBe(1);
        expect(
          await scalar(
            sql`SELECT count(*) AS value FROM orders WHERE idempotency_key = ${input.idempotencyKey}`,
          ),
        ).toBe(1);
        expect(
          await scalar(
            sql`SELECT stock AS value FROM variants WHERE id = ${catalog.variantIds[0]}`,
          ),
        ).toBe(3);
      },
    );

    it(
      at(
        'never deadlocks when carts hold the same items in opposite order',
        'keeps stock right when carts hold the same items in opposite order (serialised by PGlite)',
      ),
      async () => {
        const catalog = await insertFixtureCatalog(ctx.db, [
          { sku: 'PAR-A', priceCents: 3000, stock: 100 },
          { sku: 'PAR-B', priceCents: 4000, stock: 100 },
        ]);
        const [a, b] = catalog.variantIds as [string, string];
        const inputs = Array.from({ length: 30 }, (_, i) =>
          fixtureOrderInput(
            i % 2 === 0
              ? [
                  { variantId: a, quantity: 1 },
                  { variantId: b, quantity: 2 },
                ]
              : [
                  { variantId: b, quantity: 2 },
                  { variantId: a, quantity: 1 },
                ],
            pickupId,
          ),
        );
        const results = await placeAll(inputs);
        expect(results.filter((r) => r.code !== null)).toEqual([]);
        expect(await scalar(sql`SELECT stock AS value FROM variants WHERE id = ${a}`)).toBe(70);
        expect(await scalar(sql`SELECT stock AS value FROM variants WHERE id = ${b}`)).toBe(40);
      },
    );
  },
);
