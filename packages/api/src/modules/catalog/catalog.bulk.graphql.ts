// GraphQL resolvers of the catalog's bulk changes, its history and the category tree's moves.
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { fieldsOf } from '../../lib/graphql-fields';
import { productsBulk, type ProductBulkInput } from './catalog.bulk';
import {
  catalogHistoryEntryResolvers,
  catalogHistoryOf,
  type CatalogHistoryRow,
} from './catalog.history';
import { catalogLoaders } from './catalog.loaders';
import { moveCategory } from './catalog.structure';

type Ctx = GraphQLContext;

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    catalogHistory: (
      _root: unknown,
      args: { productId?: string | null; first?: number | null; offset?: number | null },
      ctx: Ctx,
    ) => catalogHistoryOf(ctx.db, requireStaff(ctx), args),
  },
  Mutation: {
    productsBulk: (_root: unknown, args: { input: ProductBulkInput }, ctx: Ctx) =>
      productsBulk(ctx.db, requireAuditedStaff(ctx), args.input),
    async categoryMove(
      _root: unknown,
      args: { id: string; parentId?: string | null; position: number },
      ctx: Ctx,
    ) {
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
  CatalogHistoryEntry: fieldsOf<CatalogHistoryRow>(catalogHistoryEntryResolvers),
};
