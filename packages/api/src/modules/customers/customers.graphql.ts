// Customers and LGPD (customers, customer, customerDataExport, customerAnonymize) and the settings
// screens' previews (pixPreview, shippingSimulate: see previews.ts for why they live here).
import { checkCustomerOrdersFirst } from '@vitrine/rules';
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { AppGraphQLError, badUserInput } from '../../graphql/errors';
import { requireStaff } from '../../graphql/guards';
import { keyedLoader } from '../../lib/keyed-loader';
import { auditActor } from '../audit/audit';
import { CheckoutError } from '../checkout/checkout.errors';
import { shippingOptionView } from '../checkout/checkout.graphql';
import { shippingSimulation } from '../checkout/checkout.cart';
import { SettingsInputError } from '../settings/settings.validation';
import type { CustomerOrderRow } from './customers.repository';
import {
  anonymizeCustomer,
  CustomerError,
  customersConnection,
  exportCustomerData,
  findCustomer,
  ordersByCustomer,
  type CustomerView,
} from './customers.service';
import { pixPreview } from './previews';

const CUSTOMER_ROLES = ['ADMIN', 'SUPPORT'] as const;

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CustomerError) {
      if (error.code === 'NOT_FOUND') {
        throw new AppGraphQLError(error.message, 'NOT_FOUND', {
          ...(error.field ? { field: error.field } : {}),
        });
      }
      throw badUserInput(error.message, error.field ?? undefined);
    }
    if (error instanceof SettingsInputError || error instanceof CheckoutError) {
      throw badUserInput(error.message, error.field ?? undefined);
    }
    throw error;
  }
}

/** Each customer's orders for one request, loaded together (no query per customer). */
function customerOrders(ctx: GraphQLContext) {
  return ctx.loaders.get('customer-orders', () =>
    keyedLoader<string, CustomerOrderRow[]>(
      (ids) => ordersByCustomer(ctx.db, ids),
      () => [],
    ),
  );
}

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { CustomerView };

export const resolvers: Resolvers = {
  Query: {
    customers(_root, args, ctx) {
      requireStaff(ctx, CUSTOMER_ROLES);
      return run(() => customersConnection(ctx.db, args));
    },
    customer(_root, args, ctx) {
      requireStaff(ctx, CUSTOMER_ROLES);
      return run(() => findCustomer(ctx.db, args.id));
    },
    pixPreview(_root, args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      return run(() => pixPreview(args.input));
    },
    shippingSimulate(_root, args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      return run(async () => (await shippingSimulation(ctx.db, args)).map(shippingOptionView));
    },
  },
  Mutation: {
    customerDataExport(_root, args, ctx) {
      requireStaff(ctx, CUSTOMER_ROLES);
      return run(() => exportCustomerData(ctx.db, args.id, auditActor(ctx), new Date()));
    },
    customerAnonymize(_root, args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      return run(() => anonymizeCustomer(ctx.db, args.id, args.confirmation, auditActor(ctx)));
    },
  },
  Customer: {
    // The Order type's own resolvers (orders.staff.graphql.ts) take the rows from here.
    async orders(customer, args, ctx) {
      const first = checkCustomerOrdersFirst(args.first);
      if (!first.ok) throw badUserInput(first.issue.message, first.issue.field);
      return (await customerOrders(ctx).load(customer.id)).slice(0, first.value);
    },
  },
};
