// The parity tables of @vitrine/rules (packages/rules/parity) through the MSW mocks: each row's
// request answered as the row says, which is what the real server answers (packages/api/test/
// parity.test.ts runs the same rows on a real database). A mock that drifts from the server
// fails here, so stories and screen tests never show an answer the server would not give.
import {
  INVOICE_PARITY_TABLES,
  PARITY_TABLES,
  runParityTables,
} from '@vitrine/rules/parity/tables';
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
import { checkCouponInput, type Coupon } from '@vitrine/rules';
import { describe, expect, it } from 'vitest';

import { handlerList, ordersMock, staffMock } from '.';
import { catalogMock } from './catalog/catalog';
import { checkoutMock } from './checkout/checkout';
import { settingsMock } from './settings/settings';
import { makeCatalogFixtures } from './catalog/catalog.fixtures';
import { makeStaffOrder } from './orders/staffOrders.fixtures';
import {
  makeDeliveredOrder,
  makeStaffReturnOrder,
  returnLineId,
  RETURNS_MOCK_NOW,
} from './returns/returns.fixtures';
import { askMocks } from './parityAsk';
import { server } from './server';

const ask = askMocks;

/** The default world's first brand and first top-level category (catalog.fixtures.ts). */
const world = makeCatalogFixtures();

runParityTables(
  {
    title: 'on the mocks',
    known: () => ({
      brandId: world.brands[0]!.id,
      categoryId: world.categories[0]!.id,
      pendingPixOrder: () => {
        const order = makeStaffOrder({
          id: 'order-pix-parity',
          number: 'VT-77001',
          status: 'PENDING_PAYMENT',
          paymentStatus: 'PENDING',
          paymentMethod: 'PIX',
        });
        server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
        return Promise.resolve(order);
      },
    }),
    ask: (query, variables, caller) => {
      if (caller !== 'ADMIN')
        server.use(...handlerList({ staff: staffMock.answers({ role: caller }) }));
      return ask(query, variables);
    },
    place: (variables) =>
      JSON.parse(
        JSON.stringify(variables)
          .replaceAll(KNOWN_BRAND_ID, world.brands[0]!.id)
          .replaceAll(KNOWN_BRAND_SLUG, world.brands[0]!.slug)
          .replaceAll(KNOWN_CATEGORY_ID, world.categories[0]!.id)
          .replaceAll(KNOWN_CATEGORY_SLUG, world.categories[0]!.slug),
      ) as Record<string, unknown>,
  },
  // The default world issues NF-e (the server's runner registers the provider for these).
  [...PARITY_TABLES, ...INVOICE_PARITY_TABLES],
);

describe('orders parity table, on the mocks', () => {
  it.each(ORDER_TRANSITION_CASES.map((row) => [`${row.role} ${row.action} ${row.state}`, row]))(
    '%s',
    async (_name, row) => {
      const state = ORDER_STATES[row.state];
      const order = makeStaffOrder({
        id: 'order-parity',
        status: state.status,
        paymentStatus: state.paymentStatus,
      });
      order.refundedCents = state.refundedAll ? order.totalCents : 0;
      server.use(
        ...handlerList({
          orders: ordersMock.answers({ staffOrders: [order] }),
          staff: staffMock.answers({ role: row.role }),
        }),
      );
      expect(await ask(ORDER_ACTION_DOCUMENTS[row.action], { id: order.id })).toEqual(row.answer);
    },
  );

  it.each(ORDER_STATUS_CASES.map((row) => [row.name, row] as const))(
    'orderStatus: %s',
    async (_name, row) => {
      const order = makeDeliveredOrder({ number: 'VT-9991', customerEmail: TRACKED_EMAIL });
      server.use(...handlerList({ orders: ordersMock.answers({ orders: [order] }) }));
      expect(await ask(ORDER_STATUS_DOCUMENT, { number: order.number, email: row.email })).toEqual(
        row.answer,
      );
    },
  );
});

describe('order steps parity table, on the mocks', () => {
  it.each(ORDER_STEP_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const state = ORDER_STATES[row.state];
    const order = makeStaffOrder({
      id: 'order-parity',
      status: state.status,
      paymentStatus: state.paymentStatus,
      ...(row.pickup
        ? { shippingMethodKind: 'PICKUP' as const, shippingMethodName: 'Retirada na loja' }
        : {}),
    });
    server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
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

describe('catalog parity table, on the mocks', () => {
  const product = (name: string, variants: unknown[]) => ({
    name,
    description: '',
    brandId: 'brand-1',
    categoryId: 'category-1',
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
      const saved = await ask(
        `mutation ($input: ProductSaveInput!) { r: productSave(input: $input) { variants { id } } }`,
        {
          input: product(`Preço paridade ${index}`, [{ sku: `PAR-PRECO-${index}`, ...row.stored }]),
        },
      );
      const id = (saved as { data: { variants: { id: string }[] } }).data.variants[0]!.id;
      const alone = row.set.compareAtPriceCents === undefined;
      const answer = await ask(alone ? VARIANT_PRICE_ALONE_DOCUMENT : VARIANT_PRICE_DOCUMENT, {
        id,
        ...row.set,
      });
      expect(answer).toEqual(row.answer);
    },
  );
});

describe('fiscal parity table, on the mocks', () => {
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
      const listed = await ask(`query { r: staffProducts(first: 1) { nodes { id } } }`, {});
      const id = (listed as { data: { nodes: { id: string }[] } }).data.nodes[0]!.id;
      const input = { action: 'SET_FISCAL', ids: [id], fiscal: row.fiscal, expectedCount: 1 };
      expect(await ask(SET_FISCAL_DOCUMENT, { input })).toEqual(row.answer);
    },
  );
});

/** The default world's variant in stock (published, 12 units). */
function knownVariant(): string {
  return makeCatalogFixtures().products[0]!.variants[0]!.id;
}

/**
 * The table's coupons as the checkout's fixtures hold them (the server's couponFromRow): each read
 * by the staff's rule first, as couponCreate reads it.
 */
function checkoutCoupons(): Coupon[] {
  return CHECKOUT_COUPONS.map((input) => {
    const checked = checkCouponInput(input, { isId: () => true, exists: () => true });
    if (!checked.ok) throw new Error(`${input.code}: ${checked.message}`);
    const { values } = checked;
    return {
      code: values.code,
      active: values.active,
      discount:
        values.percent !== null
          ? { type: 'percentage', percent: values.percent }
          : values.amountCents !== null
            ? { type: 'fixed', amountCents: values.amountCents }
            : null,
      freeShipping: values.freeShipping,
      minSubtotalCents: values.minSubtotalCents,
    };
  });
}

describe('checkout parity table, on the mocks', () => {
  it.each(CHECKOUT_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    // The known variant sold at the table's price, the table's coupons and Pix discount.
    const world = makeCatalogFixtures();
    const product = world.products[0]!;
    const variant = { ...product.variants[0]!, priceCents: KNOWN_VARIANT_PRICE_CENTS };
    server.use(
      ...handlerList({
        catalog: catalogMock.answers({
          ...world,
          products: [{ ...product, variants: [variant, ...product.variants.slice(1)] }],
        }),
        checkout: checkoutMock.answers({ coupons: checkoutCoupons() }),
        settings: settingsMock.answers({ pixDiscountPercent: CHECKOUT_PIX_DISCOUNT_PERCENT }),
      }),
    );
    const known = knownVariant();
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

describe('team parity table, on the mocks', () => {
  // The default team (team/team.fixtures.ts): the signed-in admin staff-1, Carla Dias (staff-3) an
  // active brand manager.
  const ids = { self: 'staff-1', member: 'staff-3', unknown: UNKNOWN_STAFF_ID };

  it.each(TEAM_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    if (row.caller === 'SUPPORT') {
      server.use(...handlerList({ staff: staffMock.answers({ role: 'SUPPORT' }) }));
    }
    const placed = JSON.parse(
      JSON.stringify(row.variables)
        .replaceAll(MY_EMAIL, 'ADMIN@VITRINE.COM.BR')
        .replaceAll(KNOWN_BRAND, 'brand-1'),
    ) as Record<string, unknown>;
    const variables = row.target ? { ...placed, id: ids[row.target] } : placed;
    expect(await ask(TEAM_DOCUMENTS[row.operation], variables)).toEqual(row.answer);
  });
});

describe('returns parity table, on the mocks', () => {
  it('judges the window at the instant the server does', () => {
    expect(RETURNS_MOCK_NOW).toBe(RETURNS_NOW);
  });

  /** The shopper's order of RETURN_EMAIL (2 shirts, 1 dress) in the row's state. */
  function shopperOrder(state: ReturnRequestCase['order']) {
    const order = makeDeliveredOrder({ number: 'VT-9990', customerEmail: RETURN_EMAIL });
    if (state === 'shipped') {
      return {
        ...order,
        status: 'SHIPPED' as const,
        fulfilmentStatus: 'SHIPPED' as const,
        timeline: order.timeline.filter((event) => event.type !== 'delivered'),
      };
    }
    const deliveredAt = state === 'delivered' ? DELIVERED_INSIDE : DELIVERED_LONG_AGO;
    return {
      ...order,
      timeline: order.timeline.map((event) =>
        event.type === 'delivered' ? { ...event, createdAt: deliveredAt } : event,
      ),
    };
  }

  function placed<T>(value: T, number: string): T {
    return JSON.parse(
      JSON.stringify(value)
        .replaceAll(ORDER_NUMBER_TYPED, number.toLowerCase().replace('-', ' '))
        .replaceAll(ORDER_NUMBER, number)
        .replaceAll(LINE_0, returnLineId(number, 0))
        .replaceAll(LINE_1, returnLineId(number, 1))
        .replaceAll(POLICY_URL, 'https://loja.exemplo.com.br/trocas-e-devolucoes'),
    ) as T;
  }

  it.each(RETURN_REQUEST_CASES.map((row) => [row.name, row] as const))(
    'requestOrderReturn: %s',
    async (_name, row) => {
      const order = shopperOrder(row.order);
      server.use(...handlerList({ orders: ordersMock.answers({ orders: [order] }) }));
      if (row.askedBefore) {
        const before = await ask(REQUEST_RETURN_DOCUMENT, {
          number: order.number,
          email: RETURN_EMAIL,
          input: { reason: 'Não serviu' },
        });
        expect(before).toMatchObject({ data: { status: 'REQUESTED' } });
      }
      const answer = await ask(REQUEST_RETURN_DOCUMENT, placed(row.variables, order.number));
      expect(answer).toEqual(placed(row.answer, order.number));
    },
  );

  it.each(RETURN_STEP_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const order = makeStaffReturnOrder(row.state === 'unknown' ? 'requested' : row.state);
    server.use(
      ...handlerList({
        orders: ordersMock.answers({ staffOrders: [order] }),
        staff: staffMock.answers({ role: row.caller }),
      }),
    );
    const id = row.state === 'unknown' ? UNKNOWN_RETURN_ID : `return-${order.number}-1`;
    const answer = await ask(RETURN_STEP_DOCUMENTS[row.step], { ...row.variables, id });
    expect(answer).toEqual(row.answer);
  });
});

describe('customers parity table, on the mocks', () => {
  /** The first customer of the default world not anonymised: their id and e-mail. */
  async function knownCustomer() {
    const listed = await ask(
      `query { r: customers(first: 1, filter: { anonymized: false }) { nodes { id email } } }`,
      {},
    );
    return (listed as { data: { nodes: { id: string; email: string }[] } }).data.nodes[0]!;
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
    if (row.caller && row.caller !== 'ADMIN') {
      server.use(...handlerList({ staff: staffMock.answers({ role: row.caller }) }));
    }
    expect(await ask(CUSTOMER_DOCUMENTS[row.operation], variables)).toEqual(row.answer);
  });
});
