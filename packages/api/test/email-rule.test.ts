// One e-mail rule everywhere the server takes an address (@vitrine/rules checkEmail): a quoted
// local part (`"nome"@gmail.com`) and invisible characters (`nome@gmail.com` + U+200B) are
// refused with a Portuguese message and a precise field, so a once-per-customer coupon cannot be
// had a second time by spelling the same mailbox another way. Checkout, restock alerts, staff
// invitations, login, password reset, the store's contact e-mail and the staff CLI; order tracking
// is in orders.tracking.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, EMAIL_MESSAGES } from '@vitrine/rules';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
  shippingMethodIdByName,
} from '../src/modules/checkout/checkout.fixtures';
import { seedCommerceDemo } from '../src/modules/checkout/checkout.seed';
import { PasswordHasher } from '../src/modules/staff/password';
import { createStaffAccount, StaffInputError } from '../src/modules/staff/staff.service';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  TEST_SCRYPT,
  type SignedInStaff,
  type TestContext,
} from './helpers';

const QUOTED = EMAIL_MESSAGES.QUOTED;
const INVISIBLE = EMAIL_MESSAGES.INVISIBLE_CHARACTER;

/** The spellings of one mailbox the rule refuses, with the message each gets. */
const TRICKS: Array<[string, string, string]> = [
  ['quoted local part', '"nome"@gmail.com', QUOTED],
  ['zero-width space at the end', 'nome@gmail.com\u200B', INVISIBLE],
  ['zero-width joiner inside', 'no\u200Dme@gmail.com', INVISIBLE],
  ['right-to-left override', '\u202Enome@gmail.com', INVISIBLE],
  ['soft hyphen', 'no\u00ADme@gmail.com', INVISIBLE],
  ['no-break space at the end', 'nome@gmail.com\u00A0', INVISIBLE],
  ['byte order mark', '\uFEFFnome@gmail.com', INVISIBLE],
];

let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  staff = await signInStaffRoles(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

function firstError(body: { errors?: Array<{ message: string; extensions?: unknown }> }) {
  const error = body.errors?.[0];
  return error
    ? { message: error.message, ...(error.extensions as { code?: string; field?: string }) }
    : null;
}

describe('placeOrder', () => {
  it('gives a once-per-customer coupon once: other spellings of the mailbox are refused', async () => {
    const pickupId = await shippingMethodIdByName(ctx.db, 'Retirada na loja');
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'EMAIL-1', priceCents: 10000, stock: 50 },
    ]);
    await ctx.db.execute(
      sql`INSERT INTO coupons (code, kind, percent, per_email_limit) VALUES ('UMAVEZ', 'percent', 10, 1)`,
    );
    let serial = 0;
    const order = (email: string) =>
      fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pickupId, {
        couponCode: 'UMAVEZ',
        customer: {
          name: 'Nome Sobrenome',
          email,
          // A new CPF each time: only the e-mail ties the orders together.
          cpf: cpfWithCheckDigits(String(300_000_000 + (serial += 1) * 7_919).slice(0, 9)),
          phone: '(11) 98765-4321',
        },
      });

    const first = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input: order('nome@gmail.com') });
    expect(first.body.errors).toBeUndefined();

    for (const [what, email, message] of TRICKS) {
      const again = await graphql(ctx.app, PLACE_ORDER_MUTATION, { input: order(email) });
      expect(firstError(again.body), what).toEqual({
        message,
        code: 'BAD_USER_INPUT',
        field: 'customer.email',
      });
    }
    // The plain spelling is the coupon's own limit.
    const plain = await graphql(ctx.app, PLACE_ORDER_MUTATION, {
      input: order('Nome+2@GMAIL.com'),
    });
    expect(firstError(plain.body)).toMatchObject({ field: 'couponCode' });
    const uses = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = 'UMAVEZ'`,
    );
    expect(Number(uses.rows[0]!.n)).toBe(1);
  });
});

describe('requestRestockAlert', () => {
  it('refuses the tricks on the e-mail field', async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'EMAIL-ESGOTADO', priceCents: 10000, stock: 0 },
    ]);
    for (const [what, email, message] of TRICKS) {
      const { body } = await graphql(
        ctx.app,
        `
          mutation ($variantId: ID!, $email: String!) {
            requestRestockAlert(variantId: $variantId, email: $email)
          }
        `,
        { variantId: catalog.variantIds[0]!, email },
      );
      expect(firstError(body), what).toEqual({ message, code: 'BAD_USER_INPUT', field: 'email' });
    }
    const rows = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM restock_alerts`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});

describe('staff e-mails', () => {
  it('staffInvite refuses the tricks on input.email', async () => {
    for (const [what, email, message] of TRICKS) {
      const { body } = await graphql(
        ctx.app,
        `
          mutation ($input: StaffInviteInput!) {
            staffInvite(input: $input) {
              id
            }
          }
        `,
        { input: { email, name: 'Pessoa Nova', role: 'SUPPORT' } },
        staff.admin.token,
      );
      expect(firstError(body), what).toEqual({
        message,
        code: 'BAD_USER_INPUT',
        field: 'input.email',
      });
    }
  });

  it('login and the password reset request answer 400 with the message; the plain address works', async () => {
    for (const url of ['/auth/login/', '/auth/password/reset/']) {
      for (const [what, email, message] of [
        ['quoted', '"admin"@vitrine.test', QUOTED],
        ['zero-width space', 'admin@vitrine.test\u200B', INVISIBLE],
        ['no-break space', '\u00A0admin@vitrine.test', INVISIBLE],
      ]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          payload: { email, password: 'senha de teste bem longa', remember: false },
        });
        expect(response.statusCode, `${url} ${what}`).toBe(400);
        expect(response.json(), `${url} ${what}`).toEqual({ detail: message });
      }
    }
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: ' admin@vitrine.test ', password: 'senha de teste bem longa' },
    });
    expect(login.statusCode).toBe(200);
  });

  it("settingsUpdate refuses the tricks on the store's contact e-mail", async () => {
    for (const [what, email, message] of TRICKS) {
      const { body } = await graphql(
        ctx.app,
        `
          mutation ($input: SettingsInput!) {
            settingsUpdate(input: $input) {
              contactEmail
            }
          }
        `,
        { input: { contactEmail: email.replace('nome@gmail.com', 'contato@loja.com.br') } },
        staff.admin.token,
      );
      expect(firstError(body), what).toEqual({
        message: message === QUOTED ? message : INVISIBLE,
        code: 'BAD_USER_INPUT',
        field: 'contactEmail',
      });
    }
  });

  it('the staff CLI refuses them too', async () => {
    const hasher = new PasswordHasher(TEST_SCRYPT);
    for (const [what, email, message] of TRICKS) {
      const attempt = createStaffAccount(ctx.db, hasher, {
        email,
        name: 'Pessoa',
        role: 'SUPPORT',
        password: 'uma senha bem longa e boa',
      });
      await expect(attempt, what).rejects.toThrow(StaffInputError);
      await expect(attempt, what).rejects.toThrow(message);
    }
  });
});
