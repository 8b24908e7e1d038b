import { sql } from 'drizzle-orm';
// Staff order queries on a real database: filters, text search, cursor pages, visibility by
// role and the order detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  type TestContext,
} from '../../../test/helpers';
import type { OrderRow } from './orders.tables';
import { insertFixtureOrder, seedFixtureCatalog, type FixtureCatalog } from './orders.fixtures';

const PASSWORD = 'senha de teste bem longa';
const LIST = `query($filter: OrderFilter, $sort: OrderSort, $first: Int, $after: String) {
  orders(filter: $filter, sort: $sort, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { number } }
    nodes { number totalCents }
  }
}`;

interface ListResult {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: { number: string } }[];
  nodes: { number: string; totalCents: number }[];
}

let ctx: TestContext;
let catalog: FixtureCatalog;
let admin: string;
let managerA: string;
const o: Record<string, OrderRow> = {};

async function list(variables: Record<string, unknown>, token = admin) {
  const { body } = await graphql(ctx.app, LIST, variables, token);
  return { result: body.data?.orders as ListResult | undefined, errors: body.errors };
}

const numbers = (result: ListResult | undefined) => result?.nodes.map((n) => n.number) ?? [];

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  await createStaffUser(ctx.db, { email: 'admin@vitrine.test', password: PASSWORD, role: 'ADMIN' });
  await createStaffUser(ctx.db, {
    email: 'aurora@vitrine.test',
    password: PASSWORD,
    role: 'BRAND_MANAGER',
    brandIds: [catalog.brandA],
  });
  admin = await loginAs(ctx.app, 'admin@vitrine.test', PASSWORD);
  managerA = await loginAs(ctx.app, 'aurora@vitrine.test', PASSWORD);

  o.joao = await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerName: 'João Pereira',
    customerEmail: 'joao.pereira@example.com',
    customerCpf: '11144477735',
    createdAt: new Date('2026-01-10T12:00:00Z'),
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  o.ana = await insertFixtureOrder(ctx.db, {
    customerName: 'Ana Souza',
    customerEmail: 'ana@example.com',
    createdAt: new Date('2026-01-11T12:00:00Z'),
    lines: [{ variant: catalog.sneaker, quantity: 1 }],
  });
  o.jose = await insertFixtureOrder(ctx.db, {
    status: 'SHIPPED',
    customerName: 'José Antônio',
    customerEmail: 'jose@example.com',
    createdAt: new Date('2026-01-12T12:00:00Z'),
    lines: [
      { variant: catalog.shirt, quantity: 2 },
      { variant: catalog.sneaker, quantity: 1 },
    ],
  });
  // 23:00 on the 12th in São Paulo, already the 13th in UTC.
  o.late = await insertFixtureOrder(ctx.db, {
    status: 'CANCELED',
    customerName: 'Lúcia Noite',
    customerEmail: 'lucia@example.com',
    createdAt: new Date('2026-01-13T02:00:00Z'),
    lines: [{ variant: catalog.cap, quantity: 1 }],
  });
  for (let i = 0; i < 5; i += 1) {
    o[`bulk${i}`] = await insertFixtureOrder(ctx.db, {
      customerName: `Cliente ${i}`,
      customerEmail: `cliente${i}@example.com`,
      // Two share the same instant: the id breaks the tie in the keyset.
      createdAt: new Date(Date.UTC(2026, 0, 5, 12, 0, i < 2 ? 0 : i)),
      lines: [{ variant: catalog.cap, quantity: i + 1 }],
    });
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('orders query', () => {
  it('lists every order newest first with the total count', async () => {
    const { result } = await list({});
    expect(result?.totalCount).toBe(9);
    expect(numbers(result).slice(0, 4)).toEqual([
      o.late!.number,
      o.jose!.number,
      o.ana!.number,
      o.joao!.number,
    ]);
    expect(result?.pageInfo.hasNextPage).toBe(false);
  });

  it('filters by status and by payment status', async () => {
    expect(numbers((await list({ filter: { status: 'SHIPPED' } })).result)).toEqual([
      o.jose!.number,
    ]);
    const { result } = await list({ filter: { paymentStatus: 'PAID' } });
    expect(numbers(result)).toEqual([o.jose!.number, o.joao!.number]);
    expect(result?.totalCount).toBe(2);
  });

  it('filters by brand: orders with at least one line of it', async () => {
    const { result } = await list({ filter: { brandId: catalog.brandB } });
    expect(numbers(result)).toEqual([o.jose!.number, o.ana!.number]);
  });

  it("filters by calendar days of the store's zone", async () => {
    const { result } = await list({ filter: { dateFrom: '2026-01-12', dateTo: '2026-01-12' } });
    expect(numbers(result)).toEqual([o.late!.number, o.jose!.number]);
    const { result: from11 } = await list({ filter: { dateFrom: '2026-01-11' } });
    expect(from11?.totalCount).toBe(3);
  });

  it.each([
    ['the order number', () => o.joao!.number, () => [o.joao!.number]],
    ['the bare order number', () => o.joao!.number.slice(3), () => [o.joao!.number]],
    ['a name without accents', () => 'jose antonio', () => [o.jose!.number]],
    ['part of an e-mail', () => 'PEREIRA@EXAMPLE', () => [o.joao!.number]],
    ['a CPF with punctuation', () => '111.444.777-35', () => [o.joao!.number]],
  ])('searches by %s', async (_what, term, expected) => {
    const { result } = await list({ filter: { search: term() } });
    expect(numbers(result)).toEqual(expected());
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const { result } = await list({ filter: { search: '%' } });
    expect(result?.totalCount).toBe(0);
  });

  it('walks every page with the cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const { result } = await list({ first: 2, after });
      seen.push(...numbers(result));
      expect(result?.totalCount).toBe(9);
      if (!result?.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
    }
    const all = numbers((await list({ first: 100 })).result);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(9);
  });

  it('pages by total, highest first', async () => {
    const first = await list({ sort: 'TOTAL_DESC', first: 3 });
    const second = await list({
      sort: 'TOTAL_DESC',
      first: 100,
      after: first.result?.pageInfo.endCursor,
    });
    const totals = [...(first.result?.nodes ?? []), ...(second.result?.nodes ?? [])].map(
      (n) => n.totalCents,
    );
    expect(totals).toHaveLength(9);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it.each([
    [{ first: 0 }, 'first'],
    [{ first: 101 }, 'first'],
    [{ after: 'não-é-um-cursor' }, 'after'],
    [{ filter: { dateFrom: '2026-02-30' } }, 'dateFrom'],
    [{ filter: { dateFrom: '2026-01-10', dateTo: '2026-01-01' } }, 'dateFrom'],
    [{ filter: { brandId: 'x' } }, 'brandId'],
    [{ filter: { search: 'x'.repeat(101) } }, 'search'],
  ])('refuses %j with BAD_USER_INPUT on %s', async (variables, field) => {
    const { errors } = await list(variables);
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('refuses a cursor made for another sort', async () => {
    const { result } = await list({ first: 1 });
    const { errors } = await list({ sort: 'TOTAL_ASC', after: result?.pageInfo.endCursor });
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('shows a BRAND_MANAGER only orders containing their brands', async () => {
    const { result } = await list({ first: 100 }, managerA);
    expect(result?.totalCount).toBe(8);
    expect(numbers(result)).not.toContain(o.ana!.number);
    expect(numbers(result)).toContain(o.jose!.number);
  });

  it('requires a session', async () => {
    const { errors } = await list({}, '');
    expect(errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('order query', () => {
  const DETAIL = `query($id: ID!) { order(id: $id) {
    number status paymentStatus fulfilmentStatus paymentMethod installments
    customer { name email cpf phone }
    address { postalCode street number complement district city uf }
    shippingMethodName shippingMethodKind weightGrams subtotalCents shippingCents totalCents
    refundedCents
    lines { position brandName productName variantLabel sku unitPriceCents quantity lineTotalCents }
    timeline { type toStatus actor createdAt }
    payments { provider }
    refunds { amountCents }
    createdAt
  } }`;

  it('answers an order with its lines, timeline, payments and refunds', async () => {
    const { body } = await graphql(ctx.app, DETAIL, { id: o.jose!.id }, admin);
    expect(body.errors).toBeUndefined();
    expect(body.data?.order).toMatchObject({
      number: o.jose!.number,
      status: 'SHIPPED',
      paymentMethod: 'PIX',
      customer: { name: 'José Antônio', email: 'jose@example.com', cpf: '52998224725' },
      address: { postalCode: '01310100', number: '1000', uf: 'SP' },
      shippingMethodKind: 'DELIVERY',
      // The parcel's weight as quoted at checkout, for the packing slip and the declaration.
      weightGrams: 1250,
      subtotalCents: 30000,
      totalCents: 31500,
      refundedCents: 0,
      lines: [
        {
          position: 0,
          brandName: 'Aurora',
          productName: 'Camiseta Básica',
          variantLabel: 'Tamanho M · Cor Azul',
          sku: 'CAM-M-AZ',
          unitPriceCents: 5000,
          quantity: 2,
          lineTotalCents: 10000,
        },
        expect.objectContaining({ position: 1, brandName: 'Boreal', quantity: 1 }),
      ],
      timeline: [{ type: 'placed', toStatus: 'PENDING_PAYMENT', actor: 'customer' }].map((e) =>
        expect.objectContaining(e),
      ),
      payments: [],
      refunds: [],
      createdAt: '2026-01-12T12:00:00.000Z',
    });
  });

  it("gives the print pages the parcel, stacked from the variants' dimensions; null while one has none", async () => {
    const PARCEL = `query($id: ID!) { order(id: $id) { parcel { lengthCm widthCm heightCm } } }`;
    const parcel = async () =>
      (
        (await graphql(ctx.app, PARCEL, { id: o.jose!.id }, admin)).body.data?.order as {
          parcel: unknown;
        }
      ).parcel;
    await ctx.db.execute(
      sql`UPDATE variants SET length_cm = 30, width_cm = 25, height_cm = 4 WHERE id = ${catalog.shirt.id}::uuid`,
    );
    expect(await parcel()).toBeNull();
    await ctx.db.execute(
      sql`UPDATE variants SET length_cm = 35, width_cm = 22, height_cm = 13 WHERE id = ${catalog.sneaker.id}::uuid`,
    );
    // Two shirts (30 × 25 × 4) and a shoe box (35 × 22 × 13), laid flat one on another.
    expect(await parcel()).toEqual({ lengthCm: 35, widthCm: 25, heightCm: 21 });
  });

  it('answers null for an unknown id, a malformed id, or an order of other brands for a BRAND_MANAGER', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const { body } = await graphql(ctx.app, DETAIL, { id }, admin);
      expect(body.data?.order).toBeNull();
    }
    const hidden = await graphql(ctx.app, DETAIL, { id: o.ana!.id }, managerA);
    expect(hidden.body.data?.order).toBeNull();
    const mixed = await graphql(ctx.app, DETAIL, { id: o.jose!.id }, managerA);
    expect(mixed.body.data?.order).not.toBeNull();
  });
});
