// The dashboard figures' parity table (@vitrine/rules parity/stats.cases) through the real server
// on a real database: each row's range and threshold, answered as the row says. The mocks run the
// same rows (packages/ui/src/mocks/parity.stats.test.ts).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import { DASHBOARD_STATS_CASES, DASHBOARD_STATS_DOCUMENT } from '@vitrine/rules/parity/stats.cases';
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

describe('dashboard stats parity table, on the server', () => {
  it.each(DASHBOARD_STATS_CASES.map((row) => [row.name, row] as const))(
    '%s',
    async (_name, row) => {
      const { body } = await graphql(ctx.app, DASHBOARD_STATS_DOCUMENT, row.variables, token);
      expect(parityAnswer(body as GraphqlBody)).toEqual(row.answer);
    },
  );
});
