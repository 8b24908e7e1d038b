// Bulk actions of the orders grid (issue 13) and the resend of an order's last mail, on a real
// database: each order on its own (one failure leaves the others done), the single mutations'
// role rules, the list bounds, the resent mail's content, its timeline event and its throttle.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import { mailOutbox } from '../mail/mail.tables';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import { orderEvents, orders, payments, type OrderRow } from './orders.tables';
import { NOT_REACHED, shipOrders, timeBudget } from './orders.bulk';

const RESULT = `id ok error order { id number status trackingCode lastMailSubject }`;
const SHIP = `mutation($items: [OrderShipInput!]!) { ordersShip(items: $items) { ${RESULT} } }`;
const MARK_PAID = `mutation($ids: [ID!]!, $note: String) { ordersMarkPaid(ids: $ids, note: $note) { ${RESULT} } }`;
const RESEND = `mutation($id: ID!) { orderResendLastMail(id: $id) {
  id lastMailSubject timeline { type actor actorName actorStaffId }
} }`;

interface BulkResult {
  id: string;
  ok: boolean;
  error: string | null;
  order: {
    id: string;
    number: string;
    status: string;
    trackingCode: string | null;
    lastMailSubject: string | null;
  } | null;
}
interface GraphQLError {
  message: string;
  extensions?: { code?: string; field?: string; retryAfterSeconds?: number };
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<StaffRoleKey, SignedInStaff>;

async function call(query: string, variables: Record<string, unknown>, who: StaffRoleKey) {
  const { body } = await graphql(ctx.app, query, variables, staff[who].token);
  return { data: body.data, error: body.errors?.[0] as GraphQLError | undefined };
}

async function ship(items: unknown[], who: StaffRoleKey = 'admin') {
  const { data, error } = await call(SHIP, { items }, who);
  return { results: (data?.ordersShip ?? null) as BulkResult[] | null, error };
}

async function markPaid(ids: string[], who: StaffRoleKey = 'admin', note?: string) {
  const { data, error } = await call(MARK_PAID, { ids, note }, who);
  return { results: (data?.ordersMarkPaid ?? null) as BulkResult[] | null, error };
}

function order(
  status: OrderRow['status'],
  brands: 'A' | 'B' | 'AB' = 'A',
  email = 'maria@example.com',
) {
  const lines = {
    A: [{ variant: catalog.shirt, quantity: 1 }],
    B: [{ variant: catalog.sneaker, quantity: 1 }],
    AB: [
      { variant: catalog.shirt, quantity: 1 },
      { variant: catalog.sneaker, quantity: 1 },
    ],
  }[brands];
  return insertFixtureOrder(ctx.db, { status, lines, customerEmail: email });
}

async function statusOf(id: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return row?.status;
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, {
    managerBrandIds: [catalog.brandA],
    names: { admin: 'Ana Admin', manager: 'Bia Aurora', support: 'Sérgio Suporte' },
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('ordersShip', () => {
  it('ships each paid order with its own code and reports the others one by one', async () => {
    const first = await order('PAID');
    const second = await order('PAID');
    const unpaid = await order('PENDING_PAYMENT');
    const { results, error } = await ship([
      { id: first.id, carrier: 'Correios', trackingCode: 'aa111111115br' },
      { id: unpaid.id, carrier: 'Correios', trackingCode: 'AA222222225BR' },
      { id: second.id, carrier: 'Correios', trackingCode: 'AA333333335BR' },
      { id: '00000000-0000-4000-8000-000000000000', carrier: 'Correios', trackingCode: 'AA4BR' },
    ]);
    expect(error).toBeUndefined();
    expect(results).toEqual([
      {
        id: first.id,
        ok: true,
        error: null,
        order: expect.objectContaining({ status: 'SHIPPED', trackingCode: 'AA111111115BR' }),
      },
      {
        id: unpaid.id,
        ok: false,
        error: 'Não é possível enviar um pedido com status Aguardando pagamento.',
        order: expect.objectContaining({ status: 'PENDING_PAYMENT', trackingCode: null }),
      },
      {
        id: second.id,
        ok: true,
        error: null,
        order: expect.objectContaining({ status: 'SHIPPED', trackingCode: 'AA333333335BR' }),
      },
      {
        id: '00000000-0000-4000-8000-000000000000',
        ok: false,
        error: 'Pedido não encontrado.',
        order: null,
      },
    ]);
    // The shipping mail of each shipped order is in the outbox, written with its change.
    expect(results?.[0]?.order?.lastMailSubject).toBe(`Seu pedido ${first.number} foi enviado`);
    expect(results?.[1]?.order?.lastMailSubject).toBeNull();
  });

  it('reports a bad tracking code on its order only', async () => {
    const good = await order('PAID');
    const bad = await order('PAID');
    const wrongDigit = await order('PAID');
    const { results } = await ship([
      { id: good.id, carrier: 'Correios', trackingCode: 'AA555555555BR' },
      { id: bad.id, carrier: 'Correios', trackingCode: '' },
      { id: wrongDigit.id, carrier: 'Correios', trackingCode: 'QB123456780BR' },
    ]);
    expect(results?.map((r) => [r.ok, r.error])).toEqual([
      [true, null],
      [false, 'Informe o código de rastreamento.'],
      [
        false,
        'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
      ],
    ]);
    expect(await statusOf(bad.id)).toBe('PAID');
    expect(await statusOf(wrongDigit.id)).toBe('PAID');
  });

  it("lets a BRAND_MANAGER ship their brand's orders only, as orderShip does", async () => {
    const own = await order('PAID', 'A');
    const mixed = await order('PAID', 'AB');
    const other = await order('PAID', 'B');
    const { results, error } = await ship(
      [own, mixed, other].map((o, i) => ({
        id: o.id,
        carrier: 'Correios',
        trackingCode: ['AB000000005BR', 'AB100000003BR', 'AB200000006BR'][i],
      })),
      'manager',
    );
    expect(error).toBeUndefined();
    expect(results?.map((r) => r.ok)).toEqual([true, false, false]);
    expect(results?.[1]?.error).toBe(
      'Este pedido tem produtos de outras marcas: só o suporte ou um administrador pode alterá-lo.',
    );
    // The mixed order is theirs to see, the other brand's is not.
    expect(results?.[1]?.order?.status).toBe('PAID');
    expect(results?.[2]?.order).toBeNull();
    expect(await statusOf(other.id)).toBe('PAID');
  });

  it('refuses an empty list, more than 100 orders and an order listed twice', async () => {
    const paid = await order('PAID');
    const item = (id: string) => ({ id, carrier: 'Correios', trackingCode: 'AA123456785BR' });
    const many = Array.from({ length: 101 }, (_, i) =>
      item(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    );
    for (const [items, message] of [
      [[], 'Escolha ao menos um pedido.'],
      [many, 'Escolha no máximo 100 pedidos de uma vez.'],
      [[item(paid.id), item(paid.id.toUpperCase())], 'Um pedido aparece mais de uma vez na lista.'],
    ] as const) {
      const { results, error } = await ship([...items]);
      expect(results).toBeNull();
      expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items' });
      expect(error?.message).toBe(message);
    }
    expect(await statusOf(paid.id)).toBe('PAID');
  });

  it('stops starting orders when time runs short and marks the rest as not reached', async () => {
    const placed = [await order('PAID'), await order('PAID'), await order('PAID')];
    let asked = 0;
    const results = await shipOrders(
      ctx.db,
      { publicUrl: ctx.config.publicUrl },
      { ...staff.admin, role: 'ADMIN', brandIds: [] },
      placed.map((o, i) => ({
        id: o.id,
        carrier: 'Correios',
        trackingCode: `AT${i}0000000${[5, 3, 6][i]}BR`,
      })),
      {
        log: { error: () => undefined },
        // Time for the first two only.
        keepGoing: () => (asked += 1) < 2,
      },
    );
    expect(results.map((r) => [r.ok, r.error, r.order?.status])).toEqual([
      [true, null, 'SHIPPED'],
      [true, null, 'SHIPPED'],
      [false, NOT_REACHED, 'PAID'],
    ]);
    expect(await statusOf(placed[2]!.id)).toBe('PAID');
  });

  it('leaves a short budget no room for a second order, and sets no limit without a budget', () => {
    expect(timeBudget(1_000)()).toBe(false);
    expect(timeBudget(0)()).toBe(true);
  });

  it('asks for a signed-in staff member', async () => {
    const { body } = await graphql(ctx.app, SHIP, { items: [] });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('ordersMarkPaid', () => {
  it('confirms each unpaid order with the note, one manual payment and one mail each', async () => {
    const first = await order('PENDING_PAYMENT', 'A', 'pix1@example.com');
    const paid = await order('PAID', 'A', 'pix2@example.com');
    const second = await order('PENDING_PAYMENT', 'A', 'pix3@example.com');
    const { results, error } = await markPaid(
      [first.id, paid.id, second.id],
      'admin',
      'Conferido no extrato',
    );
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.ok, r.error, r.order?.status])).toEqual([
      [true, null, 'PAID'],
      [false, 'Não é possível marcar como pago um pedido com status Pago.', 'PAID'],
      [true, null, 'PAID'],
    ]);
    for (const o of [first, second]) {
      const rows = await ctx.db.select().from(payments).where(eq(payments.orderId, o.id));
      expect(rows.map((p) => [p.provider, p.amountCents])).toEqual([['manual', o.totalCents]]);
      const [event] = await ctx.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.type, 'paid')));
      expect(event).toMatchObject({ note: 'Conferido no extrato', actorName: 'Ana Admin' });
    }
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'pix2@example.com'));
    expect(mails).toHaveLength(0);
  });

  it('refuses a note longer than 1000 characters before touching any order', async () => {
    const unpaid = await order('PENDING_PAYMENT');
    const { results, error } = await markPaid([unpaid.id], 'admin', 'x'.repeat(1001));
    expect(results).toBeNull();
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'note' });
    expect(await statusOf(unpaid.id)).toBe('PENDING_PAYMENT');
  });

  it('refuses duplicates with the ids field named', async () => {
    const unpaid = await order('PENDING_PAYMENT');
    const { error } = await markPaid([unpaid.id, unpaid.id]);
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids' });
    expect(await statusOf(unpaid.id)).toBe('PENDING_PAYMENT');
  });
});

describe('orderResendLastMail', () => {
  async function resend(id: string, who: StaffRoleKey = 'admin') {
    const { data, error } = await call(RESEND, { id }, who);
    return {
      order: (data?.orderResendLastMail ?? null) as {
        lastMailSubject: string | null;
        timeline: { type: string; actor: string; actorName: string; actorStaffId: string }[];
      } | null,
      error,
    };
  }
  const outboxOf = (email: string) =>
    ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

  it('refuses an order no mail was written about yet', async () => {
    const fresh = await order('PENDING_PAYMENT', 'A', 'semmail@example.com');
    const { order: result, error } = await resend(fresh.id);
    expect(result).toBeNull();
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toBe('Nenhum e-mail foi enviado ao cliente sobre este pedido ainda.');
  });

  it('writes the newest mail again as it was and records who resent it', async () => {
    const placed = await order('PENDING_PAYMENT', 'A', 'reenvio@example.com');
    await markPaid([placed.id]);
    const before = await outboxOf('reenvio@example.com');
    expect(before.map((m) => m.subject)).toEqual([`Pagamento confirmado: pedido ${placed.number}`]);

    const { order: result, error } = await resend(placed.id, 'support');
    expect(error).toBeUndefined();
    expect(result?.lastMailSubject).toBe(`Pagamento confirmado: pedido ${placed.number}`);
    expect(result?.timeline.at(-1)).toEqual({
      type: 'mail_resent',
      actor: 'staff',
      actorName: 'Sérgio Suporte',
      actorStaffId: staff.support.id,
    });
    const after = await outboxOf('reenvio@example.com');
    expect(after).toHaveLength(2);
    const [original, copy] = after;
    expect(copy?.id).not.toBe(original?.id);
    expect([copy?.subject, copy?.textBody, copy?.htmlBody]).toEqual([
      original?.subject,
      original?.textBody,
      original?.htmlBody,
    ]);
    // The copy is delivered like any mail.
    await ctx.app.mail.flush();
    expect(
      ctx.mail.sent.filter(
        (m) => m.to === 'reenvio@example.com' && m.subject === original?.subject,
      ),
    ).toHaveLength(2);
  });

  it('allows 3 resends per order an hour, then answers RATE_LIMITED until one is older', async () => {
    const placed = await order('PENDING_PAYMENT', 'A', 'limite@example.com');
    await markPaid([placed.id]);
    for (let i = 0; i < 3; i += 1) expect((await resend(placed.id)).error).toBeUndefined();
    const { order: refused, error } = await resend(placed.id);
    expect(refused).toBeNull();
    expect(error?.extensions?.code).toBe('RATE_LIMITED');
    expect(error?.extensions?.retryAfterSeconds).toBeGreaterThan(3000);
    expect(error?.message).toBe(
      'O e-mail deste pedido já foi reenviado 3 vezes na última hora. Tente novamente mais tarde.',
    );
    expect(await outboxOf('limite@example.com')).toHaveLength(4);
    // Another order of the same customer has its own count.
    const other = await order('PENDING_PAYMENT', 'A', 'limite@example.com');
    await markPaid([other.id]);
    expect((await resend(other.id)).error).toBeUndefined();
    // An hour later the oldest resend no longer counts.
    const [oldest] = await ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.type, 'mail_resent')))
      .orderBy(asc(orderEvents.createdAt))
      .limit(1);
    await ctx.db
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(orderEvents.id, oldest!.id));
    expect((await resend(placed.id)).error).toBeUndefined();
  });

  it("follows the transitions' role rules", async () => {
    const mixed = await order('PENDING_PAYMENT', 'AB', 'misto@example.com');
    const own = await order('PENDING_PAYMENT', 'A', 'proprio@example.com');
    const other = await order('PENDING_PAYMENT', 'B', 'outro@example.com');
    await markPaid([mixed.id, own.id, other.id]);
    expect((await resend(own.id, 'manager')).error).toBeUndefined();
    expect((await resend(mixed.id, 'manager')).error?.extensions?.code).toBe('FORBIDDEN');
    expect((await resend(other.id, 'manager')).error?.extensions?.code).toBe('FORBIDDEN');
    expect(await outboxOf('misto@example.com')).toHaveLength(1);
    expect((await resend(mixed.id, 'support')).error).toBeUndefined();
  });

  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-uuid']) {
      const { error } = await resend(id);
      expect(error?.extensions?.code).toBe('NOT_FOUND');
      expect(error?.message).toBe('Pedido não encontrado.');
    }
  });
});
