// Saved list views over GraphQL: every staff role, each only their own.
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { fieldsOf } from '../../lib/graphql-fields';
import {
  createSavedView,
  deleteSavedView,
  savedViewsOf,
  type SavedViewInput,
} from './views.service';
import type { SavedViewRow } from './views.tables';

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async savedViews(_root: unknown, args: { screen: string }, ctx: GraphQLContext) {
      return savedViewsOf(ctx.db, requireStaff(ctx).id, args.screen);
    },
  },
  Mutation: {
    async savedViewCreate(_root: unknown, args: { input: SavedViewInput }, ctx: GraphQLContext) {
      return createSavedView(ctx.db, requireStaff(ctx).id, args.input);
    },
    async savedViewDelete(_root: unknown, args: { id: string }, ctx: GraphQLContext) {
      return deleteSavedView(ctx.db, requireStaff(ctx).id, args.id);
    },
  },
  SavedView: fieldsOf<SavedViewRow>({
    createdAt: (view: SavedViewRow) => view.createdAt.toISOString(),
  }),
};
