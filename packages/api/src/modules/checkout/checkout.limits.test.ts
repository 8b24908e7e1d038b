// One guest cannot reserve the whole store (issue 11, item 1): unit caps per line and per order
// (store settings), unpaid orders per client address, e-mail and CPF, order mails per recipient,
// and the proof — one client trying for a minute holds a small share of any variant while another
// shopper can still buy.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits } from '@vitrine/rules';
import { DEFAULT_CHECKOUT_LIMITS } from '../../config';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';
import { assertWithinGuestCaps } from './checkout.limits';
import { CheckoutError } from './checkout.errors';
import { expireUnpaidOrders } from './pixExpiry';

/** The production defaults, spelled as the environment would (tests default to "off"). */
const PRODUCTION_LIMITS_ENV = {
  UNPAID_ORDERS_PER_CLIENT: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient),
  UNPAID_ORDERS_PER_EMAIL: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerEmail),
  UNPAID_ORDERS_PER_CPF: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerCpf),
  ORDER_MAILS_PER_RECIPIENT: String(DEFAULT_CHECKOUT_LIMITS.orderMailsPerRecipient),
};

interface Answer {
  number: string | null;
  code: string | null;
  field: string | null;
  message: string | null;
  extensions: Record<string, unknown>;
}

/** placeOrder from a given client address (request.ip). */
async function place(app: FastifyInstance, input: unknown, ip = '198.51.100.10'): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql/',
    remoteAddress: ip,
    payload: { query: PLACE_ORDER_MUTATION, variables: { input } },
  });
  const body = response.json() as {
    data?: { placeOrder?: { number: string } | null } | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
  const error = body.errors?.[0];
  return {
    number: body.data?.placeOrder?.number ?? null,
    code: (error?.extensions?.code as string | undefined) ?? null,
    field: (error?.extensions?.field as string | undefined) ?? null,
    message: error?.message ?? null,
    extensions: error?.extensions ?? {},
  };
}

let serial = 0;
/** A different, valid CPF each call (as an attacker would rotate them). */
function freshCpf(): string {
  serial += 1;
  return cpfWithCheckDigits(String(100_000_000 + serial * 7919).slice(0, 9));
}

function customer(email: string, cpf = freshCpf()) {
  return { name: 'Cliente Teste', email, cpf, phone: '(11) 98765-4321' };
}

async function stockOf(ctx: TestContext, variantId: string): Promise<number> {
  const result = await ctx.db.execute<{ stock: number }>(
    sql`SELECT stock FROM variants WHERE id = ${variantId}`,
  );
  return Number(result.rows[0]!.stock);
}

async function orderCount(ctx: TestContext): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
  return Number(result.rows[0]!.n);
}

describe('assertWithinGuestCaps', () => {
  const caps = { perLine: 10, perOrder: 30 };
  const line = (index: number, quantity: number) => ({ index, quantity, what: `Item ${index}` });
  const refusal = (lines: ReturnType<typeof line>[]) => {
    try {
      assertWithinGuestCaps(lines, caps);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(CheckoutError);
      return error as CheckoutError;
    }
  };

  it('accepts carts up to both caps', () => {
    expect(refusal([line(0, 10), line(1, 10), line(2, 10)])).toBeNull();
  });

  it('names the first line over the per-line cap, in cart order', () => {
    const error = refusal([line(2, 11), line(0, 3), line(1, 12)]);
    expect(error?.field).toBe('items[1].quantity');
    expect(error?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toBe(
      'Item 1: cada pedido pode levar no máximo 10 unidades deste produto. Diminua a quantidade.',
    );
  });

  it('names the line where the order goes over the per-order cap', () => {
    const error = refusal([line(0, 10), line(1, 10), line(2, 9), line(3, 2), line(4, 1)]);
    expect(error?.field).toBe('items[3].quantity');
    expect(error?.message).toBe(
      'Cada pedido pode levar no máximo 30 unidades no total, e este carrinho tem 32. Diminua a quantidade de Item 3 ou de outro item.',
    );
    expect(error?.details).toMatchObject({ reason: 'ORDER_UNIT_LIMIT', limit: 30 });
  });
});

describe('placeOrder: limits of one guest', () => {
  let ctx: TestContext;
  let pickupId: string;
  let variants: string[];

  beforeAll(async () => {
    ctx = await createTestContext({ env: PRODUCTION_LIMITS_ENV });
    await seedCommerceDemo(ctx.db);
    pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
    const catalog = await insertFixtureCatalog(
      ctx.db,
      Array.from({ length: 6 }, (_, i) => ({ sku: `LIM-${i}`, priceCents: 5000, stock: 500 })),
    );
    variants = catalog.variantIds;
  });

  afterAll(async () => {
    await ctx?.close();
  });

  afterEach(async () => {
    // Each test starts with no order awaiting payment and the default caps.
    await ctx.db.execute(sql`UPDATE orders SET status = 'CANCELED'`);
    await ctx.db.execute(
      sql`UPDATE store_settings SET guest_max_units_per_line = 10, guest_max_units_per_order = 30`,
    );
  });

  const order = (
    items: Array<{ variantId: string; quantity: number }>,
    who: ReturnType<typeof customer>,
  ) => fixtureOrderInput(items, pickupId, { customer: who });

  it('refuses a line or an order over the store caps, naming the line, and writes nothing', async () => {
    const before = await orderCount(ctx);
    const overLine = await place(
      ctx.app,
      order([{ variantId: variants[0]!, quantity: 11 }], customer('linha@example.com')),
    );
    expect(overLine).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[0].quantity' });
    expect(overLine.message).toMatch(/no máximo 10 unidades deste produto/);

    const overOrder = await place(
      ctx.app,
      order(
        variants.slice(0, 4).map((variantId) => ({ variantId, quantity: 8 })),
        customer('pedido@example.com'),
      ),
    );
    expect(overOrder).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[3].quantity' });
    expect(overOrder.message).toMatch(/no máximo 30 unidades no total, e este carrinho tem 32/);
    expect(await orderCount(ctx)).toBe(before);
    expect(await stockOf(ctx, variants[0]!)).toBe(500);

    // The caps are the store's: raised, the same cart goes through.
    await ctx.db.execute(
      sql`UPDATE store_settings SET guest_max_units_per_line = 12, guest_max_units_per_order = 40`,
    );
    const placed = await place(
      ctx.app,
      order([{ variantId: variants[0]!, quantity: 11 }], customer('linha@example.com')),
    );
    expect(placed.code).toBeNull();
    expect(placed.number).toMatch(/^VT-/);
  });

  it('limits unpaid orders per e-mail, however it is spelled, until one is paid', async () => {
    const spellings = ['ana.lima@gmail.com', 'Ana.Lima+2@gmail.com', 'analima+x@googlemail.com'];
    for (const email of spellings) {
      const ok = await place(
        ctx.app,
        order([{ variantId: variants[1]!, quantity: 1 }], customer(email)),
        `203.0.113.${spellings.indexOf(email) + 1}`,
      );
      expect(ok.code, email).toBeNull();
    }
    const refused = await place(
      ctx.app,
      order([{ variantId: variants[1]!, quantity: 1 }], customer('a.n.a.l.i.m.a@gmail.com')),
      '203.0.113.9',
    );
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', field: 'customer.email' });
    expect(refused.message).toBe(
      'Este e-mail já tem pedidos aguardando pagamento. Se um deles for seu, pague-o pelo código do e-mail do pedido (ou em Acompanhar pedido); ou tente de novo em 30 minutos.',
    );
    // The first of them expires in 30 minutes: that is when a new one fits.
    expect(refused.extensions.retryAfterSeconds).toBe(30 * 60);

    // One of them paid: the shopper can order again at once.
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'PAID', payment_status = 'PAID' WHERE id = (SELECT id FROM orders WHERE status = 'PENDING_PAYMENT' ORDER BY created_at LIMIT 1)`,
    );
    const again = await place(
      ctx.app,
      order([{ variantId: variants[1]!, quantity: 1 }], customer('ana.lima@gmail.com')),
      '203.0.113.9',
    );
    expect(again.code).toBeNull();
  });

  it('limits unpaid orders per CPF whatever the e-mail', async () => {
    const cpf = freshCpf();
    for (let i = 0; i < DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerCpf; i += 1) {
      const ok = await place(
        ctx.app,
        order([{ variantId: variants[2]!, quantity: 1 }], customer(`cpf-${i}@example.com`, cpf)),
        `192.0.2.${i + 1}`,
      );
      expect(ok.code).toBeNull();
    }
    const refused = await place(
      ctx.app,
      order([{ variantId: variants[2]!, quantity: 1 }], customer('outro@example.com', cpf)),
      '192.0.2.99',
    );
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', field: 'customer.cpf' });
    expect(refused.message).toMatch(/^Este CPF já tem pedidos aguardando pagamento\./);
  });

  it('limits unpaid orders per client address, other addresses unaffected; expiry frees them', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient; i += 1) {
      const ok = await place(
        ctx.app,
        order([{ variantId: variants[3]!, quantity: 1 }], customer(`rede-${i}@example.com`)),
        ip,
      );
      expect(ok.code).toBeNull();
    }
    const refused = await place(
      ctx.app,
      order([{ variantId: variants[3]!, quantity: 1 }], customer('mais-um@example.com')),
      ip,
    );
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.message).toMatch(
      /^Há muitos pedidos aguardando pagamento feitos a partir desta conexão\. Se um deles for seu, pague-o/,
    );
    const elsewhere = await place(
      ctx.app,
      order([{ variantId: variants[3]!, quantity: 1 }], customer('vizinha@example.com')),
      '198.51.100.78',
    );
    expect(elsewhere.code).toBeNull();

    // Past the Pix hold the expiry job cancels them: the address may order again.
    ctx.clock.advance(31 * 60_000);
    expect(
      await expireUnpaidOrders(ctx.db, new Date(ctx.clock.now()), ctx.config.publicUrl),
    ).toBeGreaterThanOrEqual(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient);
    const later = await place(
      ctx.app,
      order([{ variantId: variants[3]!, quantity: 1 }], customer('mais-um@example.com')),
      ip,
    );
    expect(later.code).toBeNull();
  });

  it('lets parallel orders of one client past the limit together never', async () => {
    const ip = '198.51.100.90';
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        place(
          ctx.app,
          order([{ variantId: variants[4]!, quantity: 1 }], customer(`par-${i}@example.com`)),
          ip,
        ),
      ),
    );
    expect(results.filter((r) => r.number !== null)).toHaveLength(
      DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient,
    );
    expect(results.filter((r) => r.code === 'RATE_LIMITED')).toHaveLength(
      12 - DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient,
    );
  });

  it('sends a recipient a few order mails an hour; past that the order is placed without one', async () => {
    await ctx.app.mail.flush();
    const limit = DEFAULT_CHECKOUT_LIMITS.orderMailsPerRecipient;
    const numbers: string[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      // A different CPF and address each time: only the recipient is the same mailbox.
      const placed = await place(
        ctx.app,
        order(
          [{ variantId: variants[5]!, quantity: 1 }],
          customer(i % 2 === 0 ? 'vitima@example.com' : 'Vitima+spam@example.com'),
        ),
        `100.64.0.${i + 1}`,
      );
      expect(placed.code).toBeNull();
      numbers.push(placed.number!);
      // Paid at once, so the per-e-mail limit of unpaid orders stays out of the way.
      await ctx.db.execute(
        sql`UPDATE orders SET status = 'PAID', payment_status = 'PAID' WHERE number = ${placed.number}`,
      );
    }
    await ctx.app.mail.flush();
    const toVictim = ctx.mail.sent.filter((mail) =>
      /^vitima(\+spam)?@example\.com$/i.test(mail.to),
    );
    expect(toVictim).toHaveLength(limit);

    // An hour later the allowance is back.
    ctx.clock.advance(60 * 60_000 + 1);
    const later = await place(
      ctx.app,
      order([{ variantId: variants[5]!, quantity: 1 }], customer('vitima@example.com')),
      '100.64.1.1',
    );
    expect(later.code).toBeNull();
    await ctx.app.mail.flush();
    expect(
      ctx.mail.sent.filter((mail) => mail.subject.includes(later.number!)),
      'the mail of the order placed an hour later',
    ).toHaveLength(1);
  });
});

describe('placeOrder: one client hoarding for a minute (the proof)', () => {
  it('holds at most 10% of any variant, and an honest shopper still buys', async () => {
    const ctx = await createTestContext({ env: PRODUCTION_LIMITS_ENV });
    try {
      await seedCommerceDemo(ctx.db);
      const pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
      const STOCK = 500;
      const catalog = await insertFixtureCatalog(
        ctx.db,
        Array.from({ length: 8 }, (_, i) => ({
          sku: `HOARD-${i}`,
          priceCents: 9900,
          stock: STOCK,
        })),
      );
      const attacker = '203.0.113.66';
      let placed = 0;
      let refused = 0;
      // A simulated minute, an attempt every 500 ms: a new e-mail and CPF each time, the whole
      // catalog at 50 units a line (as in the report) or three variants at the caps.
      for (let elapsed = 0; elapsed < 60_000; elapsed += 500) {
        const attempt = elapsed / 500;
        const greedy = attempt % 2 === 0;
        const items = greedy
          ? catalog.variantIds.map((variantId) => ({ variantId, quantity: 50 }))
          : [0, 1, 2].map((k) => ({
              variantId: catalog.variantIds[(attempt + k) % catalog.variantIds.length]!,
              quantity: 10,
            }));
        const input = fixtureOrderInput(items, pickupId, {
          customer: customer(`comprador${attempt}.${randomUUID().slice(0, 6)}@example.com`),
        });
        const answer = await place(ctx.app, input, attacker);
        if (answer.number) placed += 1;
        else {
          refused += 1;
          expect(['BAD_USER_INPUT', 'RATE_LIMITED']).toContain(answer.code);
        }
        ctx.clock.advance(500);
      }
      expect(placed).toBe(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient);
      expect(refused).toBe(120 - placed);
      for (const variantId of catalog.variantIds) {
        const held = STOCK - (await stockOf(ctx, variantId));
        expect(held, `units of ${variantId} held by the client`).toBeLessThanOrEqual(STOCK / 10);
      }

      const honest = await place(
        ctx.app,
        fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 2 }], pickupId, {
          customer: customer('maria.souza@example.com'),
        }),
        '198.51.100.200',
      );
      expect(honest.code).toBeNull();
      expect(honest.number).toMatch(/^VT-/);
    } finally {
      await ctx.close();
    }
    // 120 requests on a shared machine: the default 30 s is not a performance bound here.
  }, 120_000);
});
