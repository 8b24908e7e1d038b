// The mail outbox's parity table (@vitrine/rules parity/mail.cases) through the MSW mocks: each
// row answered as the row says, which is what the real server answers (packages/api/test/
// parity.mail.test.ts runs the same rows on a real database).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import { MAIL_OUTBOX_CASES, MAIL_OUTBOX_DOCUMENT } from '@vitrine/rules/parity/mail.cases';
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

describe('mail outbox parity table, on the mocks', () => {
  it.each(MAIL_OUTBOX_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    expect(await ask(MAIL_OUTBOX_DOCUMENT, row.variables)).toEqual(row.answer);
  });
});
