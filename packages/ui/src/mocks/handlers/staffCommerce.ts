// The checkout domain's staff resolvers (Cupons, Frete: coupons, shipping methods, simulator).
import type { RootResolvers } from './graphqlDomain';
import { staffCouponResolvers } from './staffCoupons';

export const staffCommerceResolvers = {
  ...staffCouponResolvers,
} satisfies RootResolvers;
