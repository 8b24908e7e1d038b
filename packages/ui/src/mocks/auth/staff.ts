// The staff domain of the GraphQL mock: the signed-in staff member (`me` needs a live token) and
// their saved list views (savedViews, savedViewCreate, savedViewDelete).
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
  savedViews: ({ screen }: { screen: string }, context: RequestContext) =>
    viewsOf(context)
      .filter((view) => view.screen === screen)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  savedViewCreate: (
    { input }: { input: { screen: SavedViewFixture['screen']; name: string; query: string } },
    context: RequestContext,
  ) => {
    const views = viewsOf(context);
    const name = input.name.trim();
    if (name.length < 1 || name.length > 60) {
      throw badInput('O nome da visão deve ter de 1 a 60 caracteres.', 'name');
    }
    if (input.query.length > 2000) {
      throw badInput('A visão pode ter no máximo 2.000 caracteres de filtros.', 'query');
    }
    if (
      views.some(
        (view) => view.screen === input.screen && view.name.toLowerCase() === name.toLowerCase(),
      )
    ) {
      throw badInput('Você já tem uma visão com esse nome.', 'name');
    }
    const view: SavedViewFixture = {
      id: `view-new-${nextViewId++}`,
      screen: input.screen,
      name,
      query: input.query.replace(/^\?/, ''),
      createdAt: new Date().toISOString(),
    };
    views.push(view);
    return view;
  },
  savedViewDelete: ({ id }: { id: string }, context: RequestContext) => {
    const views = viewsOf(context);
    const index = views.findIndex((view) => view.id === id);
    if (index === -1) throw badInput('Visão não encontrada.', 'id');
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
