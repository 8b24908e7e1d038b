// Coupons admin over GraphQL (ADMIN only).
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import { fieldsOf } from '../../lib/graphql-fields';
import type { CouponRow } from './coupons.tables';
import {
  createCoupon,
  deleteCoupon,
  listCoupons,
  updateCoupon,
  type CouponInput,
} from './coupons.staff.service';

const ADMIN = ['ADMIN'] as const;
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async coupons(_root: unknown, _args: unknown, ctx: GraphQLContext) {
      requireStaff(ctx, ADMIN);
      return listCoupons(ctx.db);
    },
  },
  Mutation: {
    async couponCreate(_root: unknown, args: { input: CouponInput }, ctx: GraphQLContext) {
      requireStaff(ctx, ADMIN);
      return createCoupon(ctx.db, args.input, auditActor(ctx));
    },
    async couponUpdate(
      _root: unknown,
      args: { id: string; input: CouponInput },
      ctx: GraphQLContext,
    ) {
      requireStaff(ctx, ADMIN);
      return updateCoupon(ctx.db, args.id, args.input, auditActor(ctx));
    },
    async couponDelete(_root: unknown, args: { id: string }, ctx: GraphQLContext) {
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
