// The NF-e parity table of @vitrine/rules (packages/rules/parity/invoices.cases.ts) through the
// MSW mocks (issuing configured, as in the default world): each row's request answered as the row
// says, which is what the real server answers (packages/api/test/parity.invoices.test.ts runs the
// same rows on a real database).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import {
  INVOICE_CANCEL_CASES,
  INVOICE_CANCEL_DOCUMENT,
  INVOICE_CORRECT_CASES,
  INVOICE_CORRECT_DOCUMENT,
  INVOICE_LIST_CASES,
  INVOICES_DOCUMENT,
} from '@vitrine/rules/parity/invoices.cases';
import { describe, expect, it } from 'vitest';

import { makeAccessToken } from '.';

async function ask(query: string, variables: Record<string, unknown>) {
  const token = makeAccessToken('staff-1', 'admin@vitrine.com.br');
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return parityAnswer((await response.json()) as GraphqlBody);
}

describe('NF-e list parity table, on the mocks', () => {
  it.each(INVOICE_LIST_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    expect(await ask(INVOICES_DOCUMENT, row.variables)).toEqual(row.answer);
  });
});

describe('NF-e cancellation parity table, on the mocks', () => {
  it.each(INVOICE_CANCEL_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    expect(await ask(INVOICE_CANCEL_DOCUMENT, row.variables)).toEqual(row.answer);
  });
});

describe('carta de correção parity table, on the mocks', () => {
  it.each(INVOICE_CORRECT_CASES.map((row) => [row.name, row] as const))(
    '%s',
    async (_name, row) => {
      expect(await ask(INVOICE_CORRECT_DOCUMENT, row.variables)).toEqual(row.answer);
    },
  );
});
