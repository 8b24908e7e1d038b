// The staff domain of the GraphQL mock: the signed-in staff member (`me` needs a live token) and
// their saved list views (savedViews, savedViewCreate, savedViewDelete).
import {
  checkSavedViewInput,
  checkSavedViewScreen,
  SAVED_VIEW_MESSAGES,
  savedViewStoreRefusal,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import { makeStaff, type StaffFixture } from './staff.fixtures';
import { makeSavedViews, type SavedViewFixture } from '../orders/staffOrders.fixtures';
import {
  badInput,
  defineGraphqlDomain,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { staffAccountResolvers } from './staffAccount';
import { staffAuditResolvers } from '../audit/staffAudit';
import { staffTeamResolvers } from '../team/staffTeam';

/** The staff domain's input: the staff member, and their saved views (makeSavedViews()). */
export type StaffMockInput = Partial<StaffFixture> & { savedViews?: SavedViewFixture[] };

// The saved views of each mock world's staff member (a fresh staff object on each reset).
const savedViewsOf = new WeakMap<StaffFixture, SavedViewFixture[]>();

function viewsOf(context: RequestContext): SavedViewFixture[] {
  const staff = requireStaff(context);
  let views = savedViewsOf.get(staff);
  if (!views) {
    views = [];
    savedViewsOf.set(staff, views);
  }
  return views;
}

let nextViewId = 1;

const resolvers = {
  me: (_args: unknown, context: RequestContext) => requireStaff(context),
  // The server revokes every refresh token of the staff member; the mock has nothing to revoke.
  signOutEverywhere: (_args: unknown, context: RequestContext) => {
    requireStaff(context);
    return true;
  },
  savedViews: ({ screen }: { screen: string }, context: RequestContext) => {
    const checked = checkSavedViewScreen(screen);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    return viewsOf(context)
      .filter((view) => view.screen === checked.value)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  },
  savedViewCreate: (
    { input }: { input: { screen: SavedViewFixture['screen']; name: string; query: string } },
    context: RequestContext,
  ) => {
    const views = viewsOf(context);
    // The server's rules (@vitrine/rules): the screen, the name and the query, then the store's.
    const checked = checkSavedViewInput(input);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const { screen, name, query } = checked.value;
    const onScreen = views.filter((view) => view.screen === screen);
    const refusal = savedViewStoreRefusal(
      onScreen.some((view) => view.name.toLowerCase() === name.toLowerCase()),
      onScreen.length,
    );
    if (refusal) throw badInput(refusal.message, refusal.field);
    const view: SavedViewFixture = {
      id: `view-new-${nextViewId++}`,
      screen,
      name,
      query,
      createdAt: new Date().toISOString(),
    };
    views.push(view);
    return view;
  },
  savedViewDelete: ({ id }: { id: string }, context: RequestContext) => {
    const views = viewsOf(context);
    const index = views.findIndex((view) => view.id === id);
    if (index === -1) {
      throw new GraphQLError(SAVED_VIEW_MESSAGES.notFound, { extensions: { code: 'NOT_FOUND' } });
    }
    views.splice(index, 1);
    return true;
  },
  ...staffTeamResolvers,
  ...staffAccountResolvers,
  ...staffAuditResolvers,
} satisfies RootResolvers;

/**
 * The staff member `me` returns and their saved views:
 * `staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT', savedViews: [] })`.
 */
export const staffMock = defineGraphqlDomain(
  'staff',
  ({ savedViews, ...staff }: StaffMockInput = {}) => {
    const made = makeStaff(staff);
    savedViewsOf.set(made, structuredClone(savedViews ?? makeSavedViews()));
    return made;
  },
  resolvers,
);
