// The Mercado Pago webhook end to end: a local stand-in of their API (GET and refund of
// /v1/payments, payload shapes from their reference), signed notifications, a real database.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { orderEvents, orders, payments } from '../orders/orders.tables';
import { paymentEvents } from './payments.tables';
import { paymentSettings } from '../settings/settings.tables';
import { orderRefunds } from '../orders/orders.tables';
import { mailOutbox } from '../mail/mail.tables';
import { fixtureOrderInput, PLACE_ORDER_MUTATION } from '../checkout/checkout.fixtures';
import { expireUnpaidOrders } from '../checkout/pixExpiry';
import { MercadoPagoProvider, signWebhook } from './mercadopago';
import { seedFixtureCatalog, type FixtureCatalog } from '../orders/orders.fixtures';
import { mercadoPagoSettingsFromEnv } from './payments.config';
import { paymentsPlugin } from './payments.plugin';
import {
  installmentOptionFor,
  installmentTable,
  type InstallmentTableSettings,
} from '@vitrine/rules';

const ACCESS_TOKEN = 'TEST-7777-access';
const PUBLIC_KEY = 'TEST-0c4b1f2e-public';
const SECRET = 'assinatura-secreta-do-webhook';
const PASSWORD = 'senha de teste bem longa';

// --- The stand-in: Mercado Pago's payment resource as their API reference shows it. ---------
type MpPayment = Record<string, unknown> & { id: number };
const standIn = {
  payments: new Map<number, MpPayment>(),
  refunds: [] as { paymentId: number; amount: number; key: string | undefined }[],
  created: [] as { key: string; body: Record<string, unknown> }[],
  byKey: new Map<string, number>(),
  down: false,
  nextId: 1_330_000_001,
};
let server: Server;
let standInUrl: string;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function mpPayment(orderNumber: string, reais: number, status = 'approved'): MpPayment {
  const id = standIn.nextId++;
  const payment: MpPayment = {
    id,
    date_created: '2026-01-15T09:00:00.000-03:00',
    date_approved: status === 'approved' ? '2026-01-15T09:00:01.000-03:00' : null,
    operation_type: 'regular_payment',
    payment_method_id: 'master',
    payment_type_id: 'credit_card',
    status,
    status_detail: status === 'approved' ? 'accredited' : 'cc_rejected_other_reason',
    currency_id: 'BRL',
    description: `Pedido ${orderNumber}`,
    live_mode: false,
    captured: status === 'approved',
    external_reference: orderNumber,
    transaction_amount: reais,
    transaction_amount_refunded: 0,
    installments: 1,
    payer: { id: '123', email: 'cliente@example.com', type: 'guest' },
    transaction_details: { total_paid_amount: reais, installment_amount: reais },
  };
  standIn.payments.set(id, payment);
  return payment;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (standIn.down) return send(res, 503, { message: 'unavailable', status: 503 });
      if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
        return send(res, 401, { message: 'invalid access token', status: 401 });
      }
      if (req.method === 'POST' && req.url === '/v1/payments') {
        const body = JSON.parse(raw) as Record<string, unknown>;
        const key = String(req.headers['x-idempotency-key']);
        standIn.created.push({ key, body });
        const known = standIn.byKey.get(key);
        if (known !== undefined) return send(res, 201, standIn.payments.get(known));
        const boleto = body.payment_method_id === 'bolbradesco';
        const refused = String(body.token ?? '').startsWith('recusado');
        const created = mpPayment(
          String(body.external_reference),
          body.transaction_amount as number,
          boleto ? 'pending' : refused ? 'rejected' : 'approved',
        );
        if (boleto) {
          Object.assign(created, {
            payment_type_id: 'ticket',
            payment_method_id: 'bolbradesco',
            date_of_expiration: '2026-01-18T22:59:59.000-03:00',
            transaction_details: {
              external_resource_url: `https://www.mercadopago.com.br/payments/${created.id}/ticket`,
              digitable_line: '23790.00009 01234.567890 12345.678901 1 99990000011500',
            },
          });
        }
        standIn.byKey.set(key, created.id);
        return send(res, 201, created);
      }
      const match = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(req.url ?? '');
      const payment = match ? standIn.payments.get(Number(match[1])) : undefined;
      if (!payment) return send(res, 404, { message: 'Payment not found', status: 404 });
      if (req.method === 'GET' && !match?.[2]) return send(res, 200, payment);
      if (req.method === 'POST' && match?.[2]) {
        const body = (raw ? JSON.parse(raw) : {}) as { amount?: number };
        const amount = body.amount ?? (payment.transaction_amount as number);
        const key = req.headers['x-idempotency-key'];
        standIn.refunds.push({
          paymentId: payment.id,
          amount,
          key: typeof key === 'string' ? key : undefined,
        });
        return send(res, 201, {
          id: 1_009_000_000 + standIn.refunds.length,
          payment_id: payment.id,
          amount,
          status: 'approved',
          refund_mode: 'standard',
        });
      }
      return send(res, 405, { message: 'method not allowed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// --- The store: the test context's database, served by an app with the gateway configured. ---
let ctx: TestContext;
let app: FastifyInstance;
let catalog: FixtureCatalog;
let admin: string;
let pickupId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  // Enough shirts for every order of this file; pickup is free, so a total is the goods only.
  await ctx.db.execute(sql`UPDATE variants SET stock = 1000 WHERE id = ${catalog.shirt.id}`);
  const pickup = await ctx.db.execute<{ id: string }>(
    sql`INSERT INTO shipping_methods (name, kind, pickup_address) VALUES ('Retirada', 'pickup', 'Rua Augusta, 100') RETURNING id`,
  );
  pickupId = pickup.rows[0]!.id;
  await ctx.db.update(paymentSettings).set({ pixKey: 'loja@vitrine.test' });
  const settings = mercadoPagoSettingsFromEnv({
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_API_URL: standInUrl,
  });
  const provider = new MercadoPagoProvider({
    accessToken: settings!.accessToken,
    webhookSecret: settings!.webhookSecret,
    baseUrl: settings!.apiUrl!,
  });
  app = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  app.register(paymentsPlugin, { provider, publicKey: PUBLIC_KEY });
  await app.ready();
  await createStaffUser(ctx.db, { email: 'admin@vitrine.test', password: PASSWORD, role: 'ADMIN' });
  admin = await loginAs(app, 'admin@vitrine.test', PASSWORD);
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

beforeEach(() => {
  standIn.down = false;
});

let requestCounter = 0;
function notify(paymentId: number, options: { secret?: string; requestId?: string } = {}) {
  const dataId = String(paymentId);
  const requestId = options.requestId ?? `req-${(requestCounter += 1)}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signWebhook(
    options.secret ?? SECRET,
    `id:${dataId};request-id:${requestId};ts:${ts};`,
  );
  return app.inject({
    method: 'POST',
    url: `/webhooks/mercadopago/?data.id=${dataId}&type=payment`,
    headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
    payload: {
      id: 120000 + requestCounter,
      live_mode: false,
      type: 'payment',
      date_created: '2026-01-15T09:00:02.000-03:00',
      user_id: 44444,
      api_version: 'v1',
      action: 'payment.updated',
      data: { id: dataId },
    },
  });
}

/** Places an order through the public placeOrder of the app with the gateway configured. */
async function placeOrder(
  paymentMethod: 'PIX' | 'CARD' | 'BOLETO',
  email: string,
  extra: Record<string, unknown> = {},
  target: FastifyInstance = app,
) {
  const input = fixtureOrderInput([{ variantId: catalog.shirt.id, quantity: 2 }], pickupId, {
    paymentMethod,
    customer: { name: 'Maria da Silva', email, cpf: '529.982.247-25', phone: '11987654321' },
    ...extra,
  });
  const { body } = await graphql(target, PLACE_ORDER_MUTATION, { input });
  return {
    placed: body.data?.placeOrder as
      { number: string; totalCents: number; pixDiscountCents: number; pix: unknown } | undefined,
    error: body.errors?.[0] as
      { message: string; extensions?: { code?: string; field?: string } } | undefined,
  };
}

/** A CARD order (R$ 100,00: two shirts, picked up) placed by the shopper; its row. */
async function cardOrder(email: string, extra: Record<string, unknown> = {}) {
  return orderRow(await placeOrder('CARD', email, extra));
}

async function orderRow(result: Awaited<ReturnType<typeof placeOrder>>) {
  if (!result.placed) throw new Error(JSON.stringify(result.error));
  const [order] = await ctx.db.select().from(orders).where(eq(orders.number, result.placed.number));
  return order!;
}

async function stockOfShirt(): Promise<number> {
  const result = await ctx.db.execute<{ stock: number }>(
    sql`SELECT stock FROM variants WHERE id = ${catalog.shirt.id}`,
  );
  return Number(result.rows[0]!.stock);
}

async function recorded(orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return {
    order: order!,
    payments: await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)),
    events: await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
    timeline: await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
    // The mails after checkout's own "order received".
    mails: (
      await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order!.customerEmail))
    ).filter((mail) => !mail.subject.startsWith('Recebemos seu pedido')),
  };
}

describe('paymentMethods', () => {
  it('offers only Pix without gateway credentials', async () => {
    const { body } = await graphql(
      ctx.app,
      '{ paymentMethods { method label provider publicKey } }',
    );
    expect(body.data?.paymentMethods).toEqual([
      { method: 'PIX', label: 'Pix', provider: null, publicKey: null },
    ]);
  });

  it('adds card (with the public key for the browser SDK) and boleto when the gateway is configured', async () => {
    const { body } = await graphql(app, '{ paymentMethods { method label provider publicKey } }');
    expect(body.data?.paymentMethods).toEqual([
      { method: 'PIX', label: 'Pix', provider: null, publicKey: null },
      {
        method: 'CARD',
        label: 'Cartão de crédito',
        provider: 'mercadopago',
        publicKey: PUBLIC_KEY,
      },
      { method: 'BOLETO', label: 'Boleto bancário', provider: 'mercadopago', publicKey: null },
    ]);
  });

  it('promises installments only when a card can be paid: one payment without a gateway', async () => {
    // R$ 50,00 in the store's default rules (at most 10x of at least R$ 5,00) would be 10x.
    const query = `query ($items: [CartItemInput!]!) {
      cartPreview(items: $items) { totalCents installments { count perInstallmentCents firstInstallmentCents } }
    }`;
    const variables = { items: [{ variantId: catalog.shirt.id, quantity: 1 }] };
    const withoutCard = await graphql(ctx.app, query, variables);
    expect(withoutCard.body.data?.cartPreview).toEqual({
      totalCents: 5000,
      installments: { count: 1, perInstallmentCents: 5000, firstInstallmentCents: 5000 },
    });
    const withCard = await graphql(app, query, variables);
    expect(withCard.body.data?.cartPreview).toEqual({
      totalCents: 5000,
      installments: { count: 10, perInstallmentCents: 500, firstInstallmentCents: 500 },
    });
  });

  it('reads the public key from MERCADOPAGO_PUBLIC_KEY, null when unset', () => {
    const both = { MERCADOPAGO_ACCESS_TOKEN: 'x', MERCADOPAGO_WEBHOOK_SECRET: 'y' };
    expect(mercadoPagoSettingsFromEnv(both)?.publicKey).toBeNull();
    expect(
      mercadoPagoSettingsFromEnv({ ...both, MERCADOPAGO_PUBLIC_KEY: ' APP_USR-abc ' })?.publicKey,
    ).toBe('APP_USR-abc');
  });

  it('reads both credentials from the environment, or neither', () => {
    expect(mercadoPagoSettingsFromEnv({})).toBeNull();
    expect(() => mercadoPagoSettingsFromEnv({ MERCADOPAGO_ACCESS_TOKEN: 'x' })).toThrow(
      /MERCADOPAGO_WEBHOOK_SECRET/,
    );
    expect(() =>
      mercadoPagoSettingsFromEnv({
        MERCADOPAGO_ACCESS_TOKEN: 'x',
        MERCADOPAGO_WEBHOOK_SECRET: 'y',
        MERCADOPAGO_API_URL: 'não é url',
      }),
    ).toThrow(/MERCADOPAGO_API_URL/);
  });
});

describe('POST /webhooks/mercadopago/', () => {
  it('turns ten concurrent copies of one approval into one payment, one change and one mail', async () => {
    const order = await cardOrder('dez@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    const responses = await Promise.all(Array.from({ length: 10 }, () => notify(payment.id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.map((r) => r.json().status).sort()).toEqual([
      ...Array(9).fill('duplicate'),
      'processed',
    ]);

    const after = await recorded(order.id);
    expect(after.order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      provider: 'mercadopago',
      providerPaymentId: String(payment.id),
      method: 'CARD',
      status: 'approved',
      amountCents: order.totalCents,
    });
    expect(after.events).toHaveLength(1);
    expect(after.events[0]?.processedAt).not.toBeNull();
    expect(after.timeline.filter((e) => e.type === 'paid')).toEqual([
      expect.objectContaining({ actor: 'provider', actorName: 'mercadopago', toStatus: 'PAID' }),
    ]);
    expect(after.mails.map((m) => m.subject)).toEqual([
      `Pagamento confirmado: pedido ${order.number}`,
    ]);

    // The same approval delivered again later is still a duplicate.
    const late = await notify(payment.id);
    expect(late.json()).toEqual({ status: 'duplicate' });
  });

  it('never marks an order paid on an amount that differs from its total', async () => {
    const order = await cardOrder('diferente@example.com');
    const payment = mpPayment(order.number, (order.totalCents - 1) / 100);
    const response = await notify(payment.id);
    expect(response.statusCode).toBe(200);

    const after = await recorded(order.id);
    expect(after.order).toMatchObject({ status: 'PENDING_PAYMENT', paymentStatus: 'PENDING' });
    expect(after.payments[0]).toMatchObject({ amountCents: order.totalCents - 1 });
    const note = after.timeline.find((e) => e.type === 'payment');
    expect(note?.note).toBe(
      'Pagamento de R$ 99,99 aprovado pelo mercadopago difere do total do pedido (R$ 100,00): o pedido não foi marcado como pago.',
    );
    expect(note?.data).toMatchObject({ mismatch: true, amountCents: order.totalCents - 1 });
    expect(after.mails).toHaveLength(0);
  });

  it('records a rejected card as a failed payment, leaving the order waiting', async () => {
    const order = await cardOrder('recusado@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100, 'rejected');
    await notify(payment.id);
    const after = await recorded(order.id);
    expect(after.order).toMatchObject({ status: 'PENDING_PAYMENT', paymentStatus: 'FAILED' });
    expect(after.timeline.at(-1)?.note).toBe('Pagamento recusado no mercadopago.');
  });

  it('turns a refund reported by the gateway into a REFUNDED order with its amount, once', async () => {
    const order = await cardOrder('estorno-gateway@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    await notify(payment.id);
    expect((await recorded(order.id)).order.status).toBe('PAID');

    // Refunded in Mercado Pago's own dashboard: the next notification says so.
    Object.assign(payment, {
      status: 'refunded',
      transaction_amount_refunded: payment.transaction_amount,
    });
    const responses = await Promise.all([notify(payment.id), notify(payment.id)]);
    expect(responses.map((r) => r.json().status).sort()).toEqual(['duplicate', 'processed']);

    const after = await recorded(order.id);
    expect(after.order).toMatchObject({
      status: 'REFUNDED',
      paymentStatus: 'REFUNDED',
      refundedCents: order.totalCents,
      refundReason: 'Estorno informado pelo mercadopago.',
    });
    expect(after.order.refundedAt).not.toBeNull();
    const refunded = after.timeline.filter((e) => e.type === 'refunded');
    expect(refunded).toEqual([
      expect.objectContaining({
        actor: 'provider',
        actorName: 'mercadopago',
        fromStatus: 'PAID',
        toStatus: 'REFUNDED',
        note: 'Estorno informado pelo mercadopago.',
        data: expect.objectContaining({ amountCents: order.totalCents, gatewayStatus: 'refunded' }),
      }),
    ]);
    const refunds = await ctx.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: order.totalCents, staffName: 'mercadopago' }),
    ]);
    expect(after.payments[0]).toMatchObject({
      status: 'refunded',
      refundedCents: order.totalCents,
    });
    expect(after.mails.map((m) => m.subject).sort()).toEqual([
      `Pagamento confirmado: pedido ${order.number}`,
      `Reembolso do pedido ${order.number}`,
    ]);
  });

  it('turns a chargeback on a shipped order into REFUNDED, recording what was still unrefunded', async () => {
    const order = await cardOrder('chargeback@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    await notify(payment.id);
    const shipped = await graphql(
      app,
      'mutation($id: ID!) { orderShip(id: $id, carrier: "Correios", trackingCode: "AA123456785BR") { status } }',
      { id: order.id },
      admin,
    );
    expect(shipped.body.errors).toBeUndefined();
    // Staff had already given R$ 10,00 back.
    const partial = await graphql(
      app,
      'mutation($id: ID!) { orderRefund(id: $id, amountCents: 1000, reason: "Atraso") { status } }',
      { id: order.id },
      admin,
    );
    expect(partial.body.data?.orderRefund).toEqual({ status: 'SHIPPED' });

    Object.assign(payment, { status: 'charged_back' });
    expect((await notify(payment.id)).json()).toEqual({ status: 'processed' });
    const after = await recorded(order.id);
    expect(after.order).toMatchObject({
      status: 'REFUNDED',
      paymentStatus: 'REFUNDED',
      refundedCents: order.totalCents,
      refundReason: 'Contestação (chargeback) informada pelo mercadopago.',
    });
    const last = after.timeline.filter((e) => e.type === 'refunded').at(-1);
    expect(last).toMatchObject({ fromStatus: 'SHIPPED', toStatus: 'REFUNDED' });
    expect(last?.data).toMatchObject({
      amountCents: order.totalCents - 1000,
      gatewayStatus: 'charged_back',
    });
  });

  it('only notes a refund reported for an order that was never paid', async () => {
    const order = await cardOrder('estorno-pendente@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100, 'refunded');
    await notify(payment.id);
    const after = await recorded(order.id);
    expect(after.order).toMatchObject({ status: 'PENDING_PAYMENT', refundedCents: null });
    expect(after.timeline.at(-1)?.note).toBe('Pagamento devolvido no mercadopago.');
  });

  it('refuses a notification signed with another secret and records nothing', async () => {
    const order = await cardOrder('forjado@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    const response = await notify(payment.id, { secret: 'segredo-errado' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Assinatura do webhook inválida.' });
    const stored = await ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerPaymentId, String(payment.id)));
    expect(stored).toHaveLength(0);
    expect((await recorded(order.id)).order.status).toBe('PENDING_PAYMENT');
  });

  it('answers 503 while the gateway cannot be read, so it delivers again', async () => {
    const order = await cardOrder('fora@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    standIn.down = true;
    expect((await notify(payment.id)).statusCode).toBe(503);
    standIn.down = false;
    expect((await notify(payment.id)).json()).toEqual({ status: 'processed' });
    expect((await recorded(order.id)).order.status).toBe('PAID');
  });

  it('keeps an event for an unknown order without failing the delivery', async () => {
    const payment = mpPayment('VT-999999', 10);
    const response = await notify(payment.id);
    expect(response.json()).toEqual({ status: 'unknown-order' });
    const [event] = await ctx.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.provider, 'mercadopago'),
          eq(paymentEvents.providerPaymentId, String(payment.id)),
        ),
      );
    expect(event?.orderId).toBeNull();
  });

  it('refunds a card order through the gateway when staff refund it', async () => {
    const order = await cardOrder('estorno@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    await notify(payment.id);
    const { body } = await graphql(
      app,
      'mutation($id: ID!) { orderRefund(id: $id, amountCents: 2500, reason: "Troca") { paymentStatus refundedCents } }',
      { id: order.id },
      admin,
    );
    expect(body.data?.orderRefund).toEqual({
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundedCents: 2500,
    });
    const sent = standIn.refunds.filter((r) => r.paymentId === payment.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: 25 });
    const [refund] = await ctx.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(sent[0]?.key).toBe(`refund-${refund!.id}`);
    expect(refund?.providerRefundId).toMatch(/^1009/);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(row?.refundedCents).toBe(2500);
  });

  it('rolls a refund back when the gateway is down', async () => {
    const order = await cardOrder('estorno-falho@example.com');
    const payment = mpPayment(order.number, order.totalCents / 100);
    await notify(payment.id);
    standIn.down = true;
    const { body } = await graphql(
      app,
      'mutation($id: ID!) { orderRefund(id: $id, amountCents: 1000, reason: "Troca") { status } }',
      { id: order.id },
      admin,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toMatch(/^Não foi possível reembolsar pelo mercadopago/);
    const after = await recorded(order.id);
    expect(after.order.refundedCents).toBeNull();
    expect(after.order.paymentStatus).toBe('PAID');
  });
});

describe('orderPay', () => {
  const PAY = `mutation($input: OrderPaymentInput!) { orderPay(input: $input) {
    status providerPaymentId statusDetail orderStatus boletoUrl boletoBarcode boletoExpiresAt } }`;
  const pay = (input: Record<string, unknown>, target: FastifyInstance = app) =>
    graphql(target, PAY, { input });

  it('pays a card order at once, marks it paid and makes the later webhook a duplicate', async () => {
    const order = await cardOrder('cartao@example.com');
    const { body } = await pay({
      number: order.number,
      email: 'Cartao@Example.com',
      method: 'CARD',
      cardToken: 'ff8080814c11e237014c1ff593b57b4d',
      paymentMethodId: 'master',
      installments: 3,
    });
    const result = body.data?.orderPay as { providerPaymentId: string };
    expect(body.data?.orderPay).toMatchObject({ status: 'approved', orderStatus: 'PAID' });
    const sent = standIn.created.at(-1);
    expect(sent?.key).toBe(`pay-${order.id}-1`);
    expect(sent?.body).toMatchObject({
      transaction_amount: 100,
      external_reference: order.number,
      installments: 3,
      capture: true,
      token: 'ff8080814c11e237014c1ff593b57b4d',
      payer: { email: 'cartao@example.com', identification: { number: '52998224725' } },
    });
    const after = await recorded(order.id);
    expect(after.mails).toHaveLength(1);
    expect(after.payments).toHaveLength(1);
    const webhook = await notify(Number(result.providerPaymentId));
    expect(webhook.json()).toEqual({ status: 'duplicate' });
  });

  it('refuses card installments beyond the interest-free count the checkout offered', async () => {
    const order = await cardOrder('juros@example.com');
    await ctx.db.execute(sql`UPDATE store_settings SET interest_free_installments = 2`);
    try {
      const created = standIn.created.length;
      const { body } = await pay({
        number: order.number,
        email: 'juros@example.com',
        method: 'CARD',
        cardToken: 'ff8080814c11e237014c1ff593b57b4d',
        paymentMethodId: 'master',
        installments: 3,
      });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect((body.errors?.[0]?.extensions as { field?: string } | undefined)?.field).toBe(
        'installments',
      );
      expect(standIn.created.length).toBe(created);
    } finally {
      await ctx.db.execute(sql`UPDATE store_settings SET interest_free_installments = 10`);
    }
  });

  it('creates a boleto and leaves the order waiting for it', async () => {
    const order = await orderRow(await placeOrder('BOLETO', 'boleto@example.com'));
    const { body } = await pay({
      number: order.number,
      email: 'boleto@example.com',
      method: 'BOLETO',
    });
    expect(body.data?.orderPay).toMatchObject({
      status: 'pending',
      orderStatus: 'PENDING_PAYMENT',
      boletoBarcode: '23790.00009 01234.567890 12345.678901 1 99990000011500',
      boletoExpiresAt: '2026-01-18T22:59:59.000-03:00',
    });
    expect(standIn.created.at(-1)?.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      payer: { address: { zip_code: '01310100', federal_unit: 'SP' } },
    });
  });

  it('answers a second call for a boleto with the same slip, creating nothing at the gateway', async () => {
    const order = await orderRow(await placeOrder('BOLETO', 'duas-vezes@example.com'));
    const input = { number: order.number, email: 'duas-vezes@example.com', method: 'BOLETO' };
    const first = await pay(input);
    const created = standIn.created.length;
    const second = await pay(input);
    expect(standIn.created.length).toBe(created);
    expect(second.body.data?.orderPay).toEqual(first.body.data?.orderPay);
    expect((await recorded(order.id)).payments).toHaveLength(1);
    // The tracking page shows the slip while the order waits for it.
    const tracked = await graphql(
      app,
      'query($n: String!, $e: String!) { orderStatus(number: $n, email: $e) { boleto { url barcode expiresAt } } }',
      { n: order.number, e: 'duas-vezes@example.com' },
    );
    expect(tracked.body.data?.orderStatus).toEqual({
      boleto: {
        url: expect.stringMatching(/\/ticket$/) as unknown,
        barcode: '23790.00009 01234.567890 12345.678901 1 99990000011500',
        expiresAt: '2026-01-18T22:59:59.000-03:00',
      },
    });
  });

  it('never charges an approved card again when the answer was lost and the shopper retries', async () => {
    const order = await cardOrder('repete@example.com');
    const input = {
      number: order.number,
      email: 'repete@example.com',
      method: 'CARD',
      cardToken: 'aprovado-0000000010',
    };
    const [a, b] = await Promise.all([pay(input), pay(input)]);
    expect(a.body.data?.orderPay).toMatchObject({ status: 'approved' });
    // Two calls at once share one attempt key: the gateway answers the same payment.
    // The other either shares that approved payment or is told the order is no longer waiting.
    if (b.body.data?.orderPay) {
      expect(b.body.data.orderPay).toMatchObject({ status: 'approved' });
    } else {
      expect(b.body.errors?.[0]?.message).toBe('Este pedido não está aguardando pagamento.');
    }
    expect(
      new Set(
        standIn.created.filter((c) => c.body.external_reference === order.number).map((c) => c.key),
      ),
    ).toEqual(new Set([`pay-${order.id}-1`]));
    expect((await recorded(order.id)).payments).toHaveLength(1);
    const later = await pay({ ...input, cardToken: 'aprovado-0000000011' });
    expect(later.body.errors?.[0]?.message).toBe('Este pedido não está aguardando pagamento.');
  });

  it('records a refused card, and a retry is a new attempt at the gateway', async () => {
    const order = await cardOrder('retry@example.com');
    const refused = await pay({
      number: order.number,
      email: 'retry@example.com',
      method: 'CARD',
      cardToken: 'recusado-0000000001',
    });
    expect(refused.body.data?.orderPay).toMatchObject({
      status: 'rejected',
      orderStatus: 'PENDING_PAYMENT',
    });
    expect((await recorded(order.id)).order.paymentStatus).toBe('FAILED');
    const retried = await pay({
      number: order.number,
      email: 'retry@example.com',
      method: 'CARD',
      cardToken: 'aprovado-0000000002',
    });
    expect(retried.body.data?.orderPay).toMatchObject({ status: 'approved', orderStatus: 'PAID' });
    expect(standIn.created.at(-1)?.key).toBe(`pay-${order.id}-2`);
  });

  it('answers the same NOT_FOUND for a wrong e-mail as for a wrong number', async () => {
    const order = await cardOrder('dono@example.com');
    const wrongEmail = await pay({
      number: order.number,
      email: 'outro@example.com',
      method: 'CARD',
      cardToken: 'tok-12345678',
    });
    const wrongNumber = await pay({
      number: 'VT-1',
      email: 'dono@example.com',
      method: 'CARD',
      cardToken: 'tok-12345678',
    });
    expect(wrongEmail.body.errors?.[0]).toMatchObject({
      message: 'Pedido não encontrado. Confira o número e o e-mail.',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(wrongNumber.body.errors?.[0]).toEqual(wrongEmail.body.errors?.[0]);
  });

  it.each([
    [{ method: 'PIX' }, 'method'],
    [{ method: 'BOLETO' }, 'method'],
    [{ method: 'CARD', cardToken: '' }, 'cardToken'],
    [{ method: 'CARD', cardToken: 'tok-12345678', installments: 24 }, 'installments'],
    [{ method: 'CARD', cardToken: 'tok-12345678', paymentMethodId: 'Visa!' }, 'paymentMethodId'],
  ])('refuses %j naming %s', async (extra, field) => {
    const order = await cardOrder('invalido@example.com');
    const { body } = await pay({ number: order.number, email: 'invalido@example.com', ...extra });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('refuses card payments when no gateway is configured', async () => {
    const order = await cardOrder('semgateway@example.com');
    const { body } = await pay(
      {
        number: order.number,
        email: 'semgateway@example.com',
        method: 'CARD',
        cardToken: 'tok-12345678',
      },
      ctx.app,
    );
    expect(body.errors?.[0]?.message).toBe(
      'Esta forma de pagamento não está disponível no momento. Pague com Pix.',
    );
  });
});

describe('placeOrder by card and boleto', () => {
  const HOUR = 3_600_000;

  it('places a card order without the Pix discount, with the installments chosen', async () => {
    const stock = await stockOfShirt();
    const result = await placeOrder('CARD', 'parcelas@example.com', { installments: 3 });
    expect(result.error).toBeUndefined();
    // The store gives 5% off by Pix; a card pays the total, split interest-free.
    expect(result.placed).toMatchObject({ totalCents: 10000, pixDiscountCents: 0, pix: null });
    const order = await orderRow(result);
    expect(order).toMatchObject({
      paymentMethod: 'CARD',
      installments: 3,
      status: 'PENDING_PAYMENT',
      pixCode: null,
      pixExpiresAt: null,
    });
    // The Pix hold (30 minutes by default) applies to card orders too.
    expect(order.paymentExpiresAt?.getTime()).toBe(ctx.clock.now() + HOUR / 2);
    expect(await stockOfShirt()).toBe(stock - 2);
    const [placedMail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'parcelas@example.com'));
    expect(placedMail?.textBody).toContain(
      'Para concluir, pague com cartão de crédito na página do pedido: R$ 100,00 em 3x sem juros.',
    );

    // Paid without naming the installments again: the ones chosen at checkout go to the gateway.
    const { body } = await graphql(
      app,
      `
        mutation ($input: OrderPaymentInput!) {
          orderPay(input: $input) {
            status
            orderStatus
          }
        }
      `,
      {
        input: {
          number: order.number,
          email: 'parcelas@example.com',
          method: 'CARD',
          cardToken: 'ff8080814c11e237014c1ff593b57b4d',
        },
      },
    );
    expect(body.data?.orderPay).toEqual({ status: 'approved', orderStatus: 'PAID' });
    expect(standIn.created.at(-1)?.body).toMatchObject({
      installments: 3,
      transaction_amount: 100,
    });
  });

  it('gives a Pix order its discount on the same cart', async () => {
    const result = await placeOrder('PIX', 'pix-e-cartao@example.com');
    expect(result.placed).toMatchObject({ totalCents: 9500, pixDiscountCents: 500 });
  });

  it.each([
    ['CARD', { installments: 11 }, 'Escolha de 1 a 10 parcelas.'],
    ['CARD', { installments: 13 }, 'Escolha de 1 a 12 parcelas.'],
    ['CARD', { installments: 0 }, 'Escolha de 1 a 12 parcelas.'],
    ['BOLETO', { installments: 2 }, 'Só é possível parcelar no cartão de crédito.'],
    ['PIX', { installments: 2 }, 'Só é possível parcelar no cartão de crédito.'],
  ] as const)(
    'refuses %s with %j naming installments, writing nothing',
    async (method, extra, message) => {
      const stock = await stockOfShirt();
      const result = await placeOrder(method, 'parcelas-demais@example.com', extra);
      expect(result.error).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'installments' },
      });
      expect(await stockOfShirt()).toBe(stock);
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(eq(orders.customerEmail, 'parcelas-demais@example.com'));
      expect(rows).toHaveLength(0);
    },
  );

  it('refuses card and boleto without gateway credentials, naming paymentMethod', async () => {
    const card = await placeOrder('CARD', 'sem-gateway@example.com', {}, ctx.app);
    expect(card.error).toMatchObject({
      message:
        'Pagamento com cartão de crédito não está disponível nesta loja no momento. Pague com Pix.',
      extensions: { code: 'BAD_USER_INPUT', field: 'paymentMethod' },
    });
    const boleto = await placeOrder('BOLETO', 'sem-gateway@example.com', {}, ctx.app);
    expect(boleto.error).toMatchObject({
      message: 'Pagamento com boleto não está disponível nesta loja no momento. Pague com Pix.',
      extensions: { code: 'BAD_USER_INPUT', field: 'paymentMethod' },
    });
  });

  it('expires an unpaid card order after the Pix expiry and a boleto two days after its due date, restocking both', async () => {
    // Caps only here, so the stock count sees these two orders alone.
    await ctx.db.execute(sql`UPDATE variants SET stock = 10 WHERE id = ${catalog.cap.id}`);
    const caps = { items: [{ variantId: catalog.cap.id, quantity: 2 }] };
    const card = await cardOrder('cartao-expira@example.com', caps);
    const boleto = await orderRow(await placeOrder('BOLETO', 'boleto-expira@example.com', caps));
    expect(boleto.paymentExpiresAt?.getTime()).toBe(ctx.clock.now() + 5 * 24 * HOUR);
    const capStock = async () =>
      Number(
        (
          await ctx.db.execute<{ stock: number }>(
            sql`SELECT stock FROM variants WHERE id = ${catalog.cap.id}`,
          )
        ).rows[0]!.stock,
      );
    expect(await capStock()).toBe(6);
    const statusOf = async (id: string) =>
      (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const at = (ms: number) => new Date(ctx.clock.now() + ms);

    await expireUnpaidOrders(ctx.db, at(HOUR / 2 - 60_000), ctx.config.publicUrl);
    expect((await statusOf(card.id)).status).toBe('PENDING_PAYMENT');
    await expireUnpaidOrders(ctx.db, at(HOUR / 2 + 60_000), ctx.config.publicUrl);
    expect(await statusOf(card.id)).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'EXPIRED',
      cancelReason: 'expirado',
    });
    expect((await statusOf(boleto.id)).status).toBe('PENDING_PAYMENT');
    expect(await capStock()).toBe(8);

    await expireUnpaidOrders(ctx.db, at(4 * 24 * HOUR), ctx.config.publicUrl);
    expect((await statusOf(boleto.id)).status).toBe('PENDING_PAYMENT');
    await expireUnpaidOrders(ctx.db, at(5 * 24 * HOUR + 1), ctx.config.publicUrl);
    expect((await statusOf(boleto.id)).status).toBe('CANCELED');
    expect(await capStock()).toBe(10);
    const [canceledMail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, 'boleto-expira@example.com'),
          sql`${mailOutbox.subject} NOT LIKE 'Recebemos%'`,
        ),
      );
    expect(canceledMail?.textBody).toContain('o boleto venceu sem pagamento');
  });

  it('leaves a card order whose payment the gateway authorised to the gateway, past the deadline', async () => {
    const order = await cardOrder('autorizado@example.com');
    await ctx.db.update(orders).set({ paymentStatus: 'AUTHORIZED' }).where(eq(orders.id, order.id));
    await expireUnpaidOrders(ctx.db, new Date(ctx.clock.now() + 48 * HOUR), ctx.config.publicUrl);
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe('PENDING_PAYMENT');
  });
});

describe('instalments with interest: the store table priced, shown and charged alike', () => {
  // R$ 100,00 (two shirts, picked up): 6x sem juros, then up to 12x at 3,47% a.m.
  const TABLE: InstallmentTableSettings = {
    maxInstallments: 12,
    interestFreeInstallments: 6,
    monthlyInterestPercent: 3.47,
    minInstallmentCents: 500,
  };
  const PLAN =
    'count perInstallmentCents firstInstallmentCents totalCents interestFree interestCents';
  const PREVIEW = `query ($items: [CartItemInput!]!) { cartPreview(items: $items) { totalCents
    installments { ${PLAN} } installmentsWithInterest { ${PLAN} } installmentOptions { ${PLAN} } } }`;
  const PAY = `mutation($input: OrderPaymentInput!) { orderPay(input: $input) { status orderStatus } }`;
  const twelve = installmentOptionFor(10000, 12, TABLE)!;
  let saved: Record<string, unknown>;

  beforeAll(async () => {
    const before = await ctx.db.execute<Record<string, unknown>>(
      sql`SELECT max_installments, interest_free_installments, min_installment_cents, installment_interest_percent FROM store_settings`,
    );
    saved = before.rows[0]!;
    await ctx.db.execute(
      sql`UPDATE store_settings SET max_installments = 12, interest_free_installments = 6, min_installment_cents = 500, installment_interest_percent = 3.47`,
    );
  });
  afterAll(async () => {
    await ctx.db.execute(
      sql`UPDATE store_settings SET max_installments = ${saved.max_installments}, interest_free_installments = ${saved.interest_free_installments}, min_installment_cents = ${saved.min_installment_cents}, installment_interest_percent = ${saved.installment_interest_percent}`,
    );
  });

  const pay = (input: Record<string, unknown>) => graphql(app, PAY, { input });
  const card = { method: 'CARD', cardToken: 'ff8080814c11e237014c1ff593b57b4d' };

  it('shows the whole table on the cart: 6x sem juros, then the Price table up to 12x', async () => {
    const { body } = await graphql(app, PREVIEW, {
      items: [{ variantId: catalog.shirt.id, quantity: 2 }],
    });
    const preview = body.data?.cartPreview as Record<string, unknown>;
    const table = installmentTable(10000, TABLE);
    expect(preview.installmentOptions).toEqual(table);
    expect(table).toHaveLength(12);
    expect(preview.installments).toMatchObject({ count: 6, interestFree: true, totalCents: 10000 });
    expect(preview.installmentsWithInterest).toEqual(twelve);
    // 12 × R$ 10,34 = R$ 124,08 by the 3,47% a.m. Price table.
    expect(twelve).toMatchObject({
      perInstallmentCents: 1034,
      totalCents: 12408,
      interestCents: 2408,
    });
    // Without a card gateway the same cart is one payment: no plan is promised.
    const withoutCard = await graphql(ctx.app, PREVIEW, {
      items: [{ variantId: catalog.shirt.id, quantity: 2 }],
    });
    expect(withoutCard.body.data?.cartPreview).toMatchObject({
      installmentsWithInterest: null,
      installmentOptions: [{ count: 1, totalCents: 10000, interestCents: 0 }],
    });
  });

  it('places a 12x order with its interest in the total, mails it and charges the card that amount', async () => {
    const order = await cardOrder('juros-12x@example.com', { installments: 12 });
    expect(order).toMatchObject({ installments: 12, interestCents: 2408, totalCents: 12408 });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'juros-12x@example.com'));
    expect(mail?.textBody).toContain(
      'R$ 124,08 em 12x de R$ 10,34 com juros (juros de R$ 24,08 incluídos).',
    );
    expect(mail?.textBody).toContain('Juros do parcelamento (12x)');
    const { body } = await pay({ ...card, number: order.number, email: 'juros-12x@example.com' });
    expect(body.data?.orderPay).toEqual({ status: 'approved', orderStatus: 'PAID' });
    expect(standIn.created.at(-1)?.body).toMatchObject({
      installments: 12,
      transaction_amount: 124.08,
    });
    const staff = await graphql(
      app,
      'query($id: ID!) { order(id: $id) { totalCents interestCents installments } }',
      { id: order.id },
      admin,
    );
    expect(staff.body.data?.order).toEqual({
      totalCents: 12408,
      interestCents: 2408,
      installments: 12,
    });
  });

  it('re-prices a waiting order when the shopper picks another plan at payment, on its timeline', async () => {
    const order = await cardOrder('juros-troca@example.com', { installments: 3 });
    expect(order).toMatchObject({ totalCents: 10000, interestCents: 0 });
    const { body } = await pay({
      ...card,
      number: order.number,
      email: 'juros-troca@example.com',
      installments: 12,
    });
    expect(body.data?.orderPay).toEqual({ status: 'approved', orderStatus: 'PAID' });
    expect(standIn.created.at(-1)?.body).toMatchObject({
      installments: 12,
      transaction_amount: 124.08,
    });
    const after = await recorded(order.id);
    expect(after.order).toMatchObject({
      installments: 12,
      interestCents: 2408,
      totalCents: 12408,
      paymentStatus: 'PAID',
    });
    const change = after.timeline.find((event) => event.type === 'installments_changed');
    expect(change?.note).toBe('3x sem juros → 12x de R$ 10,34 com juros: total R$ 124,08.');
  });

  it('takes the interest off again when a 12x order is paid in 2x', async () => {
    const order = await cardOrder('juros-volta@example.com', { installments: 12 });
    await pay({
      ...card,
      number: order.number,
      email: 'juros-volta@example.com',
      installments: 2,
    });
    expect(standIn.created.at(-1)?.body).toMatchObject({
      installments: 2,
      transaction_amount: 100,
    });
    expect((await recorded(order.id)).order).toMatchObject({
      installments: 2,
      interestCents: 0,
      totalCents: 10000,
      paymentStatus: 'PAID',
    });
  });

  it('offers no plan with interest at 0% a.m.: 12x is refused at checkout and at payment', async () => {
    await ctx.db.execute(sql`UPDATE store_settings SET installment_interest_percent = 0`);
    try {
      const placed = await placeOrder('CARD', 'sem-juros@example.com', { installments: 12 });
      expect(placed.error).toMatchObject({
        message: 'Escolha de 1 a 6 parcelas.',
        extensions: { field: 'installments' },
      });
      const order = await cardOrder('sem-juros@example.com', { installments: 6 });
      const created = standIn.created.length;
      const { body } = await pay({
        ...card,
        number: order.number,
        email: 'sem-juros@example.com',
        installments: 7,
      });
      expect(body.errors?.[0]?.message).toBe('Escolha de 1 a 6 parcelas.');
      expect(standIn.created.length).toBe(created);
      expect((await recorded(order.id)).order).toMatchObject({
        installments: 6,
        totalCents: 10000,
      });
    } finally {
      await ctx.db.execute(sql`UPDATE store_settings SET installment_interest_percent = 3.47`);
    }
  });
});
