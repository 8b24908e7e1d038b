// The payments parity table of @vitrine/rules (packages/rules/parity/payments.cases.ts) through
// the MSW mocks: each row's request answered as the row says, which is what the real server
// answers (packages/api/test/parity.payments.test.ts runs the same rows on a real database).
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
import { describe, expect, it } from 'vitest';

import { handlerList, makeAccessToken, ordersMock } from '.';
import { makeStaffOrder } from './orders/staffOrders.fixtures';
import { server } from './server';

async function post(query: string, variables: Record<string, unknown>) {
  const token = makeAccessToken('staff-1', 'admin@vitrine.com.br');
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlBody;
}

async function ask(query: string, variables: Record<string, unknown>) {
  return parityAnswer(await post(query, variables));
}

describe('bank statement entry confirmation parity table, on the mocks', () => {
  it.each(ENTRY_CONFIRM_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    // One Pix order waiting for payment.
    const order = makeStaffOrder({
      id: 'order-pix-parity',
      number: 'VT-77001',
      status: 'PENDING_PAYMENT',
      paymentStatus: 'PENDING',
      paymentMethod: 'PIX',
    });
    server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
    const content =
      row.statement === 'matched' ? pixCreditFor(order.number, order.totalCents) : ONE_CREDIT_CSV;
    const body = await post(STATEMENT_CREATE_ENTRIES_DOCUMENT, {
      input: { fileName: 'extrato.csv', content },
    });
    const entry = (body.data?.r as { entries: { id: string }[] }).entries[0]!;
    if (row.canceledFirst) {
      expect(await ask(ORDER_CANCEL_DOCUMENT, { id: order.id })).toEqual({
        data: { status: 'CANCELED' },
      });
    }
    const orderId = row.orderId === 'own' ? order.id : UNKNOWN_ORDER_ID;
    expect(await ask(ENTRY_CONFIRM_DOCUMENT, { id: entry.id, orderId })).toEqual(row.answer);
  });
});

describe('orderPay parity table, on the mocks', () => {
  it.each(ORDER_PAY_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    expect(await ask(ORDER_PAY_DOCUMENT, row.variables)).toEqual(row.answer);
  });
});
