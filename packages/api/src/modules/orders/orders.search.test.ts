// The orders grid's search on indexes (migration 0016): a whole e-mail, a CPF and an order number
// are looked up by equality and find exactly the orders a plain reading of each kind finds, per
// role; text (part of a name, number or e-mail) still matches as before. The plans use the indexes.
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
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';
import { classifySearch, orderListWhere, type OrderListFilter } from './orders.staff.repository';
import type { OrderRow } from './orders.tables';

const LIST = `query($filter: OrderFilter) {
  orders(filter: $filter, first: 100) { totalCount nodes { number } }
}`;

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<StaffRoleKey, SignedInStaff>;
/** Every order with whether Aurora's BRAND_MANAGER sees it (a line of Aurora). */
const all: { order: OrderRow; aurora: boolean }[] = [];

const CUSTOMERS = [
  { name: 'Ana Pix', email: 'Ana.Pix@Example.com', cpf: '12345678909', brand: 'aurora' },
  // The same person again, her e-mail in another case.
  { name: 'Ana Pix', email: 'ana.pix@example.com', cpf: '12345678909', brand: 'boreal' },
  // An e-mail that contains Ana's: exact look-ups must not find it.
  { name: 'Mariana Pix', email: 'mariana.pix@example.com', cpf: '52998224725', brand: 'aurora' },
  { name: 'José Antônio', email: 'jose@example.com', cpf: '11144477735', brand: 'boreal' },
  { name: 'Joana Misto', email: 'joana.misto@example.org', cpf: '39053344705', brand: 'both' },
  // A CPF that contains another's digits.
  { name: 'Caio Prado', email: 'caio@example.com', cpf: '01234567890', brand: 'aurora' },
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  let day = 1;
  for (const customer of CUSTOMERS) {
    const lines =
      customer.brand === 'aurora'
        ? [{ variant: catalog.shirt, quantity: 1 }]
        : customer.brand === 'boreal'
          ? [{ variant: catalog.sneaker, quantity: 1 }]
          : [
              { variant: catalog.cap, quantity: 1 },
              { variant: catalog.sneaker, quantity: 1 },
            ];
    const order = await insertFixtureOrder(ctx.db, {
      customerName: customer.name,
      customerEmail: customer.email,
      customerCpf: customer.cpf,
      createdAt: new Date(Date.UTC(2026, 0, day++, 15)),
      lines,
    });
    all.push({ order, aurora: customer.brand !== 'boreal' });
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function found(search: string, who: StaffRoleKey): Promise<string[]> {
  const { body } = await graphql(ctx.app, LIST, { filter: { search } }, staff[who].token);
  expect(body.errors).toBeUndefined();
  const page = body.data?.orders as { totalCount: number; nodes: { number: string }[] };
  expect(page.totalCount).toBe(page.nodes.length);
  return page.nodes.map((node) => node.number).sort();
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** What each kind of search means, read plainly over every order (no index, no SQL). */
function expected(search: string, who: StaffRoleKey): string[] {
  const contact = who !== 'manager';
  const text = search.trim();
  const digits = text.replace(/\D/g, '');
  const bareNumber = /^(?:vt)?[\s-]?(\d{1,15})$/i.exec(text)?.[1];
  const number = bareNumber ? `VT-${Number(bareNumber)}` : null;
  return all
    .filter(({ aurora }) => who !== 'manager' || aurora)
    .map(({ order }) => order)
    .filter((order) => {
      switch (classifySearch(search).kind) {
        case 'email':
          return contact && order.customerEmail.toLowerCase() === text.toLowerCase();
        case 'cpf':
          return (contact && order.customerCpf === digits) || order.number === number;
        case 'number':
          return order.number === number;
        case 'text':
          return (
            order.number.toLowerCase().includes(text.toLowerCase()) ||
            fold(order.customerName).includes(fold(text)) ||
            (contact && order.customerEmail.toLowerCase().includes(text.toLowerCase()))
          );
      }
    })
    .map((order) => order.number)
    .sort();
}

describe('search kinds', () => {
  it.each([
    ['ana.pix@example.com', 'email'],
    ['ANA.PIX@EXAMPLE.COM', 'email'],
    ['123.456.789-09', 'cpf'],
    ['12345678909', 'cpf'],
    ['123 456 789 09', 'cpf'],
    ['VT-10023', 'number'],
    ['vt10023', 'number'],
    ['10023', 'number'],
    ['ana.pix@', 'text'],
    ['@example', 'text'],
    ['José', 'text'],
    ['123.456', 'text'],
  ] as const)('reads %s as %s', (search, kind) => {
    expect(classifySearch(search).kind).toBe(kind);
  });
});

describe('searching on indexes finds what each kind means', () => {
  const searches = () => [
    // Whole e-mails, in any case: exactly that address, never one that contains it.
    'ana.pix@example.com',
    'ANA.PIX@Example.COM',
    'mariana.pix@example.com',
    'ninguem@example.com',
    // CPFs with and without punctuation; a CPF's digits inside another CPF find nothing else.
    '123.456.789-09',
    '12345678909',
    ' 111.444.777-35 ',
    '012.345.678-90',
    '000.000.000-00',
    // Order numbers in their spellings.
    all[3]!.order.number,
    all[3]!.order.number.toLowerCase().replace('-', ''),
    all[4]!.order.number.slice(3),
    'VT-999999',
    // Text: part of a name (accents or not), of an e-mail, of a number.
    'jose antonio',
    'JOSÉ',
    'pix',
    'ana.pix@',
    'joana.misto@',
    '@example.org',
    all[0]!.order.number.slice(0, 5),
    '%',
  ];

  it.each(['admin', 'support', 'manager'] as const)('for %s', async (who) => {
    for (const search of searches()) {
      expect(await found(search, who), `${who}: ${search}`).toEqual(expected(search, who));
    }
  });

  it('finds both orders of an e-mail written in two cases, and one order by CPF digits', async () => {
    expect(await found('ana.pix@example.com', 'admin')).toEqual(
      [all[0]!.order.number, all[1]!.order.number].sort(),
    );
    expect(await found('ANA.PIX@EXAMPLE.COM', 'manager')).toEqual([]);
    expect(await found('012.345.678-90', 'support')).toEqual([all[5]!.order.number]);
    expect(await found('01234567890', 'manager')).toEqual([]);
    expect(await found('josé antônio', 'manager')).toEqual([]);
    expect(await found('joana', 'manager')).toEqual([all[4]!.order.number]);
  });
});

describe('the plans', () => {
  /** The plan of the grid's WHERE for `filter` with sequential scans discouraged. */
  async function plan(filter: OrderListFilter): Promise<string> {
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM orders WHERE ${orderListWhere(filter)}`,
      );
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
  }

  it('looks a CPF, a whole e-mail and a number up on their indexes', async () => {
    expect(await plan({ search: '123.456.789-09' })).toContain('orders_cpf_idx');
    expect(await plan({ search: 'Ana.Pix@Example.com' })).toContain('orders_email_lower_idx');
    expect(await plan({ search: 'VT-10023' })).toContain('orders_number_key');
    // A BRAND_MANAGER's CPF-shaped search is a number look-up only.
    const manager = await plan({ search: '12345678909', searchContact: false });
    expect(manager).toContain('orders_number_key');
    expect(manager).not.toContain('orders_cpf_idx');
  });

  it('scans for text, which can be anywhere in a name', async () => {
    const text = await plan({ search: 'jose' });
    expect(text).toContain('Seq Scan');
    expect(text).not.toMatch(/orders_(cpf|email_lower)_idx|orders_number_key/);
  });
});
