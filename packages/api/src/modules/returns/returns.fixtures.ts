// Test fixtures of the returns: an app on the test context's database with the Correios stand-in
// as the reverse carrier (or none), delivered orders, and the GraphQL operations of the shopper
// and of staff.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { graphql, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { mailOutbox } from '../mail/mail.tables';
import { insertFixtureOrder, type FixtureCatalog } from '../orders/orders.fixtures';
import { orders } from '../orders/orders.tables';
import { carriersPlugin } from '../shipping/carriers/carriers.plugin';
import { CorreiosQuoter } from '../shipping/carriers/correios';
import { STANDIN_CORREIOS, type CarrierStandin } from '../shipping/carriers/standin';
import { CorreiosReverseLogistics } from './correios-reverse';
import { returnsPlugin } from './returns.plugin';
import type { ReverseParty } from './reverse-logistics';

export const STORE_PARTY: ReverseParty = {
  name: 'Vitrine Comércio Ltda',
  document: '11222333000181',
  phone: '1133334444',
  email: 'loja@vitrine.test',
  street: 'Rua Augusta',
  number: '1500',
  complement: null,
  district: 'Consolação',
  city: 'São Paulo',
  uf: 'SP',
  postalCode: '01304001',
};

/** An app on `ctx`'s database whose reverse carrier is the Correios stand-in (or none). */
export async function returnsApp(
  ctx: TestContext,
  standin: CarrierStandin | null,
): Promise<FastifyInstance> {
  const app = buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    logger: false,
    mailTransport: ctx.mail,
    mailRetryIntervalMs: 0,
  });
  const now = () => new Date(ctx.clock.now());
  if (standin) {
    const correios = new CorreiosQuoter(
      {
        baseUrl: standin.url,
        user: STANDIN_CORREIOS.user,
        accessCode: STANDIN_CORREIOS.accessCode,
        postageCard: STANDIN_CORREIOS.card,
      },
      () => ctx.clock.now(),
    );
    app.register(carriersPlugin, { quoters: [correios], options: { originCep: '01304001' } });
    app.register(returnsPlugin, {
      logistics: new CorreiosReverseLogistics(
        correios,
        { service: '03301', validityDays: 15, baseUrl: `${standin.url}/reversa` },
        now,
      ),
      storeParty: async () => STORE_PARTY,
      now,
    });
  } else {
    app.register(returnsPlugin, { logistics: null, now });
  }
  await app.ready();
  return app;
}

/**
 * A DELIVERED order (2 × Camiseta R$ 50,00 and 1 × Boné R$ 30,00, R$ 15,00 shipping: R$ 145,00)
 * delivered at `deliveredAt`; `lines` to change what it holds.
 */
export async function deliveredOrder(
  ctx: TestContext,
  catalog: FixtureCatalog,
  options: {
    email: string;
    deliveredAt: Date;
    lines?: Parameters<typeof insertFixtureOrder>[1]['lines'];
    paymentMethod?: 'PIX' | 'CARD' | 'BOLETO';
  },
) {
  const order = await insertFixtureOrder(ctx.db, {
    status: 'DELIVERED',
    customerEmail: options.email,
    paymentMethod: options.paymentMethod,
    lines: options.lines ?? [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.cap, quantity: 1 },
    ],
  });
  const [row] = await ctx.db
    .update(orders)
    .set({
      deliveredAt: options.deliveredAt,
      trackingCarrier: 'PAC',
      trackingCode: 'AA123456785BR',
    })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

export const RETURN_FIELDS = `id number status statusLabel reason refundCents shippingRefundCents
  carrierLabel authorizationCode trackingCode authorizationExpiresAt instructions rejectionReason
  lines { lineId productName quantity refundCents }`;

export const REQUEST_RETURN = `mutation($number: String!, $email: String!, $input: ReturnRequestInput!) {
  r: requestOrderReturn(number: $number, email: $email, input: $input) { ${RETURN_FIELDS} }
}`;

export const ORDER_RETURNS = `query($number: String!, $email: String!) {
  orderStatus(number: $number, email: $email) {
    number returnWindowEndsAt returnable
    returnableLines { lineId sku quantity returnableQuantity }
    returns { ${RETURN_FIELDS} }
  }
}`;

export const STAFF_RETURN_FIELDS = `id number status refundCents shippingRefundCents carrier
  carrierLabel authorizationCode carrierAttempts carrierError carrierNextAttemptAt
  rejectionReason staffName allowedActions lines { lineId sku quantity refundCents }`;

export const STAFF_RETURNS = `query($orderId: ID!) { orderReturns(orderId: $orderId) { ${STAFF_RETURN_FIELDS} } }`;

export const STAFF_ACTIONS = {
  setCode: `mutation($id: ID!, $code: String!) { r: orderReturnSetCode(id: $id, authorizationCode: $code) { ${STAFF_RETURN_FIELDS} } }`,
  retry: `mutation($id: ID!) { r: orderReturnRetryCarrier(id: $id) { ${STAFF_RETURN_FIELDS} } }`,
  receive: `mutation($id: ID!) { r: orderReturnReceive(id: $id) { ${STAFF_RETURN_FIELDS} } }`,
  reject: `mutation($id: ID!, $reason: String!) { r: orderReturnReject(id: $id, reason: $reason) { ${STAFF_RETURN_FIELDS} } }`,
};

export interface ReturnResult {
  id: string;
  number: number;
  status: string;
  refundCents: number | null;
  shippingRefundCents: number | null;
  authorizationCode: string | null;
  carrierAttempts: number;
  carrierError: string | null;
  carrierNextAttemptAt: string | null;
  allowedActions: string[];
  lines: { lineId: string; quantity: number; refundCents: number | null }[];
  [field: string]: unknown;
}

/** The shopper asks for a return; the answer's return, or the errors. */
export async function askReturn(
  app: FastifyInstance,
  order: { number: string; customerEmail: string },
  input: { reason: string; lines?: { lineId: string; quantity: number }[] },
  email = order.customerEmail,
) {
  const { body } = await graphql(app, REQUEST_RETURN, { number: order.number, email, input });
  return { ret: (body.data?.r ?? null) as ReturnResult | null, errors: body.errors };
}

export async function staffAction(
  app: FastifyInstance,
  action: keyof typeof STAFF_ACTIONS,
  variables: Record<string, unknown>,
  token: string,
) {
  const { body } = await graphql(app, STAFF_ACTIONS[action], variables, token);
  return { ret: (body.data?.r ?? null) as ReturnResult | null, errors: body.errors };
}

export async function mailsTo(ctx: TestContext, email: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.createdAt));
}
