// Shipping methods admin through GraphQL: ADMIN only, the price table stored as the checkout
// reads it, and every malformed table refused with the offending field named.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  type TestContext,
} from '../../../test/helpers';
import { shippingMethods } from './shipping.tables';
import { quoteShipping, type DeliveryMethod } from '@vitrine/rules';

const PASSWORD = 'senha de teste bem longa';
const FIELDS = `id name kind description handlingBusinessDays readyInBusinessDays pickupAddress
  pickupPoint { street number complement district city uf postalCode hours instructions
    addressLines address whatToBring }
  freeShippingThresholdCents excludedFromFreeShipping active position
  byRegion { region rate { bands { upToGrams priceCents } extraKgPriceCents businessDays } }
  byUf { uf rate { bands { upToGrams priceCents } extraKgPriceCents businessDays } }`;
const CREATE = `mutation($input: ShippingMethodInput!) { shippingMethodCreate(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: ShippingMethodInput!) { shippingMethodUpdate(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { shippingMethodDelete(id: $id) }`;

const rate = (businessDays = 5) => ({
  bands: [
    { upToGrams: 300, priceCents: 1890 },
    { upToGrams: 1000, priceCents: 2490 },
  ],
  extraKgPriceCents: 450,
  businessDays,
});

const pac = {
  name: 'PAC',
  kind: 'DELIVERY',
  description: 'Correios',
  byRegion: [
    { region: 0, rate: rate(4) },
    { region: 9, rate: rate(9) },
  ],
  byUf: [{ uf: 'rj', rate: rate(3) }],
  handlingBusinessDays: 1,
  freeShippingThresholdCents: 29900,
};

const POINT = {
  street: 'Rua Augusta',
  number: '100',
  complement: 'Loja 2',
  district: 'Consolação',
  city: 'São Paulo',
  uf: 'sp',
  postalCode: '01304-001',
  hours: 'Seg. a sáb., 10h às 20h',
  instructions: '',
};

let ctx: TestContext;
let admin: string;
let support: string;

async function create(input: Record<string, unknown>, token = admin) {
  const { body } = await graphql(ctx.app, CREATE, { input }, token);
  return { method: body.data?.shippingMethodCreate as Record<string, unknown> | undefined, body };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await createStaffUser(ctx.db, { email: 'admin@vitrine.test', password: PASSWORD, role: 'ADMIN' });
  await createStaffUser(ctx.db, {
    email: 'suporte@vitrine.test',
    password: PASSWORD,
    role: 'SUPPORT',
  });
  admin = await loginAs(ctx.app, 'admin@vitrine.test', PASSWORD);
  support = await loginAs(ctx.app, 'suporte@vitrine.test', PASSWORD);
});

afterAll(async () => {
  await ctx.close();
});

describe('shipping methods admin', () => {
  it('creates a delivery method whose stored table the shipping quote can price', async () => {
    const { method, body } = await create(pac);
    expect(body.errors).toBeUndefined();
    expect(method).toMatchObject({
      name: 'PAC',
      kind: 'DELIVERY',
      byRegion: [
        { region: 0, rate: rate(4) },
        { region: 9, rate: rate(9) },
      ],
      byUf: [{ uf: 'RJ', rate: rate(3) }],
      handlingBusinessDays: 1,
      freeShippingThresholdCents: 29900,
      active: true,
    });
    const [row] = await ctx.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, method!.id as string));
    const asQuoted: DeliveryMethod = {
      kind: 'delivery',
      id: row!.id,
      name: row!.name,
      byRegion: row!.rates.byRegion,
      byUf: row!.rates.byUf,
      handlingBusinessDays: row!.handlingBusinessDays,
    };
    // 1,5 kg to São Paulo (region 0): 24,90 + one started extra kg at 4,50; 4 + 1 days.
    const [option] = quoteShipping(
      [asQuoted],
      '01310-100',
      [{ weightGrams: 1500, quantity: 1 }],
      0,
    );
    expect(option).toMatchObject({ priceCents: 2940, businessDays: 5 });
  });

  it('creates a pickup method with its point (address, hours, instructions) and no price table', async () => {
    const { method, body } = await create({
      name: 'Retirada na loja',
      kind: 'PICKUP',
      readyInBusinessDays: 2,
      pickupPoint: POINT,
    });
    expect(body.errors).toBeUndefined();
    expect(method).toMatchObject({
      kind: 'PICKUP',
      byRegion: [],
      byUf: [],
      readyInBusinessDays: 2,
      pickupAddress: 'Rua Augusta, 100 – Loja 2, Consolação – São Paulo/SP, CEP 01304-001',
      pickupPoint: {
        street: 'Rua Augusta',
        number: '100',
        complement: 'Loja 2',
        district: 'Consolação',
        city: 'São Paulo',
        uf: 'SP',
        postalCode: '01304001',
        hours: 'Seg. a sáb., 10h às 20h',
        instructions: null,
        addressLines: ['Rua Augusta, 100 – Loja 2', 'Consolação – São Paulo/SP', 'CEP 01304-001'],
        whatToBring: 'Leve um documento oficial com foto e o número do pedido.',
      },
    });
  });

  it('refuses to offer a pickup method without its point, and keeps an inactive one without it', async () => {
    const refused = await create({ name: 'Retirada 2', kind: 'PICKUP' });
    expect(refused.body.errors?.[0]).toMatchObject({
      message:
        'Informe o endereço e o horário do ponto de retirada para oferecer a retirada na loja.',
      extensions: { code: 'BAD_USER_INPUT', field: 'pickupPoint.street' },
    });
    const rows = await ctx.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.name, 'Retirada 2'));
    expect(rows).toHaveLength(0);

    // Saved inactive without a point, then activated: refused until the point is given.
    const { method } = await create({ name: 'Retirada 2', kind: 'PICKUP', active: false });
    expect(method).toMatchObject({ active: false, pickupPoint: null, pickupAddress: null });
    const activate = await graphql(
      ctx.app,
      UPDATE,
      { id: method!.id, input: { name: 'Retirada 2', kind: 'PICKUP', active: true } },
      admin,
    );
    expect(activate.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'pickupPoint.street',
    });
    const activated = await graphql(
      ctx.app,
      UPDATE,
      {
        id: method!.id,
        input: { name: 'Retirada 2', kind: 'PICKUP', active: true, pickupPoint: POINT },
      },
      admin,
    );
    expect(activated.body.errors).toBeUndefined();
    expect(activated.body.data?.shippingMethodUpdate).toMatchObject({
      active: true,
      pickupPoint: { street: 'Rua Augusta', hours: 'Seg. a sáb., 10h às 20h' },
    });
  });

  it('keeps the one-line address of a pickup method made before the point had fields', async () => {
    const [legacy] = await ctx.db
      .insert(shippingMethods)
      .values({
        name: 'Retirada antiga',
        kind: 'pickup',
        pickupAddress: 'Rua Harmonia, 123 - Vila Madalena, São Paulo/SP',
      })
      .returning();
    const { body } = await graphql(
      ctx.app,
      `query($id: ID!) { shippingMethod(id: $id) { ${FIELDS} } }`,
      { id: legacy!.id },
      admin,
    );
    expect(body.data?.shippingMethod).toMatchObject({
      pickupAddress: 'Rua Harmonia, 123 - Vila Madalena, São Paulo/SP',
      pickupPoint: {
        street: null,
        hours: null,
        addressLines: ['Rua Harmonia, 123 - Vila Madalena, São Paulo/SP'],
      },
    });
    // Deactivated without a point: the line stays.
    const saved = await graphql(
      ctx.app,
      UPDATE,
      { id: legacy!.id, input: { name: 'Retirada antiga', kind: 'PICKUP', active: false } },
      admin,
    );
    expect(saved.body.data?.shippingMethodUpdate).toMatchObject({
      active: false,
      pickupAddress: 'Rua Harmonia, 123 - Vila Madalena, São Paulo/SP',
    });
  });

  const band = (upToGrams: number, priceCents: number) => ({ upToGrams, priceCents });
  it.each([
    [{ ...pac, name: ' ' }, 'name'],
    [{ ...pac, byRegion: [], byUf: [] }, 'byRegion'],
    [{ ...pac, byRegion: [{ region: 10, rate: rate() }] }, 'byRegion[0].region'],
    [
      {
        ...pac,
        byRegion: [
          { region: 1, rate: rate() },
          { region: 1, rate: rate() },
        ],
      },
      'byRegion[1].region',
    ],
    [{ ...pac, byUf: [{ uf: 'XX', rate: rate() }] }, 'byUf[0].uf'],
    [
      { ...pac, byRegion: [{ region: 0, rate: { bands: [], businessDays: 3 } }] },
      'byRegion[0].rate.bands',
    ],
    [
      {
        ...pac,
        byRegion: [
          { region: 0, rate: { bands: [band(500, 100), band(300, 200)], businessDays: 3 } },
        ],
      },
      'byRegion[0].rate.bands[1].upToGrams',
    ],
    [
      {
        ...pac,
        byRegion: [
          { region: 0, rate: { bands: [band(500, 100), band(500, 200)], businessDays: 3 } },
        ],
      },
      'byRegion[0].rate.bands[1].upToGrams',
    ],
    [
      { ...pac, byRegion: [{ region: 0, rate: { bands: [band(0, 100)], businessDays: 3 } }] },
      'byRegion[0].rate.bands[0].upToGrams',
    ],
    [
      { ...pac, byRegion: [{ region: 0, rate: { bands: [band(300, -1)], businessDays: 3 } }] },
      'byRegion[0].rate.bands[0].priceCents',
    ],
    [
      { ...pac, byUf: [{ uf: 'SP', rate: { bands: [band(300, 100)], businessDays: 91 } }] },
      'byUf[0].rate.businessDays',
    ],
    [
      {
        ...pac,
        byUf: [
          { uf: 'SP', rate: { bands: [band(300, 100)], extraKgPriceCents: -5, businessDays: 3 } },
        ],
      },
      'byUf[0].rate.extraKgPriceCents',
    ],
    [{ ...pac, handlingBusinessDays: -1 }, 'handlingBusinessDays'],
    [{ ...pac, freeShippingThresholdCents: -1 }, 'freeShippingThresholdCents'],
    [{ name: 'Retirada', kind: 'PICKUP' }, 'pickupPoint.street'],
    [{ name: 'Retirada', kind: 'PICKUP', pickupPoint: { ...POINT, uf: 'XX' } }, 'pickupPoint.uf'],
    [
      { name: 'Retirada', kind: 'PICKUP', pickupPoint: { ...POINT, postalCode: '123' } },
      'pickupPoint.postalCode',
    ],
    [
      { name: 'Retirada', kind: 'PICKUP', pickupPoint: { ...POINT, hours: ' ' } },
      'pickupPoint.hours',
    ],
    [{ ...pac, pickupPoint: POINT }, 'pickupPoint'],
    [
      {
        name: 'Retirada',
        kind: 'PICKUP',
        pickupPoint: POINT,
        byUf: [{ uf: 'SP', rate: rate() }],
      },
      'byRegion',
    ],
  ])('refuses a malformed method (%#) naming %s', async (input, field) => {
    const { body } = await create(input);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('updates, lists and deletes a method', async () => {
    const { method } = await create({ ...pac, name: 'SEDEX', position: 2 });
    const id = method!.id as string;
    const updated = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...pac, name: 'SEDEX 10', active: false, excludedFromFreeShipping: true } },
      admin,
    );
    expect(updated.body.data?.shippingMethodUpdate).toMatchObject({
      name: 'SEDEX 10',
      active: false,
      excludedFromFreeShipping: true,
    });
    const listed = await graphql(ctx.app, '{ shippingMethods { name active } }', {}, admin);
    expect(listed.body.data?.shippingMethods).toContainEqual({ name: 'SEDEX 10', active: false });
    const deleted = await graphql(ctx.app, DELETE, { id }, admin);
    expect(deleted.body.data?.shippingMethodDelete).toBe(true);
    const again = await graphql(ctx.app, UPDATE, { id, input: pac }, admin);
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'Forma de entrega não encontrada.',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('answers one method with its whole price table, and null for an unknown or malformed id', async () => {
    const { method } = await create({ ...pac, name: 'PAC Sul', active: false });
    const ONE = `query One($id: ID!) {
      shippingMethod(id: $id) {
        id name active byUf { uf rate { businessDays bands { upToGrams priceCents } } }
      }
    }`;
    const one = await graphql(ctx.app, ONE, { id: method!.id }, admin);
    expect(one.body.data?.shippingMethod).toMatchObject({
      id: method!.id,
      name: 'PAC Sul',
      active: false,
      byUf: [{ uf: 'RJ', rate: { businessDays: 3 } }],
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
      const none = await graphql(ctx.app, ONE, { id }, admin);
      expect(none.body.errors, id).toBeUndefined();
      expect(none.body.data?.shippingMethod, id).toBeNull();
    }
    const refused = await graphql(ctx.app, ONE, { id: method!.id }, support);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses SUPPORT with FORBIDDEN', async () => {
    const list = await graphql(ctx.app, '{ shippingMethods { id } }', {}, support);
    expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { body } = await create(pac, support);
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const del = await graphql(
      ctx.app,
      DELETE,
      { id: '00000000-0000-4000-8000-000000000000' },
      support,
    );
    expect(del.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('shipping methods admin: the audit log', () => {
  it('records shipping_method.create, .update (changed fields only) and .delete', async () => {
    const { method } = await create({ ...pac, name: 'PAC auditado' });
    const id = method!.id as string;
    const changed = await graphql(
      ctx.app,
      UPDATE,
      { id, input: { ...pac, name: 'PAC auditado', handlingBusinessDays: 2 } },
      admin,
    );
    expect(changed.body.errors).toBeUndefined();
    const deleted = await graphql(ctx.app, DELETE, { id }, admin);
    expect(deleted.body.data?.shippingMethodDelete).toBe(true);
    const rows = await ctx.db.execute<{
      action: string;
      entity_label: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      sql`SELECT action, entity_label, before, after FROM audit_log
        WHERE entity = 'SHIPPING_METHOD' AND entity_id = ${id} ORDER BY at, action`,
    );
    expect(rows.rows.map((row) => row.action)).toEqual([
      'shipping_method.create',
      'shipping_method.update',
      'shipping_method.delete',
    ]);
    expect(rows.rows[0]).toMatchObject({
      entity_label: 'PAC auditado',
      after: { name: 'PAC auditado', kind: 'delivery', handlingBusinessDays: 1 },
    });
    expect(rows.rows[1]).toMatchObject({
      before: { handlingBusinessDays: 1 },
      after: { handlingBusinessDays: 2 },
    });
    expect(Object.keys(rows.rows[1]!.after!)).toEqual(['handlingBusinessDays']);
    expect(rows.rows[2]).toMatchObject({ before: { name: 'PAC auditado' }, after: null });
  });
});
