// Pickup is a choice, never a default (issue 12, item 1): the bag's preview defaults to the cheapest
// delivery, even for a CEP a country away from the store's counter; and a pickup order needs no
// address (no CEP either: checkout.pickup-point.test.ts), while a delivery still needs all of it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
  type FixtureCatalog,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';

let ctx: TestContext;
let catalog: FixtureCatalog;
let pacId: string;
let pickupId: string;

const PREVIEW = /* GraphQL */ `
  query Preview($items: [CartItemInput!]!, $postalCode: String, $shippingMethodId: ID) {
    cartPreview(items: $items, postalCode: $postalCode, shippingMethodId: $shippingMethodId) {
      shippingOptions {
        methodId
        name
        kind
        priceCents
      }
      selectedShippingMethodId
      shippingCents
      totalCents
    }
  }
`;

type Option = { methodId: string; name: string; kind: string; priceCents: number };
type Preview = {
  shippingOptions: Option[];
  selectedShippingMethodId: string | null;
  shippingCents: number | null;
  totalCents: number;
};

async function preview(variables: Record<string, unknown>): Promise<Preview> {
  const result = await graphql(ctx.app, PREVIEW, variables);
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.cartPreview as Preview;
}

async function place(input: unknown) {
  const result = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input });
  return {
    order: (result.body.data?.placeOrder ?? null) as {
      number: string;
      shippingCents: number;
    } | null,
    errors: result.body.errors as
      Array<{ message: string; extensions?: { code?: string; field?: string } }> | undefined,
  };
}

async function storedAddress(number: string) {
  const rows = await ctx.db.execute<Record<string, string | null>>(
    sql`SELECT postal_code, street, street_number, complement, district, city, uf, shipping_method_kind
        FROM orders WHERE number = ${number}`,
  );
  return rows.rows[0];
}

const NO_ADDRESS = { street: '', number: '', complement: null, district: '', city: '', uf: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
  pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(async () => {
  catalog = await insertFixtureCatalog(ctx.db, [
    { sku: `PK-M-${Math.random()}`, priceCents: 7990, stock: 10, size: 'M' },
  ]);
});

describe('the default shipping option', () => {
  it('is the cheapest delivery for the Manaus CEP 69005-000, never the free pickup in São Paulo', async () => {
    const items = [{ variantId: catalog.variantIds[0]!, quantity: 1 }];
    const manaus = await preview({ items, postalCode: '69005-000' });
    const kinds = manaus.shippingOptions.map((option) => option.kind);
    expect(kinds).toContain('PICKUP');
    const deliveries = manaus.shippingOptions.filter((option) => option.kind === 'DELIVERY');
    const cheapest = deliveries.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
    expect(cheapest.priceCents).toBeGreaterThan(0);
    expect(manaus).toMatchObject({
      selectedShippingMethodId: cheapest.methodId,
      shippingCents: cheapest.priceCents,
      totalCents: 7990 + cheapest.priceCents,
    });
    expect(manaus.selectedShippingMethodId).not.toBe(pickupId);

    // Chosen on purpose, pickup is honoured.
    const chosen = await preview({ items, postalCode: '69005-000', shippingMethodId: pickupId });
    expect(chosen).toMatchObject({
      selectedShippingMethodId: pickupId,
      shippingCents: 0,
      totalCents: 7990,
    });
  });

  it('is the cheapest delivery in São Paulo too, and an unknown method falls back to it', async () => {
    const items = [{ variantId: catalog.variantIds[0]!, quantity: 1 }];
    const sp = await preview({ items, postalCode: '01310-100' });
    expect(sp.selectedShippingMethodId).toBe(pacId);
    const unknown = await preview({
      items,
      postalCode: '01310-100',
      shippingMethodId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.selectedShippingMethodId).toBe(pacId);
  });
});

describe('a pickup order', () => {
  it('is placed without an address and keeps none, not even the CEP it was quoted with', async () => {
    const bare = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        address: {
          postalCode: '69005-000',
          street: '',
          number: '',
          complement: '',
          district: '',
          city: '',
          uf: '',
        },
      }),
    );
    expect(bare.errors).toBeUndefined();
    expect(bare.order?.shippingCents).toBe(0);
    expect(await storedAddress(bare.order!.number)).toMatchObject({
      postal_code: '',
      shipping_method_kind: 'pickup',
      street: '',
      street_number: '',
      complement: null,
      district: '',
      city: '',
      uf: '',
    });

    const sent = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId),
    );
    expect(sent.errors).toBeUndefined();
    const stored = await storedAddress(sent.order!.number);
    expect(stored).toMatchObject({ postal_code: '', uf: '' });
    expect({
      street: stored!.street,
      number: stored!.street_number,
      complement: stored!.complement,
      district: stored!.district,
      city: stored!.city,
      uf: stored!.uf,
    }).toEqual(NO_ADDRESS);
  });

  it('still checks what is sent, and needs no CEP', async () => {
    const badUf = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        address: {
          postalCode: '01310-100',
          street: '',
          number: '',
          district: '',
          city: '',
          uf: 'XX',
        },
      }),
    );
    expect(badUf.errors?.[0]?.extensions).toMatchObject({ field: 'address.uf' });
    const noCep = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        address: { postalCode: '', street: '', number: '', district: '', city: '', uf: '' },
      }),
    );
    expect(noCep.errors).toBeUndefined();
    expect(noCep.order?.shippingCents).toBe(0);
  });
});

describe('a delivery order', () => {
  it.each([
    ['street', 'address.street', 'Informe a rua.'],
    ['number', 'address.number', 'Informe o número.'],
    ['district', 'address.district', 'Informe o bairro.'],
    ['city', 'address.city', 'Informe a cidade.'],
    ['uf', 'address.uf', 'UF inválida: use a sigla de um dos 27 estados, como SP.'],
  ])('needs the %s, and writes nothing without it', async (key, field, message) => {
    const input = fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId);
    const before = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    const result = await place({ ...input, address: { ...input.address, [key]: '' } });
    expect(result.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
    const after = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('cannot lose its address at the database either (migration 0008 relaxes pickup only)', async () => {
    const placed = await place(
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId),
    );
    expect(placed.errors).toBeUndefined();
    for (const column of ['street', 'street_number', 'district', 'city', 'uf']) {
      await expect(
        ctx.db.execute(
          sql`UPDATE orders SET ${sql.identifier(column)} = '' WHERE number = ${placed.order!.number}`,
        ),
      ).rejects.toThrow();
    }
  });
});
