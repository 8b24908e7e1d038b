// The staff domain of the GraphQL mock: the signed-in staff member (`me` needs a live token).
import { makeStaff, type StaffFixture } from '../fixtures/staff';
import {
  defineGraphqlDomain,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from './graphqlDomain';

const resolvers = {
  me: (_args: unknown, context: RequestContext) => requireStaff(context),
} satisfies RootResolvers;

/** The staff member `me` returns: `staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' })`. */
export const staffMock = defineGraphqlDomain(
  'staff',
  (input?: Partial<StaffFixture>) => makeStaff(input),
  resolvers,
);
