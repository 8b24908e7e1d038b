// Coupons admin over GraphQL (ADMIN only).
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import { fieldsOf } from '../../lib/graphql-fields';
import type { CouponRow } from './coupons.tables';
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
  Coupon: fieldsOf<CouponRow>({
    kind: (coupon: CouponRow) => coupon.kind.toUpperCase(),
    startsAt: (coupon: CouponRow) => iso(coupon.startsAt),
    endsAt: (coupon: CouponRow) => iso(coupon.endsAt),
    createdAt: (coupon: CouponRow) => coupon.createdAt.toISOString(),
    updatedAt: (coupon: CouponRow) => coupon.updatedAt.toISOString(),
  }),
};
