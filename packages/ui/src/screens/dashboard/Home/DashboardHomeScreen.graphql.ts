// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { StaffRole } from '../Shell/navigation';

interface Figures {
  from: string;
  to: string;
  revenueCents: number | null;
  ordersCount: number;
  averageTicketCents: number | null;
  unitsSold: number;
  awaitingPixCount: number;
  toShipCount: number;
}

interface Daily {
  date: string;
  revenueCents: number | null;
  ordersCount: number;
}

export interface DashboardHomeQuery {
  me: { id: string; name: string; role: StaffRole };
  dashboardStats: {
    current: Figures;
    previous: Figures;
    series: Daily[];
    previousSeries: Daily[];
    topProducts: {
      productId: string | null;
      productName: string;
      brandName: string;
      quantity: number;
      revenueCents: number | null;
    }[];
    topBrands: {
      brandId: string | null;
      brandName: string;
      quantity: number;
      revenueCents: number | null;
    }[];
    lowStockVariants: {
      variantId: string;
      productId: string;
      productSlug: string;
      productName: string;
      brandName: string;
      sku: string;
      size: string | null;
      color: string | null;
      stock: number;
    }[];
  };
}

export interface DashboardHomeVariables {
  range: { from: string; to: string };
  brandId?: string | null;
}

export const DASHBOARD_HOME_QUERY: TypedDocumentNode<DashboardHomeQuery, DashboardHomeVariables> =
  gql`
    query DashboardHome($range: DateRangeInput!, $brandId: ID) {
      me {
        id
        name
        role
      }
      dashboardStats(range: $range, brandId: $brandId) {
        current {
          from
          to
          revenueCents
          ordersCount
          averageTicketCents
          unitsSold
          awaitingPixCount
          toShipCount
        }
        previous {
          from
          to
          revenueCents
          ordersCount
          averageTicketCents
          unitsSold
          awaitingPixCount
          toShipCount
        }
        series {
          date
          revenueCents
          ordersCount
        }
        previousSeries {
          date
          revenueCents
          ordersCount
        }
        topProducts {
          productId
          productName
          brandName
          quantity
          revenueCents
        }
        topBrands {
          brandId
          brandName
          quantity
          revenueCents
        }
        lowStockVariants {
          variantId
          productId
          productSlug
          productName
          brandName
          sku
          size
          color
          stock
        }
      }
    }
  `;

interface TodoOrders {
  totalCount: number;
  nodes: {
    id: string;
    number: string;
    customer: { name: string };
    totalCents: number;
    createdAt: string;
    paidAt: string | null;
    paymentExpiresAt: string | null;
  }[];
}

export interface DashboardTodoQuery {
  pixToConfirm: TodoOrders;
  toShip: TodoOrders;
  expiringSoon: TodoOrders;
}

export interface DashboardTodoVariables {
  brandId?: string | null;
  /** ISO instant: unpaid orders whose hold ends before it are "about to expire". */
  expiresBefore: string;
}

/** The "A fazer" list: Pix to confirm, paid orders to ship, unpaid orders about to expire. */
export const DASHBOARD_TODO_QUERY: TypedDocumentNode<DashboardTodoQuery, DashboardTodoVariables> =
  gql`
    query DashboardTodo($brandId: ID, $expiresBefore: String!) {
      pixToConfirm: orders(
        filter: { status: PENDING_PAYMENT, paymentMethod: PIX, brandId: $brandId }
        sort: EXPIRES_SOONEST
        first: 5
      ) {
        totalCount
        nodes {
          id
          number
          customer {
            name
          }
          totalCents
          createdAt
          paidAt
          paymentExpiresAt
        }
      }
      toShip: orders(
        filter: { status: PAID, fulfilmentStatus: UNFULFILLED, brandId: $brandId }
        sort: OLDEST
        first: 5
      ) {
        totalCount
        nodes {
          id
          number
          customer {
            name
          }
          totalCents
          createdAt
          paidAt
          paymentExpiresAt
        }
      }
      expiringSoon: orders(
        filter: { status: PENDING_PAYMENT, expiresBefore: $expiresBefore, brandId: $brandId }
        sort: EXPIRES_SOONEST
        first: 5
      ) {
        totalCount
        nodes {
          id
          number
          customer {
            name
          }
          totalCents
          createdAt
          paidAt
          paymentExpiresAt
        }
      }
    }
  `;
