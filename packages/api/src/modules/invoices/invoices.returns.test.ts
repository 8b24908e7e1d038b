// The NF-e de devolução (finalidade 4) against the Focus NFe stand-in, on the real database: a
// return received for an order whose sale NF-e is authorised gets its devolução on the worker's
// pass, an entrada referencing the sale's chave de acesso with CFOP 1202, the returned units at
// what the return refunded and no payment; it is on the return (OrderReturn.invoice), the list and
// the timeline, never in place of the sale's; a rejected one is sent again; none without an
// authorised sale NF-e; the roles.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { products } from '../catalog/catalog.tables';
import { seedFixtureCatalog, type FixtureCatalog } from '../orders/orders.fixtures';
import { orderEvents } from '../orders/orders.tables';
import { returnsPlugin } from '../returns/returns.plugin';
import { askReturn, deliveredOrder, staffAction } from '../returns/returns.fixtures';
import { storeSettings } from '../settings/settings.tables';
import { FocusNfeClient } from './focusnfe-client';
import { invoicesPlugin } from './invoices.plugin';
import { startNfeStandin, STANDIN_NFE_TOKEN, type NfeStandin } from './standin';

const SECRET = 'segredo-do-webhook-devolucao-0123456789';
const DELIVERED_AT = new Date('2026-01-08T15:00:00Z');
const INSIDE = Date.parse('2026-01-12T15:00:00Z');

let standin: NfeStandin;
let ctx: TestContext;
let app: FastifyInstance;
let catalog: FixtureCatalog;
let staff: Awaited<ReturnType<typeof signInStaffRoles>>;

const INVOICE = `id kind returnNumber returnId orderNumber status number accessKey rejectionCode
  rejectionMessage allowedActions cancelSuggested`;
const RETURNS = `query ($orderId: ID!) {
  orderReturns(orderId: $orderId) { id number status refundCents shippingRefundCents invoice { ${INVOICE} } }
}`;
const SALE = `query ($id: ID!) { order(id: $id) { invoice { ${INVOICE} } } }`;
const SALE_RETRY = `mutation ($orderId: ID!) { invoiceRetry(orderId: $orderId) { ${INVOICE} } }`;
const RETURN_RETRY = `mutation ($returnId: ID!) { returnInvoiceRetry(returnId: $returnId) { ${INVOICE} } }`;
const LIST = `query ($kind: InvoiceKind) { invoices(filter: { kind: $kind }) { totalCount nodes { ${INVOICE} } } }`;

interface InvoiceView {
  id: string;
  kind: string;
  returnNumber: number | null;
  orderNumber: string;
  status: string;
  number: number | null;
  accessKey: string | null;
  rejectionCode: string | null;
  rejectionMessage: string | null;
  allowedActions: string[];
  cancelSuggested: boolean;
}

interface ReturnView {
  id: string;
  number: number;
  status: string;
  refundCents: number;
  shippingRefundCents: number;
  invoice: InvoiceView | null;
}

async function ask<T>(
  query: string,
  variables: Record<string, unknown>,
  token = staff.admin.token,
) {
  const { body } = await graphql(app, query, variables, token);
  return body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function pass() {
  await app.invoices!.tick();
  await standin.idle();
}

let emails = 0;
/** A delivered order whose sale NF-e is authorised (issued by hand: it was paid before issuing). */
async function invoicedOrder() {
  const order = await deliveredOrder(ctx, catalog, {
    email: `devolucao${++emails}@example.com`,
    deliveredAt: DELIVERED_AT,
  });
  const sent = await ask(SALE_RETRY, { orderId: order.id });
  expect(sent.errors).toBeUndefined();
  await pass();
  const sale = (await ask<{ order: { invoice: InvoiceView } }>(SALE, { id: order.id })).data!.order
    .invoice;
  expect(sale.status).toBe('AUTHORIZED');
  return { order, sale };
}

/** The shopper returns one T-shirt; staff type the posting code and receive it. */
async function receivedReturn(order: { id: string; number: string; customerEmail: string }) {
  const lines = await graphql(
    app,
    `
      query ($number: String!, $email: String!) {
        orderStatus(number: $number, email: $email) {
          returnableLines {
            lineId
            sku
          }
        }
      }
    `,
    { number: order.number, email: order.customerEmail },
  );
  const shirt = (
    lines.body.data!.orderStatus as { returnableLines: { lineId: string; sku: string }[] }
  ).returnableLines.find((line) => line.sku === catalog.shirt.sku)!;
  const { ret, errors } = await askReturn(app, order, {
    reason: 'Não serviu',
    lines: [{ lineId: shirt.lineId, quantity: 1 }],
  });
  expect(errors).toBeUndefined();
  await staffAction(app, 'setCode', { id: ret!.id, code: 'AB12345678' }, staff.admin.token);
  const received = await staffAction(app, 'receive', { id: ret!.id }, staff.admin.token);
  expect(received.errors).toBeUndefined();
  return ret!.id;
}

async function returnsOf(orderId: string): Promise<ReturnView[]> {
  return (await ask<{ orderReturns: ReturnView[] }>(RETURNS, { orderId })).data!.orderReturns;
}

beforeAll(async () => {
  standin = await startNfeStandin();
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  ctx.clock.set(INSIDE);
  app = buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    logger: false,
    mailTransport: ctx.mail,
    mailRetryIntervalMs: 0,
  });
  app.register(returnsPlugin, { logistics: null, now: () => new Date(ctx.clock.now()) });
  app.register(invoicesPlugin, {
    provider: new FocusNfeClient({ baseUrl: standin.url, token: STANDIN_NFE_TOKEN }),
    environment: 'homologacao',
    webhookSecret: SECRET,
  });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  standin.setWebhook({ url: `${address}/webhooks/nfe`, authorization: SECRET });
  staff = await signInStaffRoles({ app, db: ctx.db }, { managerBrandIds: [catalog.brandA] });
  await ctx.db.update(storeSettings).set({
    legalName: 'Vitrine Comércio Ltda.',
    cnpj: '11222333000181',
    legalAddress: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001',
    stateRegistration: '110042490114',
    taxRegime: 'SIMPLES_NACIONAL',
    ibgeCityCode: '3550308',
    defaultTaxSituation: '102',
    contactEmail: 'loja@vitrine.test',
  });
  await ctx.db.update(products).set({ ncm: '61091000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await standin?.close();
  await ctx?.close();
});

describe('the NF-e de devolução', () => {
  it('is issued for a received return: an entrada referencing the sale, at what was refunded', async () => {
    const { order, sale } = await invoicedOrder();
    const returnId = await receivedReturn(order);
    await pass();
    const [ret] = await returnsOf(order.id);
    expect(ret!.invoice).toMatchObject({
      kind: 'RETURN',
      returnNumber: 1,
      returnId,
      orderNumber: order.number,
      status: 'AUTHORIZED',
    });
    expect(ret!.invoice!.accessKey).toMatch(/^\d{44}$/);
    expect(ret!.invoice!.accessKey).not.toBe(sale.accessKey);
    expect(ret!.invoice!.number).toBe(sale.number! + 1);

    // What the provider was sent.
    const sent = standin.invoices.get(`vtd${returnId.replace(/-/g, '')}`)!;
    const body = sent.body as Record<string, unknown> & { items: Record<string, unknown>[] };
    expect(body).toMatchObject({
      natureza_operacao: 'Devolução de venda',
      tipo_documento: 0,
      finalidade_emissao: 4,
      notas_referenciadas: [{ chave_nfe: sale.accessKey }],
      formas_pagamento: [{ forma_pagamento: '90', valor_pagamento: 0 }],
      local_destino: 1,
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      codigo_produto: catalog.shirt.sku,
      quantidade_comercial: 1,
      cfop: '1202',
      valor_bruto: 50,
    });
    expect(Math.round(Number(body.valor_total) * 100)).toBe(
      ret!.refundCents + ret!.shippingRefundCents,
    );

    // The sale's NF-e stays the order's; the timeline notes the devolução; the list tells them apart.
    const still = (await ask<{ order: { invoice: InvoiceView } }>(SALE, { id: order.id })).data!
      .order.invoice;
    expect(still).toMatchObject({ id: sale.id, kind: 'SALE', returnNumber: null, returnId: null });
    // The goods came back with their devolução: cancelling the sale's NF-e is not suggested.
    expect(still.cancelSuggested).toBe(false);
    const events = await ctx.db
      .select({ type: orderEvents.type })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.type)).toContain('return_invoice_authorized');
    const returnsOnly = await ask<{ invoices: { totalCount: number; nodes: InvoiceView[] } }>(
      LIST,
      { kind: 'RETURN' },
    );
    expect(returnsOnly.data!.invoices.nodes.map((node) => node.kind)).toEqual(
      Array(returnsOnly.data!.invoices.totalCount).fill('RETURN'),
    );
    expect(returnsOnly.data!.invoices.nodes.map((node) => node.id)).toContain(ret!.invoice!.id);

    // A second pass creates nothing more.
    await pass();
    expect((await returnsOf(order.id))[0]!.invoice!.id).toBe(ret!.invoice!.id);
  });

  it('for a whole order sent back, replaces the suggestion to cancel the sale’s NF-e', async () => {
    const { order } = await invoicedOrder();
    const { ret } = await askReturn(app, order, { reason: 'Desisti da compra' });
    await staffAction(app, 'setCode', { id: ret!.id, code: 'AB12345679' }, staff.admin.token);
    const received = await staffAction(app, 'receive', { id: ret!.id }, staff.admin.token);
    expect(received.ret?.status).toBe('REFUNDED');
    await pass();
    const [returned] = await returnsOf(order.id);
    expect(returned!.invoice).toMatchObject({ kind: 'RETURN', status: 'AUTHORIZED' });
    expect(returned!.shippingRefundCents).toBeGreaterThan(0);
    const sale = (await ask<{ order: { invoice: InvoiceView } }>(SALE, { id: order.id })).data!
      .order.invoice;
    expect(sale.cancelSuggested).toBe(false);
    const events = await ctx.db
      .select({ type: orderEvents.type })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.type)).not.toContain('invoice_cancel_suggested');
  });

  it('rejected by SEFAZ, is sent again from the return and authorised', async () => {
    const { order } = await invoicedOrder();
    standin.rejectNext({ code: '778', message: 'Rejeição: Informado NCM inexistente' });
    const returnId = await receivedReturn(order);
    await pass();
    let [ret] = await returnsOf(order.id);
    expect(ret!.invoice).toMatchObject({
      status: 'REJECTED',
      rejectionCode: '778',
      allowedActions: expect.arrayContaining(['RETRY']),
    });
    const again = await ask<{ returnInvoiceRetry: InvoiceView }>(RETURN_RETRY, { returnId });
    expect(again.errors).toBeUndefined();
    expect(again.data!.returnInvoiceRetry.status).toBe('PENDING');
    await pass();
    [ret] = await returnsOf(order.id);
    expect(ret!.invoice!.status).toBe('AUTHORIZED');
    const authorised = await ask<{ returnInvoiceRetry: InvoiceView }>(RETURN_RETRY, { returnId });
    expect(authorised.errors?.[0]?.message).toBe(
      'Esta nota fiscal já foi autorizada ou cancelada: não há o que reenviar.',
    );
  });

  it('is none while the sale has no authorised NF-e, and staff are told why', async () => {
    const order = await deliveredOrder(ctx, catalog, {
      email: `sem-nota${++emails}@example.com`,
      deliveredAt: DELIVERED_AT,
    });
    const returnId = await receivedReturn(order);
    // Its sale NF-e (created on this pass for an order paid since issuing began) is rejected.
    standin.rejectNext({ code: '778', message: 'Rejeição: Informado NCM inexistente' });
    await pass();
    await pass();
    const sale = (await ask<{ order: { invoice: InvoiceView | null } }>(SALE, { id: order.id }))
      .data!.order.invoice;
    expect(sale?.status ?? 'NONE').not.toBe('AUTHORIZED');
    expect((await returnsOf(order.id))[0]!.invoice).toBeNull();
    const refused = await ask(RETURN_RETRY, { returnId });
    expect(refused.errors?.[0]?.message).toBe(
      'A NF-e de venda deste pedido não está autorizada: não há nota a devolver.',
    );
  });

  it('is refused for an unknown return, and hidden from a BRAND_MANAGER', async () => {
    const unknown = await ask(RETURN_RETRY, { returnId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const { order } = await invoicedOrder();
    await receivedReturn(order);
    await pass();
    const manager = await ask<{ orderReturns: ReturnView[] }>(
      RETURNS,
      { orderId: order.id },
      staff.manager.token,
    );
    expect(manager.data?.orderReturns[0]?.invoice ?? null).toBeNull();
    const forbidden = await ask(
      RETURN_RETRY,
      { returnId: (await returnsOf(order.id))[0]!.id },
      staff.manager.token,
    );
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
