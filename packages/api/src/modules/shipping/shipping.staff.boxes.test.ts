// The store's boxes through GraphQL: ADMIN only, each size and weight checked with its field named
// in Portuguese (and by the database's own CHECKs), one box per name whatever the case, listed in
// the order the packing tries them, every change in the audit log. The real database (PGlite).
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
import { shippingBoxes } from './shipping.tables';

const FIELDS = 'id name lengthCm widthCm heightCm weightGrams maxWeightGrams createdAt updatedAt';
const LIST = `{ shippingBoxes { ${FIELDS} } }`;
const CREATE = `mutation($input: ShippingBoxInput!) { shippingBoxCreate(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: ShippingBoxInput!) { shippingBoxUpdate(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { shippingBoxDelete(id: $id) }';

const MEDIUM = {
  name: 'Caixa M',
  lengthCm: 30,
  widthCm: 20,
  heightCm: 10,
  weightGrams: 150,
  maxWeightGrams: 5000,
};

let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;

async function create(input: Record<string, unknown>, token = staff.admin.token) {
  const { body } = await graphql(ctx.app, CREATE, { input }, token);
  return { box: body.data?.shippingBoxCreate as Record<string, unknown> | undefined, body };
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaffRoles(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('the store’s boxes', () => {
  it('creates a box, trimming its name, the empty box weighing 0 g when not given', async () => {
    const { box, body } = await create({ ...MEDIUM, name: '  Envelope  ', weightGrams: null });
    expect(body.errors).toBeUndefined();
    expect(box).toMatchObject({ name: 'Envelope', weightGrams: 0, lengthCm: 30 });
    expect(Date.parse(box!.createdAt as string)).not.toBeNaN();
    const [row] = await ctx.db
      .select()
      .from(shippingBoxes)
      .where(sql`id = ${box!.id}`);
    expect(row).toMatchObject({ name: 'Envelope', heightCm: 10, maxWeightGrams: 5000 });
    await graphql(ctx.app, DELETE, { id: box!.id }, staff.admin.token);
  });

  it('lists the boxes smallest (by volume) first, then by name', async () => {
    await create({ ...MEDIUM, name: 'Grande', lengthCm: 40, widthCm: 30, heightCm: 20 });
    await create({ ...MEDIUM, name: 'Pequena', lengthCm: 20, widthCm: 15, heightCm: 5 });
    await create({ ...MEDIUM, name: 'Média B' });
    await create({ ...MEDIUM, name: 'Média A', lengthCm: 10, widthCm: 30, heightCm: 20 });
    const { body } = await graphql(ctx.app, LIST, {}, staff.admin.token);
    const names = (body.data?.shippingBoxes as { name: string }[]).map((box) => box.name);
    expect(names).toEqual(['Pequena', 'Média A', 'Média B', 'Grande']);
  });

  it.each([
    [{ ...MEDIUM, name: '   ' }, 'name', 'Informe o nome da caixa.'],
    [{ ...MEDIUM, name: 'x'.repeat(61) }, 'name', 'O nome pode ter no máximo 60 caracteres.'],
    [
      { ...MEDIUM, lengthCm: 0 },
      'lengthCm',
      'O comprimento deve ser de 1 a 200 cm, em centímetros inteiros.',
    ],
    [
      { ...MEDIUM, widthCm: 201 },
      'widthCm',
      'A largura deve ser de 1 a 200 cm, em centímetros inteiros.',
    ],
    [
      { ...MEDIUM, heightCm: -3 },
      'heightCm',
      'A altura deve ser de 1 a 200 cm, em centímetros inteiros.',
    ],
    [
      { ...MEDIUM, weightGrams: -1 },
      'weightGrams',
      'O peso da caixa vazia deve ser de 0 a 10.000 g.',
    ],
    [
      { ...MEDIUM, weightGrams: 10_001 },
      'weightGrams',
      'O peso da caixa vazia deve ser de 0 a 10.000 g.',
    ],
    [
      { ...MEDIUM, maxWeightGrams: 0 },
      'maxWeightGrams',
      'O peso máximo do conteúdo deve ser de 1 g a 100.000 g (100 kg).',
    ],
    [
      { ...MEDIUM, maxWeightGrams: 100_001 },
      'maxWeightGrams',
      'O peso máximo do conteúdo deve ser de 1 g a 100.000 g (100 kg).',
    ],
  ])('refuses a malformed box (%#) naming %s', async (input, field, message) => {
    const before = await ctx.db.select().from(shippingBoxes);
    const { body } = await create({
      ...input,
      name: input.name === MEDIUM.name ? 'Nova' : input.name,
    });
    expect(body.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
    expect(await ctx.db.select().from(shippingBoxes)).toHaveLength(before.length);
  });

  it('keeps one box per name, whatever the case, on create and on rename', async () => {
    const { box } = await create({ ...MEDIUM, name: 'Sacola' });
    const again = await create({ ...MEDIUM, name: 'SACOLA' });
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'Já existe uma caixa chamada SACOLA.',
      extensions: { code: 'BAD_USER_INPUT', field: 'name' },
    });
    const other = await create({ ...MEDIUM, name: 'Sacola 2' });
    const renamed = await graphql(
      ctx.app,
      UPDATE,
      { id: other.box!.id, input: { ...MEDIUM, name: 'sacola' } },
      staff.admin.token,
    );
    expect(renamed.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'name',
    });
    // Its own name, in another case: allowed.
    const same = await graphql(
      ctx.app,
      UPDATE,
      { id: box!.id, input: { ...MEDIUM, name: 'SACOLA' } },
      staff.admin.token,
    );
    expect(same.body.data?.shippingBoxUpdate).toMatchObject({ name: 'SACOLA' });
  });

  it('has the database refuse what the service would (the CHECKs and the unique name)', async () => {
    const insert = (values: Partial<typeof shippingBoxes.$inferInsert>) =>
      ctx.db.insert(shippingBoxes).values({ ...MEDIUM, name: 'Direto', ...values });
    await expect(insert({ lengthCm: 201 })).rejects.toThrow();
    await expect(insert({ heightCm: 0 })).rejects.toThrow();
    await expect(insert({ weightGrams: -1 })).rejects.toThrow();
    await expect(insert({ maxWeightGrams: 0 })).rejects.toThrow();
    await expect(insert({ name: ' ' })).rejects.toThrow();
    await insert({});
    await expect(insert({ name: 'DIRETO' })).rejects.toThrow();
  });

  it('updates and deletes a box; an unknown or malformed id is NOT_FOUND', async () => {
    const { box } = await create({ ...MEDIUM, name: 'Caixa sapato' });
    const id = box!.id as string;
    const updated = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...MEDIUM, name: 'Caixa sapato', heightCm: 14, maxWeightGrams: 3000 } },
      staff.admin.token,
    );
    expect(updated.body.data?.shippingBoxUpdate).toMatchObject({
      id,
      heightCm: 14,
      maxWeightGrams: 3000,
    });
    expect((await graphql(ctx.app, DELETE, { id }, staff.admin.token)).body.data).toEqual({
      shippingBoxDelete: true,
    });
    for (const missing of [id, 'nao-e-um-id']) {
      const again = await graphql(ctx.app, DELETE, { id: missing }, staff.admin.token);
      expect(again.body.errors?.[0]).toMatchObject({
        message: 'Caixa não encontrada.',
        extensions: { code: 'NOT_FOUND' },
      });
      const update = await graphql(
        ctx.app,
        UPDATE,
        { id: missing, input: MEDIUM },
        staff.admin.token,
      );
      expect(update.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('is for ADMIN only: SUPPORT and a brand manager are FORBIDDEN, and change nothing', async () => {
    const count = (await ctx.db.select().from(shippingBoxes)).length;
    for (const role of ['support', 'manager'] as const) {
      const token = staff[role].token;
      const list = await graphql(ctx.app, LIST, {}, token);
      expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const { body } = await create({ ...MEDIUM, name: `Caixa ${role}` }, token);
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const del = await graphql(
        ctx.app,
        DELETE,
        { id: '00000000-0000-4000-8000-000000000000' },
        token,
      );
      expect(del.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await graphql(ctx.app, LIST, {});
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await ctx.db.select().from(shippingBoxes)).toHaveLength(count);
  });
});

describe('the store’s boxes: the audit log', () => {
  it('records shipping_box.create, .update (changed fields only) and .delete', async () => {
    const { box } = await create({ ...MEDIUM, name: 'Caixa auditada' });
    const id = box!.id as string;
    await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...MEDIUM, name: 'Caixa auditada', weightGrams: 180 } },
      staff.admin.token,
    );
    // Saved unchanged: nothing to record.
    await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...MEDIUM, name: 'Caixa auditada', weightGrams: 180 } },
      staff.admin.token,
    );
    await graphql(ctx.app, DELETE, { id }, staff.admin.token);
    const rows = await ctx.db.execute<{
      action: string;
      entity: string;
      actor_email: string;
      summary: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      sql`SELECT action, entity, actor_email, summary, before, after FROM audit_log
        WHERE entity_id = ${id} ORDER BY at, action`,
    );
    expect(rows.rows.map((row) => row.action)).toEqual([
      'shipping_box.create',
      'shipping_box.update',
      'shipping_box.delete',
    ]);
    expect(rows.rows[0]).toMatchObject({
      entity: 'SHIPPING_METHOD',
      actor_email: 'admin@vitrine.test',
      summary: 'Caixa Caixa auditada criada.',
      after: { name: 'Caixa auditada', lengthCm: 30, weightGrams: 150, maxWeightGrams: 5000 },
    });
    expect(rows.rows[1]).toMatchObject({
      before: { weightGrams: 150 },
      after: { weightGrams: 180 },
    });
    expect(Object.keys(rows.rows[1]!.after!)).toEqual(['weightGrams']);
    expect(rows.rows[2]).toMatchObject({
      summary: 'Caixa Caixa auditada excluída.',
      before: { name: 'Caixa auditada', weightGrams: 180 },
      after: null,
    });
  });
});
