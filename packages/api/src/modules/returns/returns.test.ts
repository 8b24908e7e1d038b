// The shopper's 7-day return on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): the
// window's edges in São Paulo's calendar, the identification of orderStatus, the lines' limits,
// one open request at a time, the goods received (stock back, refund recorded, the order's
// status) and who may do what. The reverse carrier is the Correios stand-in (returns.carrier.test
// drives its failures).
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { auditLog } from '../audit/audit.tables';
import { stockMovements } from '../catalog/catalog.tables';
import { seedFixtureCatalog, stockOf, type FixtureCatalog } from '../orders/orders.fixtures';
import { orderEvents, orderLines, orderRefunds, orders } from '../orders/orders.tables';
import { storeSettings } from '../settings/settings.tables';
import { startCarrierStandin, type CarrierStandin } from '../shipping/carriers/standin';
import {
  askReturn,
  deliveredOrder,
  mailsTo,
  ORDER_RETURNS,
  returnsApp,
  STAFF_RETURNS,
  staffAction,
  type ReturnResult,
} from './returns.fixtures';

let standin: CarrierStandin;
let ctx: TestContext;
let app: FastifyInstance;
let catalog: FixtureCatalog;
let admin: string;
let support: string;
let manager: string;

// Delivered on 08/01/2026 at 12:00 in São Paulo: the window closes at the end of 15/01 there.
const DELIVERED_AT = new Date('2026-01-08T15:00:00Z');
const LAST_MINUTE = Date.parse('2026-01-16T02:59:00Z');
const DAY_EIGHT = Date.parse('2026-01-16T03:00:00Z');
const INSIDE = Date.parse('2026-01-12T15:00:00Z');

let emails = 0;
const order = (options: Partial<Parameters<typeof deliveredOrder>[2]> = {}) =>
  deliveredOrder(ctx, catalog, {
    email: `cliente${++emails}@example.com`,
    deliveredAt: DELIVERED_AT,
    ...options,
  });

async function linesOf(orderId: string) {
  return ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

const fieldOf = (errors: unknown) =>
  (errors as Array<{ extensions?: { field?: string } }> | undefined)?.[0]?.extensions?.field;

beforeAll(async () => {
  standin = await startCarrierStandin();
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  app = await returnsApp(ctx, standin);
  const staff = await signInStaffRoles({ app, db: ctx.db }, { managerBrandIds: [catalog.brandA] });
  admin = staff.admin.token;
  support = staff.support.token;
  manager = staff.manager.token;
  await ctx.db.update(storeSettings).set({ contactEmail: 'loja@vitrine.test' });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await standin.close();
});

describe('the 7-day window', () => {
  it('takes a return on the 7th day to its last minute, in São Paulo', async () => {
    const placed = await order();
    ctx.clock.set(LAST_MINUTE);
    const { body } = await graphql(app, ORDER_RETURNS, {
      number: placed.number,
      email: placed.customerEmail,
    });
    const view = body.data?.orderStatus as { returnable: boolean; returnWindowEndsAt: string };
    expect(view.returnable).toBe(true);
    expect(view.returnWindowEndsAt).toBe('2026-01-16T02:59:59.999Z');
    const { ret, errors } = await askReturn(app, placed, { reason: 'Não serviu' });
    expect(errors).toBeUndefined();
    expect(ret).toMatchObject({
      status: 'REQUESTED',
      refundCents: 14500,
      shippingRefundCents: 1500,
    });
  });

  it('refuses it on the 8th day, pointing to the store’s exchange policy', async () => {
    const placed = await order();
    ctx.clock.set(DAY_EIGHT);
    const { body } = await graphql(app, ORDER_RETURNS, {
      number: placed.number,
      email: placed.customerEmail,
    });
    expect((body.data?.orderStatus as { returnable: boolean }).returnable).toBe(false);
    const { ret, errors } = await askReturn(app, placed, { reason: 'Não serviu' });
    expect(ret).toBeNull();
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors?.[0]?.message).toContain('terminou em 15/01/2026');
    expect(errors?.[0]?.message).toContain('política de trocas da loja');
    expect(errors?.[0]?.message).toContain('/trocas-e-devolucoes');
  });

  it('waits for the delivery', async () => {
    const placed = await order();
    await ctx.db
      .update(orders)
      .set({ status: 'SHIPPED', deliveredAt: null })
      .where(eq(orders.id, placed.id));
    ctx.clock.set(INSIDE);
    const { errors } = await askReturn(app, placed, { reason: 'Não serviu' });
    expect(errors?.[0]?.message).toBe(
      'A devolução fica disponível depois que o pedido for entregue.',
    );
  });
});

describe('asking for a return', () => {
  it('answers a wrong e-mail exactly like a wrong number, and records nothing', async () => {
    const placed = await order();
    ctx.clock.set(INSIDE);
    const { errors } = await askReturn(app, placed, { reason: 'Não serviu' }, 'outra@example.com');
    expect(errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(errors?.[0]?.message).toContain('confira o número do pedido e o e-mail');
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.type, 'return_requested')));
    expect(events).toHaveLength(0);
  });

  it('refuses more units than bought, a line of another order and a blank reason', async () => {
    const placed = await order();
    const [shirt] = await linesOf(placed.id);
    ctx.clock.set(INSIDE);
    const tooMany = await askReturn(app, placed, {
      reason: 'Não serviu',
      lines: [{ lineId: shirt!.id, quantity: 3 }],
    });
    expect(tooMany.errors?.[0]?.message).toBe(
      'Você pode devolver no máximo 2 unidades deste produto.',
    );
    expect(fieldOf(tooMany.errors)).toBe('lines.0.quantity');
    const other = await order();
    const [foreign] = await linesOf(other.id);
    const elsewhere = await askReturn(app, placed, {
      reason: 'Não serviu',
      lines: [{ lineId: foreign!.id, quantity: 1 }],
    });
    expect(fieldOf(elsewhere.errors)).toBe('lines.0.lineId');
    const blank = await askReturn(app, placed, { reason: '   ' });
    expect(blank.errors?.[0]?.message).toBe('Conte o motivo da devolução.');
    expect(fieldOf(blank.errors)).toBe('reason');
  });

  it('keeps one open request per order, and counts what was asked back', async () => {
    const placed = await order();
    const [shirt] = await linesOf(placed.id);
    ctx.clock.set(INSIDE);
    const first = await askReturn(app, placed, {
      reason: 'Tamanho pequeno',
      lines: [{ lineId: shirt!.id, quantity: 1 }],
    });
    expect(first.ret).toMatchObject({ status: 'REQUESTED', number: 1, refundCents: 5000 });
    const second = await askReturn(app, placed, { reason: 'Mudei de ideia' });
    expect(second.errors?.[0]?.message).toContain('Já existe um pedido de devolução em andamento');

    // Received: the other unit can be asked back, not two.
    await staffAction(app, 'receive', { id: first.ret!.id }, admin);
    const again = await askReturn(app, placed, {
      reason: 'Mudei de ideia',
      lines: [{ lineId: shirt!.id, quantity: 2 }],
    });
    expect(again.errors?.[0]?.message).toBe(
      'Você pode devolver no máximo 1 unidade deste produto.',
    );
    const { body } = await graphql(app, ORDER_RETURNS, {
      number: placed.number,
      email: placed.customerEmail,
    });
    const view = body.data?.orderStatus as {
      returnableLines: { sku: string; returnableQuantity: number }[];
      returns: { status: string }[];
    };
    expect(view.returnableLines.map((line) => line.returnableQuantity)).toEqual([1, 1]);
    expect(view.returns.map((ret) => ret.status)).toEqual(['REFUNDED']);
  });

  it('writes the timeline and mails the shopper and the store', async () => {
    const placed = await order();
    ctx.clock.set(INSIDE);
    const { ret } = await askReturn(app, placed, { reason: 'Chegou diferente da foto' });
    const [event] = await ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.type, 'return_requested')));
    expect(event).toMatchObject({ actor: 'customer', note: 'Chegou diferente da foto' });
    expect(event!.data).toMatchObject({ returnId: ret!.id, refundCents: 14500 });
    const [shopperMail] = await mailsTo(ctx, placed.customerEmail);
    expect(shopperMail!.subject).toBe(
      `Recebemos seu pedido de devolução — pedido ${placed.number}`,
    );
    expect(shopperMail!.textBody).toContain('código de autorização dos Correios');
    expect(shopperMail!.textBody).toContain('por Pix');
    const storeMails = await mailsTo(ctx, 'loja@vitrine.test');
    expect(storeMails.map((mail) => mail.subject)).toContain(
      `Nova devolução no pedido ${placed.number}`,
    );
  });
});

describe('receiving the goods', () => {
  it('puts the units back in stock and refunds everything paid for the whole order', async () => {
    const placed = await order();
    ctx.clock.set(INSIDE);
    const { ret } = await askReturn(app, placed, { reason: 'Desisti da compra' });
    await app.orderReturns.runDue();
    const stockBefore = [
      await stockOf(ctx.db, catalog.shirt.id),
      await stockOf(ctx.db, catalog.cap.id),
    ];
    const received = await staffAction(app, 'receive', { id: ret!.id }, admin);
    expect(received.errors).toBeUndefined();
    expect(received.ret).toMatchObject({
      status: 'REFUNDED',
      refundCents: 14500,
      allowedActions: [],
    });
    expect(await stockOf(ctx.db, catalog.shirt.id)).toBe(stockBefore[0]! + 2);
    expect(await stockOf(ctx.db, catalog.cap.id)).toBe(stockBefore[1]! + 1);
    const movements = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'RETURN'), eq(stockMovements.variantId, catalog.cap.id)));
    expect(movements.at(-1)).toMatchObject({
      delta: 1,
      reason: `Devolução 1 do pedido ${placed.number}`,
    });

    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({
      status: 'REFUNDED',
      paymentStatus: 'REFUNDED',
      fulfilmentStatus: 'RETURNED',
      refundedCents: 14500,
    });
    const refunds = await ctx.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, placed.id));
    expect(refunds).toMatchObject([{ amountCents: 14500, staffName: 'admin' }]);
    const types = (
      await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.id))
    ).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['return_received', 'refunded']));
    // One mail says both: the goods arrived and the money went back (no separate refund mail).
    const subjects = (await mailsTo(ctx, placed.customerEmail)).map((mail) => mail.subject);
    expect(subjects).toContain(`Devolução recebida e reembolso feito — pedido ${placed.number}`);
    expect(subjects).not.toContain(`Reembolso do pedido ${placed.number}`);
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, placed.id));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['order.return_receive', 'order.refund']),
    );
  });

  it('refunds a line’s units with the order partly refunded, the order still delivered', async () => {
    const placed = await order({ paymentMethod: 'CARD' });
    const [shirt] = await linesOf(placed.id);
    ctx.clock.set(INSIDE);
    const { ret } = await askReturn(app, placed, {
      reason: 'Tamanho grande',
      lines: [{ lineId: shirt!.id, quantity: 1 }],
    });
    const received = await staffAction(app, 'receive', { id: ret!.id }, admin);
    expect(received.ret).toMatchObject({
      status: 'REFUNDED',
      refundCents: 5000,
      shippingRefundCents: 0,
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({
      status: 'DELIVERED',
      paymentStatus: 'PARTIALLY_REFUNDED',
      fulfilmentStatus: 'DELIVERED',
      refundedCents: 5000,
    });
    const [mail] = (await mailsTo(ctx, placed.customerEmail)).slice(-1);
    expect(mail!.textBody).toContain('estorno no cartão');
  });

  it('is ADMIN’s: SUPPORT may not refund, and the return stays open', async () => {
    const placed = await order();
    ctx.clock.set(INSIDE);
    const { ret } = await askReturn(app, placed, { reason: 'Desisti' });
    const stock = await stockOf(ctx.db, catalog.shirt.id);
    const refused = await staffAction(app, 'receive', { id: ret!.id }, support);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await stockOf(ctx.db, catalog.shirt.id)).toBe(stock);
    const { body } = await graphql(app, STAFF_RETURNS, { orderId: placed.id }, support);
    const [view] = body.data?.orderReturns as ReturnResult[];
    expect(view!.status).toBe('REQUESTED');
    expect(view!.allowedActions).not.toContain('RECEIVE');
    expect(view!.allowedActions).toContain('REJECT');
  });
});

describe('staff', () => {
  it('hide the refund from a brand manager and keep another brand’s order from them', async () => {
    const own = await order({ lines: [{ variant: catalog.shirt, quantity: 1 }] });
    ctx.clock.set(INSIDE);
    await askReturn(app, own, { reason: 'Desisti' });
    const { body } = await graphql(app, STAFF_RETURNS, { orderId: own.id }, manager);
    const [view] = body.data?.orderReturns as ReturnResult[];
    expect(view!.refundCents).toBeNull();
    expect(view!.lines[0]!.refundCents).toBeNull();
    expect(view!.allowedActions).toEqual(['SET_CODE', 'REJECT']);

    const mixed = await order();
    await ctx.db
      .update(orderLines)
      .set({ brandId: catalog.brandB })
      .where(eq(orderLines.orderId, mixed.id));
    const { ret } = await askReturn(app, mixed, { reason: 'Desisti' });
    const refused = await staffAction(
      app,
      'reject',
      { id: ret!.id, reason: 'Fora do padrão' },
      manager,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuse a return with a reason the shopper is mailed', async () => {
    const placed = await order();
    ctx.clock.set(INSIDE);
    const { ret } = await askReturn(app, placed, { reason: 'Desisti' });
    const blank = await staffAction(app, 'reject', { id: ret!.id, reason: ' ' }, support);
    expect(fieldOf(blank.errors)).toBe('reason');
    const rejected = await staffAction(
      app,
      'reject',
      { id: ret!.id, reason: 'Produto usado, sem etiqueta' },
      support,
    );
    expect(rejected.ret).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Produto usado, sem etiqueta',
      staffName: 'suporte',
    });
    const [mail] = (await mailsTo(ctx, placed.customerEmail)).slice(-1);
    expect(mail!.subject).toBe(`Sua devolução do pedido ${placed.number} não foi aceita`);
    expect(mail!.textBody).toContain('Produto usado, sem etiqueta');
    // Refused: the units can be asked back again.
    const again = await askReturn(app, placed, { reason: 'Desisti, de verdade' });
    expect(again.ret).toMatchObject({ number: 2, status: 'REQUESTED' });
  });
});
