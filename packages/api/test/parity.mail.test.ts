// The mail outbox's parity table (@vitrine/rules parity/mail.cases) through the real server on a
// real database: each row's page and filter, answered as the row says. The mocks run the same rows
// (packages/ui/src/mocks/parity.mail.test.ts).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import { MAIL_OUTBOX_CASES, MAIL_OUTBOX_DOCUMENT } from '@vitrine/rules/parity/mail.cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, graphql, signInStaffRoles, type TestContext } from './helpers';

let ctx: TestContext;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signInStaffRoles(ctx)).admin.token;
});

afterAll(async () => {
  await ctx.close();
});

describe('mail outbox parity table, on the server', () => {
  it.each(MAIL_OUTBOX_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const { body } = await graphql(ctx.app, MAIL_OUTBOX_DOCUMENT, row.variables, token);
    expect(parityAnswer(body as GraphqlBody)).toEqual(row.answer);
  });
});
