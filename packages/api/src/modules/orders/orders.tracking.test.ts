// orderStatus (public tracking) is throttled: wrong guesses are limited per client address and
// per e-mail; finding the order does not count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import type { OrderRow } from './orders.tables';
import {
  TRACKING_GUESSES_PER_CLIENT,
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

  it('refuses an e-mail after 20 wrong guesses from any number of addresses', async () => {
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
      customerEmail: 'vitima2@example.com',
    });
    for (let i = 0; i < TRACKING_GUESSES_PER_EMAIL; i += 1) {
      const body = await track(wrongNumber(order, i), 'Vitima2@example.com', `192.0.2.${i + 1}`);
      expect(body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    const refused = await track(order.number, ' vitima2@example.com', '192.0.2.200');
    expect(refused.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    // Guesses in parallel cannot slip past either.
    const parallel = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        track(wrongNumber(order, 100 + i), 'vitima2@example.com', `192.0.2.${210 + i}`),
      ),
    );
    for (const body of parallel) expect(body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
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
