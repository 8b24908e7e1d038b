// NF-e issuing against the Focus NFe stand-in (started here), on the real database: an order paid
// by the real path gets its invoice on the worker's pass, authorised by webhook (read back), the
// shopper is mailed the DANFE and XML, served by the store; never two invoices for one order; a
// provider that is down delays the invoice, never the order; a rejection (missing NCM before
// sending, SEFAZ's after) is fixed and sent again; cancel within and after the 24 hours; CC-e;
// the webhook's secret; the roles; an order canceled with its invoice authorised.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  loginAs,
  signInStaffRoles,
  STAFF_PASSWORD,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { auditLog } from '../audit/audit.tables';
import { products } from '../catalog/catalog.tables';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { orderEvents, orders } from '../orders/orders.tables';
import { cancelOrder, markOrderPaid } from '../orders/orders.transitions';
import { storeSettings } from '../settings/settings.tables';
import { FocusNfeClient } from './focusnfe-client';
import { invoiceRef } from './invoices.config';
import { invoicesPlugin } from './invoices.plugin';
import { invoices } from './invoices.tables';
import { startNfeStandin, STANDIN_NFE_TOKEN, type NfeStandin } from './standin';

const SECRET = 'segredo-do-webhook-nfe-0123456789';
let standin: NfeStandin;
let ctx: TestContext;
let app: FastifyInstance;
let catalog: FixtureCatalog;
let staff: Awaited<ReturnType<typeof signInStaffRoles>>;

const INVOICE_FIELDS = `id status statusLabel series number accessKey protocol rejectionCode rejectionMessage
  danfeUrl xmlUrl attempts lastError cancelSuggested allowedActions corrections { sequence text }`;
const ORDER_INVOICE = `query ($id: ID!) { order(id: $id) { invoice { ${INVOICE_FIELDS} } } }`;
const RETRY = `mutation ($orderId: ID!) { invoiceRetry(orderId: $orderId) { ${INVOICE_FIELDS} } }`;
const CANCEL = `mutation ($id: ID!, $reason: String!) { invoiceCancel(id: $id, reason: $reason) { ${INVOICE_FIELDS} } }`;
const CORRECT = `mutation ($id: ID!, $text: String!) { invoiceCorrect(id: $id, text: $text) { ${INVOICE_FIELDS} } }`;

interface InvoiceView {
  id: string;
  status: string;
  series: number | null;
  number: number | null;
  accessKey: string | null;
  rejectionCode: string | null;
  rejectionMessage: string | null;
  danfeUrl: string | null;
  xmlUrl: string | null;
  attempts: number;
  lastError: string | null;
  cancelSuggested: boolean;
  allowedActions: string[];
  corrections: { sequence: number; text: string }[];
}

async function invoiceOf(orderId: string, token = staff.admin.token): Promise<InvoiceView | null> {
  const { body } = await graphql(app, ORDER_INVOICE, { id: orderId }, token);
  expect(body.errors).toBeUndefined();
  return (body.data?.order as { invoice: InvoiceView | null }).invoice;
}

async function paidOrder(): Promise<string> {
  const order = await insertFixtureOrder(ctx.db, {
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.cap, quantity: 1 },
    ],
  });
  await markOrderPaid(
    ctx.db,
    { publicUrl: ctx.config.publicUrl },
    { kind: 'system', name: 'Teste' },
    order.id,
  );
  return order.id;
}

async function pass() {
  const result = await app.invoices!.tick();
  await standin.idle();
  return result;
}

/** The invoice's POSTs the provider answered (not those refused while it was down). */
const posts = (orderId: string) =>
  standin.calls.filter(
    (c) =>
      c.method === 'POST' && c.path === `/v2/nfe?ref=${invoiceRef(orderId)}` && c.status !== 503,
  );

beforeAll(async () => {
  standin = await startNfeStandin();
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  app = buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    logger: false,
    mailTransport: ctx.mail,
    mailRetryIntervalMs: 0,
  });
  app.register(invoicesPlugin, {
    provider: new FocusNfeClient({ baseUrl: standin.url, token: STANDIN_NFE_TOKEN }),
    environment: 'homologacao',
    webhookSecret: SECRET,
  });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  standin.setWebhook({ url: `${address}/webhooks/nfe`, authorization: SECRET });
  staff = await signInStaffRoles({ app, db: ctx.db });
  await ctx.db.update(storeSettings).set({
    legalName: 'Vitrine Comércio Ltda.',
    cnpj: '11222333000181',
    legalAddress: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001',
    stateRegistration: '110042490114',
    taxRegime: 'SIMPLES_NACIONAL',
    ibgeCityCode: '3550308',
    defaultTaxSituation: '102',
  });
  await ctx.db.update(products).set({ ncm: '61091000' });
});

afterAll(async () => {
  await app.close();
  await standin.close();
  await ctx.close();
});

beforeEach(() => {
  standin.setSettle('auto');
  standin.down(0);
});

describe('issuing', () => {
  it('issues the invoice of an order paid, authorised by webhook, and mails the DANFE and XML', async () => {
    const [before] = await ctx.db.select({ next: storeSettings.nfeNextNumber }).from(storeSettings);
    const orderId = await paidOrder();
    const result = await pass();
    expect(result).toMatchObject({ created: 1, sent: 1 });
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice.status).toBe('AUTHORIZED');
    expect(invoice.number).toBe(before!.next);
    expect(invoice.accessKey).toMatch(/^\d{44}$/);
    expect(invoice.allowedActions).toEqual(['CANCEL', 'CORRECT']);
    expect(standin.deliveries.at(-1)).toMatchObject({ ref: invoiceRef(orderId), status: 200 });
    const [after] = await ctx.db.select({ next: storeSettings.nfeNextNumber }).from(storeSettings);
    expect(after!.next).toBe(before!.next + 1);

    const pdf = await app.inject({ method: 'GET', url: new URL(invoice.danfeUrl!).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await app.inject({ method: 'GET', url: new URL(invoice.xmlUrl!).pathname });
    expect(xml.body).toContain(`<chNFe>${invoice.accessKey}</chNFe>`);

    await app.mail.flush();
    const mail = ctx.mail.sent.find((m) => m.subject.startsWith('Sua nota fiscal'));
    expect(mail?.text).toContain(invoice.danfeUrl!);
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => e.type)).toContain('invoice_authorized');

    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const shopper = await graphql(
      app,
      'query ($n: String!, $e: String!) { orderStatus(number: $n, email: $e) { invoice { number accessKey danfeUrl xmlUrl } } }',
      { n: order!.number, e: order!.customerEmail },
    );
    expect(shopper.body.data?.orderStatus).toEqual({
      invoice: {
        number: invoice.number,
        accessKey: invoice.accessKey,
        danfeUrl: invoice.danfeUrl,
        xmlUrl: invoice.xmlUrl,
      },
    });
  });

  it('shows the shopper no invoice without its number and series (CustomerInvoice says both are non-null)', async () => {
    const orderId = await paidOrder();
    await pass();
    expect((await invoiceOf(orderId))!.status).toBe('AUTHORIZED');
    // The table allows an authorised invoice without them (series and number are null together).
    await ctx.db
      .update(invoices)
      .set({ series: null, number: null })
      .where(eq(invoices.orderId, orderId));
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const shopper = await graphql(
      app,
      'query ($n: String!, $e: String!) { orderStatus(number: $n, email: $e) { number invoice { number series accessKey } } }',
      { n: order!.number, e: order!.customerEmail },
    );
    expect(shopper.body.errors).toBeUndefined();
    expect(shopper.body.data?.orderStatus).toEqual({ number: order!.number, invoice: null });
  });

  it('never makes two invoices for one order, whatever the passes', async () => {
    const orderId = await paidOrder();
    standin.setSettle('manual');
    await Promise.all([app.invoices!.tick(), app.invoices!.issuing.runPass()]);
    await pass();
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('PROCESSING');
    expect(posts(orderId)).toHaveLength(1);
    // The same ref sent again (a retry after a timeout) is the same invoice at the provider.
    const again = await app.invoices!.deps.provider.issue({ items: [] }, invoiceRef(orderId));
    expect(again.status).toBe('PROCESSING');
    await standin.settle(invoiceRef(orderId));
    expect((await invoiceOf(orderId))!.status).toBe('AUTHORIZED');
  });

  it('delays the invoice while the provider is down, never the order, and sends it later', async () => {
    standin.down(1);
    const orderId = await paidOrder();
    await pass();
    const waiting = (await invoiceOf(orderId))!;
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, allowedActions: ['RETRY'] });
    expect(waiting.lastError).toContain('indisponível');
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('PAID');
    await pass(); // not due yet: 30 s of backoff
    expect(posts(orderId)).toHaveLength(0);
    ctx.clock.advance(31_000);
    await pass();
    expect((await invoiceOf(orderId))!.status).toBe('AUTHORIZED');
  });

  it('rejects before sending when a product has no NCM; fixed, sent again, authorised', async () => {
    await ctx.db.update(products).set({ ncm: null }).where(eq(products.id, catalog.cap.productId));
    const orderId = await paidOrder();
    await pass();
    const rejected = (await invoiceOf(orderId, staff.support.token))!;
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.rejectionCode).toBeNull();
    expect(rejected.rejectionMessage).toContain(
      `Preencha o NCM (8 dígitos) no cadastro do produto: "${catalog.cap.productName}"`,
    );
    expect(rejected.number).toBeNull();
    expect(posts(orderId)).toHaveLength(0);
    expect(rejected.allowedActions).toEqual(['RETRY']);

    await ctx.db
      .update(products)
      .set({ ncm: '65050022' })
      .where(eq(products.id, catalog.cap.productId));
    const retried = await graphql(app, RETRY, { orderId }, staff.support.token);
    expect(retried.body.errors).toBeUndefined();
    expect((retried.body.data?.invoiceRetry as InvoiceView).status).toBe('PENDING');
    await pass();
    expect((await invoiceOf(orderId))!.status).toBe('AUTHORIZED');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.retry'), eq(auditLog.entityId, orderId)));
    expect(audit?.summary).toContain('reenviada');
  });

  it('shows SEFAZ’s rejection, and authorises the same number on the second try', async () => {
    standin.rejectNext({ code: '778', message: 'Rejeição: Informado NCM inexistente' });
    const orderId = await paidOrder();
    await pass();
    const rejected = (await invoiceOf(orderId))!;
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionCode: '778' });
    expect(rejected.rejectionMessage).toBe('Rejeição: Informado NCM inexistente');
    const [note] = await ctx.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'invoice_rejected')));
    expect(note?.note).toBe('Rejeição 778: Informado NCM inexistente');
    const listed = await graphql(
      app,
      'query { invoices(filter: { status: REJECTED }) { totalCount nodes { orderNumber status } } }',
      {},
      staff.admin.token,
    );
    expect(
      (listed.body.data?.invoices as { totalCount: number }).totalCount,
    ).toBeGreaterThanOrEqual(1);
    await graphql(app, RETRY, { orderId }, staff.admin.token);
    await pass();
    const authorised = (await invoiceOf(orderId))!;
    expect(authorised.status).toBe('AUTHORIZED');
    expect(authorised.number).toBe(rejected.number);
    expect(posts(orderId)).toHaveLength(2);
  });
});

describe('staff actions', () => {
  it('cancels within 24 hours with a reason; after them, says to issue an NF-e de devolução', async () => {
    const orderId = await paidOrder();
    await pass();
    const invoice = (await invoiceOf(orderId))!;
    const short = await graphql(
      app,
      CANCEL,
      { id: invoice.id, reason: 'curto' },
      staff.admin.token,
    );
    expect(short.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const support = await graphql(
      app,
      CANCEL,
      { id: invoice.id, reason: 'Pedido cancelado a pedido do cliente' },
      staff.support.token,
    );
    expect(support.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const done = await graphql(
      app,
      CANCEL,
      { id: invoice.id, reason: 'Pedido cancelado a pedido do cliente' },
      staff.admin.token,
    );
    expect(done.body.errors).toBeUndefined();
    expect((done.body.data?.invoiceCancel as InvoiceView).status).toBe('CANCELED');
    expect(standin.invoices.get(invoiceRef(orderId))?.status).toBe('cancelado');
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.find((e) => e.type === 'invoice_canceled')?.note).toBe(
      'Pedido cancelado a pedido do cliente',
    );

    const late = await paidOrder();
    await pass();
    const lateInvoice = (await invoiceOf(late))!;
    // Past the window (the staff's tokens are signed in again at the later time).
    ctx.clock.advance(25 * 3600_000);
    try {
      const token = await loginAs(app, staff.admin.email, STAFF_PASSWORD);
      expect((await invoiceOf(late, token))!.allowedActions).toEqual(['CORRECT']);
      const refused = await graphql(
        app,
        CANCEL,
        { id: lateInvoice.id, reason: 'Pedido cancelado a pedido do cliente' },
        token,
      );
      expect(refused.body.errors?.[0]?.message).toContain('NF-e de devolução');
    } finally {
      ctx.clock.advance(-25 * 3600_000);
    }
    expect(standin.invoices.get(invoiceRef(late))?.status).toBe('autorizado');
  });

  it('registers cartas de correção in sequence', async () => {
    const orderId = await paidOrder();
    await pass();
    const invoice = (await invoiceOf(orderId))!;
    const tooShort = await graphql(
      app,
      CORRECT,
      { id: invoice.id, text: 'curta' },
      staff.admin.token,
    );
    expect(tooShort.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await graphql(
      app,
      CORRECT,
      { id: invoice.id, text: 'Complemento do endereço: apto 12' },
      staff.admin.token,
    );
    const second = await graphql(
      app,
      CORRECT,
      { id: invoice.id, text: 'Telefone do destinatário: 11 98765-4321' },
      staff.admin.token,
    );
    expect(
      (second.body.data?.invoiceCorrect as InvoiceView).corrections.map((c) => c.sequence),
    ).toEqual([1, 2]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.correct'));
    expect(audit).toBeDefined();
  });

  it('notes on the timeline an order canceled with its invoice authorised, and offers the cancellation', async () => {
    const orderId = await paidOrder();
    await pass();
    await cancelOrder(
      ctx.db,
      { publicUrl: ctx.config.publicUrl },
      { kind: 'system', name: 'Teste' },
      orderId,
      'Cliente desistiu',
    );
    await pass();
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.find((e) => e.type === 'invoice_cancel_suggested')?.note).toContain(
      'cancele a nota fiscal até',
    );
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice.cancelSuggested).toBe(true);
    expect(invoice.allowedActions).toContain('CANCEL');
    await pass();
    const again = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(again.filter((e) => e.type === 'invoice_cancel_suggested')).toHaveLength(1);
  });

  it('shows no invoice to a BRAND_MANAGER, who may not send one again', async () => {
    const orderId = await paidOrder();
    await pass();
    const list = await graphql(app, 'query { invoices { totalCount } }', {}, staff.manager.token);
    expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const own = 'query ($id: ID!) { orderInvoice(orderId: $id) { status } }';
    const forbidden = await graphql(app, own, { id: orderId }, staff.manager.token);
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const support = await graphql(app, own, { id: orderId }, staff.support.token);
    expect(support.body.data?.orderInvoice).toEqual({ status: 'AUTHORIZED' });
    const retry = await graphql(app, RETRY, { orderId }, staff.manager.token);
    expect(retry.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the webhook', () => {
  it('refuses a wrong secret and believes no body: the invoice is read back', async () => {
    standin.setSettle('manual');
    const orderId = await paidOrder();
    await pass();
    const ref = invoiceRef(orderId);
    const forged = { ref, status: 'autorizado', chave_nfe: `NFe${'1'.repeat(44)}`, protocolo: '1' };
    const wrong = await app.inject({
      method: 'POST',
      url: '/webhooks/nfe',
      headers: { authorization: 'outro-segredo-qualquer-123' },
      payload: forged,
    });
    expect(wrong.statusCode).toBe(401);
    const read = await app.inject({
      method: 'POST',
      url: '/webhooks/nfe',
      headers: { authorization: SECRET },
      payload: forged,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ status: 'PROCESSING' });
    expect((await invoiceOf(orderId))!.accessKey).toBeNull();
    const unknown = await app.inject({
      method: 'POST',
      url: '/webhooks/nfe',
      headers: { authorization: SECRET },
      payload: { ref: 'vtdesconhecida' },
    });
    expect(unknown.json()).toEqual({ status: 'ignored' });
    await standin.settle(ref);
    expect((await invoiceOf(orderId))!.status).toBe('AUTHORIZED');
  });
});

describe('without a provider', () => {
  it('issues nothing, says so, and the order goes on', async () => {
    const bare = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
    await bare.ready();
    try {
      const status = await graphql(
        bare,
        'query { invoicing { configured provider } }',
        {},
        staff.admin.token,
      );
      expect(status.body.data?.invoicing).toEqual({ configured: false, provider: null });
      const orderId = await paidOrder();
      const retry = await graphql(bare, RETRY, { orderId }, staff.admin.token);
      expect(retry.body.errors?.[0]?.message).toBe('Emissão de NF-e não configurada.');
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe('PAID');
    } finally {
      await bare.close();
    }
  });
});
