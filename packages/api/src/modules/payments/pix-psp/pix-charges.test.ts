// Pix through the PSP, the store's side: placeOrder creates the charge and shows the PSP's code;
// the webhook is read back and pays once (ten deliveries, two instances at once); a forged webhook
// for an open charge changes nothing; polling pays when no webhook comes; a PSP that is down
// delays the charge, never the order; a canceled order's charge is removed. The PSP here is a
// small in-memory one (the client against the stand-in is tested in bacen-client.test.ts).
// PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../../checkout/checkout.fixtures';
import { seedCommerceDemo } from '../../checkout/checkout.seed';
import { pixPspPlugin } from './pix-psp.plugin';
import { pixChargeTxid } from './pix-psp.config';
import {
  PixProviderError,
  type CreateChargeInput,
  type PixCharge,
  type PixProvider,
  type PixRefund,
} from './provider';

const SECRET = 'segredo-do-webhook-0123456789';

/** What a PSP keeps; `down` makes every call fail as unavailable. */
class MemoryPsp implements PixProvider {
  readonly name = 'memoria';
  charges = new Map<string, PixCharge>();
  webhookUrls: string[] = [];
  down = false;
  calls = { create: 0, get: 0, cancel: 0 };

  private check() {
    if (this.down) throw new PixProviderError('UNAVAILABLE', 'PSP fora do ar', 503);
  }
  async createCharge(input: CreateChargeInput): Promise<PixCharge> {
    this.check();
    this.calls.create += 1;
    const existing = this.charges.get(input.txid);
    if (existing) return existing;
    const charge: PixCharge = {
      txid: input.txid,
      status: 'ATIVA',
      amountCents: input.amountCents,
      location: `psp.test/qr/v2/${input.txid}`,
      pixCopiaECola: `00020101021226...psp.test/qr/v2/${input.txid}...6304ABCD`,
      createdAt: new Date(),
      expiresInSeconds: input.expiresInSeconds,
      pix: [],
    };
    this.charges.set(input.txid, charge);
    return charge;
  }
  async getCharge(txid: string): Promise<PixCharge> {
    this.check();
    this.calls.get += 1;
    const charge = this.charges.get(txid);
    if (!charge) throw new PixProviderError('NOT_FOUND', 'cobrança não encontrada', 404);
    return structuredClone(charge);
  }
  async cancelCharge(txid: string): Promise<PixCharge> {
    this.check();
    this.calls.cancel += 1;
    const charge = this.charges.get(txid)!;
    charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    return charge;
  }
  async registerWebhook(url: string): Promise<void> {
    this.check();
    this.webhookUrls.push(url);
  }
  refunds = new Map<string, PixRefund & { endToEndId: string }>();
  async refund(input: {
    endToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<PixRefund> {
    this.check();
    const existing = this.refunds.get(input.refundId);
    if (existing) return existing;
    const pix = [...this.charges.values()]
      .flatMap((charge) => charge.pix)
      .find((received) => received.endToEndId === input.endToEndId);
    const returned = [...this.refunds.values()]
      .filter((refund) => refund.endToEndId === input.endToEndId)
      .reduce((sum, refund) => sum + refund.amountCents, 0);
    if (!pix || returned + input.amountCents > pix.amountCents) {
      throw new PixProviderError('REJECTED_REQUEST', 'Valor da devolução maior que o Pix.', 400);
    }
    const refund = {
      id: input.refundId,
      rtrId: `D${randomUUID().replace(/-/g, '').slice(0, 31)}`,
      amountCents: input.amountCents,
      status: 'EM_PROCESSAMENTO' as const,
      reason: null,
      endToEndId: input.endToEndId,
    };
    this.refunds.set(input.refundId, refund);
    pix.refunds.push(refund);
    return refund;
  }
  async getRefund(_endToEndId: string, refundId: string): Promise<PixRefund> {
    return this.refunds.get(refundId)!;
  }
  /** The shopper pays in their bank's app. */
  pay(txid: string, amountCents?: number): string {
    const charge = this.charges.get(txid)!;
    const endToEndId = `E${randomUUID().replace(/-/g, '').slice(0, 31)}`;
    charge.status = 'CONCLUIDA';
    charge.pix.push({
      endToEndId,
      txid,
      amountCents: amountCents ?? charge.amountCents,
      paidAt: new Date(),
      payerInfo: null,
      refunds: [],
    });
    return endToEndId;
  }
}

let ctx: TestContext;
let psp: MemoryPsp;
let app: FastifyInstance;
/** A second instance of the server on the same database, with the same PSP. */
let other: FastifyInstance;
let pacId: string;
let adminToken: string;
let variantId: string;

async function startInstance(): Promise<FastifyInstance> {
  const instance = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  instance.register(pixPspPlugin, { provider: psp, webhookSecret: SECRET, intervalMs: 0 });
  await instance.ready();
  return instance;
}

async function place(on = app) {
  const { body } = await graphql(on, PLACE_ORDER_MUTATION, {
    input: fixtureOrderInput([{ variantId, quantity: 1 }], pacId),
  });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const placed = body.data!.placeOrder as {
    number: string;
    totalCents: number;
    pix: { code: string } | null;
  };
  const found = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM orders WHERE number = ${placed.number}`,
  );
  return { ...placed, id: found.rows[0]!.id, txid: pixChargeTxid(found.rows[0]!.id) };
}

function webhook(on: FastifyInstance, txid: string, endToEndId: string, secret = SECRET) {
  return on.inject({
    method: 'POST',
    // As a PSP calls the registered '...?hmac=<secret>&ignorar=' with '/pix' appended.
    url: `/webhooks/pix?hmac=${secret}&ignorar=/pix`,
    payload: {
      pix: [{ endToEndId, txid, valor: '0.01', horario: new Date().toISOString() }],
    },
  });
}

async function orderState(id: string) {
  const result = await ctx.db.execute<{ status: string; pix_code: string | null }>(
    sql`SELECT status, pix_code FROM orders WHERE id = ${id}`,
  );
  return result.rows[0]!;
}

async function paidEvents(id: string): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${id} AND type = 'paid'`,
  );
  return Number(result.rows[0]!.n);
}

async function chargeRow(txid: string) {
  const result = await ctx.db.execute<{ status: string; attempts: number; end_to_end_id: string }>(
    sql`SELECT status, attempts, end_to_end_id FROM pix_charges WHERE txid = ${txid}`,
  );
  return result.rows[0];
}

/** The charge is due for the worker now (the server's clock is the test's). */
async function makeDue(txid: string) {
  const now = new Date(ctx.clock.now()).toISOString();
  await ctx.db.execute(
    sql`UPDATE pix_charges SET next_attempt_at = ${now}::timestamptz WHERE txid = ${txid}`,
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
  const catalog = await insertFixtureCatalog(ctx.db, [
    { sku: `PSP-${randomUUID()}`, priceCents: 12990, stock: 1000, size: 'M', color: 'Azul' },
  ]);
  variantId = catalog.variantIds[0]!;
  adminToken = (await signInStaffRoles(ctx)).admin.token;
  psp = new MemoryPsp();
  app = await startInstance();
  other = await startInstance();
});

afterAll(async () => {
  await app.close();
  await other.close();
  await ctx.close();
});

beforeEach(() => {
  psp.down = false;
});

describe('Pix through the PSP', () => {
  it('creates the charge as the order is placed and shows the PSP’s code, then registers the webhook', async () => {
    const order = await place();
    expect(order.pix?.code).toBe(psp.charges.get(order.txid)?.pixCopiaECola);
    expect(psp.charges.get(order.txid)).toMatchObject({ amountCents: order.totalCents });
    expect((await orderState(order.id)).pix_code).toBe(order.pix?.code);
    await app.pixCharges!.tick();
    expect(psp.webhookUrls.at(-1)).toBe(
      `${ctx.config.publicUrl}/webhooks/pix?hmac=${SECRET}&ignorar=`,
    );
  });

  it('pays once when the webhook comes ten times, to two instances at once', async () => {
    const order = await place();
    const endToEndId = psp.pay(order.txid);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => webhook(i % 2 ? other : app, order.txid, endToEndId)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.json().settled === 1)).toHaveLength(1);
    expect((await orderState(order.id)).status).toBe('PAID');
    expect(await paidEvents(order.id)).toBe(1);
    expect(await chargeRow(order.txid)).toMatchObject({
      status: 'CONCLUIDA',
      end_to_end_id: endToEndId,
    });
    const payments = await ctx.db.execute<{ provider: string; amount_cents: number }>(
      sql`SELECT provider, amount_cents FROM payments WHERE order_id = ${order.id}`,
    );
    expect(payments.rows).toEqual([{ provider: 'pix-psp', amount_cents: order.totalCents }]);
  });

  it('changes nothing on a forged webhook for a charge the PSP says is open', async () => {
    const order = await place();
    const answer = await webhook(app, order.txid, 'E00000000202611051200abcdefghijk');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ settled: 0 });
    expect((await orderState(order.id)).status).toBe('PENDING_PAYMENT');
    expect(await chargeRow(order.txid)).toMatchObject({ status: 'ATIVA' });
  });

  it('refuses a webhook without the secret, before reading anything', async () => {
    const order = await place();
    const endToEndId = psp.pay(order.txid);
    const gets = psp.calls.get;
    const answer = await webhook(app, order.txid, endToEndId, 'segredo-errado-0123456789');
    expect(answer.statusCode).toBe(401);
    expect(psp.calls.get).toBe(gets);
    expect((await orderState(order.id)).status).toBe('PENDING_PAYMENT');
    // The worker's poll finds it paid all the same.
    await makeDue(order.txid);
    await app.pixCharges!.tick();
    expect((await orderState(order.id)).status).toBe('PAID');
  });

  it('places the order with the static code while the PSP is down, and creates the charge later', async () => {
    psp.down = true;
    const order = await place();
    expect(order.pix?.code).toMatch(/^000201/);
    expect(psp.charges.has(order.txid)).toBe(false);
    expect(await chargeRow(order.txid)).toMatchObject({ status: 'TO_CREATE', attempts: 1 });
    psp.down = false;
    await makeDue(order.txid);
    await other.pixCharges!.tick();
    expect(await chargeRow(order.txid)).toMatchObject({ status: 'ATIVA', attempts: 0 });
    expect((await orderState(order.id)).pix_code).toBe(psp.charges.get(order.txid)!.pixCopiaECola);
  });

  it('removes the charge of an order canceled before it was paid', async () => {
    const order = await place();
    await ctx.db.execute(
      sql`UPDATE orders SET status = 'CANCELED', payment_status = 'CANCELED' WHERE id = ${order.id}`,
    );
    await makeDue(order.txid);
    await app.pixCharges!.tick();
    expect(psp.charges.get(order.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await chargeRow(order.txid)).toMatchObject({
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });
  });

  it('never marks paid a Pix of another amount: the order says what arrived', async () => {
    const order = await place();
    const endToEndId = psp.pay(order.txid, order.totalCents - 1);
    const answer = await webhook(app, order.txid, endToEndId);
    expect(answer.statusCode).toBe(200);
    expect((await orderState(order.id)).status).toBe('PENDING_PAYMENT');
    const notes = await ctx.db.execute<{ note: string }>(
      sql`SELECT note FROM order_events WHERE order_id = ${order.id} AND type = 'payment'`,
    );
    expect(notes.rows[0]!.note).toContain('difere do total do pedido');
  });

  it('writes the charge of a Pix order that has none (the sweep) and says so when unavailable', async () => {
    const order = await place();
    await ctx.db.execute(sql`DELETE FROM pix_charges WHERE txid = ${order.txid}`);
    psp.charges.delete(order.txid);
    await app.pixCharges!.tick();
    expect(await chargeRow(order.txid)).toMatchObject({ status: 'ATIVA' });
    psp.down = true;
    const endToEndId = 'E00000000202611051200zzzzzzzzzzz';
    const answer = await webhook(app, order.txid, endToEndId);
    expect(answer.statusCode).toBe(503);
  });

  it('returns a refund by Pix devolução, recorded on the order, and refuses more than was paid', async () => {
    const order = await place();
    const endToEndId = psp.pay(order.txid);
    await webhook(app, order.txid, endToEndId);
    const REFUND = `mutation($id: ID!, $amountCents: Int!, $reason: String!) {
      orderRefund(id: $id, amountCents: $amountCents, reason: $reason) { status }
    }`;
    const partial = await graphql(
      app,
      REFUND,
      { id: order.id, amountCents: 1000, reason: 'Um item com defeito.' },
      adminToken,
    );
    expect(partial.body.errors).toBeUndefined();
    const [devolucao] = [...psp.refunds.values()];
    expect(devolucao).toMatchObject({ endToEndId, amountCents: 1000 });
    const events = await ctx.db.execute<{ data: Record<string, unknown> }>(
      sql`SELECT data FROM order_events WHERE order_id = ${order.id} AND type = 'refunded'`,
    );
    expect(events.rows[0]!.data).toMatchObject({
      provider: 'pix-psp',
      providerRefundId: devolucao!.rtrId,
      pixDevolucao: { status: 'EM_PROCESSAMENTO', endToEndId },
    });
    // A PSP that is down rolls the refund back: nothing changes on the order.
    psp.down = true;
    const refused = await graphql(
      app,
      REFUND,
      { id: order.id, amountCents: 500, reason: 'Desistência.' },
      adminToken,
    );
    expect(refused.body.errors?.[0]?.message).toMatch(
      /^Não foi possível devolver o Pix pelo banco: .*Nada foi alterado no pedido\.$/,
    );
    const refunds = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_refunds WHERE order_id = ${order.id}`,
    );
    expect(Number(refunds.rows[0]!.n)).toBe(1);
    expect(psp.refunds.size).toBe(1);

    // The bank settles the devolução and says so by webhook (twice): the timeline says it once.
    psp.down = false;
    devolucao!.status = 'DEVOLVIDO';
    for (let i = 0; i < 2; i += 1)
      expect((await webhook(app, order.txid, endToEndId)).statusCode).toBe(200);
    const notes = await ctx.db.execute<{ note: string }>(
      sql`SELECT note FROM order_events WHERE order_id = ${order.id} AND type = 'payment'
           AND note LIKE 'Devolução Pix%'`,
    );
    expect(notes.rows).toEqual([{ note: 'Devolução Pix de R$ 10,00 concluída pelo banco.' }]);
  });

  it('shows staff the order’s charge and Settings whether Pix is confirmed by the bank', async () => {
    const order = await place();
    const endToEndId = psp.pay(order.txid);
    await webhook(app, order.txid, endToEndId);
    const ORDER = `query($id: ID!) {
      order(id: $id) { pixCharge { status txid endToEndId receivedCents attempts }
        payments { provider confirmation } }
    }`;
    const { body } = await graphql(app, ORDER, { id: order.id }, adminToken);
    expect(body.errors).toBeUndefined();
    expect(body.data!.order).toEqual({
      pixCharge: {
        status: 'CONCLUIDA',
        txid: order.txid,
        endToEndId,
        receivedCents: order.totalCents,
        attempts: 0,
      },
      payments: [{ provider: 'pix-psp', confirmation: 'Confirmado pelo banco (Pix)' }],
    });
    const STATUS = `{ pixProvider { configured host webhookConfigured webhookRegistered pixKeySet
      pendingCreationCount failedCount openCount } }`;
    const status = await graphql(app, STATUS, {}, adminToken);
    expect(status.body.data!.pixProvider).toMatchObject({
      configured: true,
      host: 'memoria',
      webhookConfigured: true,
      webhookRegistered: true,
      pixKeySet: true,
    });
    // Without a PSP (the test context's own server), Settings says so.
    const bare = await graphql(ctx.app, STATUS, {}, adminToken);
    expect(bare.body.data!.pixProvider).toMatchObject({ configured: false, host: null });
  });
});
