// orderStatus (public tracking) is throttled: wrong guesses are limited per client address and
// per e-mail; finding the order does not count, and the right number and e-mail are answered even
// while the e-mail is throttled, to any address that has not itself been guessing at it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import type { OrderRow } from './orders.tables';
import { EMAIL_MESSAGES } from '@vitrine/rules';
import {
  TRACKING_GUESSES_PER_CLIENT,
  TRACKING_GUESSES_PER_CLIENT_AND_EMAIL,
  TRACKING_GUESSES_PER_EMAIL,
  TRACKING_WINDOW_MS,
} from './orders.tracking';

const QUERY = /* GraphQL */ `
  query Track($number: String!, $email: String!) {
    orderStatus(number: $number, email: $email) {
      number
      address {
        city
      }
    }
  }
`;

let ctx: TestContext;
let catalog: FixtureCatalog;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

async function track(number: string, email: string, remoteAddress: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    remoteAddress,
    payload: { query: QUERY, variables: { number, email } },
  });
  return response.json() as {
    data: { orderStatus: { number: string } } | null;
    errors?: Array<{ message: string; extensions: Record<string, unknown> }>;
  };
}

/** A number next to `order`'s that does not exist (the attacker's guess). */
function wrongNumber(order: OrderRow, offset: number): string {
  const match = /^(\D*)(\d+)$/.exec(order.number)!;
  const digits = String(Number(match[2]) + 1000 + offset).padStart(match[2]!.length, '0');
  return `${match[1]}${digits}`;
}

describe('orderStatus throttle', () => {
  it('refuses a client address after 10 wrong guesses, the right number included, for 15 minutes', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
      customerEmail: 'vitima1@example.com',
    });
    const client = '198.51.100.1';
    for (let i = 0; i < TRACKING_GUESSES_PER_CLIENT; i += 1) {
      const body = await track(wrongNumber(order, i), 'vitima1@example.com', client);
      expect(body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    const refused = await track(order.number, 'vitima1@example.com', client);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({
      message:
        'Muitas consultas de pedido sem sucesso. Confira o número do pedido e o e-mail e tente novamente em 15 minutos.',
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: TRACKING_WINDOW_MS / 1000 },
    });
    // Another address still finds the order; once the window has passed, so does this one.
    expect((await track(order.number, 'vitima1@example.com', '198.51.100.2')).data).not.toBeNull();
    ctx.clock.advance(TRACKING_WINDOW_MS);
    expect((await track(order.number, 'vitima1@example.com', client)).data).not.toBeNull();
  });

  it("20 wrong guesses at a customer's e-mail never block her own right look-up", async () => {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
      customerEmail: 'vitima2@example.com',
    });
    // Ten addresses, two wrong guesses each (any spelling of the mailbox): the e-mail is throttled.
    expect(TRACKING_GUESSES_PER_EMAIL).toBe(20);
    expect(TRACKING_GUESSES_PER_CLIENT_AND_EMAIL).toBe(2);
    for (let i = 0; i < TRACKING_GUESSES_PER_EMAIL; i += 1) {
      const spelling = i % 2 === 0 ? 'Vitima2@example.com' : 'vitima2+rastreio@example.com';
      const body = await track(wrongNumber(order, i), spelling, `192.0.2.${(i >> 1) + 1}`);
      expect(body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }

    // The customer, from her own connection, finds her order — again and again.
    for (let i = 0; i < 3; i += 1) {
      const mine = await track(order.number, ' vitima2@example.com', '203.0.113.200');
      expect(mine.errors).toBeUndefined();
      expect(mine.data?.orderStatus.number).toBe(order.number);
    }

    // A guessing address is refused, the right number included: it cannot keep probing.
    const guesser = await track(order.number, 'vitima2@example.com', '192.0.2.1');
    expect(guesser.data).toBeNull();
    expect(guesser.errors?.[0]).toMatchObject({
      message:
        'Muitas consultas de pedido sem sucesso. Confira o número do pedido e o e-mail e tente novamente em 15 minutos.',
      extensions: { code: 'RATE_LIMITED' },
    });

    // A new address gets two guesses at the throttled e-mail, answered as any wrong guess, then
    // nothing more (not even the right number) until the window passes.
    for (let i = 0; i < TRACKING_GUESSES_PER_CLIENT_AND_EMAIL; i += 1) {
      const body = await track(wrongNumber(order, 50 + i), 'vitima2@example.com', '192.0.2.77');
      expect(body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    for (const number of [wrongNumber(order, 60), order.number]) {
      const body = await track(number, 'vitima2@example.com', '192.0.2.77');
      expect(body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    }

    // Guesses in parallel from one new address cannot slip past: two are judged.
    const parallel = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        track(wrongNumber(order, 100 + i), 'vitima2@example.com', '192.0.2.210'),
      ),
    );
    const codes = parallel.map((body) => body.errors?.[0]?.extensions.code);
    expect(codes.filter((code) => code === 'NOT_FOUND')).toHaveLength(2);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(4);

    // Once the window has passed, the guessing address is answered again.
    ctx.clock.advance(TRACKING_WINDOW_MS);
    expect((await track(order.number, 'vitima2@example.com', '192.0.2.1')).data).not.toBeNull();
  });

  it('refuses a quoted or invisible e-mail as bad input, counting nothing', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.cap, quantity: 1 }],
      customerEmail: 'aspas@example.com',
    });
    const client = '203.0.113.90';
    for (let i = 0; i < TRACKING_GUESSES_PER_CLIENT + 2; i += 1) {
      const email = i % 2 === 0 ? '"aspas"@example.com' : 'aspas@example.com\u200B';
      const body = await track(order.number, email, client);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({
        message: i % 2 === 0 ? EMAIL_MESSAGES.QUOTED : EMAIL_MESSAGES.INVISIBLE_CHARACTER,
        extensions: { code: 'BAD_USER_INPUT', field: 'email' },
      });
    }
    expect((await track(order.number, 'aspas@example.com', client)).data).not.toBeNull();
  });

  it('never throttles a shopper who finds the order', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.cap, quantity: 1 }],
      customerEmail: 'cliente@example.com',
    });
    for (let i = 0; i < TRACKING_GUESSES_PER_EMAIL + 5; i += 1) {
      const body = await track(order.number, 'cliente@example.com', '203.0.113.50');
      expect(body.errors).toBeUndefined();
      expect(body.data?.orderStatus.number).toBe(order.number);
    }
  });

  it('reveals the city and UF of the delivery, never the street, number, district or CEP', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.cap, quantity: 1 }],
      customerEmail: 'endereco@example.com',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      remoteAddress: '203.0.113.60',
      payload: {
        query: `query($number: String!, $email: String!) {
          orderStatus(number: $number, email: $email) {
            address { postalCode street number complement district city uf }
          }
        }`,
        variables: { number: order.number, email: 'endereco@example.com' },
      },
    });
    const body = response.json() as {
      data?: { orderStatus: { address: Record<string, string | null> } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data?.orderStatus.address).toEqual({
      postalCode: '',
      street: '',
      number: '',
      complement: null,
      district: '',
      city: order.city,
      uf: order.uf,
    });
    expect(order.street.length).toBeGreaterThan(0);
  });
});
