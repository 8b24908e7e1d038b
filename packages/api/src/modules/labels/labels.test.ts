// Buying labels in bulk against the carriers' stand-in (Melhor Envio's cart → checkout → generate
// → tracking → print, the Correios' pre-postagem and label): each order's label or the carrier's
// reason, one PDF for the batch (labels then content declarations), refusals without calling
// anyone, the timeline and audit, the PDFs' routes and roles. A real database (PGlite).
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { auditLog } from '../audit/audit.tables';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';
import { orderEvents, orders } from '../orders/orders.tables';
import { storeSettings } from '../settings/settings.tables';
import { carriersPlugin } from '../shipping/carriers/carriers.plugin';
import { CorreiosQuoter } from '../shipping/carriers/correios';
import { CorreiosLabels } from '../shipping/carriers/labels-correios';
import { MelhorEnvioLabels } from '../shipping/carriers/labels-melhorenvio';
import {
  STANDIN_CORREIOS,
  STANDIN_MELHOR_ENVIO_TOKEN,
  startCarrierStandin,
  type CarrierStandin,
} from '../shipping/carriers/standin';
import { shippingBoxes, shippingMethods } from '../shipping/shipping.tables';
import { variants } from '../catalog/catalog.tables';
import { shippingLabels } from './labels.tables';
import { parseAddressLine } from './sender';

let standin: CarrierStandin;
let ctx: TestContext;
let app: FastifyInstance;
let catalog: FixtureCatalog;
let staff: Awaited<ReturnType<typeof signInStaffRoles>>;
let methods: { correios: string; melhorEnvio: string; table: string };

const BUY = `
  mutation ($ids: [ID!]!) {
    ordersBuyLabels(ids: $ids) {
      id
      purchased
      failed
      pdfPath
      results {
        orderId
        orderNumber
        ok
        error
        label { carrier carrierName service status trackingCode error pdfPath }
      }
    }
  }
`;

async function paidOrder(method: string, postalCode = '30130010') {
  const order = await insertFixtureOrder(ctx.db, {
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.cap, quantity: 1 },
    ],
    status: 'PAID',
  });
  await ctx.db
    .update(orders)
    .set({ shippingMethodId: method, postalCode, city: 'Belo Horizonte', uf: 'MG' })
    .where(eq(orders.id, order.id));
  return order;
}

interface LabelView {
  carrier: string;
  status: string;
  trackingCode: string | null;
  pdfPath: string | null;
}
interface BatchView {
  id: string | null;
  purchased: number;
  failed: number;
  pdfPath: string | null;
  results: Array<{
    orderNumber: string | null;
    ok: boolean;
    error: string | null;
    label: LabelView | null;
  }>;
}

async function buy(ids: string[], token = staff.admin.token) {
  const { body } = await graphql(app, BUY, { ids }, token);
  return { batch: body.data?.ordersBuyLabels as BatchView, errors: body.errors };
}

beforeAll(async () => {
  standin = await startCarrierStandin();
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const correios = new CorreiosQuoter({
    baseUrl: standin.url,
    user: STANDIN_CORREIOS.user,
    accessCode: STANDIN_CORREIOS.accessCode,
    postageCard: STANDIN_CORREIOS.card,
  });
  const melhorEnvio = {
    baseUrl: standin.url,
    token: STANDIN_MELHOR_ENVIO_TOKEN,
    userAgent: 'Vitrine (teste)',
  };
  app = buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false });
  app.register(carriersPlugin, {
    quoters: [correios],
    labelBuyers: [new CorreiosLabels(correios, async () => {}), new MelhorEnvioLabels(melhorEnvio)],
    options: { originCep: '01001000' },
  });
  await app.ready();
  staff = await signInStaffRoles({ app, db: ctx.db });
  const [correiosPac, mePac, table] = await ctx.db
    .insert(shippingMethods)
    .values([
      { name: 'PAC (Correios)', kind: 'delivery', carrier: 'correios', carrierService: '03298' },
      { name: 'PAC (Melhor Envio)', kind: 'delivery', carrier: 'melhorenvio', carrierService: '1' },
      { name: 'Motoboy', kind: 'delivery' },
    ])
    .returning({ id: shippingMethods.id });
  methods = { correios: correiosPac!.id, melhorEnvio: mePac!.id, table: table!.id };
  await ctx.db.update(storeSettings).set({
    legalName: 'Vitrine Comércio Ltda.',
    cnpj: '11222333000181',
    legalAddress: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001',
    contactEmail: 'contato@vitrine.test',
    contactPhone: '1133334444',
  });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await standin.close();
});
beforeEach(() => {
  standin.state.calls.length = 0;
  standin.state.labels.refusedCeps.clear();
  standin.state.labels.balanceCents = 1_000_000;
});

describe('ordersBuyLabels', () => {
  it('buys each carrier’s labels in one flow, names the order and reason of a refusal, and keeps one PDF to print', async () => {
    const correiosOrder = await paidOrder(methods.correios);
    const refused = await paidOrder(methods.correios, '69900000');
    const meOrder = await paidOrder(methods.melhorEnvio);
    standin.state.labels.refusedCeps.add('69900000');

    const { batch } = await buy([correiosOrder.id, refused.id, meOrder.id]);
    expect(batch).toMatchObject({ purchased: 2, failed: 1 });
    expect(batch.results.map((result) => result.orderNumber)).toEqual([
      correiosOrder.number,
      refused.number,
      meOrder.number,
    ]);
    const [first, second, third] = batch.results as [
      BatchView['results'][0],
      BatchView['results'][0],
      BatchView['results'][0],
    ];
    expect(first).toMatchObject({
      ok: true,
      error: null,
      label: {
        carrier: 'correios',
        carrierName: 'Correios',
        service: '03298',
        status: 'PURCHASED',
      },
    });
    expect(first.label!.trackingCode).toMatch(/^AB\d{9}BR$/);
    expect(first.label!.pdfPath).toMatch(/^\/admin\/labels\/[0-9a-f-]{36}\.pdf$/);
    expect(second).toMatchObject({ ok: false, label: { status: 'FAILED', pdfPath: null } });
    expect(second.error).toBe('Correios: CEP do destinatário não atendido: 69900000.');
    expect(third).toMatchObject({
      ok: true,
      label: { carrier: 'melhorenvio', carrierName: 'Melhor Envio', status: 'PURCHASED' },
    });

    // Melhor Envio: the cart, one purchase, the labels, their codes, the print; in that order.
    const mePaths = standin.state.calls
      .filter((call) => call.carrier === 'melhorenvio')
      .map((call) => call.path);
    expect(mePaths).toEqual([
      '/api/v2/me/cart',
      '/api/v2/me/shipment/checkout',
      '/api/v2/me/shipment/generate',
      '/api/v2/me/shipment/tracking',
      '/api/v2/me/shipment/print',
    ]);
    const cart = standin.state.calls.find((call) => call.path === '/api/v2/me/cart')!.detail as {
      from: { postal_code: string; company_document: string; address: string; number: string };
      products: Array<{ name: string; quantity: number; unitary_value: number }>;
      options: { non_commercial: boolean; insurance_value: number };
    };
    expect(cart.from).toMatchObject({
      postal_code: '01304001',
      company_document: '11222333000181',
      address: 'Rua Augusta',
      number: '1500',
    });
    expect(cart.products).toEqual([
      { name: 'Camiseta Básica – Tamanho M · Cor Azul', quantity: 2, unitary_value: 50 },
      { name: 'Boné Aba Curva – Tamanho M · Cor Azul', quantity: 1, unitary_value: 30 },
    ]);
    expect(cart.options).toMatchObject({ non_commercial: true, insurance_value: 130 });
    // The Correios: the content declaration goes with the pre-postagem (no NF-e).
    const prepostagem = standin.state.calls.find(
      (call) => call.path === '/prepostagem/v1/prepostagens',
    )!.detail as { itensDeclaracaoConteudo: unknown[]; codigoServico: string };
    expect(prepostagem.codigoServico).toBe('03298');
    expect(prepostagem.itensDeclaracaoConteudo).toEqual([
      { conteudo: 'Camiseta Básica – Tamanho M · Cor Azul', quantidade: '2', valor: '50.00' },
      { conteudo: 'Boné Aba Curva – Tamanho M · Cor Azul', quantidade: '1', valor: '30.00' },
    ]);

    // Stored: the labels, the timeline and the audit log.
    const stored = await ctx.db
      .select()
      .from(shippingLabels)
      .where(inArray(shippingLabels.orderId, [correiosOrder.id, refused.id, meOrder.id]));
    expect(stored.map((label) => label.status).sort()).toEqual([
      'FAILED',
      'PURCHASED',
      'PURCHASED',
    ]);
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, correiosOrder.id));
    expect(events.find((event) => event.type === 'label_purchased')?.note).toBe(
      `Correios · ${first.label!.trackingCode}`,
    );
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.label_buy'));
    expect(audited.map((row) => row.entityLabel).sort()).toEqual(
      [correiosOrder.number, meOrder.number].sort(),
    );

    // One PDF: two labels, then two content declarations.
    const file = await app.inject({
      method: 'GET',
      url: batch.pdfPath!,
      headers: { authorization: `Bearer ${staff.admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getPageCount()).toBe(4);
    expect(pdf.getPage(2).getSize().width).toBeCloseTo(595.28);

    // The refused order is tried again once the carrier takes the CEP; the bought one is not.
    standin.state.labels.refusedCeps.clear();
    standin.state.calls.length = 0;
    const again = await buy([refused.id, correiosOrder.id]);
    expect(again.batch).toMatchObject({ purchased: 1, failed: 1 });
    expect(again.batch.results[1]).toMatchObject({
      ok: false,
      label: null,
      error: `Já tem etiqueta (Correios, ${first.label!.trackingCode}).`,
    });
    expect(
      standin.state.calls.filter((call) => call.path === '/prepostagem/v1/prepostagens'),
    ).toHaveLength(1);
  });

  it('fails every Melhor Envio order of the purchase when the balance does not pay it, keeping their cart ids', async () => {
    const one = await paidOrder(methods.melhorEnvio);
    const two = await paidOrder(methods.melhorEnvio);
    standin.state.labels.balanceCents = 100;
    const { batch } = await buy([one.id, two.id]);
    expect(batch).toMatchObject({ purchased: 0, failed: 2, pdfPath: null });
    for (const result of batch.results) {
      expect(result.error).toBe(
        'Melhor Envio: Pagamento recusado: Saldo insuficiente para a compra.',
      );
    }
    const stored = await ctx.db
      .select()
      .from(shippingLabels)
      .where(eq(shippingLabels.orderId, one.id));
    expect(stored[0]).toMatchObject({ status: 'FAILED' });
    expect(stored[0]!.carrierReference).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses, without asking any carrier, orders that cannot have a label', async () => {
    const unpaid = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
      status: 'PENDING_PAYMENT',
    });
    const pickup = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
      status: 'PAID',
      shippingKind: 'pickup',
    });
    const ownTable = await paidOrder(methods.table);
    const shipped = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.shirt, quantity: 1 }],
      status: 'SHIPPED',
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    const { batch } = await buy([unpaid.id, pickup.id, ownTable.id, shipped.id, missing]);
    expect(batch).toMatchObject({ id: null, purchased: 0, failed: 5 });
    expect(batch.results.map((result) => result.error)).toEqual([
      'Aguardando pagamento: compre a etiqueta depois de pago.',
      'Retirada na loja: não precisa de etiqueta.',
      'O método de envio "PAC" não é de uma transportadora.',
      'Só pedidos pagos e ainda não enviados recebem etiqueta.',
      'Pedido não encontrado.',
    ]);
    expect(standin.state.calls).toHaveLength(0);
  });

  it('checks the list, the roles and the sender before buying', async () => {
    const order = await paidOrder(methods.correios);
    const empty = await buy([]);
    expect(empty.errors?.[0]).toMatchObject({
      message: 'Escolha ao menos um pedido.',
      extensions: { code: 'BAD_USER_INPUT', field: 'ids' },
    });
    const twice = await buy([order.id, order.id.toUpperCase()]);
    expect(twice.errors?.[0]?.message).toBe('Um pedido aparece mais de uma vez na lista.');
    const tooMany = await buy(Array.from({ length: 101 }, (_, i) => `id-${i}`));
    expect(tooMany.errors?.[0]?.message).toBe('Compre no máximo 100 etiquetas de uma vez.');
    const manager = await buy([order.id], staff.manager.token);
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    await ctx.db.update(storeSettings).set({ legalAddress: 'Rua sem número' });
    try {
      const noSender = await buy([order.id]);
      expect(noSender.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'ids' },
      });
      expect(noSender.errors?.[0]?.message).toContain('Rua, número – Bairro, Cidade/UF, CEP');
      expect(standin.state.calls).toHaveLength(0);
    } finally {
      await ctx.db.update(storeSettings).set({
        legalAddress: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001',
      });
    }
  });

  it('shows the order’s label to ADMIN and SUPPORT and serves its PDF to them only', async () => {
    const order = await paidOrder(methods.correios);
    const { batch } = await buy([order.id]);
    const path = batch.results[0]!.label!.pdfPath!;
    const query = `query ($id: ID!) { order(id: $id) { shippingLabel { status trackingCode pdfPath } } }`;
    const seen = await graphql(app, query, { id: order.id }, staff.support.token);
    expect((seen.body.data?.order as { shippingLabel: LabelView }).shippingLabel).toMatchObject({
      status: 'PURCHASED',
      pdfPath: path,
    });

    const get = (token?: string) =>
      app.inject({
        method: 'GET',
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await get()).statusCode).toBe(401);
    expect((await get(staff.manager.token)).statusCode).toBe(403);
    const ok = await get(staff.support.token);
    expect(ok.statusCode).toBe(200);
    expect((await PDFDocument.load(ok.rawPayload)).getPageCount()).toBe(1);
    const unknown = await app.inject({
      method: 'GET',
      url: '/admin/labels/not-an-id.pdf',
      headers: { authorization: `Bearer ${staff.admin.token}` },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the parcel of a label', () => {
  it('is the store’s box the lines pack into, and an order of several boxes is refused', async () => {
    await ctx.db
      .update(variants)
      .set({ lengthCm: 30, widthCm: 20, heightCm: 4, weightGrams: 300 })
      .where(inArray(variants.id, [catalog.shirt.id, catalog.cap.id]));
    const [box] = await ctx.db
      .insert(shippingBoxes)
      .values({
        name: 'Média',
        lengthCm: 32,
        widthCm: 22,
        heightCm: 14,
        weightGrams: 200,
        maxWeightGrams: 5000,
      })
      .returning();
    try {
      const fits = await paidOrder(methods.correios);
      standin.state.calls.length = 0;
      expect((await buy([fits.id])).batch.purchased).toBe(1);
      const posted = standin.state.calls.find(
        (call) => call.path === '/prepostagem/v1/prepostagens',
      )!.detail as Record<string, string>;
      // 2 shirts and a cap stacked (12 cm) in the 32 × 22 × 14 box; billed by the box's cubic
      // weight (32 × 22 × 14 / 6 = 1 643 g), more than the real 900 g + 200 g of box.
      expect(posted).toMatchObject({
        comprimentoInformado: '32',
        larguraInformada: '22',
        alturaInformada: '14',
        pesoInformado: '1643',
      });

      // Five units stack to 20 cm: more than the box's 14, so two boxes.
      const big = await insertFixtureOrder(ctx.db, {
        lines: [{ variant: catalog.shirt, quantity: 5 }],
        status: 'PAID',
        shippingMethodId: methods.correios,
      });
      const { batch } = await buy([big.id]);
      expect(batch.results[0]!.error).toBe(
        'Este pedido vai em mais de uma caixa: a compra em lote faz uma etiqueta por pedido.',
      );
    } finally {
      await ctx.db.delete(shippingBoxes).where(eq(shippingBoxes.id, box!.id));
      await ctx.db
        .update(variants)
        .set({ lengthCm: null, widthCm: null, heightCm: null, weightGrams: null })
        .where(inArray(variants.id, [catalog.shirt.id, catalog.cap.id]));
    }
  });
});

describe('the sender’s address (Settings, one line)', () => {
  it('reads the parts the carriers need, as the footer writes it', () => {
    expect(
      parseAddressLine('Rua Exemplo, 100, sala 12 – Pinheiros, São Paulo/SP, CEP 05422-000'),
    ).toEqual({
      street: 'Rua Exemplo',
      number: '100',
      complement: 'sala 12',
      district: 'Pinheiros',
      city: 'São Paulo',
      uf: 'SP',
      postalCode: '05422000',
    });
    expect(parseAddressLine('Av. Brasil, 12 - Centro, Rio de Janeiro/rj')).toMatchObject({
      complement: null,
      uf: 'RJ',
      postalCode: '',
    });
    expect(parseAddressLine('Rua Augusta 1500, São Paulo')).toBeNull();
    expect(parseAddressLine('Rua Augusta, 1500 – Consolação, São Paulo')).toBeNull();
  });
});
