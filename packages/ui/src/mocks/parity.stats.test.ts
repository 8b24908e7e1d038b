// The dashboard figures' parity table (@vitrine/rules parity/stats.cases) through the MSW mocks:
// each row answered as the row says, which is what the real server answers (packages/api/test/
// parity.stats.test.ts runs the same rows on a real database).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import { DASHBOARD_STATS_CASES, DASHBOARD_STATS_DOCUMENT } from '@vitrine/rules/parity/stats.cases';
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

describe('dashboard stats parity table, on the mocks', () => {
  it.each(DASHBOARD_STATS_CASES.map((row) => [row.name, row] as const))(
    '%s',
    async (_name, row) => {
      expect(await ask(DASHBOARD_STATS_DOCUMENT, row.variables)).toEqual(row.answer);
    },
  );
});
