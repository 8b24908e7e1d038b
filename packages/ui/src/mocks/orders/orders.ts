// The orders domain of the GraphQL mock: an order as the shopper tracks it (orderStatus), over the
// fixtures' orders and those placeOrder added; and the staff's orders (orders, order, the order*
// transitions, bulk ship / confirm, resend mail) over the staff order fixtures, as the server
// answers them (roles, masked CPF, a BRAND_MANAGER's share, Portuguese errors); the 7-day
// returns of both (returns.ts).
import { checkCustomerEmail, orderNumber, parseOrderNumber } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import { makeOrdersState, type OrdersFixtures } from './orders.fixtures';
import {
  badInput,
  defineGraphqlDomain,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { returnResolvers, withReturnFields } from '../returns/returns';
import { invoiceFor, staffInvoiceResolvers } from '../invoices/staffInvoices';
import { staffLabelResolvers } from './staffLabels';
import { staffOrderResolvers } from './staffOrders';
import { statsResolvers } from './stats';
import { staffCustomerResolvers } from '../customers/staffCustomers';

export const ORDER_NOT_FOUND_MESSAGE = 'Pedido não encontrado. Confira o número e o e-mail.';
/** orderStatus's answer to a number and e-mail that find no order, as the server words it. */
export const ORDER_STATUS_NOT_FOUND_MESSAGE =
  'Pedido não encontrado: confira o número do pedido e o e-mail usado na compra.';

const resolvers = {
  orderStatus: (
    { number, email }: { number: string; email: string },
    { world }: RequestContext,
  ) => {
    // As the server: the e-mail by the store's rule first (a malformed one is BAD_USER_INPUT,
    // nothing looked up), then the order by its number however typed and that e-mail.
    const typed = checkCustomerEmail(email);
    if (!typed.ok) throw badInput(typed.message, 'email');
    const sequence = parseOrderNumber(number);
    const wanted = sequence === null ? null : orderNumber(sequence);
    const order = world.orders.orders.find(
      (item) => item.number === wanted && item.customerEmail.toLowerCase() === typed.email,
    );
    if (!order) {
      throw new GraphQLError(ORDER_STATUS_NOT_FOUND_MESSAGE, {
        extensions: { code: 'NOT_FOUND' },
      });
    }
    // As the server: tracking shows the city and UF only (issue 11, item 4).
    return {
      ...withReturnFields(order, world.orders),
      address: {
        postalCode: '',
        street: '',
        number: '',
        complement: null,
        district: '',
        city: order.address.city,
        uf: order.address.uf,
      },
    };
  },
  ...staffOrderResolvers,
  ...staffLabelResolvers,
  ...statsResolvers,
  ...staffCustomerResolvers,
  ...returnResolvers,
  ...staffInvoiceResolvers,
  // The staff's order with its NF-e (staffInvoices.ts, which answers the list and the actions).
  order: (args: { id: string }, context: RequestContext) => {
    const order = staffOrderResolvers.order(args, context);
    const fixture = context.world.orders.staffOrders.find((item) => item.id === args.id);
    return order && fixture ? { ...order, invoice: invoiceFor(context, fixture) } : order;
  },
  orderInvoice: ({ orderId }: { orderId: string }, context: RequestContext) => {
    const fixture = context.world.orders.staffOrders.find((item) => item.id === orderId);
    if (!fixture) {
      throw new GraphQLError('Pedido não encontrado.', { extensions: { code: 'NOT_FOUND' } });
    }
    return invoiceFor(context, fixture);
  },
} satisfies RootResolvers;

/** Orders: `ordersMock.answers({ orders: [makeShippedOrder()] })`; fresh state each call. */
export const ordersMock = defineGraphqlDomain(
  'orders',
  (input?: Partial<OrdersFixtures>) => makeOrdersState(input),
  resolvers,
);
