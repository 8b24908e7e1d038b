// The order life cycle through GraphQL on a real database: every legal and illegal transition,
// restock on cancel, refund bounds, role checks, timeline rows and outbox mails.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { stockMovements } from '../catalog/catalog.tables';
import { couponRedemptions, coupons } from '../coupons/coupons.tables';
import { orderEvents, orders } from './orders.tables';
import { mailOutbox } from '../mail/mail.tables';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  stockOf,
  type FixtureCatalog,
} from './orders.fixtures';
import { orderRefunds } from './orders.tables';
import {
  illegalTransitionMessage,
  MONEY_ACTIONS,
  type OrderAction,
  type OrderStatus,
} from './orders.lifecycle';

const ORDER_FIELDS = `id number status paymentStatus fulfilmentStatus totalCents refundedCents
  trackingCarrier trackingCode trackingUrl cancelReason paidAt shippedAt deliveredAt canceledAt
  timeline { type fromStatus toStatus actor actorName actorStaffId note }
  payments { provider method status amountCents confirmation }
  refunds { amountCents reason staffName }
  allowedActions`;

const MUTATIONS: Record<OrderAction, string> = {
  markPaid: `mutation($id: ID!) { r: orderMarkPaid(id: $id, note: "Pix conferido no extrato") { ${ORDER_FIELDS} } }`,
  ship: `mutation($id: ID!) { r: orderShip(id: $id, carrier: "Correios SEDEX", trackingCode: "AA123456785BR") { ${ORDER_FIELDS} } }`,
  deliver: `mutation($id: ID!) { r: orderDeliver(id: $id) { ${ORDER_FIELDS} } }`,
  cancel: `mutation($id: ID!) { r: orderCancel(id: $id, reason: "Cliente desistiu") { ${ORDER_FIELDS} } }`,
  refund: `mutation($id: ID!) { r: orderRefund(id: $id, amountCents: 1000, reason: "Avaria") { ${ORDER_FIELDS} } }`,
};

interface OrderResult {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: string;
  fulfilmentStatus: string;
  totalCents: number;
  refundedCents: number;
  trackingCarrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  cancelReason: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
  timeline: {
    type: string;
    fromStatus: string | null;
    toStatus: string | null;
    actor: string;
    actorName: string | null;
    actorStaffId: string | null;
    note: string | null;
  }[];
  payments: {
    provider: string;
    method: string;
    status: string;
    amountCents: number;
    confirmation: string | null;
  }[];
  refunds: { amountCents: number; reason: string; staffName: string | null }[];
  allowedActions: string[];
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let admin: string;
let support: string;
let managerA: string;
let adminId: string;

async function run(action: OrderAction, id: string, token = admin) {
  const { body } = await graphql(ctx.app, MUTATIONS[action], { id }, token);
  return { order: (body.data?.r ?? null) as OrderResult | null, errors: body.errors };
}

async function mailsTo(email: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.createdAt));
}

function order(status: OrderStatus = 'PENDING_PAYMENT', email = 'maria@example.com') {
  return insertFixtureOrder(ctx.db, {
    status,
    customerEmail: email,
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.cap, quantity: 1 },
    ],
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const staff = await signInStaffRoles(ctx, {
    managerBrandIds: [catalog.brandA],
    names: { admin: 'Ana Admin', manager: 'Bia Aurora', support: 'Sérgio Suporte' },
  });
  adminId = staff.admin.id;
  admin = staff.admin.token;
  support = staff.support.token;
  managerA = staff.manager.token;
});

afterAll(async () => {
  await ctx.close();
});

describe('order life cycle', () => {
  it('moves an order from PENDING_PAYMENT to PAID, SHIPPED and DELIVERED, one timeline event each', async () => {
    const placed = await order('PENDING_PAYMENT', 'ciclo@example.com');

    const paid = await run('markPaid', placed.id);
    expect(paid.errors).toBeUndefined();
    expect(paid.order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(paid.order?.paidAt).not.toBeNull();
    expect(paid.order?.payments).toEqual([
      // Who confirmed it, never its key (manual-<order id>) as a txid.
      {
        provider: 'manual',
        method: 'PIX',
        status: 'approved',
        amountCents: placed.totalCents,
        confirmation: 'Confirmado manualmente por Ana Admin',
      },
    ]);
    expect(paid.order?.allowedActions).toEqual(['ship', 'cancel', 'refund']);

    const shipped = await run('ship', placed.id);
    expect(shipped.order).toMatchObject({
      status: 'SHIPPED',
      fulfilmentStatus: 'SHIPPED',
      trackingCarrier: 'Correios SEDEX',
      trackingCode: 'AA123456785BR',
      trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR',
    });

    const delivered = await run('deliver', placed.id);
    expect(delivered.order).toMatchObject({ status: 'DELIVERED', fulfilmentStatus: 'DELIVERED' });
    expect(delivered.order?.deliveredAt).not.toBeNull();
    expect(delivered.order?.timeline).toEqual([
      expect.objectContaining({ type: 'placed', toStatus: 'PENDING_PAYMENT', actor: 'customer' }),
      {
        type: 'paid',
        fromStatus: 'PENDING_PAYMENT',
        toStatus: 'PAID',
        actor: 'staff',
        actorName: 'Ana Admin',
        actorStaffId: adminId,
        note: 'Pix conferido no extrato',
      },
      expect.objectContaining({ type: 'shipped', fromStatus: 'PAID', toStatus: 'SHIPPED' }),
      expect.objectContaining({ type: 'delivered', fromStatus: 'SHIPPED', toStatus: 'DELIVERED' }),
    ]);
  });

  it('writes the paid and shipped e-mails in Portuguese to the outbox, with the Correios link', async () => {
    const placed = await order('PENDING_PAYMENT', 'emails@example.com');
    await run('markPaid', placed.id);
    await run('ship', placed.id);
    const mails = await mailsTo('emails@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      `Pagamento confirmado: pedido ${placed.number}`,
      `Seu pedido ${placed.number} foi enviado`,
    ]);
    const shipped = mails[1]!;
    const link = 'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR';
    expect(shipped.textBody).toContain(link);
    expect(shipped.htmlBody).toContain(`href="${link}"`);
    expect(shipped.textBody).toContain('Olá, Maria!');
    expect(shipped.htmlBody).toContain('Camiseta Básica');
  });

  const ALL_STATUSES: OrderStatus[] = [
    'PENDING_PAYMENT',
    'PAID',
    'SHIPPED',
    'DELIVERED',
    'CANCELED',
    'REFUNDED',
  ];
  const LEGAL: Record<OrderAction, Partial<Record<OrderStatus, OrderStatus>>> = {
    markPaid: { PENDING_PAYMENT: 'PAID' },
    ship: { PAID: 'SHIPPED' },
    deliver: { SHIPPED: 'DELIVERED' },
    cancel: { PENDING_PAYMENT: 'CANCELED', PAID: 'CANCELED' },
    // A partial refund (R$ 10,00 of more) keeps the status.
    refund: { PAID: 'PAID', SHIPPED: 'SHIPPED', DELIVERED: 'DELIVERED' },
  };
  const cases = (Object.keys(MUTATIONS) as OrderAction[]).flatMap((action) =>
    ALL_STATUSES.map((from) => ({ action, from, to: LEGAL[action][from] ?? null })),
  );

  it.each(cases.filter((c) => c.to !== null))(
    'allows $action from $from (-> $to)',
    async ({ action, from, to }) => {
      const placed = await order(from);
      const result = await run(action, placed.id);
      expect(result.errors).toBeUndefined();
      expect(result.order?.status).toBe(to);
      expect(result.order?.timeline.at(-1)).toMatchObject({ fromStatus: from, toStatus: to });
    },
  );

  it.each(cases.filter((c) => c.to === null))(
    'refuses $action from $from with a clear error and changes nothing',
    async ({ action, from }) => {
      const placed = await order(from);
      const result = await run(action, placed.id);
      expect(result.order).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toBe(illegalTransitionMessage(action, from));
      const [after] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
      expect(after?.status).toBe(from);
      expect(after?.updatedAt.getTime()).toBe(placed.updatedAt.getTime());
      const events = await ctx.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, placed.id));
      expect(events).toHaveLength(1);
    },
  );

  it('says exactly why shipping an unpaid order is refused', async () => {
    const placed = await order('PENDING_PAYMENT');
    const result = await run('ship', placed.id);
    expect(result.errors?.[0]?.message).toBe(
      'Não é possível enviar um pedido com status Aguardando pagamento.',
    );
  });

  it('lets exactly one of two staff racing the same transition win', async () => {
    const placed = await order('PAID');
    const [first, second] = await Promise.all([
      run('ship', placed.id, admin),
      run('ship', placed.id, support),
    ]);
    const wins = [first, second].filter((r) => r.order !== null);
    const losses = [first, second].filter((r) => r.errors);
    expect(wins).toHaveLength(1);
    expect(losses).toHaveLength(1);
    expect(losses[0]?.errors?.[0]?.message).toBe(
      'Não é possível enviar um pedido com status Enviado.',
    );
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.id));
    expect(events.filter((e) => e.type === 'shipped')).toHaveLength(1);
  });

  it('answers NOT_FOUND for an unknown or malformed order id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-uuid']) {
      const result = await run('markPaid', id);
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(result.errors?.[0]?.message).toBe('Pedido não encontrado.');
    }
  });
});

describe('orderShip', () => {
  it('requires a tracking code for a delivery and validates it', async () => {
    const placed = await order('PAID');
    const missing = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderShip(id: $id, carrier: "Correios") { status } }',
      { id: placed.id },
      admin,
    );
    expect(missing.body.errors?.[0]).toMatchObject({
      message: 'Informe o código de rastreamento.',
      extensions: { code: 'BAD_USER_INPUT', field: 'trackingCode' },
    });
    const bad = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderShip(id: $id, carrier: "Correios", trackingCode: "<script>") { status } }',
      { id: placed.id },
      admin,
    );
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ field: 'trackingCode' });
    const noCarrier = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderShip(id: $id, carrier: "  ", trackingCode: "AB123") { status } }',
      { id: placed.id },
      admin,
    );
    expect(noCarrier.body.errors?.[0]?.message).toBe('Informe a transportadora.');
  });

  it('marks a pickup order ready for pickup without a tracking code, and mails that', async () => {
    const placed = await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      shippingKind: 'pickup',
      customerEmail: 'retirada@example.com',
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    const { body } = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderShip(id: $id, carrier: "Retirada na loja") { status fulfilmentStatus trackingCode timeline { type } } }',
      { id: placed.id },
      admin,
    );
    expect(body.data?.orderShip).toEqual({
      status: 'SHIPPED',
      fulfilmentStatus: 'READY_FOR_PICKUP',
      trackingCode: null,
      timeline: [{ type: 'placed' }, { type: 'ready_for_pickup' }],
    });
    const [mail] = await mailsTo('retirada@example.com');
    expect(mail?.subject).toBe(`Seu pedido ${placed.number} está pronto para retirada`);
  });

  it('gives no Correios link for another carrier', async () => {
    const placed = await order('PAID');
    const { body } = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderShip(id: $id, carrier: "Jadlog", trackingCode: "12345678") { trackingUrl } }',
      { id: placed.id },
      admin,
    );
    expect(body.data?.orderShip).toEqual({ trackingUrl: null });
  });
});

describe('orderCancel', () => {
  it('returns every line to stock with a ledger row and releases the coupon use', async () => {
    const [coupon] = await ctx.db
      .insert(coupons)
      .values({ code: 'VOLTA10', kind: 'percent', percent: 10, usageLimit: 5 })
      .returning();
    const shirtBefore = await stockOf(ctx.db, catalog.shirt.id);
    const capBefore = await stockOf(ctx.db, catalog.cap.id);
    const placed = await insertFixtureOrder(ctx.db, {
      couponId: coupon!.id,
      discountCents: 1300,
      takeStock: true,
      customerEmail: 'cancela@example.com',
      lines: [
        { variant: catalog.shirt, quantity: 2 },
        { variant: catalog.cap, quantity: 1 },
      ],
    });
    expect(await stockOf(ctx.db, catalog.shirt.id)).toBe(shirtBefore - 2);
    const [used] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(used?.usedCount).toBe(1);

    const result = await run('cancel', placed.id);
    expect(result.order).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'CANCELED',
      fulfilmentStatus: 'CANCELED',
      cancelReason: 'Cliente desistiu',
    });
    expect(await stockOf(ctx.db, catalog.shirt.id)).toBe(shirtBefore);
    expect(await stockOf(ctx.db, catalog.cap.id)).toBe(capBefore);
    const ledger = await ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, `Pedido ${placed.number} cancelado`));
    expect(ledger.map((m) => [m.variantId, m.delta, m.staffId, m.kind]).sort()).toEqual(
      [
        [catalog.shirt.id, 2, adminId, 'CANCEL'],
        [catalog.cap.id, 1, adminId, 'CANCEL'],
      ].sort(),
    );
    const [released] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(released?.usedCount).toBe(0);
    const redemptions = await ctx.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, placed.id));
    expect(redemptions).toHaveLength(0);
    const [mail] = await mailsTo('cancela@example.com');
    expect(mail?.subject).toBe(`Pedido ${placed.number} cancelado`);
    expect(mail?.textBody).toContain('Motivo: Cliente desistiu.');
    expect(mail?.textBody).toContain('Nenhum valor foi cobrado.');
  });

  it('keeps the payment recorded as paid when a paid order is canceled', async () => {
    const placed = await order('PAID', 'cancela-pago@example.com');
    const result = await run('cancel', placed.id);
    expect(result.order).toMatchObject({ status: 'CANCELED', paymentStatus: 'PAID' });
    expect(result.order?.allowedActions).toEqual(['refund']);
    const [mail] = await mailsTo('cancela-pago@example.com');
    expect(mail?.textBody).toContain('devolução do valor');
  });

  it('requires a reason', async () => {
    const placed = await order('PAID');
    const { body } = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderCancel(id: $id, reason: " ") { status } }',
      { id: placed.id },
      admin,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: 'Informe o motivo do cancelamento.',
      extensions: { code: 'BAD_USER_INPUT', field: 'reason' },
    });
  });
});

describe('orderRefund', () => {
  const refund = (id: string, amountCents: number, reason = 'Produto com defeito') =>
    graphql(
      ctx.app,
      `mutation($id: ID!, $amount: Int!, $reason: String!) {
        orderRefund(id: $id, amountCents: $amount, reason: $reason) { ${ORDER_FIELDS} } }`,
      { id, amount: amountCents, reason },
      admin,
    );

  it('records partial refunds and becomes REFUNDED when everything is returned', async () => {
    const placed = await order('DELIVERED', 'reembolso@example.com');
    const total = placed.totalCents; // 2 x 50,00 + 30,00 + 15,00 frete = 145,00
    expect(total).toBe(14500);

    const first = await refund(placed.id, 5000);
    expect(first.body.data?.orderRefund).toMatchObject({
      status: 'DELIVERED',
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundedCents: 5000,
    });

    const tooMuch = await refund(placed.id, 9501);
    expect(tooMuch.body.errors?.[0]).toMatchObject({
      message: 'O reembolso de R$ 95,01 passa do valor que ainda pode ser devolvido (R$ 95,00).',
      extensions: { code: 'BAD_USER_INPUT', field: 'amountCents' },
    });

    const rest = await refund(placed.id, 9500, 'Devolução total');
    const done = rest.body.data?.orderRefund as OrderResult;
    expect(done).toMatchObject({
      status: 'REFUNDED',
      paymentStatus: 'REFUNDED',
      refundedCents: 14500,
    });
    expect(done.refunds).toEqual([
      { amountCents: 5000, reason: 'Produto com defeito', staffName: 'Ana Admin' },
      { amountCents: 9500, reason: 'Devolução total', staffName: 'Ana Admin' },
    ]);
    expect(done.timeline.filter((e) => e.type === 'refunded')).toEqual([
      expect.objectContaining({ fromStatus: 'DELIVERED', toStatus: 'DELIVERED' }),
      expect.objectContaining({ fromStatus: 'DELIVERED', toStatus: 'REFUNDED' }),
    ]);

    const again = await refund(placed.id, 1);
    expect(again.body.errors?.[0]?.message).toBe(
      'Não é possível reembolsar um pedido com status Reembolsado.',
    );
    const mails = await mailsTo('reembolso@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      `Reembolso parcial do pedido ${placed.number}`,
      `Reembolso do pedido ${placed.number}`,
    ]);
  });

  it.each([0, -100])('refuses an amount of %i centavos', async (amount) => {
    const placed = await order('PAID');
    const { body } = await refund(placed.id, amount);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'amountCents',
    });
    const rows = await ctx.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, placed.id));
    expect(rows).toHaveLength(0);
  });

  it('refunds a paid order canceled later without changing its status', async () => {
    const placed = await order('PAID');
    await run('cancel', placed.id);
    const { body } = await refund(placed.id, placed.totalCents, 'Estorno do cancelamento');
    expect(body.data?.orderRefund).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'REFUNDED',
      refundedCents: placed.totalCents,
    });
  });

  it('lets two concurrent refunds never exceed the total', async () => {
    const placed = await order('PAID');
    const results = await Promise.all([
      refund(placed.id, placed.totalCents - 100),
      refund(placed.id, placed.totalCents - 100),
    ]);
    expect(results.filter((r) => r.body.errors)).toHaveLength(1);
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(after?.refundedCents).toBe(placed.totalCents - 100);
  });
});

describe('order mutations by role', () => {
  const actions = Object.keys(MUTATIONS) as OrderAction[];
  // Confirming a payment and refunding are ADMIN only (orders.staff.roles.test.ts, the money).
  const fulfilment = actions.filter((action) => !MONEY_ACTIONS.has(action));
  const startFor: Record<OrderAction, OrderStatus> = {
    markPaid: 'PENDING_PAYMENT',
    ship: 'PAID',
    deliver: 'SHIPPED',
    cancel: 'PAID',
    refund: 'PAID',
  };

  it.each(fulfilment)('lets SUPPORT %s any order', async (action) => {
    const placed = await insertFixtureOrder(ctx.db, {
      status: startFor[action],
      lines: [
        { variant: catalog.shirt, quantity: 1 },
        { variant: catalog.sneaker, quantity: 1 },
      ],
    });
    const result = await run(action, placed.id, support);
    expect(result.errors).toBeUndefined();
    expect(result.order?.timeline.at(-1)?.actorName).toBe('Sérgio Suporte');
  });

  it.each(fulfilment)(
    'lets a BRAND_MANAGER %s an order made only of their brand',
    async (action) => {
      const placed = await insertFixtureOrder(ctx.db, {
        status: startFor[action],
        lines: [{ variant: catalog.shirt, quantity: 1 }],
      });
      const result = await run(action, placed.id, managerA);
      expect(result.errors).toBeUndefined();
    },
  );

  it.each(actions)(
    'refuses a BRAND_MANAGER %s on a mixed-brand order with FORBIDDEN',
    async (action) => {
      const placed = await insertFixtureOrder(ctx.db, {
        status: startFor[action],
        lines: [
          { variant: catalog.shirt, quantity: 1 },
          { variant: catalog.sneaker, quantity: 1 },
        ],
      });
      const result = await run(action, placed.id, managerA);
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const [after] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
      expect(after?.status).toBe(startFor[action]);
    },
  );

  it.each(actions)('refuses %s without a session with UNAUTHENTICATED', async (action) => {
    const placed = await order(startFor[action]);
    const { body } = await graphql(ctx.app, MUTATIONS[action], { id: placed.id });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows a BRAND_MANAGER no actions on a mixed-brand order', async () => {
    const placed = await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      lines: [
        { variant: catalog.shirt, quantity: 1 },
        { variant: catalog.sneaker, quantity: 1 },
      ],
    });
    const { body } = await graphql(
      ctx.app,
      'query($id: ID!) { order(id: $id) { allowedActions } }',
      { id: placed.id },
      managerA,
    );
    expect(body.data?.order).toEqual({ allowedActions: [] });
  });
});

describe('orderAddNote', () => {
  it('appends a staff note to the timeline', async () => {
    const placed = await order('PAID');
    const { body } = await graphql(
      ctx.app,
      'mutation($id: ID!) { orderAddNote(id: $id, note: "Cliente pediu embrulho") { timeline { type note actorName } } }',
      { id: placed.id },
      support,
    );
    expect((body.data?.orderAddNote as OrderResult).timeline.at(-1)).toEqual({
      type: 'note',
      note: 'Cliente pediu embrulho',
      actorName: 'Sérgio Suporte',
    });
  });
});
