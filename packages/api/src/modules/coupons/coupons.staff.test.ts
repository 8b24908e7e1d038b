// Coupons admin through GraphQL: ADMIN only, validation messages naming the field, unique codes,
// and deleting only coupons nobody used.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../orders/orders.fixtures';

const FIELDS = `id code description kind percent amountCents freeShipping minSubtotalCents startsAt
  endsAt usageLimit perEmailLimit brandIds categoryIds usedCount active`;
const CREATE = `mutation($input: CouponInput!) { couponCreate(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: CouponInput!) { couponUpdate(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { couponDelete(id: $id) }`;

let ctx: TestContext;
let catalog: FixtureCatalog;
let admin: string;
let support: string;
let manager: string;

async function create(input: Record<string, unknown>, token = admin) {
  const { body } = await graphql(ctx.app, CREATE, { input }, token);
  return { coupon: body.data?.couponCreate as Record<string, unknown> | undefined, body };
}

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [catalog.brandA] });
  admin = staff.admin.token;
  support = staff.support.token;
  manager = staff.manager.token;
});

afterAll(async () => {
  await ctx.close();
});

describe('coupons admin', () => {
  it('creates a percentage coupon, storing the code in capitals, and lists it', async () => {
    const { coupon, body } = await create({
      code: ' bemvindo10 ',
      description: 'Primeira compra',
      kind: 'PERCENT',
      percent: 10,
      minSubtotalCents: 10000,
      startsAt: '2026-01-01',
      endsAt: '2026-01-31',
      usageLimit: 100,
      perEmailLimit: 1,
      brandIds: [catalog.brandA, catalog.brandA],
    });
    expect(body.errors).toBeUndefined();
    expect(coupon).toMatchObject({
      code: 'BEMVINDO10',
      kind: 'PERCENT',
      percent: 10,
      amountCents: null,
      freeShipping: false,
      // Calendar days in the store's zone (-03:00): the whole of the last day counts.
      startsAt: '2026-01-01T03:00:00.000Z',
      endsAt: '2026-02-01T02:59:59.999Z',
      brandIds: [catalog.brandA],
      categoryIds: [],
      usedCount: 0,
      active: true,
    });
    const { body: listed } = await graphql(ctx.app, '{ coupons { code } }', {}, admin);
    expect(listed.data?.coupons).toEqual([{ code: 'BEMVINDO10' }]);
  });

  it('creates fixed-amount and free-shipping coupons', async () => {
    const fixed = await create({ code: 'MENOS20', kind: 'FIXED', amountCents: 2000 });
    expect(fixed.coupon).toMatchObject({ kind: 'FIXED', amountCents: 2000, percent: null });
    const free = await create({ code: 'FRETEGRATIS', kind: 'FREE_SHIPPING' });
    expect(free.coupon).toMatchObject({ kind: 'FREE_SHIPPING', freeShipping: true });
  });

  it.each([
    [{ code: 'com espaço', kind: 'FIXED', amountCents: 100 }, 'code'],
    [{ code: 'ÇUPOM', kind: 'FIXED', amountCents: 100 }, 'code'],
    [{ code: 'X'.repeat(41), kind: 'FIXED', amountCents: 100 }, 'code'],
    [{ code: 'P1', kind: 'PERCENT' }, 'percent'],
    [{ code: 'P2', kind: 'PERCENT', percent: 0 }, 'percent'],
    [{ code: 'P3', kind: 'PERCENT', percent: 100.5 }, 'percent'],
    [{ code: 'P4', kind: 'PERCENT', percent: 10.123 }, 'percent'],
    [{ code: 'P5', kind: 'PERCENT', percent: 10, amountCents: 500 }, 'amountCents'],
    [{ code: 'F1', kind: 'FIXED' }, 'amountCents'],
    [{ code: 'F2', kind: 'FIXED', amountCents: 0 }, 'amountCents'],
    [{ code: 'F3', kind: 'FIXED', amountCents: -5 }, 'amountCents'],
    [{ code: 'F4', kind: 'FIXED', amountCents: 10_000_001 }, 'amountCents'],
    [{ code: 'S1', kind: 'FREE_SHIPPING', percent: 5 }, 'kind'],
    [{ code: 'M1', kind: 'FIXED', amountCents: 100, minSubtotalCents: -1 }, 'minSubtotalCents'],
    [{ code: 'D1', kind: 'FIXED', amountCents: 100, startsAt: '01/02/2026' }, 'startsAt'],
    [{ code: 'D2', kind: 'FIXED', amountCents: 100, endsAt: '2026-02-31' }, 'endsAt'],
    [
      { code: 'D3', kind: 'FIXED', amountCents: 100, startsAt: '2026-03-01', endsAt: '2026-02-01' },
      'endsAt',
    ],
    [{ code: 'U1', kind: 'FIXED', amountCents: 100, usageLimit: 0 }, 'usageLimit'],
    [
      { code: 'U2', kind: 'FIXED', amountCents: 100, usageLimit: 5, perEmailLimit: 6 },
      'perEmailLimit',
    ],
    [{ code: 'B1', kind: 'FIXED', amountCents: 100, brandIds: ['nao-e-uuid'] }, 'brandIds'],
    [
      {
        code: 'B2',
        kind: 'FIXED',
        amountCents: 100,
        categoryIds: ['00000000-0000-4000-8000-000000000000'],
      },
      'categoryIds',
    ],
  ])('refuses %j naming the field %s', async (input, field) => {
    const { body } = await create(input);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(body.errors?.[0]?.message).toMatch(/[a-zà-ú]/);
  });

  it('refuses a code already taken, whatever its case', async () => {
    await create({ code: 'UNICO', kind: 'FIXED', amountCents: 500 });
    const { body } = await create({ code: 'unico', kind: 'FIXED', amountCents: 900 });
    expect(body.errors?.[0]).toMatchObject({
      message: 'Já existe um cupom com o código UNICO.',
      extensions: { code: 'BAD_USER_INPUT', field: 'code' },
    });
  });

  it('updates a coupon, refusing a usage limit below the uses already made', async () => {
    const { coupon } = await create({ code: 'MUDA', kind: 'FIXED', amountCents: 500 });
    const id = coupon!.id as string;
    const updated = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { code: 'MUDOU', kind: 'PERCENT', percent: 12.5, active: false } },
      admin,
    );
    expect(updated.body.data?.couponUpdate).toMatchObject({
      code: 'MUDOU',
      kind: 'PERCENT',
      percent: 12.5,
      amountCents: null,
      active: false,
    });
    for (let i = 0; i < 2; i += 1) {
      await insertFixtureOrder(ctx.db, {
        couponId: id,
        discountCents: 500,
        lines: [{ variant: catalog.shirt, quantity: 1 }],
      });
    }
    const input = { code: 'MUDOU', kind: 'FIXED', amountCents: 100 };
    const belowUses = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...input, usageLimit: 1 } },
      admin,
    );
    expect(belowUses.body.errors?.[0]).toMatchObject({
      message: 'O limite de usos não pode ser menor que os usos já feitos (2).',
      extensions: { field: 'usageLimit' },
    });
    const atUses = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...input, usageLimit: 2 } },
      admin,
    );
    expect(atUses.body.data?.couponUpdate).toMatchObject({ usageLimit: 2, usedCount: 2 });
  });

  it('deletes an unused coupon and refuses to delete a used one', async () => {
    const { coupon } = await create({ code: 'APAGAR', kind: 'FIXED', amountCents: 500 });
    const gone = await graphql(ctx.app, DELETE, { id: coupon!.id }, admin);
    expect(gone.body.data?.couponDelete).toBe(true);
    const again = await graphql(ctx.app, DELETE, { id: coupon!.id }, admin);
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const { coupon: used } = await create({ code: 'USADO', kind: 'FIXED', amountCents: 500 });
    await insertFixtureOrder(ctx.db, {
      couponId: used!.id as string,
      discountCents: 500,
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    const refused = await graphql(ctx.app, DELETE, { id: used!.id }, admin);
    expect(refused.body.errors?.[0]?.message).toBe(
      'Este cupom já foi usado em pedidos e não pode ser excluído: desative-o.',
    );
  });

  it.each([
    ['SUPPORT', () => support],
    ['BRAND_MANAGER', () => manager],
  ])('refuses %s with FORBIDDEN on every coupon operation', async (_role, token) => {
    const list = await graphql(ctx.app, '{ coupons { id } }', {}, token());
    expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const made = await create({ code: 'NAOPODE', kind: 'FIXED', amountCents: 100 }, token());
    expect(made.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const id = '00000000-0000-4000-8000-000000000000';
    const upd = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { code: 'X', kind: 'FIXED', amountCents: 1 } },
      token(),
    );
    expect(upd.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const del = await graphql(ctx.app, DELETE, { id }, token());
    expect(del.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('coupons admin: the audit log', () => {
  it('records coupon.create, coupon.update (changed fields only) and coupon.delete', async () => {
    const { coupon } = await create({ code: 'AUDITADO', kind: 'FIXED', amountCents: 1500 });
    const id = coupon!.id as string;
    const changed = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { code: 'AUDITADO', kind: 'FIXED', amountCents: 2000 } },
      admin,
    );
    expect(changed.body.errors).toBeUndefined();
    const deleted = await graphql(ctx.app, DELETE, { id }, admin);
    expect(deleted.body.data?.couponDelete).toBe(true);
    const rows = await ctx.db.execute<{
      action: string;
      entity: string;
      entity_id: string;
      entity_label: string;
      actor_email: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      sql`SELECT action, entity, entity_id, entity_label, actor_email, before, after FROM audit_log
        WHERE entity = 'COUPON' AND entity_id = ${id} ORDER BY at, action`,
    );
    expect(rows.rows.map((row) => row.action)).toEqual([
      'coupon.create',
      'coupon.update',
      'coupon.delete',
    ]);
    expect(rows.rows[0]).toMatchObject({
      entity_label: 'AUDITADO',
      actor_email: 'admin@vitrine.test',
      after: { code: 'AUDITADO', kind: 'fixed', amountCents: 1500 },
    });
    expect(rows.rows[1]).toMatchObject({
      before: { amountCents: 1500 },
      after: { amountCents: 2000 },
    });
    expect(Object.keys(rows.rows[1]!.after!)).toEqual(['amountCents']);
    expect(rows.rows[2]).toMatchObject({ before: { amountCents: 2000 }, after: null });
  });

  it('writes no entry when a change is refused', async () => {
    const before = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'COUPON'`,
    );
    const { body } = await create({ code: 'RUIM', kind: 'PERCENT', percent: 150 });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const after = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'COUPON'`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
