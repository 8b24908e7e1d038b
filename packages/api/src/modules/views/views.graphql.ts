// Saved list views over GraphQL: every staff role, each only their own.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { createSavedView, deleteSavedView, savedViewsOf } from './views.service';

export const resolvers: Resolvers = {
  Query: {
    async savedViews(_root, args, ctx) {
      return savedViewsOf(ctx.db, requireStaff(ctx).id, args.screen);
    },
  },
  Mutation: {
    async savedViewCreate(_root, args, ctx) {
      return createSavedView(ctx.db, requireStaff(ctx).id, args.input);
    },
    async savedViewDelete(_root, args, ctx) {
      return deleteSavedView(ctx.db, requireStaff(ctx).id, args.id);
    },
  },
  SavedView: {
    createdAt: (view) => view.createdAt.toISOString(),
  },
};
