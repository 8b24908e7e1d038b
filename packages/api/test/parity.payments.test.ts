// The payments parity table of @vitrine/rules (packages/rules/parity/payments.cases.ts) through the
// real server on a real database: each row's request answered as the row says. The mocks run the
// same rows (packages/ui/src/mocks/parity.payments.test.ts).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import {
  ENTRY_CONFIRM_CASES,
  ENTRY_CONFIRM_DOCUMENT,
  ONE_CREDIT_CSV,
  ORDER_CANCEL_DOCUMENT,
  ORDER_PAY_CASES,
  ORDER_PAY_DOCUMENT,
  pixCreditFor,
  STATEMENT_CREATE_ENTRIES_DOCUMENT,
  UNKNOWN_ORDER_ID,
} from '@vitrine/rules/parity/payments.cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
} from '../src/modules/orders/orders.fixtures';
import { createTestContext, graphql, signInStaffRoles, type TestContext } from './helpers';

let ctx: TestContext;
let catalog: FixtureCatalog;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  token = (await signInStaffRoles(ctx)).admin.token;
});

afterAll(async () => {
  await ctx.close();
});

async function ask(query: string, variables: Record<string, unknown>) {
  const { body } = await graphql(ctx.app, query, variables, token);
  return parityAnswer(body as GraphqlBody);
}

describe('bank statement entry confirmation parity table, on the server', () => {
  it.each(ENTRY_CONFIRM_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    // One Pix order waiting for payment (each row its own).
    const order = await insertFixtureOrder(ctx.db, {
      status: 'PENDING_PAYMENT',
      paymentMethod: 'PIX',
      lines: [{ variant: catalog.shirt, quantity: 1 }],
    });
    const content =
      row.statement === 'matched' ? pixCreditFor(order.number, order.totalCents) : ONE_CREDIT_CSV;
    const { body } = await graphql(
      ctx.app,
      STATEMENT_CREATE_ENTRIES_DOCUMENT,
      { input: { fileName: 'extrato.csv', content } },
      token,
    );
    const entry = (body as { data: { r: { entries: { id: string }[] } } }).data.r.entries[0]!;
    if (row.canceledFirst) {
      expect(await ask(ORDER_CANCEL_DOCUMENT, { id: order.id })).toEqual({
        data: { status: 'CANCELED' },
      });
    }
    const orderId = row.orderId === 'own' ? order.id : UNKNOWN_ORDER_ID;
    expect(await ask(ENTRY_CONFIRM_DOCUMENT, { id: entry.id, orderId })).toEqual(row.answer);
  });
});

describe('orderPay parity table, on the server', () => {
  it.each(ORDER_PAY_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    expect(await ask(ORDER_PAY_DOCUMENT, row.variables)).toEqual(row.answer);
  });
});
