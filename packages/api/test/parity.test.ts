// The parity tables of @vitrine/rules (packages/rules/parity) through the real server on a real
// database: each row's request, answered as the row says. The mocks run the same rows
// (packages/ui/src/mocks/parity.test.ts), so a mock that answers otherwise fails there.
import { asc, eq, sql } from 'drizzle-orm';
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import { runParityTables } from '@vitrine/rules/parity/tables';
import { COUPON_CREATE_DOCUMENT } from '@vitrine/rules/parity/coupons.cases';
import {
  PRODUCT_SAVE_CASES,
  PRODUCT_SAVE_DOCUMENT,
  VARIANT_PRICE_ALONE_DOCUMENT,
  VARIANT_PRICE_CASES,
  VARIANT_PRICE_DOCUMENT,
} from '@vitrine/rules/parity/catalog.cases';
import {
  KNOWN_BRAND_ID,
  KNOWN_BRAND_SLUG,
  KNOWN_CATEGORY_ID,
  KNOWN_CATEGORY_SLUG,
} from '@vitrine/rules/parity/catalogStructure.cases';
import {
  FISCAL_SETTINGS_CASES,
  FISCAL_SETTINGS_DOCUMENT,
  FISCAL_STORE_ADDRESS,
  SET_FISCAL_CASES,
  SET_FISCAL_DOCUMENT,
} from '@vitrine/rules/parity/fiscal.cases';
import {
  ORDER_ACTION_DOCUMENTS,
  ORDER_STATES,
  ORDER_STATUS_CASES,
  ORDER_STATUS_DOCUMENT,
  ORDER_STEP_CASES,
  ORDER_STEP_DOCUMENTS,
  ORDER_TRANSITION_CASES,
  TRACKED_EMAIL,
} from '@vitrine/rules/parity/orders.cases';
import {
  CART_PREVIEW_DOCUMENT,
  CART_PRICES_DOCUMENT,
  CHECKOUT_CASES,
  CHECKOUT_COUPONS,
  CHECKOUT_PIX_DISCOUNT_PERCENT,
  KNOWN_VARIANT,
  KNOWN_VARIANT_PRICE_CENTS,
  SHIPPING_QUOTE_DOCUMENT,
} from '@vitrine/rules/parity/checkout.cases';
import {
  CUSTOMER_CASES,
  CUSTOMER_DOCUMENTS,
  CUSTOMER_EMAIL,
  CUSTOMER_EMAIL_SHOUTED,
  UNKNOWN_CUSTOMER_ID,
} from '@vitrine/rules/parity/customers.cases';
import {
  DELIVERED_INSIDE,
  DELIVERED_LONG_AGO,
  LINE_0,
  LINE_1,
  ORDER_NUMBER,
  ORDER_NUMBER_TYPED,
  POLICY_URL,
  REQUEST_RETURN_DOCUMENT,
  RETURN_EMAIL,
  RETURN_REQUEST_CASES,
  RETURN_STEP_CASES,
  RETURN_STEP_DOCUMENTS,
  RETURNS_NOW,
  UNKNOWN_RETURN_ID,
  type ReturnRequestCase,
} from '@vitrine/rules/parity/returns.cases';
import {
  KNOWN_BRAND,
  MY_EMAIL,
  TEAM_CASES,
  TEAM_DOCUMENTS,
  UNKNOWN_STAFF_ID,
} from '@vitrine/rules/parity/team.cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../src/modules/orders/orders.fixtures';
import { orderLines, orders } from '../src/modules/orders/orders.tables';
import { brands, categories } from '../src/modules/catalog/catalog.tables';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  signInStaffRoles,
  STAFF_PASSWORD,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let catalog: FixtureCatalog;
const tokens = { ADMIN: '', SUPPORT: '' };
const team = { self: '', member: '', unknown: UNKNOWN_STAFF_ID, myEmail: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  const staff = await signInStaffRoles(ctx);
  tokens.ADMIN = staff.admin.token;
  tokens.SUPPORT = staff.support.token;
  team.self = staff.admin.id;
  team.member = staff.manager.id;
  team.myEmail = staff.admin.email.toUpperCase();
});

afterAll(async () => {
  await ctx.close();
});

async function ask(query: string, variables: Record<string, unknown>, token = tokens.ADMIN) {
  const { body } = await graphql(ctx.app, query, variables, token);
  return parityAnswer(body as GraphqlBody);
}

/** The seeded catalog's brand and category, for the rows that name them symbolically. */
const known = { brandSlug: '', categorySlug: '' };

beforeAll(async () => {
  const [brand] = await ctx.db.select().from(brands).where(eq(brands.id, catalog.brandA));
  const [category] = await ctx.db
    .select()
    .from(categories)
    .where(eq(categories.id, catalog.categoryId));
  known.brandSlug = brand!.slug;
  known.categorySlug = category!.slug;
});

runParityTables({
  title: 'on the server',
  ask: (query, variables, caller) => ask(query, variables, tokens[caller]),
  known: () => ({
    brandId: catalog.brandA,
    categoryId: catalog.categoryId,
    pendingPixOrder: () =>
      insertFixtureOrder(ctx.db, {
        status: 'PENDING_PAYMENT',
        paymentMethod: 'PIX',
        lines: [{ variant: catalog.shirt, quantity: 1 }],
      }),
  }),
  place: (variables) =>
    JSON.parse(
      JSON.stringify(variables)
        .replaceAll(KNOWN_BRAND_ID, catalog.brandA)
        .replaceAll(KNOWN_BRAND_SLUG, known.brandSlug)
        .replaceAll(KNOWN_CATEGORY_ID, catalog.categoryId)
        .replaceAll(KNOWN_CATEGORY_SLUG, known.categorySlug),
    ) as Record<string, unknown>,
});

describe('orders parity table, on the server', () => {
  it.each(ORDER_TRANSITION_CASES.map((row) => [`${row.role} ${row.action} ${row.state}`, row]))(
    '%s',
    async (_name, row) => {
      const state = ORDER_STATES[row.state];
      const order = await insertFixtureOrder(ctx.db, {
        status: state.status,
        lines: [{ variant: catalog.shirt, quantity: 2 }],
      });
      await ctx.db.execute(
        sql`UPDATE orders SET payment_status = ${state.paymentStatus} WHERE id = ${order.id}::uuid`,
      );
      const answer = await ask(
        ORDER_ACTION_DOCUMENTS[row.action],
        { id: order.id },
        tokens[row.role],
      );
      expect(answer).toEqual(row.answer);
    },
  );

  it.each(ORDER_STATUS_CASES.map((row) => [row.name, row] as const))(
    'orderStatus: %s',
    async (_name, row) => {
      const order = await insertFixtureOrder(ctx.db, {
        status: 'DELIVERED',
        customerEmail: TRACKED_EMAIL,
        lines: [{ variant: catalog.shirt, quantity: 1 }],
      });
      const answer = await ask(ORDER_STATUS_DOCUMENT, { number: order.number, email: row.email });
      expect(answer).toEqual(row.answer);
    },
  );
});

describe('order steps parity table, on the server', () => {
  it.each(ORDER_STEP_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const state = ORDER_STATES[row.state];
    const order = await insertFixtureOrder(ctx.db, {
      status: state.status,
      shippingKind: row.pickup ? 'pickup' : 'delivery',
      lines: [{ variant: catalog.shirt, quantity: 2 }],
    });
    for (const before of row.before ?? []) {
      const taken = await ask(ORDER_STEP_DOCUMENTS[before.step], {
        id: order.id,
        ...before.variables,
      });
      expect(taken).toHaveProperty('data');
    }
    const answer = await ask(ORDER_STEP_DOCUMENTS[row.step], { id: order.id, ...row.variables });
    expect(answer).toEqual(row.answer);
  });
});

describe('catalog parity table, on the server', () => {
  const product = (name: string, variants: unknown[]) => ({
    name,
    description: '',
    brandId: catalog.brandA,
    categoryId: catalog.categoryId,
    published: false,
    featured: false,
    images: [],
    variants,
  });

  it.each(PRODUCT_SAVE_CASES.map((row, index) => [row.name, row, index] as const))(
    'productSave: %s',
    async (_name, row, index) => {
      const answer = await ask(PRODUCT_SAVE_DOCUMENT, {
        input: { ...product(`Produto paridade ${index}`, row.variants), ...row.product },
      });
      expect(answer).toEqual(row.answer);
    },
  );

  it.each(VARIANT_PRICE_CASES.map((row, index) => [row.name, row, index] as const))(
    'variantPriceSet: %s',
    async (_name, row, index) => {
      const saved = await graphql(
        ctx.app,
        `
          mutation ($input: ProductSaveInput!) {
            productSave(input: $input) {
              variants {
                id
              }
            }
          }
        `,
        {
          input: product(`Preço paridade ${index}`, [{ sku: `PAR-PRECO-${index}`, ...row.stored }]),
        },
        tokens.ADMIN,
      );
      const id = (saved.body.data as { productSave: { variants: { id: string }[] } }).productSave
        .variants[0]!.id;
      const alone = row.set.compareAtPriceCents === undefined;
      const answer = await ask(alone ? VARIANT_PRICE_ALONE_DOCUMENT : VARIANT_PRICE_DOCUMENT, {
        id,
        ...row.set,
      });
      expect(answer).toEqual(row.answer);
    },
  );
});

describe('fiscal parity table, on the server', () => {
  it.each(FISCAL_SETTINGS_CASES.map((row) => [row.name, row] as const))(
    'settingsUpdate: %s',
    async (_name, row) => {
      const input = { ...row.input, legalAddress: FISCAL_STORE_ADDRESS };
      expect(await ask(FISCAL_SETTINGS_DOCUMENT, { input })).toEqual(row.answer);
    },
  );

  it.each(SET_FISCAL_CASES.map((row) => [row.name, row] as const))(
    'productsBulk SET_FISCAL: %s',
    async (_name, row) => {
      const input = {
        action: 'SET_FISCAL',
        ids: [catalog.shirt.productId],
        fiscal: row.fiscal,
        expectedCount: 1,
      };
      expect(await ask(SET_FISCAL_DOCUMENT, { input })).toEqual(row.answer);
    },
  );
});

describe('checkout parity table, on the server', () => {
  beforeAll(async () => {
    // The known variant is the fixture shirt, sold at the table's price; the table's Pix discount
    // (the settings table changed it); the coupons as staff make them.
    expect(catalog.shirt.priceCents).toBe(KNOWN_VARIANT_PRICE_CENTS);
    await ctx.db.execute(
      sql`UPDATE store_settings SET pix_discount_percent = ${CHECKOUT_PIX_DISCOUNT_PERCENT}`,
    );
    for (const input of CHECKOUT_COUPONS) {
      expect(await ask(COUPON_CREATE_DOCUMENT, { input })).toMatchObject({
        data: { code: input.code },
      });
    }
  });

  it.each(CHECKOUT_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const known = catalog.shirt.id;
    const items = row.variables.items.map((item) =>
      item.variantId === KNOWN_VARIANT ? { ...item, variantId: known } : item,
    );
    const document = {
      cartPreview: CART_PREVIEW_DOCUMENT,
      cartPrices: CART_PRICES_DOCUMENT,
      shippingQuote: SHIPPING_QUOTE_DOCUMENT,
    }[row.query];
    expect(await ask(document, { ...row.variables, items })).toEqual(row.answer);
  });
});

describe('team parity table, on the server', () => {
  it.each(TEAM_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const placed = JSON.parse(
      JSON.stringify(row.variables)
        .replaceAll(MY_EMAIL, team.myEmail)
        .replaceAll(KNOWN_BRAND, catalog.brandA),
    ) as Record<string, unknown>;
    const variables = row.target ? { ...placed, id: team[row.target] } : placed;
    const answer = await ask(
      TEAM_DOCUMENTS[row.operation],
      variables,
      tokens[row.caller ?? 'ADMIN'],
    );
    expect(answer).toEqual(row.answer);
  });
});

describe('returns parity table, on the server', () => {
  beforeAll(() => {
    ctx.clock.set(Date.parse(RETURNS_NOW));
  });

  /** A fresh order of RETURN_EMAIL (2 shirts, 1 cap) in the row's state, and its line ids. */
  async function shopperOrder(state: ReturnRequestCase['order']) {
    const order = await insertFixtureOrder(ctx.db, {
      status: state === 'shipped' ? 'SHIPPED' : 'DELIVERED',
      customerEmail: RETURN_EMAIL,
      lines: [
        { variant: catalog.shirt, quantity: 2 },
        { variant: catalog.cap, quantity: 1 },
      ],
    });
    if (state !== 'shipped') {
      const deliveredAt = state === 'delivered' ? DELIVERED_INSIDE : DELIVERED_LONG_AGO;
      await ctx.db
        .update(orders)
        .set({ deliveredAt: new Date(deliveredAt) })
        .where(eq(orders.id, order.id));
    }
    const lines = await ctx.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    return { id: order.id, number: order.number, lines: lines.map((line) => line.id) };
  }

  function placed<T>(value: T, order: { number: string; lines: string[] }): T {
    return JSON.parse(
      JSON.stringify(value)
        .replaceAll(ORDER_NUMBER_TYPED, order.number.toLowerCase().replace('-', ' '))
        .replaceAll(ORDER_NUMBER, order.number)
        .replaceAll(LINE_0, order.lines[0]!)
        .replaceAll(LINE_1, order.lines[1]!)
        .replaceAll(POLICY_URL, `${ctx.config.publicUrl}/trocas-e-devolucoes`),
    ) as T;
  }

  it.each(RETURN_REQUEST_CASES.map((row) => [row.name, row] as const))(
    'requestOrderReturn: %s',
    async (_name, row) => {
      const order = await shopperOrder(row.order);
      if (row.askedBefore) {
        const before = await ask(REQUEST_RETURN_DOCUMENT, {
          number: order.number,
          email: RETURN_EMAIL,
          input: { reason: 'Não serviu' },
        });
        expect(before).toMatchObject({ data: { status: 'REQUESTED' } });
      }
      const answer = await ask(REQUEST_RETURN_DOCUMENT, placed(row.variables, order));
      expect(answer).toEqual(placed(row.answer, order));
    },
  );

  it.each(RETURN_STEP_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    let id = UNKNOWN_RETURN_ID;
    if (row.state !== 'unknown') {
      const order = await shopperOrder('delivered');
      const asked = await ask(
        `mutation ($number: String!, $email: String!, $input: ReturnRequestInput!) {
            r: requestOrderReturn(number: $number, email: $email, input: $input) { id }
          }`,
        {
          number: order.number,
          email: RETURN_EMAIL,
          input: { reason: 'Não serviu', lines: [{ lineId: order.lines[0], quantity: 2 }] },
        },
      );
      id = (asked as { data: { id: string } }).data.id;
      // Rejected or refunded the way staff do it, through the API.
      if (row.state === 'rejected') {
        await ask(RETURN_STEP_DOCUMENTS.reject, { id, reason: 'Produto usado' });
      } else if (row.state === 'refunded') {
        await ask(RETURN_STEP_DOCUMENTS.receive, { id });
      }
    }
    const answer = await ask(
      RETURN_STEP_DOCUMENTS[row.step],
      { ...row.variables, id },
      tokens[row.caller],
    );
    expect(answer).toEqual(row.answer);
  });
});

describe('customers parity table, on the server', () => {
  let customers = 0;
  // A brand manager of its own: the team table makes the shared one support.
  let brandManager = '';

  beforeAll(async () => {
    const manager = await createStaffUser(ctx.db, {
      email: 'gerente.clientes@vitrine.test',
      password: STAFF_PASSWORD,
      role: 'BRAND_MANAGER',
      brandIds: [catalog.brandA],
    });
    brandManager = await loginAs(ctx.app, manager.email, STAFF_PASSWORD);
  });

  /** A customer of their own (one order under a fresh e-mail): their id and e-mail. */
  async function knownCustomer() {
    const email = `lgpd.paridade${++customers}@example.com`;
    await insertFixtureOrder(ctx.db, {
      status: 'PAID',
      customerEmail: email,
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    const listed = await ask(CUSTOMER_DOCUMENTS.list, { filter: { search: email } });
    const id = (listed as { data: { nodes: { id: string }[] } }).data.nodes[0]!.id;
    return { id, email };
  }

  it.each(CUSTOMER_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    let variables = row.variables;
    if (row.target === 'known') {
      const customer = await knownCustomer();
      if (row.anonymizedBefore) {
        const before = await ask(CUSTOMER_DOCUMENTS.anonymize, {
          id: customer.id,
          confirmation: customer.email,
        });
        expect(before).toMatchObject({ data: { customer: { anonymized: true } } });
      }
      variables = JSON.parse(
        JSON.stringify(variables)
          .replaceAll(CUSTOMER_EMAIL, customer.email)
          .replaceAll(CUSTOMER_EMAIL_SHOUTED, customer.email.toUpperCase()),
      ) as Record<string, unknown>;
      variables = { ...variables, id: customer.id };
    } else if (row.target) {
      variables = { ...variables, id: row.target === 'unknown' ? UNKNOWN_CUSTOMER_ID : 'x' };
    }
    const answer = await ask(
      CUSTOMER_DOCUMENTS[row.operation],
      variables,
      row.caller === 'BRAND_MANAGER' ? brandManager : tokens[row.caller ?? 'ADMIN'],
    );
    expect(answer).toEqual(row.answer);
  });
});
