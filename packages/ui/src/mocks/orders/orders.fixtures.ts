// Orders the GraphQL mock knows (CustomerOrder of the schema) and the state placing one changes.
import type { InvoicingFixture } from '../invoices/invoices.fixtures';
import { makeStaffOrders, type StaffOrderFixture } from './staffOrders.fixtures';
import {
  makeCustomerOrder,
  makeShippedOrder,
  type CustomerOrderFixture,
} from '../catalog/storefront.fixtures';

export interface OrdersFixtures {
  /** Orders orderStatus knows from the start; a pending and a shipped one by default. */
  orders: CustomerOrderFixture[];
  /** The sequence of the next order placed (VT-10001 by default). */
  nextSequence: number;
  /** Orders as staff see them (orders, order and the order* mutations); makeStaffOrders(). */
  staffOrders: StaffOrderFixture[];
  /** Whether the store issues NF-e (Query.invoicing); DEFAULT_INVOICING when absent. */
  invoicing?: InvoicingFixture;
}

/** The orders domain's data: its fixtures plus what placeOrder adds while a story runs. */
export interface OrdersState extends OrdersFixtures {
  byIdempotencyKey: Map<string, CustomerOrderFixture>;
}

export function makeOrdersState(overrides: Partial<OrdersFixtures> = {}): OrdersState {
  return {
    orders: overrides.orders ?? [makeCustomerOrder(), makeShippedOrder()],
    nextSequence: overrides.nextSequence ?? 10001,
    // A copy: the mutations change it, never the fixtures a story passed (fresh on each reset).
    staffOrders: overrides.staffOrders ? structuredClone(overrides.staffOrders) : makeStaffOrders(),
    byIdempotencyKey: new Map(),
    ...(overrides.invoicing ? { invoicing: { ...overrides.invoicing } } : {}),
  };
}
