// How the mocks' parity runners ask: a GraphQL request through MSW as the signed-in admin of the
// mock world (staff-1), its answer reduced as the server's runner reduces its own (parityAnswer).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import type { ParityAnswer } from '@vitrine/rules/parity/orders.cases';
import { ADMIN_EMAIL } from './auth/staff.fixtures';
import { makeAccessToken } from './auth/jwt';

export async function askMocks(
  query: string,
  variables: Record<string, unknown>,
): Promise<ParityAnswer<unknown>> {
  const token = makeAccessToken('staff-1', ADMIN_EMAIL);
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return parityAnswer((await response.json()) as GraphqlBody);
}
