// Coupons admin over GraphQL (ADMIN only).
import { schemaEnum } from '../../lib/graphql-fields';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupons.staff.service';

const ADMIN = ['ADMIN'] as const;
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export const resolvers: Resolvers = {
  Query: {
    async coupons(_root, _args, ctx) {
      requireStaff(ctx, ADMIN);
      return listCoupons(ctx.db);
    },
  },
  Mutation: {
    async couponCreate(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return createCoupon(ctx.db, args.input, auditActor(ctx));
    },
    async couponUpdate(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return updateCoupon(ctx.db, args.id, args.input, auditActor(ctx));
    },
    async couponDelete(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return deleteCoupon(ctx.db, args.id, auditActor(ctx));
    },
  },
  Coupon: {
    kind: (coupon) => schemaEnum(coupon.kind),
    startsAt: (coupon) => iso(coupon.startsAt),
    endsAt: (coupon) => iso(coupon.endsAt),
    createdAt: (coupon) => coupon.createdAt.toISOString(),
    updatedAt: (coupon) => coupon.updatedAt.toISOString(),
  },
};
