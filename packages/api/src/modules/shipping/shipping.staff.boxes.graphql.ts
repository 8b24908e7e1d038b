// The store's boxes over GraphQL (ADMIN only, as the shipping methods): list, create, update,
// delete (schema.graphql, ShippingBox).
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { fieldsOf } from '../../lib/graphql-fields';
import { auditActor } from '../audit/audit';
import {
  createShippingBox,
  deleteShippingBox,
  listShippingBoxes,
  updateShippingBox,
  type ShippingBoxInput,
} from './shipping.staff.boxes';
import type { ShippingBoxRow } from './shipping.tables';

const ADMIN = ['ADMIN'] as const;

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async shippingBoxes(_root: unknown, _args: unknown, ctx: GraphQLContext) {
      requireStaff(ctx, ADMIN);
      return listShippingBoxes(ctx.db);
    },
  },
  Mutation: {
    async shippingBoxCreate(
      _root: unknown,
      args: { input: ShippingBoxInput },
      ctx: GraphQLContext,
    ) {
      requireStaff(ctx, ADMIN);
      return createShippingBox(ctx.db, args.input, auditActor(ctx));
    },
    async shippingBoxUpdate(
      _root: unknown,
      args: { id: string; input: ShippingBoxInput },
      ctx: GraphQLContext,
    ) {
      requireStaff(ctx, ADMIN);
      return updateShippingBox(ctx.db, args.id, args.input, auditActor(ctx));
    },
    async shippingBoxDelete(_root: unknown, args: { id: string }, ctx: GraphQLContext) {
      requireStaff(ctx, ADMIN);
      return deleteShippingBox(ctx.db, args.id, auditActor(ctx));
    },
  },
  ShippingBox: fieldsOf<ShippingBoxRow>({
    createdAt: (box: ShippingBoxRow) => box.createdAt.toISOString(),
    updatedAt: (box: ShippingBoxRow) => box.updatedAt.toISOString(),
  }),
};
