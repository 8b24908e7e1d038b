// The store's boxes over GraphQL (ADMIN only, as the shipping methods): list, create, update,
// delete (schema.graphql, ShippingBox).
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { fieldsOf } from '../../lib/graphql-fields';
import { auditActor } from '../audit/audit';
import {
  createShippingBox,
  deleteShippingBox,
  listShippingBoxes,
  updateShippingBox,
} from './shipping.staff.boxes';
import type { ShippingBoxRow } from './shipping.tables';

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
  ShippingBox: fieldsOf<ShippingBoxRow>({
    createdAt: (box: ShippingBoxRow) => box.createdAt.toISOString(),
    updatedAt: (box: ShippingBoxRow) => box.updatedAt.toISOString(),
  }),
};
