// The orders grid of the dashboard (issue 13) on a real database: the new filters (fulfilment
// status, payment method, payment deadline), the EXPIRES_SOONEST keyset, paging by position, the
// search by CPF, e-mail and number in their usual spellings, and the grid's fields per role.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import { countStatements } from '../catalog/catalog.fixtures';
import { mailOutbox } from '../mail/mail.tables';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import { orders, type OrderRow } from './orders.tables';

const LIST = `query($filter: OrderFilter, $sort: OrderSort, $first: Int, $after: String, $offset: Int) {
  orders(filter: $filter, sort: $sort, first: $first, after: $after, offset: $offset) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes {
      id number itemCount brandNames pixTxid paymentExpiresAt lastMailSubject
      paymentMethod fulfilmentStatus
    }
  }
}`;

interface GridRow {
  id: string;
  number: string;
  itemCount: number;
  brandNames: string[];
  pixTxid: string | null;
  paymentExpiresAt: string | null;
  lastMailSubject: string | null;
}
interface GridPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: GridRow[];
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<StaffRoleKey, SignedInStaff>;
const o: Record<string, OrderRow> = {};

async function list(variables: Record<string, unknown>, who: StaffRoleKey = 'admin') {
  const { body } = await graphql(ctx.app, LIST, variables, staff[who].token);
  return {
    page: (body.data?.orders ?? null) as GridPage | null,
    error: body.errors?.[0] as
      { message: string; extensions?: { code?: string; field?: string } } | undefined,
  };
}

async function numbers(variables: Record<string, unknown>, who: StaffRoleKey = 'admin') {
  const { page, error } = await list(variables, who);
  expect(error).toBeUndefined();
  return page!.nodes.map((node) => node.number);
}

async function setDeadline(order: OrderRow, at: string | null) {
  await ctx.db
    .update(orders)
    .set({ paymentExpiresAt: at ? new Date(at) : null })
    .where(eq(orders.id, order.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 15, 0, 0));
  // Unpaid Pix, deadline the 20th at 12:00 UTC; Aurora only.
  o.pixSoon = await insertFixtureOrder(ctx.db, {
    customerName: 'Ana Pix',
    customerEmail: 'Ana.Pix@Example.com',
    customerCpf: '12345678909',
    createdAt: day(1),
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.cap, quantity: 1 },
    ],
  });
  // Unpaid boleto, a later deadline; mixes Aurora and Boreal.
  o.boletoLater = await insertFixtureOrder(ctx.db, {
    customerName: 'Bruno Boleto',
    customerEmail: 'bruno@example.com',
    customerCpf: '52998224725',
    paymentMethod: 'BOLETO',
    createdAt: day(2),
    lines: [
      { variant: catalog.shirt, quantity: 1 },
      { variant: catalog.sneaker, quantity: 3 },
    ],
  });
  // Unpaid card without a deadline.
  o.cardNoDeadline = await insertFixtureOrder(ctx.db, {
    customerName: 'Carla Cartão',
    customerEmail: 'carla@example.com',
    paymentMethod: 'CARD',
    createdAt: day(3),
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
  // Paid Pix whose (old) deadline has passed: paid orders have no deadline any more.
  o.paidPix = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerName: 'Davi Pago',
    customerEmail: 'davi@example.com',
    createdAt: day(4),
    lines: [{ variant: catalog.cap, quantity: 1 }],
  });
  // Shipped, by card.
  o.shippedCard = await insertFixtureOrder(ctx.db, {
    status: 'SHIPPED',
    customerName: 'Eva Enviada',
    customerEmail: 'eva@example.com',
    paymentMethod: 'CARD',
    createdAt: day(5),
    lines: [{ variant: catalog.shirt, quantity: 4 }],
  });
  await setDeadline(o.pixSoon, '2026-01-20T12:00:00Z');
  await setDeadline(o.boletoLater, '2026-01-22T12:00:00Z');
  await setDeadline(o.cardNoDeadline, null);
  await setDeadline(o.paidPix, '2026-01-02T12:00:00Z');
});

afterAll(async () => {
  await ctx.close();
});

describe('orders grid filters', () => {
  it('filters by fulfilment status and by payment method', async () => {
    expect(await numbers({ filter: { fulfilmentStatus: 'SHIPPED' } })).toEqual([
      o.shippedCard!.number,
    ]);
    expect(await numbers({ filter: { paymentMethod: 'CARD' } })).toEqual([
      o.shippedCard!.number,
      o.cardNoDeadline!.number,
    ]);
    const { page } = await list({
      filter: { paymentMethod: 'PIX', fulfilmentStatus: 'UNFULFILLED' },
    });
    expect(page?.totalCount).toBe(2);
    expect(page?.nodes.map((n) => n.number)).toEqual([o.paidPix!.number, o.pixSoon!.number]);
  });

  it('keeps unpaid orders whose deadline ends before the instant, in any zone', async () => {
    expect(await numbers({ filter: { expiresBefore: '2026-01-21T00:00:00Z' } })).toEqual([
      o.pixSoon!.number,
    ]);
    // 09:00 in São Paulo is exactly the Pix deadline: strictly before leaves it out.
    expect(await numbers({ filter: { expiresBefore: '2026-01-20T09:00:00-03:00' } })).toEqual([]);
    expect(await numbers({ filter: { expiresBefore: '2026-01-20T09:00:01-03:00' } })).toEqual([
      o.pixSoon!.number,
    ]);
    expect(await numbers({ filter: { expiresBefore: '2027-01-01T00:00Z' } })).toEqual([
      o.boletoLater!.number,
      o.pixSoon!.number,
    ]);
  });

  it.each(['amanhã', '2026-01-20', '2026-02-30T10:00:00Z', '2026-01-20T10:00:00'])(
    'refuses expiresBefore %s with the field named',
    async (value) => {
      const { page, error } = await list({ filter: { expiresBefore: value } });
      expect(page).toBeNull();
      expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'expiresBefore' });
      expect(error?.message).toMatch(/^Data e hora inválidas/);
    },
  );
});

describe('EXPIRES_SOONEST', () => {
  const noDeadlineFirstById = () =>
    [o.cardNoDeadline!, o.paidPix!, o.shippedCard!].sort((x, y) => (x.id < y.id ? -1 : 1));

  it('puts the soonest deadline first and orders without one last, by id', async () => {
    expect(await numbers({ sort: 'EXPIRES_SOONEST' })).toEqual([
      o.pixSoon!.number,
      o.boletoLater!.number,
      ...noDeadlineFirstById().map((row) => row.number),
    ]);
  });

  it('pages by cursor through the deadlines and into the orders without one', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const { page, error }: { page: GridPage | null; error?: unknown } = await list({
        sort: 'EXPIRES_SOONEST',
        first: 2,
        after,
      });
      expect(error).toBeUndefined();
      seen.push(...page!.nodes.map((n) => n.number));
      if (!page!.pageInfo.hasNextPage) break;
      after = page!.pageInfo.endCursor;
    }
    expect(seen).toEqual([
      o.pixSoon!.number,
      o.boletoLater!.number,
      ...noDeadlineFirstById().map((row) => row.number),
    ]);
  });

  it("refuses another sort's cursor", async () => {
    const { page } = await list({ sort: 'NEWEST', first: 1 });
    const { error } = await list({ sort: 'EXPIRES_SOONEST', after: page!.pageInfo.endCursor });
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });

  it('answers the deadline of unpaid orders only', async () => {
    const { page } = await list({ sort: 'EXPIRES_SOONEST' });
    const byNumber = new Map(page!.nodes.map((n) => [n.number, n.paymentExpiresAt]));
    expect(byNumber.get(o.pixSoon!.number)).toBe('2026-01-20T12:00:00.000Z');
    expect(byNumber.get(o.paidPix!.number)).toBeNull();
    expect(byNumber.get(o.cardNoDeadline!.number)).toBeNull();
  });
});

describe('paging by position', () => {
  it('skips offset orders, with the same order as the cursor pages', async () => {
    const all = await numbers({});
    expect(await numbers({ offset: 2, first: 2 })).toEqual(all.slice(2, 4));
    const { page } = await list({ offset: 4, first: 2 });
    expect(page?.nodes.map((n) => n.number)).toEqual(all.slice(4));
    expect(page?.pageInfo.hasNextPage).toBe(false);
    expect(page?.totalCount).toBe(all.length);
    expect(await numbers({ offset: 10_000 })).toEqual([]);
  });

  it.each([-1, 10_001])('refuses offset %i', async (offset) => {
    const { error } = await list({ offset });
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'offset' });
    expect(error?.message).toBe('A posição deve ser um número de 0 a 10.000.');
  });

  it('refuses offset together with after', async () => {
    const { page } = await list({ first: 1 });
    const { error } = await list({ offset: 1, after: page!.pageInfo.endCursor });
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'offset' });
  });
});

describe('search', () => {
  it.each([
    ['a CPF with punctuation', '123.456.789-09'],
    ['a CPF without it', '12345678909'],
    ['an e-mail in another case', 'ana.pix@EXAMPLE.COM'],
    ['the order number', () => o.pixSoon!.number],
    ['the number without the dash', () => o.pixSoon!.number.replace('-', '')],
    ['the number in lower case', () => o.pixSoon!.number.toLowerCase()],
    ['the bare number', () => o.pixSoon!.number.slice(3)],
  ])('finds the order by %s', async (_label, search) => {
    const text = typeof search === 'function' ? search() : search;
    expect(await numbers({ filter: { search: text } })).toEqual([o.pixSoon!.number]);
  });

  it('never lets a BRAND_MANAGER search by CPF or e-mail', async () => {
    expect(await numbers({ filter: { search: '123.456.789-09' } }, 'manager')).toEqual([]);
    expect(await numbers({ filter: { search: 'ana.pix@example.com' } }, 'manager')).toEqual([]);
    expect(await numbers({ filter: { search: o.pixSoon!.number } }, 'manager')).toEqual([
      o.pixSoon!.number,
    ]);
  });
});

describe('grid fields', () => {
  async function row(number: string, who: StaffRoleKey = 'admin') {
    const { page, error } = await list({ filter: { search: number } }, who);
    expect(error).toBeUndefined();
    return page!.nodes.find((n) => n.number === number);
  }

  it('counts the items and names the brands of the lines the caller sees', async () => {
    expect(await row(o.boletoLater!.number)).toMatchObject({
      itemCount: 4,
      brandNames: ['Aurora', 'Boreal'],
    });
    expect(await row(o.boletoLater!.number, 'support')).toMatchObject({ itemCount: 4 });
    // Aurora's manager sees the Aurora shirt only of the mixed order.
    expect(await row(o.boletoLater!.number, 'manager')).toMatchObject({
      itemCount: 1,
      brandNames: ['Aurora'],
    });
    expect(await row(o.pixSoon!.number, 'manager')).toMatchObject({
      itemCount: 3,
      brandNames: ['Aurora'],
    });
  });

  it('answers the Pix txid of Pix orders only: the number without the dash', async () => {
    expect((await row(o.pixSoon!.number))?.pixTxid).toBe(o.pixSoon!.number.replace('-', ''));
    expect((await row(o.boletoLater!.number))?.pixTxid).toBeNull();
  });

  it("answers the subject of the order's newest mail, not another order's", async () => {
    expect((await row(o.shippedCard!.number))?.lastMailSubject).toBeNull();
    const number = o.shippedCard!.number;
    const at = (s: number) => new Date(Date.UTC(2026, 0, 6, 10, 0, s));
    await ctx.db.insert(mailOutbox).values([
      {
        toAddress: 'eva@example.com',
        subject: `Recebemos seu pedido ${number}`,
        createdAt: at(0),
        textBody: 't',
        htmlBody: 'h',
      },
      {
        toAddress: 'eva@example.com',
        subject: `Seu pedido ${number} foi enviado`,
        createdAt: at(1),
        textBody: 't',
        htmlBody: 'h',
      },
      // Newer, but of an order whose number only starts the same, and to someone else.
      {
        toAddress: 'eva@example.com',
        subject: `Seu pedido ${number}0 foi enviado`,
        createdAt: at(2),
        textBody: 't',
        htmlBody: 'h',
      },
      {
        toAddress: 'outra@example.com',
        subject: `Pedido ${number} cancelado`,
        createdAt: at(3),
        textBody: 't',
        htmlBody: 'h',
      },
    ]);
    expect((await row(number))?.lastMailSubject).toBe(`Seu pedido ${number} foi enviado`);
  });

  it('loads the fields of a whole page with as many statements as for one order (no N+1)', async () => {
    const counted = async (first: number) => {
      const counter = countStatements(ctx.db);
      try {
        const { page, error } = await list({ first });
        expect(error).toBeUndefined();
        expect(page?.nodes).toHaveLength(first);
      } finally {
        counter.stop();
      }
      return counter.count;
    };
    const one = await counted(1);
    expect(await counted(5)).toBe(one);
  });
});
