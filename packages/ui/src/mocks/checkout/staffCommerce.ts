// The checkout domain's staff resolvers (Cupons, Frete: coupons, shipping methods, simulator, the
// store's boxes).
import type { RootResolvers } from '../shared/graphqlDomain';
import { staffCouponResolvers } from '../coupons/staffCoupons';
import { staffShippingResolvers } from '../shipping/staffShipping';
import { staffShippingBoxResolvers } from '../shipping/staffShippingBoxes';

export const staffCommerceResolvers = {
  ...staffCouponResolvers,
  ...staffShippingResolvers,
  ...staffShippingBoxResolvers,
} satisfies RootResolvers;
