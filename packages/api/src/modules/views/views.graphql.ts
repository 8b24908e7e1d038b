// Saved list views over GraphQL: every staff role, each only their own.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { fieldsOf } from '../../lib/graphql-fields';
import { createSavedView, deleteSavedView, savedViewsOf } from './views.service';
import type { SavedViewRow } from './views.tables';

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
  SavedView: fieldsOf<SavedViewRow>({
    createdAt: (view: SavedViewRow) => view.createdAt.toISOString(),
  }),
};
