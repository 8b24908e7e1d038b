// The audit log's reader (ADMIN only: filters, São Paulo days, search, paging, bad input), the
// append-only table (the database refuses UPDATE, DELETE and TRUNCATE), and the mail outbox
// (status, search, resend), on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import {
  deliverPendingMails,
  enqueueMail,
  MAX_DELIVERY_ATTEMPTS,
  type MailTransport,
} from '../mail/mail.service';
import type { recordAudit } from './audit';
import { SYSTEM_ACTOR, type AuditActor } from './audit';
import { auditLog } from './audit.tables';

const AUDIT = `query($filter: AuditFilter, $first: Int, $offset: Int) {
  auditLog(filter: $filter, first: $first, offset: $offset) {
    totalCount
    nodes { id at actorId actorName actorEmail ip userAgent action entity entityId entityLabel brandIds summary before after }
  }
}`;
const OUTBOX = `query($filter: MailFilter, $first: Int, $offset: Int) {
  mailOutbox(filter: $filter, first: $first, offset: $offset) {
    totalCount
    nodes { id to subject status attempts lastError createdAt sentAt textBody }
  }
}`;
const RESEND = `mutation($id: ID!) { mailResend(id: $id) { id status attempts sentAt } }`;

interface Entry {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  entityLabel: string | null;
  brandIds: string[];
  summary: string;
  before: string | null;
  after: string | null;
  ip: string | null;
}
interface GraphQLError {
  message: string;
  extensions?: { code?: string; field?: string };
}

let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;
const brandA = randomUUID();
const brandB = randomUUID();

async function call(query: string, variables: Record<string, unknown>, who: StaffRoleKey) {
  const { body } = await graphql(ctx.app, query, variables, staff[who].token);
  return { data: body.data, error: body.errors?.[0] as GraphQLError | undefined };
}

async function audit(filter: Record<string, unknown> = {}, first?: number, offset?: number) {
  const { data, error } = await call(AUDIT, { filter, first, offset }, 'admin');
  expect(error).toBeUndefined();
  return data!.auditLog as { totalCount: number; nodes: Entry[] };
}

function actorOf(who: SignedInStaff): AuditActor {
  return {
    staff: { id: who.id, name: who.name, email: who.email },
    ip: '203.0.113.9',
    userAgent: 'Teste/1.0',
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaffRoles(ctx);
  const rows: Array<[string, AuditActor, Parameters<typeof recordAudit>[2]]> = [
    // 02:30Z on the 10th is 23:30 on the 9th in São Paulo.
    [
      '2026-01-10T02:30:00Z',
      actorOf(staff.admin),
      {
        action: 'product.save',
        entity: 'PRODUCT',
        entityId: 'p-1',
        entityLabel: 'Camiseta 100% algodão',
        brandIds: [brandA],
        summary: 'Produto Camiseta 100% algodão: preço',
        before: { priceCents: 1000 },
        after: { priceCents: 1200 },
      },
    ],
    [
      '2026-01-10T15:00:00Z',
      actorOf(staff.manager),
      {
        action: 'stock.adjust',
        entity: 'VARIANT',
        entityId: 'v-1',
        entityLabel: 'Tênis Boreal',
        brandIds: [brandB],
        summary: 'Estoque de Tênis Boreal: 3 → 5',
      },
    ],
    [
      '2026-01-11T12:00:00Z',
      actorOf(staff.support),
      {
        action: 'order.ship',
        entity: 'ORDER',
        entityId: 'o-1',
        entityLabel: 'VT-10023',
        brandIds: [brandA, brandB],
        summary: 'Pedido VT-10023 enviado',
      },
    ],
    [
      '2026-01-12T12:00:00Z',
      SYSTEM_ACTOR,
      { action: 'auth.login_failed', entity: 'SESSION', summary: 'Login recusado: senha errada' },
    ],
  ];
  for (const [at, actor, event] of rows) {
    // recordAudit stamps now(); these fixtures need their own instant (INSERT is all the log allows).
    await ctx.db.insert(auditLog).values({
      at: new Date(at),
      actorId: actor.staff?.id ?? null,
      actorName: actor.staff?.name ?? null,
      actorEmail: actor.staff?.email ?? null,
      ip: actor.ip,
      userAgent: actor.userAgent,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId ?? null,
      entityLabel: event.entityLabel ?? null,
      brandIds: [...(event.brandIds ?? [])],
      summary: event.summary,
      before: event.before ?? null,
      after: event.after ?? null,
    });
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('audit log is append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    const refusal = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        // Drizzle wraps the driver's error: the database's message is its cause.
        const cause = (error as { cause?: { message?: string } }).cause;
        return cause?.message ?? (error as Error).message;
      }
      return 'accepted';
    };
    expect(
      await refusal(() => ctx.db.execute(sql`UPDATE audit_log SET summary = 'alterado'`)),
    ).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refusal(() => ctx.db.execute(sql`DELETE FROM audit_log`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(() => ctx.db.execute(sql`TRUNCATE audit_log`))).toMatch(
      /append-only: TRUNCATE refused/,
    );
    expect(await refusal(() => ctx.db.update(auditLog).set({ summary: 'x' }))).toMatch(
      /append-only/,
    );
    const after = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
    expect(Number(after.rows[0]!.n)).toBeGreaterThan(0);
    const changed = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE summary IN ('alterado', 'x')`,
    );
    expect(Number(changed.rows[0]!.n)).toBe(0);
  });
});

describe('auditLog', () => {
  it('is for ADMIN only', async () => {
    for (const who of ['manager', 'support'] as const) {
      const { data, error } = await call(AUDIT, {}, who);
      expect(error?.extensions?.code).toBe('FORBIDDEN');
      expect(data).toBeNull();
    }
    const anonymous = await graphql(ctx.app, AUDIT, {});
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers entries newest first with who, from where, what, and before/after as JSON text', async () => {
    const page = await audit({ range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(page.totalCount).toBe(4);
    expect(page.nodes.map((n) => n.action)).toEqual([
      'auth.login_failed',
      'order.ship',
      'stock.adjust',
      'product.save',
    ]);
    const save = page.nodes[3]!;
    expect(save).toMatchObject({
      actorId: staff.admin.id,
      actorName: staff.admin.name,
      ip: '203.0.113.9',
      entity: 'PRODUCT',
      entityId: 'p-1',
      entityLabel: 'Camiseta 100% algodão',
      brandIds: [brandA],
      at: '2026-01-10T02:30:00.000Z',
    });
    expect(JSON.parse(save.before!)).toEqual({ priceCents: 1000 });
    expect(JSON.parse(save.after!)).toEqual({ priceCents: 1200 });
    expect(page.nodes[0]!.actorId).toBeNull();
    expect(page.nodes[0]!.before).toBeNull();
  });

  it('filters by person, brand, entity (and id), action code or prefix, and words', async () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    const actions = async (filter: Record<string, unknown>) =>
      (await audit({ range, ...filter })).nodes.map((n) => n.action);
    expect(await actions({ actorId: staff.manager.id })).toEqual(['stock.adjust']);
    expect(await actions({ brandId: brandA })).toEqual(['order.ship', 'product.save']);
    expect(await actions({ brandId: brandB })).toEqual(['order.ship', 'stock.adjust']);
    expect(await actions({ entity: 'ORDER' })).toEqual(['order.ship']);
    expect(await actions({ entity: 'ORDER', entityId: 'o-1' })).toEqual(['order.ship']);
    expect(await actions({ entity: 'ORDER', entityId: 'o-2' })).toEqual([]);
    expect(await actions({ action: 'order.ship' })).toEqual(['order.ship']);
    expect(await actions({ action: 'order.' })).toEqual(['order.ship']);
    expect(await actions({ action: 'auth.' })).toEqual(['auth.login_failed']);
    expect(await actions({ action: 'stock' + '.adjust' })).toEqual(['stock.adjust']);
    // Words of the summary or the label, any case; % and _ are literal.
    expect(await actions({ search: 'vt-10023' })).toEqual(['order.ship']);
    expect(await actions({ search: 'camiseta 100%' })).toEqual(['product.save']);
    expect(await actions({ search: '100_' })).toEqual([]);
    expect(await actions({ search: '  boreal   estoque ' })).toEqual(['stock.adjust']);
  });

  it('reads the range as São Paulo calendar days', async () => {
    // 02:30Z on the 10th is the 9th in São Paulo.
    const ninth = await audit({ range: { from: '2026-01-09', to: '2026-01-09' } });
    expect(ninth.nodes.map((n) => n.action)).toEqual(['product.save']);
    const tenth = await audit({ range: { from: '2026-01-10', to: '2026-01-10' } });
    expect(tenth.nodes.map((n) => n.action)).toEqual(['stock.adjust']);
  });

  it('pages with first and offset, totalCount counting every match', async () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    const first = await audit({ range }, 2, 0);
    const second = await audit({ range }, 2, 2);
    expect(first.totalCount).toBe(4);
    expect(second.totalCount).toBe(4);
    expect([...first.nodes, ...second.nodes].map((n) => n.action)).toEqual([
      'auth.login_failed',
      'order.ship',
      'stock.adjust',
      'product.save',
    ]);
    const none = await audit({ range }, 0);
    expect(none).toEqual({ totalCount: 4, nodes: [] });
  });

  it('refuses bad input with BAD_USER_INPUT at the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ filter: { actorId: 'nao-e-uuid' } }, 'filter.actorId'],
      [{ filter: { brandId: '123' } }, 'filter.brandId'],
      [{ filter: { entityId: 'o-1' } }, 'filter.entityId'],
      [{ filter: { action: 'Order.Ship' } }, 'filter.action'],
      [{ filter: { action: 'order' } }, 'filter.action'],
      [{ filter: { range: { from: '2026-02-30', to: '2026-03-01' } } }, 'filter.range.from'],
      [{ filter: { range: { from: '2026-03-01', to: 'ontem' } } }, 'filter.range.to'],
      [{ filter: { range: { from: '2026-03-02', to: '2026-03-01' } } }, 'filter.range.from'],
      [{ filter: { search: 'x'.repeat(201) } }, 'filter.search'],
      [{ first: 201 }, 'first'],
      [{ first: -1 }, 'first'],
      [{ offset: 10_001 }, 'offset'],
    ];
    for (const [variables, field] of cases) {
      const { data, error } = await call(AUDIT, variables, 'admin');
      expect(error?.extensions, JSON.stringify(variables)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
      expect(error!.message).not.toMatch(/[A-Z]{3,}_/);
      expect(data).toBeNull();
    }
  });
});

describe('mail outbox', () => {
  const failing: MailTransport = {
    kind: 'failing',
    send: () => Promise.reject(new Error('550 caixa inexistente')),
  };
  let sentId: string;
  let failedId: string;
  let pendingId: string;

  beforeAll(async () => {
    await ctx.app.mail.flush();
    sentId = await enqueueMail(ctx.db, {
      to: 'ana@exemplo.com.br',
      subject: 'Pedido VT-20001 confirmado',
      text: 'Olá Ana',
      html: '<p>Olá Ana</p>',
    });
    ctx.app.mail.kick();
    await ctx.app.mail.flush();
    failedId = await enqueueMail(ctx.db, {
      to: 'bruno@exemplo.com.br',
      subject: 'Pedido VT-20002 enviado',
      text: 'Olá Bruno',
      html: '<p>Olá Bruno</p>',
    });
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i += 1) await deliverPendingMails(ctx.db, failing);
    pendingId = await enqueueMail(ctx.db, {
      to: 'carla@exemplo.com.br',
      subject: 'Redefinição de senha',
      text: 'Olá Carla',
      html: '<p>Olá Carla</p>',
    });
  });

  async function outbox(filter: Record<string, unknown> = {}) {
    const { data, error } = await call(OUTBOX, { filter }, 'admin');
    expect(error).toBeUndefined();
    return data!.mailOutbox as {
      totalCount: number;
      nodes: Array<{
        id: string;
        to: string;
        status: string;
        attempts: number;
        lastError: string | null;
        sentAt: string | null;
        textBody: string;
      }>;
    };
  }

  it('is for ADMIN only', async () => {
    for (const who of ['manager', 'support'] as const) {
      expect((await call(OUTBOX, {}, who)).error?.extensions?.code).toBe('FORBIDDEN');
      expect((await call(RESEND, { id: sentId }, who)).error?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('lists mails newest first with their status: SENT, FAILED (gave up), PENDING', async () => {
    const all = await outbox();
    expect(all.nodes.slice(0, 3).map((n) => [n.id, n.status])).toEqual([
      [pendingId, 'PENDING'],
      [failedId, 'FAILED'],
      [sentId, 'SENT'],
    ]);
    const failed = all.nodes[1]!;
    expect(failed).toMatchObject({
      to: 'bruno@exemplo.com.br',
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastError: '550 caixa inexistente',
      sentAt: null,
      textBody: 'Olá Bruno',
    });
    expect(all.nodes[2]!.sentAt).not.toBeNull();
    expect((await outbox({ status: 'FAILED' })).nodes.map((n) => n.id)).toEqual([failedId]);
    expect((await outbox({ status: 'SENT' })).nodes.map((n) => n.id)).toContain(sentId);
    expect((await outbox({ status: 'SENT' })).nodes.map((n) => n.id)).not.toContain(failedId);
    expect((await outbox({ status: 'PENDING' })).nodes.map((n) => n.id)).toEqual([pendingId]);
    expect((await outbox({ search: 'BRUNO@' })).nodes.map((n) => n.id)).toEqual([failedId]);
    expect((await outbox({ search: 'vt-20001 confirmado' })).nodes.map((n) => n.id)).toEqual([
      sentId,
    ]);
    expect((await outbox({ search: '%' })).totalCount).toBe(0);
  });

  it('refuses bad paging and an unknown id', async () => {
    expect((await call(OUTBOX, { first: 101 }, 'admin')).error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'first',
    });
    const unknown = await call(RESEND, { id: randomUUID() }, 'admin');
    expect(unknown.error?.extensions?.code).toBe('NOT_FOUND');
    expect((await call(RESEND, { id: 'x' }, 'admin')).error?.extensions?.code).toBe('NOT_FOUND');
  });

  it('resends a FAILED mail: a fresh round of attempts, delivered, recorded in the audit log', async () => {
    const { data, error } = await call(RESEND, { id: failedId }, 'admin');
    expect(error).toBeUndefined();
    expect(data!.mailResend).toMatchObject({ id: failedId, status: 'PENDING' });
    await ctx.app.mail.flush();
    expect(ctx.mail.sent.filter((m) => m.to === 'bruno@exemplo.com.br')).toHaveLength(1);
    const after = (await outbox({ search: 'bruno' })).nodes[0]!;
    expect(after).toMatchObject({ status: 'SENT', attempts: MAX_DELIVERY_ATTEMPTS + 1 });
    const entries = await audit({ action: 'mail.resend', entity: 'MAIL', entityId: failedId });
    expect(entries.totalCount).toBe(1);
    expect(entries.nodes[0]).toMatchObject({
      actorId: staff.admin.id,
      entityLabel: 'Pedido VT-20002 enviado',
    });
    expect(JSON.parse(entries.nodes[0]!.before!)).toMatchObject({ status: 'FAILED' });
    // The recipient's address is personal data: the log names the message by its id and subject.
    expect(JSON.stringify(entries.nodes[0])).not.toContain('bruno@');
  });

  it('resends a SENT mail: the same message goes out again', async () => {
    const before = ctx.mail.sent.filter((m) => m.to === 'ana@exemplo.com.br').length;
    expect(before).toBe(1);
    const { error } = await call(RESEND, { id: sentId }, 'admin');
    expect(error).toBeUndefined();
    await ctx.app.mail.flush();
    const sent = ctx.mail.sent.filter((m) => m.to === 'ana@exemplo.com.br');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe('Pedido VT-20001 confirmado');
    expect((await outbox({ search: 'ana@' })).nodes[0]).toMatchObject({
      status: 'SENT',
      attempts: 2,
    });
  });
});
