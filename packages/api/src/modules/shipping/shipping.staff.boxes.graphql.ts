// The store's boxes over GraphQL (ADMIN only, as the shipping methods): list, create, update,
// delete (schema.graphql, ShippingBox).
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import {
  createShippingBox,
  deleteShippingBox,
  listShippingBoxes,
  updateShippingBox,
} from './shipping.staff.boxes';

const ADMIN = ['ADMIN'] as const;

export const resolvers: Resolvers = {
  Query: {
    async shippingBoxes(_root, _args, ctx) {
      requireStaff(ctx, ADMIN);
      return listShippingBoxes(ctx.db);
    },
  },
  Mutation: {
    async shippingBoxCreate(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return createShippingBox(ctx.db, args.input, auditActor(ctx));
    },
    async shippingBoxUpdate(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return updateShippingBox(ctx.db, args.id, args.input, auditActor(ctx));
    },
    async shippingBoxDelete(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return deleteShippingBox(ctx.db, args.id, auditActor(ctx));
    },
  },
  ShippingBox: {
    createdAt: (box) => box.createdAt.toISOString(),
    updatedAt: (box) => box.updatedAt.toISOString(),
  },
};
