// The export and the grid read orders through one filter (orders module's orderListFilter): for
// the same filter and sort, each role's CSV holds the very orders, in the same order, that the
// `orders` query lists; and both refuse the same bad filters, naming the same field.
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
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';

const LIST = `query($filter: OrderFilter, $sort: OrderSort, $after: String) {
  orders(filter: $filter, sort: $sort, first: 100, after: $after) {
    pageInfo { hasNextPage endCursor } nodes { number }
  }
}`;

let ctx: TestContext;
let catalog: FixtureCatalog;
let staff: Record<StaffRoleKey, SignedInStaff>;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  const statuses = ['PENDING_PAYMENT', 'PAID', 'SHIPPED', 'CANCELED'] as const;
  const methods = ['PIX', 'CARD', 'BOLETO'] as const;
  const names = ['Ana Pix', 'José Antônio', 'Joana Misto', 'Bruno Boleto'];
  for (let i = 0; i < 14; i += 1) {
    const lines =
      i % 3 === 0
        ? [{ variant: catalog.shirt, quantity: 1 + (i % 2) }]
        : i % 3 === 1
          ? [{ variant: catalog.sneaker, quantity: 1 }]
          : [
              { variant: catalog.cap, quantity: 2 },
              { variant: catalog.sneaker, quantity: 1 },
            ];
    await insertFixtureOrder(ctx.db, {
      status: statuses[i % statuses.length],
      paymentMethod: methods[i % methods.length],
      customerName: names[i % names.length],
      customerEmail: `cliente${i}@example.com`,
      customerCpf: String(10_000_000_000 + i * 7_919).padStart(11, '0'),
      createdAt: new Date(Date.UTC(2026, 0, 1 + i, 14)),
      lines,
    });
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function gridNumbers(
  who: StaffRoleKey,
  filter: Record<string, unknown>,
  sort: string,
): Promise<string[]> {
  const numbers: string[] = [];
  let after: string | null = null;
  do {
    const { body } = await graphql(ctx.app, LIST, { filter, sort, after }, staff[who].token);
    expect(body.errors, JSON.stringify(filter)).toBeUndefined();
    const page = body.data?.orders as {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: { number: string }[];
    };
    numbers.push(...page.nodes.map((node) => node.number));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return numbers;
}

async function exportRequest(who: StaffRoleKey, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/admin/exports/orders',
    headers: { authorization: `Bearer ${staff[who].token}` },
    payload: body,
  });
}

/** The order numbers of the CSV (its first column), in the file's order. */
async function exportNumbers(
  who: StaffRoleKey,
  filter: Record<string, unknown>,
  sort: string,
): Promise<string[]> {
  const answer = await exportRequest(who, { filter, sort });
  expect(answer.statusCode, JSON.stringify(filter)).toBe(200);
  const file = await ctx.app.inject({ method: 'GET', url: (answer.json() as { url: string }).url });
  expect(file.statusCode).toBe(200);
  return file.body
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split(';')[0]!);
}

describe('the export and the grid list the same orders', () => {
  const cases = (): [Record<string, unknown>, string][] => [
    [{}, 'NEWEST'],
    [{ status: 'PAID' }, 'OLDEST'],
    [{ paymentMethod: 'PIX', paymentStatus: 'PENDING' }, 'TOTAL_DESC'],
    [{ fulfilmentStatus: 'UNFULFILLED' }, 'TOTAL_ASC'],
    [{ brandId: catalog.brandA }, 'NEWEST'],
    [{ brandId: catalog.brandB.toUpperCase() }, 'OLDEST'],
    [{ dateFrom: '2026-01-03', dateTo: '2026-01-09' }, 'NEWEST'],
    [{ expiresBefore: '2099-01-01T00:00:00z' }, 'EXPIRES_SOONEST'],
    [{}, 'EXPIRES_SOONEST'],
    [{ search: 'jose antonio' }, 'NEWEST'],
    [{ search: 'cliente3@EXAMPLE.com' }, 'NEWEST'],
    [{ search: 'cliente1' }, 'NEWEST'],
    [{ search: '100.000.079-19' }, 'NEWEST'],
  ];

  it.each(['admin', 'manager', 'support'] as const)('for %s', async (who) => {
    let nonEmpty = 0;
    for (const [filter, sort] of cases()) {
      const grid = await gridNumbers(who, filter, sort);
      expect(await exportNumbers(who, filter, sort), `${who} ${JSON.stringify(filter)}`).toEqual(
        grid,
      );
      if (grid.length > 0) nonEmpty += 1;
    }
    // The comparison means something: most filters match orders.
    expect(nonEmpty).toBeGreaterThan(6);
  });

  it('differs by role as the grid does', async () => {
    const filter = { brandId: catalog.brandB };
    expect(await exportNumbers('manager', filter, 'NEWEST')).toEqual([]);
    expect((await exportNumbers('admin', filter, 'NEWEST')).length).toBeGreaterThan(0);
    expect(await exportNumbers('manager', { search: 'cliente3@example.com' }, 'NEWEST')).toEqual(
      [],
    );
    expect(await exportNumbers('support', { search: 'cliente3@example.com' }, 'NEWEST')).toEqual(
      await gridNumbers('support', { search: 'cliente3@example.com' }, 'NEWEST'),
    );
  });
});

describe('the export and the grid refuse the same filters', () => {
  it.each([
    [{ brandId: 'nao-e-uuid' }, 'brandId'],
    [{ dateFrom: '2026-02-30' }, 'dateFrom'],
    [{ dateFrom: '2026-02-10', dateTo: '2026-02-01' }, 'dateFrom'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ expiresBefore: '2026-01-31' }, 'expiresBefore'],
    [{ expiresBefore: '2026-02-30T10:00:00Z' }, 'expiresBefore'],
  ])('%j', async (filter, field) => {
    const { body } = await graphql(ctx.app, LIST, { filter }, staff.admin.token);
    const error = body.errors?.[0] as
      { message: string; extensions?: { code?: string; field?: string } } | undefined;
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    const answer = await exportRequest('admin', { filter });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: error?.message, field: `filter.${field}` });
  });
});
