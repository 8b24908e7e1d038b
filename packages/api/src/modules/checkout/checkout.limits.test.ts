// One guest cannot reserve the whole store (issue 11, item 1): unit caps per line and per order
// (store settings), unpaid orders per client address, e-mail and CPF, order mails per recipient,
// and the proof — one client trying for a minute holds a small share of any variant while another
// shopper can still buy. Units of one variant held unpaid per client address, e-mail and CPF are
// bounded by its stock, proved at realistic stock (15 and 20 units), simultaneous orders included.
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
import { assertWithinGuestCaps, heldUnitsLimit } from './checkout.limits';
import { CheckoutError } from './checkout.errors';
import { expireUnpaidOrders } from './pixExpiry';

/** The production defaults, spelled as the environment would (tests default to "off"). */
const PRODUCTION_LIMITS_ENV = {
  UNPAID_ORDERS_PER_CLIENT: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerClient),
  UNPAID_ORDERS_PER_EMAIL: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerEmail),
  UNPAID_ORDERS_PER_CPF: String(DEFAULT_CHECKOUT_LIMITS.unpaidOrdersPerCpf),
  ORDER_MAILS_PER_RECIPIENT: String(DEFAULT_CHECKOUT_LIMITS.orderMailsPerRecipient),
  VARIANT_HOLD_UNITS: String(DEFAULT_CHECKOUT_LIMITS.variantHoldUnits),
  VARIANT_HOLD_PERCENT: String(DEFAULT_CHECKOUT_LIMITS.variantHoldPercent),
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

describe('heldUnitsLimit', () => {
  const defaults = {
    variantHoldUnits: DEFAULT_CHECKOUT_LIMITS.variantHoldUnits,
    variantHoldPercent: DEFAULT_CHECKOUT_LIMITS.variantHoldPercent,
  };

  it('is 3 units or 20% of the stock, whichever is more (the production defaults)', () => {
    expect(defaults).toEqual({ variantHoldUnits: 3, variantHoldPercent: 20 });
    expect([1, 3, 5, 15, 19, 20, 24, 25, 50, 500].map((n) => heldUnitsLimit(defaults, n))).toEqual([
      3, 3, 3, 3, 3, 4, 4, 5, 10, 100,
    ]);
  });

  it('is never below one unit, and off at 0%', () => {
    expect(heldUnitsLimit({ variantHoldUnits: 0, variantHoldPercent: 10 }, 5)).toBe(1);
    expect(heldUnitsLimit({ variantHoldUnits: 0, variantHoldPercent: 100 }, 7)).toBe(7);
    expect(heldUnitsLimit({ variantHoldUnits: 3, variantHoldPercent: 0 }, 15)).toBeNull();
  });
});

describe('placeOrder: units of one variant one guest holds unpaid (stock of 15 to 20)', () => {
  let ctx: TestContext;
  let pickupId: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: PRODUCTION_LIMITS_ENV });
    await seedCommerceDemo(ctx.db);
    pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A new product whose one variant has `stock` units (a new hot item per test). */
  async function hotItem(stock: number): Promise<string> {
    const catalog = await insertFixtureCatalog(
      ctx.db,
      [{ sku: `HOT-${randomUUID().slice(0, 8)}`, priceCents: 29900, stock, size: 'M' }],
      { productName: 'Tênis Edição Limitada' },
    );
    return catalog.variantIds[0]!;
  }

  const order = (variantId: string, quantity: number, who: ReturnType<typeof customer>) =>
    fixtureOrderInput([{ variantId, quantity }], pickupId, { customer: who });

  let mailbox = 0;
  /** A new e-mail each call (as an attacker would rotate them). */
  const freshEmail = () => `comprador${(mailbox += 1)}.${randomUUID().slice(0, 6)}@example.com`;

  it('lets a shopper buy 3 of 15 and refuses one address holding more, whatever e-mail and CPF it uses', async () => {
    const item = await hotItem(15);
    const honest = await place(
      ctx.app,
      order(item, 3, customer('maria.souza@example.com')),
      '198.51.100.30',
    );
    expect(honest.code).toBeNull();

    // The report's attack: 10 units a line, a new e-mail and CPF each time, one address.
    const attacker = '203.0.113.15';
    const greedy = await place(ctx.app, order(item, 10, customer(freshEmail())), attacker);
    expect(greedy).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[0].quantity' });
    expect(greedy.message).toBe(
      'Tênis Edição Limitada (Tamanho M): para que outros clientes também possam comprar, cada cliente pode reservar no máximo 3 unidades deste produto em pedidos aguardando pagamento. Diminua a quantidade para 3.',
    );
    expect(greedy.extensions).toMatchObject({
      reason: 'VARIANT_HOLD_LIMIT',
      by: 'client',
      variantId: item,
      limit: 3,
      held: 0,
      allowed: 3,
    });

    expect(
      (await place(ctx.app, order(item, 2, customer(freshEmail())), attacker)).code,
    ).toBeNull();
    const more = await place(ctx.app, order(item, 2, customer(freshEmail())), attacker);
    expect(more).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[0].quantity' });
    expect(more.message).toBe(
      'Tênis Edição Limitada (Tamanho M): os pedidos aguardando pagamento feitos a partir desta conexão já têm 2 unidades deste produto, e cada cliente pode reservar no máximo 3 até pagar. Diminua a quantidade para 1, ou pague o pedido anterior pelo código do e-mail do pedido (ou em Acompanhar pedido).',
    );
    expect(more.extensions).toMatchObject({ held: 2, allowed: 1 });
    expect(
      (await place(ctx.app, order(item, 1, customer(freshEmail())), attacker)).code,
    ).toBeNull();

    // Holding all it may: nothing more of this item until an order is paid or expires.
    const full = await place(ctx.app, order(item, 1, customer(freshEmail())), attacker);
    expect(full).toMatchObject({ code: 'RATE_LIMITED', field: 'items[0].quantity' });
    expect(full.message).toBe(
      'Tênis Edição Limitada (Tamanho M): os pedidos aguardando pagamento feitos a partir desta conexão já têm 3 unidades deste produto, o máximo que cada cliente pode reservar até pagar. Se um deles for seu, pague-o pelo código do e-mail do pedido (ou em Acompanhar pedido); ou tente de novo em 30 minutos.',
    );
    expect(full.extensions).toMatchObject({ allowed: 0, retryAfterSeconds: 30 * 60 });

    // 15 − 3 (the shopper's) − 3 (the address's): the item is far from sold out.
    expect(await stockOf(ctx, item)).toBe(9);
    const another = await place(
      ctx.app,
      order(item, 3, customer('joao.pereira@example.com')),
      '198.51.100.31',
    );
    expect(another.code).toBeNull();
  });

  it('counts one e-mail however it is spelled, and one CPF, across addresses', async () => {
    const item = await hotItem(15);
    const first = await place(
      ctx.app,
      order(item, 2, customer('Ana.Costa+loja@gmail.com')),
      '192.0.2.41',
    );
    expect(first.code).toBeNull();
    const byEmail = await place(
      ctx.app,
      order(item, 2, customer('anacosta@gmail.com')),
      '192.0.2.42',
    );
    expect(byEmail).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[0].quantity' });
    expect(byEmail.extensions).toMatchObject({ by: 'email', held: 2, allowed: 1 });
    expect(byEmail.message).toMatch(
      /os pedidos aguardando pagamento deste e-mail já têm 2 unidades/,
    );

    const cpf = freshCpf();
    expect(
      (await place(ctx.app, order(item, 3, customer(freshEmail(), cpf)), '192.0.2.43')).code,
    ).toBeNull();
    const byCpf = await place(ctx.app, order(item, 1, customer(freshEmail(), cpf)), '192.0.2.44');
    expect(byCpf).toMatchObject({ code: 'RATE_LIMITED', field: 'items[0].quantity' });
    expect(byCpf.extensions).toMatchObject({ by: 'cpf', held: 3, allowed: 0 });
  });

  it('does not count paid orders, and frees an expired order’s units', async () => {
    const item = await hotItem(15);
    const who = customer('pagante@example.com');
    const ip = '192.0.2.51';
    const placed = await place(ctx.app, order(item, 3, who), ip);
    expect(placed.code).toBeNull();
    expect((await place(ctx.app, order(item, 1, who), ip)).code).toBe('RATE_LIMITED');
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'PAID', payment_status = 'PAID' WHERE number = ${placed.number}`,
    );
    // Paid: 3 more go through (the variant now has 12 units, still 3 per guest).
    const again = await place(ctx.app, order(item, 3, who), ip);
    expect(again.code).toBeNull();
    expect((await place(ctx.app, order(item, 1, who), ip)).code).toBe('RATE_LIMITED');

    // Past the Pix hold the unpaid one expires: its units are back and the guest may hold again.
    ctx.clock.advance(31 * 60_000);
    await expireUnpaidOrders(ctx.db, new Date(ctx.clock.now()), ctx.config.publicUrl);
    expect(await stockOf(ctx, item)).toBe(12);
    expect((await place(ctx.app, order(item, 3, who), ip)).code).toBeNull();
  });

  it('bounds by the stock free and held: 4 of 20, though others hold most of it', async () => {
    const item = await hotItem(20);
    // Five shoppers hold 15 of the 20 units, unpaid.
    for (let i = 0; i < 5; i += 1) {
      const ok = await place(ctx.app, order(item, 3, customer(freshEmail())), `100.64.9.${i + 1}`);
      expect(ok.code).toBeNull();
    }
    // 20% of 20 (5 free + 15 held) is 4: the bound does not shrink as others buy.
    const five = await place(ctx.app, order(item, 5, customer(freshEmail())), '100.64.9.50');
    expect(five.extensions).toMatchObject({ reason: 'VARIANT_HOLD_LIMIT', limit: 4, allowed: 4 });
    expect((await place(ctx.app, order(item, 4, customer(freshEmail())), '100.64.9.50')).code).toBe(
      null,
    );
    expect(await stockOf(ctx, item)).toBe(1);
  });

  it('lets simultaneous orders of one guest past the bound never', async () => {
    // One address, ten e-mails and CPFs, each order 2 units of a 15-unit item: only one fits
    // (2 ≤ 3 < 4). Each order sums the units held after locking the variant's row, so the others
    // wait for the first to commit, count its 2 units and are refused.
    const item = await hotItem(15);
    const byAddress = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(ctx.app, order(item, 2, customer(freshEmail())), '203.0.113.77'),
      ),
    );
    expect(byAddress.filter((r) => r.number !== null)).toHaveLength(1);
    const refused = byAddress.filter((r) => r.number === null);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[0].quantity' });
      expect(r.extensions).toMatchObject({ reason: 'VARIANT_HOLD_LIMIT', held: 2, allowed: 1 });
    }
    expect(await stockOf(ctx, item)).toBe(13);

    // One e-mail, ten addresses and CPFs, 2 units each: one fits.
    const other = await hotItem(15);
    const byEmail = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        place(ctx.app, order(other, 2, customer('mesma.pessoa@example.com')), `100.64.7.${i + 1}`),
      ),
    );
    expect(byEmail.filter((r) => r.number !== null)).toHaveLength(1);
    expect(
      byEmail.filter(
        (r) => r.extensions.reason === 'VARIANT_HOLD_LIMIT' && r.extensions.by === 'email',
      ),
    ).toHaveLength(9);
    expect(await stockOf(ctx, other)).toBe(13);
  });
});
