// A pickup order says where to pick it up (issue 28, item 2): the confirmation (placeOrder's
// answer), the tracking (orderStatus) and every mail of the order carry the pickup point's
// address, opening hours and what to bring; the order keeps the point as it was when placed, so a
// later change of the method rewrites no old order. And pickup needs no CEP (item 5).
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { cpfWithCheckDigits } from '@vitrine/rules';
import { customerIdOf } from '../customers/customers.service';
import { mailOutbox } from '../mail/mail.tables';
import { orders } from '../orders/orders.tables';
import {
  FIXTURE_CPF,
  fixtureOrderInput,
  insertFixtureCatalog,
  shippingMethodIdByName,
  type FixtureCatalog,
} from './checkout.fixtures';
import { DEMO_PICKUP_POINT, seedCommerceDemo } from './checkout.seed';
import { expireUnpaidOrders } from './pixExpiry';

const POINT_FIELDS = `pickupPoint { street number complement district city uf postalCode hours
  instructions addressLines address whatToBring }`;
const ORDER_FIELDS = `number status shippingMethodKind shippingCents
  address { postalCode street number district city uf } ${POINT_FIELDS}`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${ORDER_FIELDS} } }`;
const TRACK = `query($number: String!, $email: String!) {
  orderStatus(number: $number, email: $email) { ${ORDER_FIELDS} } }`;
const PREVIEW = `query($items: [CartItemInput!]!, $postalCode: String, $shippingMethodId: ID) {
  cartPreview(items: $items, postalCode: $postalCode, shippingMethodId: $shippingMethodId) {
    shippingOptions { methodId kind priceCents pickupAddress ${POINT_FIELDS} }
    selectedShippingMethodId shippingCents subtotalCents totalCents pixTotalCents } }`;

const DEMO_LINES = [
  'Rua Augusta, 1500 – Loja 3, térreo',
  'Consolação – São Paulo/SP',
  'CEP 01304-001',
];
const DEMO_HOURS = 'Seg. a sex., 10h às 20h\nSáb., 10h às 18h (exceto feriados)';

let ctx: TestContext;
let catalog: FixtureCatalog;
let pickupId: string;
let pacId: string;
let admin: string;

interface PlacedOrder {
  number: string;
  status: string;
  shippingMethodKind: string;
  shippingCents: number;
  address: Record<string, string>;
  pickupPoint: Record<string, unknown> | null;
}

const NO_CEP_ADDRESS = {
  postalCode: '',
  street: '',
  number: '',
  complement: null,
  district: '',
  city: '',
  uf: '',
};

async function placePickup(email: string, address: Record<string, unknown> = NO_CEP_ADDRESS) {
  const input = fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
    customer: {
      name: 'Ana Souza',
      email,
      cpf: FIXTURE_CPF,
      phone: '(92) 98765-4321',
    },
    address: address as never,
  });
  const { body } = await graphql(ctx.app, PLACE, { input });
  expect(body.errors).toBeUndefined();
  return body.data?.placeOrder as PlacedOrder;
}

async function mailsTo(email: string) {
  return ctx.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.createdAt));
}

async function staffOrderId(number: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, number));
  return row!.id;
}

async function transition(mutation: string, id: string) {
  const { body } = await graphql(ctx.app, mutation, { id }, admin);
  expect(body.errors).toBeUndefined();
}

const MARK_PAID = `mutation($id: ID!) { orderMarkPaid(id: $id) { id } }`;
const READY = `mutation($id: ID!) { orderShip(id: $id, carrier: "Retirada na loja") { id } }`;
const DELIVER = `mutation($id: ID!) { orderDeliver(id: $id) { id } }`;
const CANCEL = `mutation($id: ID!) { orderCancel(id: $id, reason: "Cliente desistiu") { id } }`;
const REFUND = `mutation($id: ID!) { orderRefund(id: $id, amountCents: 1000, reason: "Avaria") { id } }`;

/** The point's address lines and hours are in the mail's text and HTML. */
function expectPointIn(mail: { text: string; html: string }, lines = DEMO_LINES) {
  for (const line of lines) {
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(line);
  }
  expect(mail.text).toContain('Horário: Seg. a sex., 10h às 20h; Sáb., 10h às 18h');
  expect(mail.html).toContain('Seg. a sex., 10h às 20h<br>Sáb., 10h às 18h (exceto feriados)');
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
  catalog = await insertFixtureCatalog(ctx.db, [
    { sku: `PP-${randomUUID().slice(0, 8)}`, priceCents: 7990, stock: 50, size: 'M' },
  ]);
  admin = (await signInStaffRoles(ctx)).admin.token;
});

afterAll(async () => {
  await ctx.close();
});

describe('a pickup order says where to pick it up', () => {
  it('on the confirmation and the tracking: the address, the hours and what to bring, never the shopper’s CEP', async () => {
    const email = 'ana.confirma@example.com';
    const placed = await placePickup(email, {
      postalCode: '69005-000',
      street: '',
      number: '',
      district: '',
      city: '',
      uf: '',
    });
    const expected = {
      street: 'Rua Augusta',
      number: '1500',
      complement: 'Loja 3, térreo',
      district: 'Consolação',
      city: 'São Paulo',
      uf: 'SP',
      postalCode: '01304001',
      hours: DEMO_HOURS,
      instructions: DEMO_PICKUP_POINT.instructions,
      addressLines: DEMO_LINES,
      whatToBring: `Leve um documento oficial com foto e o número do pedido (${placed.number}).`,
    };
    expect(placed).toMatchObject({
      shippingMethodKind: 'PICKUP',
      shippingCents: 0,
      // The shopper's CEP (Manaus) is not where the order is: a pickup keeps no address of hers.
      address: { postalCode: '', street: '', city: '', uf: '' },
      pickupPoint: expected,
    });

    const { body } = await graphql(ctx.app, TRACK, { number: placed.number, email });
    expect(body.errors).toBeUndefined();
    expect(body.data?.orderStatus).toMatchObject({ pickupPoint: expected });
  });

  it('in every mail: placed, paid, ready (said again), and after it is collected and refunded', async () => {
    const email = 'ana.mails@example.com';
    const placed = await placePickup(email);
    const id = await staffOrderId(placed.number);
    await transition(MARK_PAID, id);
    await transition(READY, id);
    await transition(DELIVER, id);
    await transition(REFUND, id);

    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Recebemos seu pedido ${placed.number}`,
      `Pagamento confirmado: pedido ${placed.number}`,
      `Seu pedido ${placed.number} está pronto para retirada`,
      `Reembolso parcial do pedido ${placed.number}`,
    ]);
    const bring = `Leve um documento oficial com foto e o número do pedido (${placed.number}).`;
    for (const mail of mails) expectPointIn(mail);
    // Still to be collected: what to bring and the store's instructions.
    for (const mail of mails.slice(0, 3)) {
      expect(mail.text).toContain('Onde retirar:');
      expect(mail.text).toContain(bring);
      expect(mail.html).toContain(bring);
      expect(mail.text).toContain(DEMO_PICKUP_POINT.instructions!);
    }
    expect(mails[0]!.text).toContain('pronto para retirada em até 1 dia(s) útil(eis)');
    expect(mails[1]!.text).toContain(
      'avisaremos por e-mail quando ele estiver pronto para retirada',
    );
    expect(mails[2]!.text).toContain(`Seu pedido ${placed.number} já pode ser retirado`);
    // Collected: where the store is, nothing more to bring.
    expect(mails[3]!.text).toContain('Loja de retirada:');
    expect(mails[3]!.text).not.toContain('Leve um documento');
  });

  it('in the mails of a canceled order and of one whose payment expired', async () => {
    const canceledEmail = 'ana.cancela@example.com';
    const canceled = await placePickup(canceledEmail);
    await transition(CANCEL, await staffOrderId(canceled.number));
    const expiredEmail = 'ana.expira@example.com';
    const expired = await placePickup(expiredEmail);
    await ctx.db.execute(
      sql`UPDATE orders SET payment_expires_at = now() - interval '1 minute', pix_expires_at = now() - interval '1 minute' WHERE number = ${expired.number}`,
    );
    expect(await expireUnpaidOrders(ctx.db, new Date(), ctx.config.publicUrl)).toBeGreaterThan(0);

    for (const [email, number] of [
      [canceledEmail, canceled.number],
      [expiredEmail, expired.number],
    ] as const) {
      const mails = await mailsTo(email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Recebemos seu pedido ${number}`,
        `Pedido ${number} cancelado`,
      ]);
      for (const mail of mails) expectPointIn(mail);
      expect(mails[1]!.text).toContain('Loja de retirada:');
      expect(mails[1]!.text).not.toContain('Leve um documento');
    }
  });
});

describe('the order keeps the pickup point it was placed with', () => {
  it('when staff later move the counter: old orders, their tracking and their later mails say the old one', async () => {
    const email = 'ana.antes@example.com';
    const before = await placePickup(email);
    const moved = {
      street: 'Rua Oscar Freire',
      number: '900',
      complement: null,
      district: 'Jardins',
      city: 'São Paulo',
      uf: 'SP',
      postalCode: '01426-001',
      hours: 'Todos os dias, 11h às 21h',
      instructions: null,
    };
    const update = await graphql(
      ctx.app,
      `
        mutation ($id: ID!, $input: ShippingMethodInput!) {
          shippingMethodUpdate(id: $id, input: $input) {
            pickupAddress
          }
        }
      `,
      {
        id: pickupId,
        input: {
          name: 'Retirada na loja',
          kind: 'PICKUP',
          readyInBusinessDays: 1,
          pickupPoint: moved,
        },
      },
      admin,
    );
    expect(update.body.errors).toBeUndefined();
    try {
      const { body } = await graphql(ctx.app, TRACK, { number: before.number, email });
      expect((body.data?.orderStatus as PlacedOrder).pickupPoint).toMatchObject({
        addressLines: DEMO_LINES,
        hours: DEMO_HOURS,
      });
      const id = await staffOrderId(before.number);
      await transition(MARK_PAID, id);
      await transition(READY, id);
      const ready = (await mailsTo(email)).at(-1)!;
      expect(ready.subject).toBe(`Seu pedido ${before.number} está pronto para retirada`);
      expectPointIn(ready);
      expect(ready.text).not.toContain('Oscar Freire');

      // A new order gets the new counter.
      const after = await placePickup('ana.depois@example.com');
      expect(after.pickupPoint).toMatchObject({
        addressLines: ['Rua Oscar Freire, 900', 'Jardins – São Paulo/SP', 'CEP 01426-001'],
        hours: 'Todos os dias, 11h às 21h',
        instructions: null,
      });
    } finally {
      await ctx.db.execute(
        sql`UPDATE shipping_methods SET pickup_point = ${JSON.stringify(DEMO_PICKUP_POINT)}::jsonb WHERE id = ${pickupId}`,
      );
    }
  });

  it('is stored with the order, and only on a pickup order (the database refuses it on a delivery)', async () => {
    const placed = await placePickup('ana.guarda@example.com');
    const [row] = await ctx.db
      .select({ point: orders.pickupPoint, cep: orders.postalCode })
      .from(orders)
      .where(eq(orders.number, placed.number));
    expect(row).toEqual({ point: DEMO_PICKUP_POINT, cep: '' });

    const delivery = fixtureOrderInput(
      [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
      pacId,
      {
        customer: { ...fixtureOrderInput([], pacId).customer, email: 'ana.entrega@example.com' },
      },
    );
    const { body } = await graphql(ctx.app, PLACE, { input: delivery });
    const deliveryOrder = body.data?.placeOrder as PlacedOrder;
    expect(deliveryOrder.pickupPoint).toBeNull();
    await expect(
      ctx.db.execute(
        sql`UPDATE orders SET pickup_point = '{"address":"x"}'::jsonb WHERE number = ${deliveryOrder.number}`,
      ),
    ).rejects.toThrow();
    await expect(
      ctx.db.execute(
        sql`UPDATE orders SET postal_code = '' WHERE number = ${deliveryOrder.number}`,
      ),
    ).rejects.toThrow();
  });
});

describe('pickup needs no CEP', () => {
  const items = () => [{ variantId: catalog.variantIds[0]!, quantity: 2 }];

  it('cartPreview offers the pickups without a CEP, prices nothing until one is asked for, then prices it', async () => {
    const bare = await graphql(ctx.app, PREVIEW, { items: items() });
    expect(bare.body.errors).toBeUndefined();
    const preview = bare.body.data?.cartPreview as { shippingOptions: unknown[] };
    expect(preview.shippingOptions).toEqual([
      expect.objectContaining({
        methodId: pickupId,
        kind: 'PICKUP',
        priceCents: 0,
        pickupPoint: expect.objectContaining({
          addressLines: DEMO_LINES,
          hours: DEMO_HOURS,
          whatToBring: 'Leve um documento oficial com foto e o número do pedido.',
        }),
      }),
    ]);
    // No delivery to default to: no shipping priced, so no total with a shipping in it.
    expect(preview).toMatchObject({
      selectedShippingMethodId: null,
      shippingCents: null,
      subtotalCents: 15980,
      totalCents: 15980,
    });

    const chosen = await graphql(ctx.app, PREVIEW, { items: items(), shippingMethodId: pickupId });
    expect(chosen.body.data?.cartPreview).toMatchObject({
      selectedShippingMethodId: pickupId,
      shippingCents: 0,
      totalCents: 15980,
    });
    // A delivery asked for without a CEP is not priced (it needs one).
    const pac = await graphql(ctx.app, PREVIEW, { items: items(), shippingMethodId: pacId });
    expect(pac.body.data?.cartPreview).toMatchObject({
      selectedShippingMethodId: null,
      shippingCents: null,
    });
  });

  it('placeOrder takes a pickup without a CEP, and refuses a delivery without one', async () => {
    const placed = await placePickup('ana.semcep@example.com');
    expect(placed).toMatchObject({ status: 'PENDING_PAYMENT', shippingCents: 0 });

    const delivery = fixtureOrderInput(
      [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
      pacId,
      {
        customer: { ...fixtureOrderInput([], pacId).customer, email: 'ana.semcep2@example.com' },
      },
    );
    const { body } = await graphql(ctx.app, PLACE, {
      input: { ...delivery, address: { ...delivery.address, postalCode: '' } },
    });
    expect(body.errors?.[0]).toMatchObject({
      message: 'Informe o CEP.',
      extensions: { code: 'BAD_USER_INPUT', field: 'address.postalCode' },
    });
    // A malformed CEP is still refused, pickup or not.
    const { body: malformed } = await graphql(ctx.app, PLACE, {
      input: fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        address: { ...NO_CEP_ADDRESS, postalCode: '6900' } as never,
      }),
    });
    expect(malformed.errors?.[0]?.extensions).toMatchObject({ field: 'address.postalCode' });
  });

  it('a pickup order without a CEP is anonymised like any other (LGPD), its CEP staying empty', async () => {
    const email = 'bia.lgpd@example.com';
    const input = fixtureOrderInput(
      [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
      pickupId,
      {
        customer: {
          name: 'Bia Lima',
          email,
          cpf: cpfWithCheckDigits('987654321'),
          phone: '(92) 98765-1111',
        },
        address: NO_CEP_ADDRESS as never,
      },
    );
    const placed = await graphql(ctx.app, PLACE, { input });
    expect(placed.body.errors).toBeUndefined();
    const { body } = await graphql(
      ctx.app,
      `
        mutation ($id: ID!, $confirmation: String!) {
          customerAnonymize(id: $id, confirmation: $confirmation) {
            ordersAnonymized
          }
        }
      `,
      { id: customerIdOf(email), confirmation: email },
      admin,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.customerAnonymize).toEqual({ ordersAnonymized: 1 });
    const [row] = await ctx.db
      .select({ name: orders.customerName, cep: orders.postalCode, point: orders.pickupPoint })
      .from(orders)
      .where(eq(orders.number, (placed.body.data?.placeOrder as PlacedOrder).number));
    expect(row).toEqual({ name: 'Cliente anonimizado', cep: '', point: DEMO_PICKUP_POINT });
  });
});
