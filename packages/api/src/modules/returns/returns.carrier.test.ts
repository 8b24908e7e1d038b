// The reverse carrier behind the returns, against the Correios stand-in (token + reverse
// pre-postagem): the code asked after the request was committed and mailed, a carrier down asked
// again with backoff and its failure visible to staff, a refusal that stops the retries until
// staff ask again, and, with no carrier configured, the code staff type by hand (audited).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { auditLog } from '../audit/audit.tables';
import { seedFixtureCatalog, type FixtureCatalog } from '../orders/orders.fixtures';
import { orderEvents, orders } from '../orders/orders.tables';
import { startCarrierStandin, type CarrierStandin } from '../shipping/carriers/standin';
import { reverseStandinState } from '../shipping/carriers/standin-reverse';
import { returnsSettingsFromEnv } from './returns.config';
import {
  askReturn,
  deliveredOrder,
  mailsTo,
  returnsApp,
  STAFF_RETURNS,
  staffAction,
  STORE_PARTY,
  type ReturnResult,
} from './returns.fixtures';
import { RETRY_FIRST_MS } from './returns.worker';

let standin: CarrierStandin;
let ctx: TestContext;
let app: FastifyInstance;
let manual: FastifyInstance;
let catalog: FixtureCatalog;
let support: string;

const DELIVERED_AT = new Date('2026-01-08T15:00:00Z');
const INSIDE = Date.parse('2026-01-12T15:00:00Z');
let emails = 0;

async function requested() {
  const placed = await deliveredOrder(ctx, catalog, {
    email: `devolve${++emails}@example.com`,
    deliveredAt: DELIVERED_AT,
  });
  ctx.clock.set(INSIDE);
  const { ret } = await askReturn(app, placed, { reason: 'Não serviu' });
  return { placed, ret: ret! };
}

async function staffView(orderId: string): Promise<ReturnResult> {
  const { body } = await graphql(app, STAFF_RETURNS, { orderId }, support);
  return (body.data?.orderReturns as ReturnResult[]).at(-1)!;
}

beforeAll(async () => {
  standin = await startCarrierStandin();
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  app = await returnsApp(ctx, standin);
  manual = await returnsApp(ctx, null);
  support = (await signInStaffRoles({ app, db: ctx.db })).support.token;
});
afterAll(async () => {
  await app.close();
  await manual.close();
  await ctx.close();
  await standin.close();
});

describe('the Correios’ reverse logistics', () => {
  it('issues the code after the request and mails it with the instructions', async () => {
    const { placed, ret } = await requested();
    expect(ret.authorizationCode).toBeNull();
    const run = await app.orderReturns.runDue();
    expect(run.issued).toBeGreaterThanOrEqual(1);

    const call = standin.state.calls.findLast(
      (item) => item.path === '/reversa/prepostagem/v1/prepostagens',
    );
    expect(call?.detail).toMatchObject({
      logisticaReversa: 'S',
      codigoServico: '03301',
      // Valid 15 days from 12/01.
      dataValidadeLogReversa: '27/01/2026',
      remetente: { nome: 'Maria da Silva', endereco: { cep: '01310100' } },
      destinatario: { nome: STORE_PARTY.name, endereco: { cep: STORE_PARTY.postalCode } },
      observacao: `Devolução 1 do pedido ${placed.number}`,
    });
    const view = await staffView(placed.id);
    expect(view).toMatchObject({ status: 'LABEL_ISSUED', carrier: 'correios', carrierError: null });
    expect(view.authorizationCode).toMatch(/^LR\d{9}BR$/);
    const [event] = await ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.type, 'return_label_issued')));
    expect(event).toMatchObject({ actor: 'provider', actorName: 'Correios' });
    const [mail] = (await mailsTo(ctx, placed.customerEmail)).slice(-1);
    expect(mail!.subject).toBe(`Código para postar sua devolução — pedido ${placed.number}`);
    expect(mail!.textBody).toContain(view.authorizationCode!);
    expect(mail!.textBody).toContain('Use-o até 27/01/2026');
    expect(mail!.textBody).toContain('agência dos Correios');
  });

  it('asks again with backoff while the Correios are down, the failure visible to staff', async () => {
    reverseStandinState(standin.state).failNext = 1;
    const { placed } = await requested();
    const failed = await app.orderReturns.runDue();
    expect(failed.failed).toBe(1);
    const waiting = await staffView(placed.id);
    expect(waiting).toMatchObject({ status: 'REQUESTED', carrierAttempts: 1 });
    expect(waiting.carrierError).toContain('indisponíveis');
    expect(Date.parse(waiting.carrierNextAttemptAt!)).toBe(INSIDE + RETRY_FIRST_MS);

    // Not due yet: nothing is asked.
    expect((await app.orderReturns.runDue()).issued).toBe(0);
    ctx.clock.set(INSIDE + RETRY_FIRST_MS);
    expect((await app.orderReturns.runDue()).issued).toBe(1);
    const issued = await staffView(placed.id);
    expect(issued).toMatchObject({ status: 'LABEL_ISSUED', carrierError: null });
  });

  it('stops on a refusal until staff ask again', async () => {
    const reverse = reverseStandinState(standin.state);
    reverse.refuse = 'CEP do remetente não atendido pela logística reversa.';
    const { placed, ret } = await requested();
    await app.orderReturns.runDue();
    const refused = await staffView(placed.id);
    expect(refused.carrierError).toBe(
      'Os Correios recusaram a autorização: CEP do remetente não atendido pela logística reversa.',
    );
    expect(refused.carrierNextAttemptAt).toBeNull();
    expect(refused.allowedActions).toEqual(['SET_CODE', 'RETRY_CARRIER', 'REJECT']);

    reverse.refuse = null;
    const retried = await staffAction(app, 'retry', { id: ret.id }, support);
    expect(retried.ret?.carrierNextAttemptAt).not.toBeNull();
    await app.orderReturns.runDue();
    expect((await staffView(placed.id)).status).toBe('LABEL_ISSUED');
  });

  it('never asks for a pickup order (no address): staff see why', async () => {
    const placed = await deliveredOrder(ctx, catalog, {
      email: `retirada${++emails}@example.com`,
      deliveredAt: DELIVERED_AT,
    });
    await ctx.db
      .update(orders)
      .set({ shippingMethodKind: 'pickup', postalCode: '', street: '', uf: '' })
      .where(eq(orders.id, placed.id));
    ctx.clock.set(INSIDE);
    await askReturn(app, placed, { reason: 'Não serviu' });
    await app.orderReturns.runDue();
    const view = await staffView(placed.id);
    expect(view.carrierError).toContain('Pedido retirado na loja');
    expect(view.carrierNextAttemptAt).toBeNull();
  });
});

describe('with no reverse carrier', () => {
  it('leaves the code to staff, who type it: the shopper is mailed it, the change audited', async () => {
    const placed = await deliveredOrder(ctx, catalog, {
      email: `manual${++emails}@example.com`,
      deliveredAt: DELIVERED_AT,
    });
    ctx.clock.set(INSIDE);
    const { ret } = await askReturn(manual, placed, { reason: 'Desisti' });
    const [requestMail] = await mailsTo(ctx, placed.customerEmail);
    expect(requestMail!.textBody).toContain('Em até 2 dias úteis enviamos por e-mail o código');
    expect((await manual.orderReturns.runDue()).issued).toBe(0);
    const bad = await staffAction(manual, 'setCode', { id: ret!.id, code: '#' }, support);
    expect(bad.errors?.[0]?.message).toContain('Código de postagem inválido');
    const set = await staffAction(
      manual,
      'setCode',
      { id: ret!.id, code: ' ab 123 456 785 br ' },
      support,
    );
    expect(set.ret).toMatchObject({
      status: 'LABEL_ISSUED',
      carrier: 'manual',
      authorizationCode: 'AB123456785BR',
    });
    const [mail] = (await mailsTo(ctx, placed.customerEmail)).slice(-1);
    expect(mail!.textBody).toContain('AB123456785BR');
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.id), eq(auditLog.action, 'order.return_code')));
    expect(audited?.summary).toBe(
      `Código de postagem da devolução do pedido ${placed.number} informado`,
    );
  });
});

describe('returnsSettingsFromEnv', () => {
  it('takes the reverse service, its validity and the stand-in’s address, or none', () => {
    expect(returnsSettingsFromEnv({})).toEqual({
      correios: { service: '03301', validityDays: 15, baseUrl: null },
      pollSeconds: 30,
    });
    expect(returnsSettingsFromEnv({ CORREIOS_REVERSE_SERVICE: 'none' }).correios).toBeNull();
    expect(() => returnsSettingsFromEnv({ CORREIOS_REVERSE_SERVICE: 'PAC' })).toThrow(
      'CORREIOS_REVERSE_SERVICE',
    );
    expect(() => returnsSettingsFromEnv({ CORREIOS_REVERSE_DAYS: '0' })).toThrow(
      'CORREIOS_REVERSE_DAYS deve ser um número inteiro de 1 a 60',
    );
  });
});
