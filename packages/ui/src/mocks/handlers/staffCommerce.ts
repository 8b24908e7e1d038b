// The checkout domain's staff resolvers (Cupons, Frete: coupons, shipping methods, simulator, the
// store's boxes).
import type { RootResolvers } from './graphqlDomain';
import { staffCouponResolvers } from './staffCoupons';
import { staffShippingResolvers } from './staffShipping';
import { staffShippingBoxResolvers } from './staffShippingBoxes';

export const staffCommerceResolvers = {
  ...staffCouponResolvers,
  ...staffShippingResolvers,
  ...staffShippingBoxResolvers,
} satisfies RootResolvers;
