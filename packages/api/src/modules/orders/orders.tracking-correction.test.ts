// Tracking codes on a real database: orderShip refuses a Correios code with a wrong S10 check
// digit, and orderTrackingUpdate corrects a shipped order's carrier and code with a timeline
// event (before and after, who), an audit entry and a corrected mail to the shopper.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { auditLog } from '../audit/audit.tables';
import { mailOutbox } from '../mail/mail.tables';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import { orders } from './orders.tables';

const CORRECT = `mutation($id: ID!, $carrier: String!, $code: String!, $note: String) {
  orderTrackingUpdate(id: $id, carrier: $carrier, trackingCode: $code, note: $note) {
    status trackingCarrier trackingCode trackingUrl
    timeline { type actor actorName note detail }
  }
}`;
const SHIP = `mutation($id: ID!, $carrier: String!, $code: String) {
  orderShip(id: $id, carrier: $carrier, trackingCode: $code) { status trackingCode }
}`;
const CORREIOS_LINK = 'https://rastreamento.correios.com.br/app/index.php?objetos=';

let ctx: TestContext;
let catalog: FixtureCatalog;
let admin: string;
let support: string;
let managerA: string;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const staff = await signInStaffRoles(ctx, {
    managerBrandIds: [catalog.brandA],
    names: { admin: 'Ana Admin', manager: 'Bia Aurora', support: 'Sérgio Suporte' },
  });
  admin = staff.admin.token;
  support = staff.support.token;
  managerA = staff.manager.token;
});

afterAll(async () => {
  await ctx.close();
});

function paidOrder(email: string, options: { pickup?: boolean; brandB?: boolean } = {}) {
  return insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerEmail: email,
    shippingKind: options.pickup ? 'pickup' : 'delivery',
    lines: [{ variant: options.brandB ? catalog.sneaker : catalog.shirt, quantity: 1 }],
  });
}

async function shipped(email: string, carrier = 'Correios PAC', code = 'AA123456785BR') {
  const placed = await paidOrder(email);
  const { body } = await graphql(ctx.app, SHIP, { id: placed.id, carrier, code }, admin);
  expect(body.errors).toBeUndefined();
  return placed;
}

async function correct(
  id: string,
  carrier: string,
  code: string,
  token = support,
  note: string | null = null,
) {
  const { body } = await graphql(ctx.app, CORRECT, { id, carrier, code, note }, token);
  return body;
}

function mailsTo(email: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.createdAt));
}

describe('orderShip and the S10 check digit', () => {
  it('refuses QB123456780BR (wrong check digit) and sends no mail', async () => {
    const placed = await paidOrder('digito@example.com');
    const { body } = await graphql(
      ctx.app,
      SHIP,
      { id: placed.id, carrier: 'Correios', code: 'QB123456780BR' },
      admin,
    );
    expect(body.errors?.[0]).toMatchObject({
      message:
        'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
      extensions: { code: 'BAD_USER_INPUT', field: 'trackingCode' },
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.status).toBe('PAID');
    expect(await mailsTo('digito@example.com')).toEqual([]);
  });

  it('asks a Correios carrier for the S10 shape, and stores a good code normalised', async () => {
    const placed = await paidOrder('formato@example.com');
    const bad = await graphql(
      ctx.app,
      SHIP,
      { id: placed.id, carrier: 'SEDEX', code: '12345678' },
      admin,
    );
    expect(bad.body.errors?.[0]?.message).toBe(
      'Código dos Correios inválido: são 2 letras, 9 números e 2 letras, como AA123456785BR.',
    );
    const good = await graphql(
      ctx.app,
      SHIP,
      { id: placed.id, carrier: 'SEDEX', code: ' qb 123456785 br ' },
      admin,
    );
    expect(good.body.data?.orderShip).toEqual({ status: 'SHIPPED', trackingCode: 'QB123456785BR' });
  });
});

describe('orderTrackingUpdate', () => {
  it('corrects the carrier and code, with the timeline, the audit log and a corrected mail', async () => {
    const placed = await shipped('corrigir@example.com');
    const body = await correct(placed.id, 'Jadlog', 'jd-7781/2', support, 'Etiqueta trocada');
    expect(body.errors).toBeUndefined();
    const order = body.data?.orderTrackingUpdate as { timeline: unknown[] } | undefined;
    expect(order).toMatchObject({
      status: 'SHIPPED',
      trackingCarrier: 'Jadlog',
      trackingCode: 'JD-7781/2',
      trackingUrl: null,
    });
    expect(order?.timeline.at(-1)).toEqual({
      type: 'tracking_corrected',
      actor: 'staff',
      actorName: 'Sérgio Suporte',
      note: 'Etiqueta trocada',
      detail: 'De AA123456785BR (Correios PAC) para JD-7781/2 (Jadlog)',
    });

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.id), eq(auditLog.action, 'order.tracking_correct')));
    expect(audit).toMatchObject({
      actorName: 'Sérgio Suporte',
      entity: 'ORDER',
      entityLabel: placed.number,
      summary: `Rastreamento do pedido ${placed.number} corrigido`,
    });
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(json(audit?.before)).toEqual({
      carrier: 'Correios PAC',
      trackingCode: 'AA123456785BR',
      trackingUrl: `${CORREIOS_LINK}AA123456785BR`,
    });
    expect(json(audit?.after)).toEqual({
      carrier: 'Jadlog',
      trackingCode: 'JD-7781/2',
      trackingUrl: null,
    });

    const mails = await mailsTo('corrigir@example.com');
    const last = mails.at(-1);
    expect(last?.subject).toBe(`Código de rastreamento corrigido — pedido ${placed.number}`);
    expect(last?.textBody).toContain('JD-7781/2');
    expect(last?.textBody).toContain('Jadlog');
  });

  it('mails the Correios link of a corrected Correios code', async () => {
    const placed = await shipped('link@example.com');
    const body = await correct(placed.id, 'Correios SEDEX', 'QB123456785BR');
    const corrected = body.data?.orderTrackingUpdate as { trackingUrl: string | null } | undefined;
    expect(corrected?.trackingUrl).toBe(`${CORREIOS_LINK}QB123456785BR`);
    const last = (await mailsTo('link@example.com')).at(-1);
    expect(last?.htmlBody).toContain(`${CORREIOS_LINK}QB123456785BR`);
  });

  it('checks the new code as orderShip does', async () => {
    const placed = await shipped('invalido@example.com');
    const body = await correct(placed.id, 'Correios', 'QB123456780BR');
    expect(body.errors?.[0]).toMatchObject({
      message:
        'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
      extensions: { code: 'BAD_USER_INPUT', field: 'trackingCode' },
    });
    const noCarrier = await correct(placed.id, ' ', 'AA123456785BR');
    expect(noCarrier.errors?.[0]?.message).toBe('Informe a transportadora.');
  });

  it('says nothing changed when the carrier and code are the same', async () => {
    const placed = await shipped('igual@example.com');
    const before = (await mailsTo('igual@example.com')).length;
    const body = await correct(placed.id, 'Correios PAC', ' aa123456785br ');
    expect(body.errors?.[0]).toMatchObject({
      message: 'Nada mudou: a transportadora e o código são os mesmos de antes.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await mailsTo('igual@example.com')).toHaveLength(before);
  });

  it('refuses an order that is not shipped, and a pickup order', async () => {
    const paid = await paidOrder('pago@example.com');
    const notShipped = await correct(paid.id, 'Correios', 'AA123456785BR');
    expect(notShipped.errors?.[0]).toMatchObject({
      message: 'Só dá para corrigir o rastreamento de um pedido enviado (status Enviado).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const delivered = await insertFixtureOrder(ctx.db, {
      status: 'DELIVERED',
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    expect((await correct(delivered.id, 'Correios', 'AA123456785BR')).errors?.[0]?.message).toBe(
      'Só dá para corrigir o rastreamento de um pedido enviado (status Enviado).',
    );
    const pickup = await paidOrder('retira@example.com', { pickup: true });
    await graphql(ctx.app, SHIP, { id: pickup.id, carrier: 'Retirada na loja' }, admin);
    expect((await correct(pickup.id, 'Correios', 'AA123456785BR')).errors?.[0]?.message).toBe(
      'Este pedido é para retirada na loja: não tem código de rastreamento para corrigir.',
    );
  });

  it('follows orderShip’s roles: a brand manager only on their brand’s orders', async () => {
    const own = await shipped('marca@example.com');
    const ownBody = await correct(own.id, 'Correios', 'QB123456785BR', managerA);
    expect(ownBody.errors).toBeUndefined();
    const otherPaid = await paidOrder('outra@example.com', { brandB: true });
    await graphql(
      ctx.app,
      SHIP,
      { id: otherPaid.id, carrier: 'Correios', code: 'AA123456785BR' },
      admin,
    );
    const other = await correct(otherPaid.id, 'Correios', 'QB123456785BR', managerA);
    expect(other.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|NOT_FOUND/);
    const anonymous = await graphql(ctx.app, CORRECT, {
      id: own.id,
      carrier: 'Correios',
      code: 'AA123456785BR',
    });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
