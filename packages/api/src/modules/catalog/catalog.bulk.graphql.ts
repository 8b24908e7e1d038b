// GraphQL resolvers of the catalog's bulk changes, its history and the category tree's moves.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { productsBulk } from './catalog.bulk';
import {
  catalogHistoryEntryResolvers,
  catalogHistoryOf,
  type CatalogHistoryRow,
} from './catalog.history';
import { catalogLoaders } from './catalog.loaders';
import { moveCategory } from './catalog.structure';

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { CatalogHistoryRow };

export const resolvers: Resolvers = {
  Query: {
    catalogHistory: (_root, args, ctx) => catalogHistoryOf(ctx.db, requireStaff(ctx), args),
  },
  Mutation: {
    productsBulk: (_root, args, ctx) => productsBulk(ctx.db, requireAuditedStaff(ctx), args.input),
    async categoryMove(_root, args, ctx) {
      await moveCategory(
        ctx.db,
        requireAuditedStaff(ctx),
        args.id,
        args.parentId ?? null,
        args.position,
      );
      // The tree as it is now (the request's loader reads it after the move).
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.children.get(null) ?? [];
    },
  },
  CatalogHistoryEntry: catalogHistoryEntryResolvers,
};
