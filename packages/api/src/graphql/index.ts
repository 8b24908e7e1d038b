// The resolver registry: every module's `<domain>[.<audience>].graphql.ts` is listed here and merged.
import type { IResolvers } from 'mercurius';
import type { ValidationRule } from 'graphql';
import { resolvers as catalogResolvers } from '../modules/catalog/catalog.graphql';
import { resolvers as catalogBulkResolvers } from '../modules/catalog/catalog.bulk.graphql';
import { resolvers as catalogStaffResolvers } from '../modules/catalog/catalog.staff.graphql';
import { resolvers as checkoutResolvers } from '../modules/checkout/checkout.graphql';
import { resolvers as couponsStaffResolvers } from '../modules/coupons/coupons.staff.graphql';
import { resolvers as importsResolvers } from '../modules/imports/imports.graphql';
import { resolvers as orderTransitionsResolvers } from '../modules/orders/orders.transitions.graphql';
import { resolvers as paymentsResolvers } from '../modules/payments/payments.graphql';
import { resolvers as pixPspResolvers } from '../modules/payments/pix-psp/pix-psp.graphql';
import { resolvers as reconciliationResolvers } from '../modules/reconciliation/reconciliation.graphql';
import { resolvers as restockResolvers } from '../modules/restock/restock.graphql';
import { resolvers as settingsResolvers } from '../modules/settings/settings.graphql';
import { resolvers as shippingStaffResolvers } from '../modules/shipping/shipping.staff.graphql';
import { resolvers as shippingBoxesResolvers } from '../modules/shipping/shipping.staff.boxes.graphql';
import { resolvers as ordersStaffResolvers } from '../modules/orders/orders.staff.graphql';
import { resolvers as statsResolvers } from '../modules/stats/stats.graphql';
import { resolvers as staffResolvers } from '../modules/staff/staff.graphql';
import { resolvers as viewsResolvers } from '../modules/views/views.graphql';
import { resolvers as teamResolvers } from '../modules/team/team.graphql';
import { resolvers as twoFactorResolvers } from '../modules/auth/twofactor.graphql';
import { resolvers as auditResolvers } from '../modules/audit/audit.graphql';
import { resolvers as customersResolvers } from '../modules/customers/customers.graphql';
import { resolvers as labelsResolvers } from '../modules/labels/labels.graphql';
import { resolvers as returnsResolvers } from '../modules/returns/returns.graphql';
import { resolvers as invoicesResolvers } from '../modules/invoices/invoices.graphql';
import type { GraphQLContext } from './context';
import { maxAliasesRule, maxCostRule, maxDepthRule } from './limits';
import type { Resolvers } from './resolvers.generated';

/** Every module's resolver map, typed from the schema (resolvers.generated.ts). */
export const resolverModules: Resolvers[] = [
  settingsResolvers,
  staffResolvers,
  catalogResolvers,
  catalogStaffResolvers,
  catalogBulkResolvers,
  importsResolvers,
  checkoutResolvers,
  ordersStaffResolvers,
  orderTransitionsResolvers,
  statsResolvers,
  couponsStaffResolvers,
  shippingStaffResolvers,
  shippingBoxesResolvers,
  paymentsResolvers,
  pixPspResolvers,
  reconciliationResolvers,
  restockResolvers,
  viewsResolvers,
  teamResolvers,
  twoFactorResolvers,
  auditResolvers,
  customersResolvers,
  labelsResolvers,
  returnsResolvers,
  invoicesResolvers,
];

/** Extra validation rules applied to every operation (depth is Mercurius' queryDepth). */
export const validationRules: ValidationRule[] = [maxDepthRule(), maxAliasesRule(), maxCostRule()];

/** Merges the modules' resolver maps type by type; a field defined twice is a startup error. */
export function mergeResolvers(modules: Resolvers[]): IResolvers<unknown, GraphQLContext> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const module of modules) {
    for (const [typeName, fields] of Object.entries(module)) {
      const target = (merged[typeName] ??= {});
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in target) throw new Error(`Resolver ${typeName}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  return merged as IResolvers<unknown, GraphQLContext>;
}
