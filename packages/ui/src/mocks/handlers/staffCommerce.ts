// The checkout domain's staff resolvers (Cupons, Frete: coupons, shipping methods, simulator).
import type { RootResolvers } from './graphqlDomain';
import { staffCouponResolvers } from './staffCoupons';
import { staffShippingResolvers } from './staffShipping';

export const staffCommerceResolvers = {
  ...staffCouponResolvers,
  ...staffShippingResolvers,
} satisfies RootResolvers;
