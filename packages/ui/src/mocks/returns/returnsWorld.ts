// The mock world's returns, by order number: seeded from the order fixtures' `seededReturns` on
// first use and changed by the returns' resolvers (returns/returns.ts); the NF-e list
// (invoices/staffInvoices.ts) reads their NF-e de devolução here.
import type { OrdersState } from '../orders/orders.fixtures';
import type { ReturnFixture, WithReturns } from './returns.fixtures';

interface ReturnsState {
  byOrder: Map<string, ReturnFixture[]>;
}

const states = new WeakMap<OrdersState, ReturnsState>();

/** The world's returns, seeded from the order fixtures' `seededReturns` on first use. */
function returnsState(orders: OrdersState): ReturnsState {
  let state = states.get(orders);
  if (!state) {
    state = { byOrder: new Map() };
    for (const order of [...orders.orders, ...orders.staffOrders] as WithReturns<{
      number: string;
    }>[]) {
      if (order.seededReturns)
        state.byOrder.set(order.number, structuredClone(order.seededReturns));
    }
    states.set(orders, state);
  }
  return state;
}

export function returnsOf(orders: OrdersState, number: string): ReturnFixture[] {
  const state = returnsState(orders);
  let list = state.byOrder.get(number);
  if (!list) {
    list = [];
    state.byOrder.set(number, list);
  }
  return list;
}

/** Every return of the staff orders with its order, for the NF-e list. */
export function staffReturns(
  orders: OrdersState,
): { order: OrdersState['staffOrders'][number]; ret: ReturnFixture }[] {
  return orders.staffOrders.flatMap((order) =>
    returnsOf(orders, order.number).map((ret) => ({ order, ret })),
  );
}
