// Pix totals that tell orders apart (pix_unique_cents): with the setting on, equal Pix orders
// waiting for payment get totals a few centavos apart (the Pix discount says so, the BR Code
// carries the exact total), even placed at once; off, they keep the same total. PGlite and
// PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { parseBrCode } from '../payments/brcode';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';

let ctx: TestContext;
let admin: string;
let pacId: string;

interface Placed {
  totalCents: number;
  pixDiscountCents: number;
  pix: { code: string; amountCents: number } | null;
}

async function setUnique(on: boolean) {
  const { body } = await graphql(
    ctx.app,
    `
      mutation ($input: SettingsInput!) {
        settingsUpdate(input: $input) {
          pixUniqueCents
        }
      }
    `,
    { input: { pixUniqueCents: on } },
    admin,
  );
  expect(body.errors).toBeUndefined();
  expect(body.data!.settingsUpdate).toEqual({ pixUniqueCents: on });
}

/** A product of its own, so each test's totals meet no other test's orders. */
async function product(priceCents: number): Promise<string> {
  const catalog = await insertFixtureCatalog(ctx.db, [
    { sku: `UNI-${randomUUID()}`, priceCents, stock: 100, size: 'M', color: 'Azul' },
  ]);
  return catalog.variantIds[0]!;
}

async function place(variantId: string): Promise<Placed> {
  const { body } = await graphql(ctx.app, PLACE_ORDER_MUTATION, {
    input: fixtureOrderInput([{ variantId, quantity: 1 }], pacId),
  });
  expect(body.errors).toBeUndefined();
  return body.data!.placeOrder as Placed;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
  admin = (await signInStaffRoles(ctx)).admin.token;
});

afterAll(async () => {
  await ctx.close();
});

describe('Pix totals that tell orders apart', () => {
  it('keeps equal totals while the setting is off', async () => {
    await setUnique(false);
    const variantId = await product(12_345);
    const [first, second] = [await place(variantId), await place(variantId)];
    expect(second.totalCents).toBe(first.totalCents);
  });

  it('takes a centavo more off each equal order while they wait, and the code carries it', async () => {
    await setUnique(true);
    const variantId = await product(23_456);
    const first = await place(variantId);
    const second = await place(variantId);
    const third = await place(variantId);
    expect([second.totalCents, third.totalCents]).toEqual([
      first.totalCents - 1,
      first.totalCents - 2,
    ]);
    expect(third.pixDiscountCents).toBe(first.pixDiscountCents + 2);
    expect(third.pix?.amountCents).toBe(third.totalCents);
    expect(parseBrCode(third.pix!.code).amountCents).toBe(third.totalCents);
  });

  it('gives orders placed at the same moment different totals', async () => {
    await setUnique(true);
    const variantId = await product(34_567);
    const placed = await Promise.all(Array.from({ length: 6 }, () => place(variantId)));
    const totals = placed.map((order) => order.totalCents);
    expect(new Set(totals).size).toBe(6);
    expect(Math.max(...totals) - Math.min(...totals)).toBe(5);
  });

  it('refuses a setting that is not true or false, in Portuguese', async () => {
    const { body } = await graphql(
      ctx.app,
      `
        mutation ($input: SettingsInput!) {
          settingsUpdate(input: $input) {
            pixUniqueCents
          }
        }
      `,
      { input: { pixUniqueCents: null } },
      admin,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: 'Informe se os valores de Pix iguais devem ser diferenciados.',
      extensions: { code: 'BAD_USER_INPUT', field: 'pixUniqueCents' },
    });
  });
});
