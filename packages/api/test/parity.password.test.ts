// The new password's parity table (@vitrine/rules parity/password.cases) through the real server
// on a real database: each row's myPasswordChange by the signed-in ADMIN, answered as the row says
// (the last row's change taken). The mocks run the same rows (packages/ui/src/mocks/
// parity.password.test.ts).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import {
  CURRENT_PASSWORD,
  PASSWORD_CHANGE_CASES,
  PASSWORD_CHANGE_DOCUMENT,
} from '@vitrine/rules/parity/password.cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestContext,
  graphql,
  signInStaffRoles,
  STAFF_PASSWORD,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = (await signInStaffRoles(ctx)).admin;
  expect(admin.email.startsWith('admin@')).toBe(true);
  token = admin.token;
});

afterAll(async () => {
  await ctx.close();
});

describe('password parity table, on the server', () => {
  it.each(PASSWORD_CHANGE_CASES.map((row) => [row.name, row] as const))(
    '%s',
    async (_name, row) => {
      const newPassword = row.newPassword === CURRENT_PASSWORD ? STAFF_PASSWORD : row.newPassword;
      const variables = { currentPassword: STAFF_PASSWORD, newPassword };
      const { body } = await graphql(ctx.app, PASSWORD_CHANGE_DOCUMENT, variables, token);
      expect(parityAnswer(body as GraphqlBody)).toEqual(row.answer);
    },
  );
});
