// The public checkout through GraphQL: server-side prices, shipping, coupons, placing an order with
// its Pix code and mail, idempotency, input validation that writes nothing, and tracking.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import { parseBrCode } from '../payments/brcode';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
  type FixtureCatalog,
} from './checkout.fixtures';
import { DEMO_PIX_KEY, seedCommerceDemo } from './checkout.seed';
import { COUPON_FORMAT_MESSAGE } from './checkout.validation';
import { cpfWithCheckDigits } from '@vitrine/rules';

let ctx: TestContext;
let catalog: FixtureCatalog;
let pacId: string;
let pickupId: string;

async function count(table: string): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return Number(result.rows[0]!.n);
}

async function stockOf(variantId: string): Promise<number> {
  const result = await ctx.db.execute<{ stock: number }>(
    sql`SELECT stock FROM variants WHERE id = ${variantId}`,
  );
  return Number(result.rows[0]!.stock);
}

async function setStock(variantId: string, stock: number) {
  await ctx.db.execute(sql`UPDATE variants SET stock = ${stock} WHERE id = ${variantId}`);
}

type PlacedOrderData = {
  number: string;
  status: string;
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  couponCode: string | null;
  lines: Array<{
    productName: string;
    variantLabel: string;
    unitPriceCents: number;
    quantity: number;
  }>;
  pix: {
    code: string;
    qrCodeUrl: string;
    amountCents: number;
    txid: string;
    expiresAt: string;
  } | null;
  timeline: Array<{ type: string; status: string; label: string }>;
};

async function place(input: unknown) {
  const result = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input });
  return {
    order: (result.body.data?.placeOrder ?? null) as PlacedOrderData | null,
    errors: result.body.errors as
      | Array<{
          message: string;
          extensions?: { code?: string; field?: string; available?: number };
        }>
      | undefined,
    statusCode: result.statusCode,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
  pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(async () => {
  catalog = await insertFixtureCatalog(ctx.db, [
    { sku: `CB-M-${Math.random()}`, priceCents: 12990, stock: 10, size: 'M', color: 'Azul' },
    {
      sku: `CB-G-${Math.random()}`,
      priceCents: 5000,
      stock: 3,
      size: 'G',
      compareAtPriceCents: 7000,
    },
  ]);
});

const CART_PREVIEW = /* GraphQL */ `
  query Preview(
    $items: [CartItemInput!]!
    $postalCode: String
    $couponCode: String
    $shippingMethodId: ID
  ) {
    cartPreview(
      items: $items
      postalCode: $postalCode
      couponCode: $couponCode
      shippingMethodId: $shippingMethodId
    ) {
      lines {
        variantId
        productName
        variantLabel
        unitPriceCents
        compareAtPriceCents
        quantity
        availableQuantity
        availability
        lineTotalCents
      }
      unavailableVariantIds
      itemCount
      subtotalCents
      coupon {
        code
        discountCents
        freeShipping
      }
      couponError
      discountCents
      shippingOptions {
        methodId
        name
        kind
        priceCents
        businessDays
        freeShipping
      }
      selectedShippingMethodId
      shippingCents
      totalCents
      pixDiscountPercent
      pixDiscountCents
      pixTotalCents
      installments {
        count
        perInstallmentCents
        firstInstallmentCents
        totalCents
      }
      canCheckout
    }
  }
`;

describe('cartPreview', () => {
  it('re-prices the cart from the database with the Pix discount (R$ 129,90 at 5% -> R$ 123,40)', async () => {
    const result = await graphql(ctx.app, CART_PREVIEW, {
      items: [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
    });
    const preview = result.body.data?.cartPreview as Record<string, unknown>;
    expect(result.body.errors).toBeUndefined();
    expect(preview).toMatchObject({
      subtotalCents: 12990,
      pixDiscountPercent: 5,
      pixDiscountCents: 650,
      pixTotalCents: 12340,
      totalCents: 12990,
      shippingCents: null,
      // Without a CEP only the pickup is offered (it needs none), and nothing is priced.
      shippingOptions: [expect.objectContaining({ kind: 'PICKUP', priceCents: 0 })],
      selectedShippingMethodId: null,
      canCheckout: true,
      // No card gateway in this app, so no installments (payments.test.ts has the card's 10x).
      installments: { count: 1, perInstallmentCents: 12990, firstInstallmentCents: 12990 },
    });
    expect((preview.lines as unknown[])[0]).toMatchObject({
      productName: 'Camiseta Básica',
      variantLabel: 'Tamanho M · Cor Azul',
      unitPriceCents: 12990,
      availability: 'AVAILABLE',
    });
  });

  it('flags a line whose stock fell, with the quantity that can still be bought', async () => {
    const result = await graphql(ctx.app, CART_PREVIEW, {
      items: [
        { variantId: catalog.variantIds[1]!, quantity: 5 },
        { variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      ],
    });
    const preview = result.body.data?.cartPreview as {
      lines: Array<{ availability: string; availableQuantity: number }>;
      unavailableVariantIds: string[];
      canCheckout: boolean;
    };
    expect(preview.lines[0]).toMatchObject({
      availability: 'INSUFFICIENT_STOCK',
      availableQuantity: 3,
    });
    expect(preview.unavailableVariantIds).toEqual(['00000000-0000-4000-8000-000000000000']);
    expect(preview.canCheckout).toBe(false);
  });

  it('quotes shipping by CEP and applies a coupon with its reason when refused', async () => {
    const ok = await graphql(ctx.app, CART_PREVIEW, {
      items: [{ variantId: catalog.variantIds[1]!, quantity: 1 }],
      postalCode: '01310-100',
      couponCode: 'bemvindo10',
    });
    const preview = ok.body.data?.cartPreview as Record<string, unknown>;
    expect(preview).toMatchObject({
      subtotalCents: 5000,
      coupon: { code: 'BEMVINDO10', discountCents: 500, freeShipping: false },
      discountCents: 500,
      // Pickup is free, yet the default is the cheapest delivery: pickup only when chosen.
      selectedShippingMethodId: pacId,
      shippingCents: 1890,
      totalCents: 6390,
      pixDiscountCents: 225,
      pixTotalCents: 6165,
    });
    const names = (preview.shippingOptions as Array<{ name: string }>).map((o) => o.name);
    expect(names).toEqual(['Retirada na loja', 'PAC', 'SEDEX']);

    const withPac = await graphql(ctx.app, CART_PREVIEW, {
      items: [{ variantId: catalog.variantIds[1]!, quantity: 1 }],
      postalCode: '01310100',
      shippingMethodId: pacId,
    });
    expect(withPac.body.data?.cartPreview).toMatchObject({ shippingCents: 1890, totalCents: 6890 });

    const unknown = await graphql(ctx.app, CART_PREVIEW, {
      items: [{ variantId: catalog.variantIds[1]!, quantity: 1 }],
      couponCode: 'NAOEXISTE',
    });
    expect(unknown.body.data?.cartPreview).toMatchObject({
      coupon: null,
      couponError: 'Cupom não encontrado.',
      discountCents: 0,
    });
  });

  it.each(['BEM VINDO', 'NATAL!', 'cupom-é-bom', '-BEMVINDO', 'X'.repeat(41)])(
    'answers a malformed coupon %j as the coupon error, pricing the cart without it',
    async (couponCode) => {
      const result = await graphql(ctx.app, CART_PREVIEW, {
        items: [{ variantId: catalog.variantIds[1]!, quantity: 1 }],
        postalCode: '01310-100',
        couponCode,
      });
      expect(result.body.errors).toBeUndefined();
      expect(result.body.data?.cartPreview).toMatchObject({
        subtotalCents: 5000,
        coupon: null,
        couponError: COUPON_FORMAT_MESSAGE,
        discountCents: 0,
        selectedShippingMethodId: pacId,
        totalCents: 6890,
        pixTotalCents: 6640,
        canCheckout: true,
      });
    },
  );

  it('rejects a malformed CEP and a zero quantity naming the field', async () => {
    const badCep = await graphql(ctx.app, CART_PREVIEW, {
      items: [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
      postalCode: '1234',
    });
    expect(badCep.body.errors?.[0]).toMatchObject({
      message: 'CEP inválido: use 8 dígitos, como 01310-100.',
      extensions: { code: 'BAD_USER_INPUT', field: 'postalCode' },
    });
    const zero = await graphql(ctx.app, CART_PREVIEW, {
      items: [{ variantId: catalog.variantIds[0]!, quantity: 0 }],
    });
    expect(zero.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'items[0].quantity',
    });
  });
});

describe('shippingQuote', () => {
  it('returns the options sorted by price and refuses an invalid CEP', async () => {
    const query = /* GraphQL */ `
      query Quote($postalCode: String!, $items: [CartItemInput!]!) {
        shippingQuote(postalCode: $postalCode, items: $items) {
          name
          kind
          priceCents
          businessDays
        }
      }
    `;
    const items = [{ variantId: catalog.variantIds[0]!, quantity: 2 }];
    const manaus = await graphql(ctx.app, query, { postalCode: '69005-040', items });
    expect(manaus.body.data?.shippingQuote).toEqual([
      { name: 'Retirada na loja', kind: 'PICKUP', priceCents: 0, businessDays: 1 },
      // 600 g: the 1 kg band of the dearer remote-state table (AM), plus a day of handling.
      { name: 'PAC', kind: 'DELIVERY', priceCents: 4790, businessDays: 17 },
      { name: 'SEDEX', kind: 'DELIVERY', priceCents: 7290, businessDays: 9 },
    ]);
    const bad = await graphql(ctx.app, query, { postalCode: 'abc', items });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'postalCode',
    });
  });
});

describe('placeOrder', () => {
  it('places a Pix order: stock taken, lines, timeline, Pix BR Code for the total, mail in the outbox', async () => {
    const mailsBefore = await count('mail_outbox');
    const input = fixtureOrderInput(
      [
        { variantId: catalog.variantIds[0]!, quantity: 2 },
        { variantId: catalog.variantIds[1]!, quantity: 1 },
      ],
      pacId,
    );
    const { order, errors } = await place(input);
    expect(errors).toBeUndefined();
    expect(order).not.toBeNull();
    // 2 x 129,90 + 50,00 = 309,80, free PAC above the store's R$ 299,00, 5% Pix = 15,49.
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      subtotalCents: 30980,
      shippingCents: 0,
      pixDiscountCents: 1549,
      totalCents: 29431,
    });
    expect(order!.number).toMatch(/^VT-\d{5,}$/);
    expect(order!.lines.map((line) => [line.variantLabel, line.quantity])).toEqual([
      ['Tamanho M · Cor Azul', 2],
      ['Tamanho G', 1],
    ]);
    expect(order!.timeline).toEqual([
      { type: 'placed', status: 'PENDING_PAYMENT', label: 'Pedido recebido' },
    ]);

    const brCode = parseBrCode(order!.pix!.code);
    expect(brCode.amountCents).toBe(order!.totalCents);
    expect(brCode.txid).toBe(order!.number.replace('-', ''));
    expect(brCode.key).toBe(DEMO_PIX_KEY);
    expect(brCode.merchantName).toBe('Vitrine Moda LTDA');
    expect(brCode.merchantCity).toBe('Sao Paulo');
    // The QR code is an image the browser loads, drawn then (not in this answer).
    expect(order!.pix!.qrCodeUrl).toMatch(/^\/pix\/qr\.svg\?c=[^&]+&s=[\w-]{22}$/);
    const qr = await ctx.app.inject({ method: 'GET', url: order!.pix!.qrCodeUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(qr.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The Pix hold (30 minutes by default) after the (test) clock's now.
    expect(order!.pix!.expiresAt).toBe(new Date(ctx.clock.now() + 30 * 60_000).toISOString());

    expect(await stockOf(catalog.variantIds[0]!)).toBe(8);
    expect(await stockOf(catalog.variantIds[1]!)).toBe(2);
    const ledger = await ctx.db.execute<{ delta: number; reason: string; kind: string }>(
      sql`SELECT delta, reason, kind FROM stock_movements WHERE variant_id = ${catalog.variantIds[0]!}`,
    );
    expect(ledger.rows).toEqual([{ delta: -2, reason: `Pedido ${order!.number}`, kind: 'ORDER' }]);

    expect(await count('mail_outbox')).toBe(mailsBefore + 1);
    const mail = await ctx.db.execute<{
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string;
    }>(
      sql`SELECT to_address, subject, text_body, html_body FROM mail_outbox ORDER BY created_at DESC LIMIT 1`,
    );
    const sent = mail.rows[0]!;
    expect(sent.to_address).toBe('maria@example.com');
    expect(sent.subject).toBe(`Recebemos seu pedido ${order!.number}`);
    expect(sent.text_body).toContain(order!.pix!.code);
    expect(sent.text_body).toContain('R$ 294,31');
    expect(sent.html_body).toContain('<html lang="pt-BR">');
    expect(sent.html_body).toContain('Pix copia e cola');
  });

  it('never trusts a price sent by the client', async () => {
    const input = {
      ...fixtureOrderInput([{ variantId: catalog.variantIds[1]!, quantity: 1 }], pickupId),
    };
    const tampered = {
      ...input,
      items: [{ variantId: catalog.variantIds[1]!, quantity: 1, priceCents: 1 }],
    };
    const { errors } = await place(tampered);
    // The schema has no price on a cart item: the request is refused, nothing is priced from it.
    expect(errors?.[0]?.message).toMatch(/priceCents/);
    const { order } = await place(input);
    expect(order!.subtotalCents).toBe(5000);
  });

  it('returns the same order when the idempotency key is replayed, and refuses it for another order', async () => {
    const input = fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId);
    const first = await place(input);
    const again = await place(input);
    expect(again.order!.number).toBe(first.order!.number);
    expect(await stockOf(catalog.variantIds[0]!)).toBe(9);
    const orders = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ${input.idempotencyKey}`,
    );
    expect(Number(orders.rows[0]!.n)).toBe(1);

    const other = await place({
      ...input,
      items: [{ variantId: catalog.variantIds[0]!, quantity: 2 }],
    });
    expect(other.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'idempotencyKey',
    });
  });

  it('rolls everything back when a line is short, saying which one and how many are left', async () => {
    const ordersBefore = await count('orders');
    const mailsBefore = await count('mail_outbox');
    const { errors } = await place(
      fixtureOrderInput(
        [
          { variantId: catalog.variantIds[0]!, quantity: 2 },
          { variantId: catalog.variantIds[1]!, quantity: 5 },
        ],
        pacId,
      ),
    );
    expect(errors?.[0]).toMatchObject({
      message:
        'Estoque insuficiente para Camiseta Básica (Tamanho G): você pediu 5 e restam 3 unidades.',
      extensions: { code: 'BAD_USER_INPUT', field: 'items[1].quantity', available: 3 },
    });
    expect(await stockOf(catalog.variantIds[0]!)).toBe(10);
    expect(await stockOf(catalog.variantIds[1]!)).toBe(3);
    expect(await count('orders')).toBe(ordersBefore);
    expect(await count('mail_outbox')).toBe(mailsBefore);

    await setStock(catalog.variantIds[1]!, 0);
    const soldOut = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[1]!, quantity: 1 }], pacId),
    );
    expect(soldOut.errors?.[0]?.message).toBe(
      'Camiseta Básica (Tamanho G) esgotou: remova-o do carrinho.',
    );
  });

  it('counts the coupon use and keeps the per-e-mail limit', async () => {
    const input = fixtureOrderInput(
      [{ variantId: catalog.variantIds[1]!, quantity: 2 }],
      pickupId,
      {
        couponCode: 'BEMVINDO10',
        customer: {
          name: 'João Souza',
          email: `joao-${Math.random()}@example.com`,
          cpf: '111.444.777-35',
          phone: '11 3456-7890',
        },
      },
    );
    const used = await ctx.db.execute<{ used_count: number }>(
      sql`SELECT used_count FROM coupons WHERE code = 'BEMVINDO10'`,
    );
    const { order, errors } = await place(input);
    expect(errors).toBeUndefined();
    // 100,00 - 10% = 90,00; Pix 5% of 90,00 = 4,50.
    expect(order).toMatchObject({
      couponCode: 'BEMVINDO10',
      discountCents: 1000,
      pixDiscountCents: 450,
      totalCents: 8550,
    });
    const after = await ctx.db.execute<{ used_count: number }>(
      sql`SELECT used_count FROM coupons WHERE code = 'BEMVINDO10'`,
    );
    expect(Number(after.rows[0]!.used_count)).toBe(Number(used.rows[0]!.used_count) + 1);

    const second = await place({
      ...input,
      items: [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
      idempotencyKey: `${input.idempotencyKey}-2`,
    });
    expect(second.errors?.[0]).toMatchObject({
      message: 'Você já usou este cupom o máximo de vezes permitido.',
      extensions: { code: 'BAD_USER_INPUT', field: 'couponCode' },
    });
  });

  it('counts the per-e-mail coupon limit by normalised e-mail and by CPF (issue 11, item 12)', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const first = fixtureOrderInput(
      [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
      pickupId,
      {
        couponCode: 'BEMVINDO10',
        customer: {
          name: 'Ana Lima',
          email: `ana.lima.${tag}@gmail.com`,
          cpf: cpfWithCheckDigits('390533447'),
          phone: '11 3456-7890',
        },
      },
    );
    expect((await place(first)).errors).toBeUndefined();
    const refused = {
      message: 'Você já usou este cupom o máximo de vezes permitido.',
      extensions: { code: 'BAD_USER_INPUT', field: 'couponCode' },
    };
    // Same mailbox: case, a +tag, Gmail's dots and googlemail.com; another CPF.
    const sameMailbox = await place({
      ...first,
      customer: {
        ...first.customer,
        email: `Ana.Lima.${tag}+2@GoogleMail.com`,
        cpf: cpfWithCheckDigits('123456789'),
      },
      idempotencyKey: `${first.idempotencyKey}-mailbox`,
    });
    expect(sameMailbox.errors?.[0]).toMatchObject(refused);
    const withoutDots = await place({
      ...first,
      customer: {
        ...first.customer,
        email: `analima${tag}+promo@gmail.com`,
        cpf: cpfWithCheckDigits('123456789'),
      },
      idempotencyKey: `${first.idempotencyKey}-dots`,
    });
    expect(withoutDots.errors?.[0]).toMatchObject(refused);
    // Another address, same CPF (formatted differently).
    const sameCpf = await place({
      ...first,
      customer: {
        ...first.customer,
        email: `outra-${tag}@example.com`,
        cpf: first.customer.cpf.replace(/\D/g, ''),
      },
      idempotencyKey: `${first.idempotencyKey}-cpf`,
    });
    expect(sameCpf.errors?.[0]).toMatchObject(refused);
    // Someone else entirely still gets it.
    const other = await place({
      ...first,
      customer: {
        ...first.customer,
        email: `bruno-${tag}@example.com`,
        cpf: cpfWithCheckDigits('987654321'),
      },
      idempotencyKey: `${first.idempotencyKey}-other`,
    });
    expect(other.errors).toBeUndefined();
  });

  const invalidCases: Array<
    [string, (input: ReturnType<typeof fixtureOrderInput>) => unknown, string]
  > = [
    [
      'a CPF with wrong check digits',
      (i) => ({ ...i, customer: { ...i.customer, cpf: '123.456.789-00' } }),
      'customer.cpf',
    ],
    [
      'a repeated-digit CPF',
      (i) => ({ ...i, customer: { ...i.customer, cpf: '111.111.111-11' } }),
      'customer.cpf',
    ],
    [
      'an unknown variant',
      (i) => ({
        ...i,
        items: [{ variantId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
      }),
      'items[0].variantId',
    ],
    [
      'a variant id that is not a UUID',
      (i) => ({ ...i, items: [{ variantId: 'abc', quantity: 1 }] }),
      'items[0].variantId',
    ],
    [
      'quantity 0',
      (i) => ({ ...i, items: [{ ...i.items[0]!, quantity: 0 }] }),
      'items[0].quantity',
    ],
    [
      'quantity 10000',
      (i) => ({ ...i, items: [{ ...i.items[0]!, quantity: 10000 }] }),
      'items[0].quantity',
    ],
    [
      'a negative quantity',
      (i) => ({ ...i, items: [{ ...i.items[0]!, quantity: -3 }] }),
      'items[0].quantity',
    ],
    ['an empty cart', (i) => ({ ...i, items: [] }), 'items'],
    [
      'a UF that does not exist',
      (i) => ({ ...i, address: { ...i.address, uf: 'XX' } }),
      'address.uf',
    ],
    [
      'a malformed CEP',
      (i) => ({ ...i, address: { ...i.address, postalCode: '0131-100' } }),
      'address.postalCode',
    ],
    [
      'a huge street',
      (i) => ({ ...i, address: { ...i.address, street: 'R'.repeat(100_000) } }),
      'address.street',
    ],
    [
      'a NUL byte in the name',
      (i) => ({ ...i, customer: { ...i.customer, name: 'Maria\u0000' } }),
      'customer.name',
    ],
    [
      'a bad e-mail',
      (i) => ({ ...i, customer: { ...i.customer, email: 'maria@' } }),
      'customer.email',
    ],
    ['a bad phone', (i) => ({ ...i, customer: { ...i.customer, phone: '123' } }), 'customer.phone'],
    [
      'an empty district',
      (i) => ({ ...i, address: { ...i.address, district: '   ' } }),
      'address.district',
    ],
    ['a short idempotency key', (i) => ({ ...i, idempotencyKey: 'abc' }), 'idempotencyKey'],
    [
      'an unknown shipping method',
      (i) => ({ ...i, shippingMethodId: '00000000-0000-4000-8000-000000000002' }),
      'shippingMethodId',
    ],
    ['a coupon code that cannot exist', (i) => ({ ...i, couponCode: 'não existe!' }), 'couponCode'],
    ['an unknown coupon', (i) => ({ ...i, couponCode: 'NAOEXISTE' }), 'couponCode'],
    ['card without a gateway', (i) => ({ ...i, paymentMethod: 'CARD' }), 'paymentMethod'],
  ];

  it.each(invalidCases)(
    'refuses %s with BAD_USER_INPUT naming the field, writing nothing',
    async (_name, mutate, field) => {
      const before = {
        orders: await count('orders'),
        lines: await count('order_lines'),
        mails: await count('mail_outbox'),
        movements: await count('stock_movements'),
      };
      const input = mutate(
        fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId),
      );
      const { errors, statusCode } = await place(input);
      expect(statusCode).toBe(200);
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(errors?.[0]?.message).not.toMatch(/interno/i);
      expect({
        orders: await count('orders'),
        lines: await count('order_lines'),
        mails: await count('mail_outbox'),
        movements: await count('stock_movements'),
      }).toEqual(before);
      expect(await stockOf(catalog.variantIds[0]!)).toBe(10);
    },
  );

  it('refuses a wrong type through GraphQL validation without writing anything', async () => {
    const before = await count('orders');
    const input = fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId);
    const { errors, statusCode } = await place({
      ...input,
      items: [{ variantId: catalog.variantIds[0]!, quantity: 'um' }],
    });
    expect(statusCode).toBe(400);
    expect(errors?.length).toBeGreaterThan(0);
    expect(await count('orders')).toBe(before);
  });
});

describe('orderStatus', () => {
  const QUERY = /* GraphQL */ `
    query Track($number: String!, $email: String!) {
      orderStatus(number: $number, email: $email) {
        number
        status
        totalCents
        customerEmail
        pix {
          code
        }
        timeline {
          type
          label
        }
        lines {
          productName
          quantity
        }
        address {
          city
          uf
        }
      }
    }
  `;

  it('tracks an order by number and e-mail; a wrong e-mail looks exactly like a wrong number', async () => {
    // A delivery: its address is shown (a pickup order keeps none).
    const { order } = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId),
    );
    const ok = await graphql(ctx.app, QUERY, {
      number: order!.number.toLowerCase(),
      email: ' MARIA@example.com ',
    });
    expect(ok.body.data?.orderStatus).toMatchObject({
      number: order!.number,
      status: 'PENDING_PAYMENT',
      totalCents: order!.totalCents,
      pix: { code: order!.pix!.code },
      address: { city: 'São Paulo', uf: 'SP' },
    });

    const wrongEmail = await graphql(ctx.app, QUERY, {
      number: order!.number,
      email: 'outra@example.com',
    });
    const wrongNumber = await graphql(ctx.app, QUERY, {
      number: 'VT-999999',
      email: 'maria@example.com',
    });
    expect(wrongEmail.body.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(wrongEmail.body.errors?.[0]?.message).toBe(wrongNumber.body.errors?.[0]?.message);
    expect(wrongEmail.body.data).toEqual(wrongNumber.body.data);
  });
});
