// The checkout domain's staff resolvers (Cupons, Frete: coupons, shipping methods, simulator).
import type { RootResolvers } from './graphqlDomain';

export const staffCommerceResolvers = {} satisfies RootResolvers;
